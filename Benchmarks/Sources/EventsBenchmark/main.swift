import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerFormats
import RoutePlannerStore

// Live re-planning on a standard instance of Benchmarks/reference: 10,000 booked cargo, each routed on one or two
// legs of the instance's voyages, then carriers' events applied through the use case (ApplyCarrierEventsInteractor,
// in-memory repositories, or a store's): one delay event at a time, every cargo it disrupts found and offered three options under
// the capacity the others hold (p50 and p99 of RUNS batches, each a delay of another voyage); one voyage published
// again without a call where cargo are discharged (a vessel-schedules document; p50 and p99 of up to 20 batches); and
// a file of 10,000 actual arrivals and departures read and applied as one batch (events per second).
// Usage: EventsBenchmark INSTANCE_DIR [RUNS [STORE]], STORE a new SQLite file or an empty PostgreSQL database
// (postgres://USER@HOST/DATABASE, its password in PGPASSWORD), which the cargo and events are then kept in.

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: EventsBenchmark INSTANCE_DIR [RUNS [STORE]]\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: arguments[1])
let runs = arguments.count > 2 ? Int(arguments[2])! : 50
let storeLocation = arguments.count > 3 ? arguments[3] : nil
let published = try CSVImporter().importSchedule(
    locations: folder.appendingPathComponent("locations.csv"), schedule: folder.appendingPathComponent("schedule.csv")
).value.network
let voyages = published.voyages
for attempt in 1...3 {
    let start = ContinuousClock.now
    let built = try ScheduleNetwork(locations: published.locations, voyages: voyages, capacitiesAreKnown: published.capacitiesAreKnown)
    print(
        "network built from its voyages (\(attempt)): \((ContinuousClock.now - start).formatted(.units(allowed: [.milliseconds]))), \(built.movementCount) movements"
    )
}
print("instance: \(published.locations.count) ports, \(voyages.count) voyages, \(published.movementCount) movements")

nonisolated(unsafe) var state: UInt64 = 0x9E37_79B9_7F4A_7C15
func draw(_ range: Range<Int>) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return range.lowerBound + Int((state >> 33) % UInt64(range.count))
}

// 10,000 cargo: a run of one to four movements of a random voyage, and for half of them a second voyage from where
// the first leaves it, departing within three days after the port's transshipment time; due 0 to 4 days after the
// planned arrival.
var departures: [UnLocode: [(voyage: Voyage, index: Int)]] = [:]
for voyage in voyages {
    for (index, movement) in voyage.movements.enumerated() { departures[movement.departureLocation, default: []].append((voyage, index)) }
}
for port in departures.keys { departures[port]!.sort { $0.voyage.movements[$0.index].departureTime < $1.voyage.movements[$1.index].departureTime } }
func leg(_ voyage: Voyage, _ first: Int, _ count: Int) -> Leg {
    let last = min(voyage.movements.count - 1, first + count - 1)
    return Leg(
        voyage: voyage, movementIndices: first..<(last + 1), loadLocation: published.location(voyage.movements[first].departureLocation)!,
        unloadLocation: published.location(voyage.movements[last].arrivalLocation)!)
}
var cargo: [Cargo] = []
while cargo.count < 10_000 {
    let voyage = voyages[draw(0..<voyages.count)]
    var legs = [leg(voyage, draw(0..<voyage.movements.count), draw(1..<5))]
    if draw(0..<2) == 0 {
        let arrival = legs[0].unloadTime + TimeInterval(legs[0].unloadLocation.transshipmentTime.components.seconds)
        let onward = (departures[legs[0].unloadLocation.code] ?? []).filter {
            $0.voyage.number != voyage.number && $0.voyage.movements[$0.index].departureTime >= arrival
                && $0.voyage.movements[$0.index].departureTime <= arrival + 3 * 86_400
        }
        if let next = onward.first { legs.append(leg(next.voyage, next.index, draw(1..<4))) }
    }
    guard let itinerary = try? Itinerary(legs: legs), itinerary.origin != itinerary.destination,
        let specification = try? RouteSpecification(
            origin: itinerary.origin, destination: itinerary.destination, readyTime: itinerary.departureTime - 86_400,
            arrivalDeadline: itinerary.arrivalTime + TimeInterval(draw(0..<5) * 86_400))
    else { continue }
    var one = try Cargo(trackingId: TrackingId(String(format: "B%06d", cargo.count))!, teu: draw(1..<5), specification: specification)
    try one.assign(to: itinerary)
    cargo.append(one)
}
print("cargo: \(cargo.count) routed, \(cargo.count { $0.itinerary!.legs.count > 1 }) with a change of vessel")

let repository: any CargoRepository
let live: LiveScheduleRepository
if let storeLocation {
    let store = try await openStore(storeLocation, creating: true, environment: ProcessInfo.processInfo.environment)
    live = LiveScheduleRepository(published: InMemoryScheduleRepository(network: published), events: store.carrierEventRepository)
    repository = store.cargoRepository(voyages: live)
    guard try await live.events.scheduleVersion() == 0, try await repository.allCargo().isEmpty else {
        FileHandle.standardError.write(Data("EventsBenchmark: \(store.path) has cargo or events already; name a new store\n".utf8))
        exit(2)
    }
    let start = ContinuousClock.now
    try await repository.save(cargo)
    print("store: \(store.path), the 10,000 cargo saved in \((ContinuousClock.now - start).formatted(.units(allowed: [.milliseconds])))")
} else {
    let memory = InMemoryCargoRepository(cargo)
    repository = memory
    live = LiveScheduleRepository(published: InMemoryScheduleRepository(network: published), events: memory.carrierEvents)
}
let interactor = ApplyCarrierEventsInteractor(cargo: repository, schedule: live, now: { Date(timeIntervalSince1970: 1_900_000_000) })

func apply(_ document: String, accept: Bool = false) async throws -> (ApplyCarrierEventsResponse, Duration) {
    let form = ApplyCarrierEventsForm(
        events: CarrierEventsDocument(reading: Data(document.utf8)), source: "benchmark", accept: accept ? "best" : "", limit: "3")
    let start = ContinuousClock.now
    let request = try ApplyCarrierEventsRequest.create(form).get()
    let response = try await interactor.execute(request).get()
    return (response, ContinuousClock.now - start)
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

// One delay event per batch: a voyage that cargo ride, 12 to 72 hours late at one of its calls that cargo are aboard
// or change at.
let ridden = Dictionary(grouping: cargo.flatMap { $0.itinerary!.legs }, by: \.voyage.number)
let busiest = ridden.keys.sorted().shuffledDeterministically().prefix(runs)
var times: [Double] = [], disrupted: [Int] = []
for (run, number) in busiest.enumerated() {
    let legs = ridden[number]!
    let chosen = legs[draw(0..<legs.count)]
    let movement = chosen.voyage.movements[chosen.movementIndices.lowerBound]
    let ports = [chosen.voyage.movements[0].departureLocation] + chosen.voyage.movements.map(\.arrivalLocation)
    let call = chosen.movementIndices.lowerBound + 1
    let sequence = ports[...call].count { $0 == ports[call] }
    let event = VesselCallEvent(
        id: UUID().uuidString, created: movement.departureTime, kind: .arrival, classifier: .estimated,
        time: movement.arrivalTime + TimeInterval(draw(12..<73) * 3600), call: CallReference(voyage: number, port: ports[call], sequence: sequence))
    let (response, elapsed) = try await apply(TrackAndTraceDocument.json([.vesselCall(event)]))
    precondition(response.applied == 1, "the delay was not applied: \(response.refused)")
    times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
    disrupted.append(response.disrupted.count)
}
print(
    String(
        format: "one delay event, every disrupted cargo re-planned (%d batches): p50 %.0f ms, p99 %.0f ms, max %.0f ms; disrupted per batch: median %d, max %d",
        times.count, percentile(times, 0.5), percentile(times, 0.99), times.max()!, Int(percentile(disrupted.map(Double.init), 0.5)), disrupted.max()!))

// One voyage published again per batch, without the call where one of its legs discharges: a vessel-schedules
// document of its other calls at their planned times.
func publication(_ voyage: Voyage, omitting omitted: Int) throws -> String {
    let movements = voyage.movements
    let calls = voyage.callPorts.indices.filter { $0 != omitted }.map { index -> [String: Any] in
        var timestamps: [[String: String]] = []
        if index > 0 {
            timestamps.append(["eventTypeCode": "ARRI", "eventClassifierCode": "PLN", "eventDateTime": DateText.timestamp(movements[index - 1].arrivalTime)])
        }
        var call: [String: Any] = [
            "transportCallReference": "\(voyage.number)-\(index)", "carrierImportVoyageNumber": voyage.number.rawValue,
            "location": ["UNLocationCode": voyage.callPorts[index].rawValue],
        ]
        if index < movements.count {
            timestamps.append(["eventTypeCode": "DEPA", "eventClassifierCode": "PLN", "eventDateTime": DateText.timestamp(movements[index].departureTime)])
            call["carrierExportVoyageNumber"] = voyage.number.rawValue
        }
        call["timestamps"] = timestamps
        return call
    }
    let document = [["carrierServiceName": "S", "carrierServiceCode": "S", "vesselSchedules": [["isDummyVessel": true, "transportCalls": calls]]]]
    return String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self)
}
var publishing: [Double] = [], omitting: [Int] = []
for number in busiest.reversed().prefix(min(20, runs)) {
    let chosen = ridden[number]!.first { $0.movementIndices.upperBound < $0.voyage.movements.count }
    guard let chosen, let voyage = try await live.network().voyage(number) else { continue }
    let (response, elapsed) = try await apply(try publication(voyage, omitting: chosen.movementIndices.upperBound))
    precondition(response.republished.count == 1, "the voyage was not published again: \(response.refused)")
    publishing.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
    omitting.append(response.disrupted.count)
}
print(
    String(
        format:
            "one voyage published again without a call, every disrupted cargo re-planned (%d batches): p50 %.0f ms, p99 %.0f ms; disrupted per batch: median %d, max %d",
        publishing.count, percentile(publishing, 0.5), percentile(publishing, 0.99), Int(percentile(omitting.map(Double.init), 0.5)), omitting.max()!))

// A feed of 10,000 actual arrivals and departures as published (they move nothing, so only reading and applying count).
var feed: [VesselCallEvent] = []
for voyage in voyages.shuffledDeterministically() where feed.count < 10_000 {
    let ports = [voyage.movements[0].departureLocation] + voyage.movements.map(\.arrivalLocation)
    for (index, movement) in voyage.movements.enumerated() where feed.count < 10_000 {
        let sequence = ports[...index].count { $0 == ports[index] }
        feed.append(
            VesselCallEvent(
                id: UUID().uuidString, created: movement.departureTime + 3600, kind: .departure, classifier: .actual,
                time: movement.departureTime, call: CallReference(voyage: voyage.number, port: ports[index], sequence: sequence)))
    }
}
let document = TrackAndTraceDocument.json(feed.map(CarrierEvent.vesselCall))
let (ingested, elapsed) = try await apply(document)
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
print(
    String(
        format: "a file of %d events (%.1f MB), applied over the 10,000 cargo: %.2f s, %.0f events/s (%d applied, %d refused)",
        feed.count, Double(document.utf8.count) / 1e6, seconds, Double(feed.count) / seconds, ingested.applied, ingested.refused.count))

extension Collection {
    /// The elements in an order drawn from the benchmark's generator.
    func shuffledDeterministically() -> [Element] {
        var elements = Array(self)
        for index in elements.indices.reversed() where index > 0 { elements.swapAt(index, draw(0..<(index + 1))) }
        return elements
    }
}

// Where a batch's time goes, phase by phase, for one more delay: the live schedule's network built again, the cargo read,
// every cargo checked, the room taken counted, and the disrupted cargo searched.
do {
    var schedule = try await live.version().schedule
    let number = busiest.last!
    let chosen = ridden[number]!.first!
    let movement = chosen.voyage.movements[chosen.movementIndices.lowerBound]
    let ports = [chosen.voyage.movements[0].departureLocation] + chosen.voyage.movements.map(\.arrivalLocation)
    let call = chosen.movementIndices.lowerBound + 1
    var clock = ContinuousClock.now
    func lap(_ name: String) {
        let now = ContinuousClock.now
        print("  \(name): \((now - clock).formatted(.units(allowed: [.milliseconds], fractionalPart: .show(length: 1))))")
        clock = now
    }
    schedule.apply([
        VesselCallEvent(
            id: UUID().uuidString, created: movement.departureTime, kind: .arrival, classifier: .estimated, time: movement.arrivalTime + 48 * 3600,
            call: CallReference(voyage: number, port: ports[call], sequence: ports[...call].count { $0 == ports[call] }))
    ])
    lap("events applied to the live schedule")
    let network = schedule.network()
    lap("its network built")
    let all = try await repository.allCargo()
    lap("10,000 cargo read")
    var count = 0
    for one in all
    where network.disruption(
        of: one.itinerary!, from: 0, boardingFrom: one.specification.readyTime, specification: one.specification, departedAt: nil) != nil
    {
        count += 1
    }
    lap("10,000 itineraries checked (\(count) disrupted)")
    var taken = CapacityUse(network: network)
    for one in all { taken.add(CargoSpace(one.booking), on: one.itinerary!, in: network) }
    lap("the room they take counted")
    let router = Router(network: network)
    for one in all.prefix(10) {
        _ = try? router.candidates(for: one.specification, limit: 3, options: RoutingOptions(space: CargoSpace(one.booking), taken: taken))
    }
    lap("10 cargo searched under it")
}
