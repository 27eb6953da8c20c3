import BenchmarkSupport
import Foundation
import RoutePlanner

// Door to door at scale: a standard instance of Benchmarks/reference with 2,000 inland places added, each with its
// barge, rail or truck legs to a port, measured against the same instance without them, on the same queries, in the
// same run. See Benchmarks/README.md, "Door to door".
//
// Usage: InlandBenchmark INSTANCE_DIR INSTANCE.bin [candidate-window-days]
// With EARLIEST_ONLY=1 in the environment, only the earliest arrivals are measured; INLAND=hauls, INLAND=voyages or
// INLAND=no-gates builds the inland network with its hauls only, its barges and trains only, or without gate hours
// (to see what each part costs).

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: InlandBenchmark DIR FILE.bin [window-days]\n".utf8))
    exit(2)
}
let windowDays = arguments.count > 3 ? Double(arguments[3])! : 60

let instance = try BenchInstance(directory: arguments[1], binary: arguments[2])
let ports = instance.locations
let firstDeparture = instance.voyages.flatMap(\.movements).map(\.departureTime).min()!

/// The inland network: 2,000 places, each tied to a port drawn at random. A thousand are customers' places (a factory, a
/// warehouse) with a truck to their port and, for half of them, to a second port; six hundred are barge terminals with a
/// barge each way every week and a truck to the port; four hundred are rail terminals with a train each way twice a week
/// and a truck to the port. A third of the places keep gate hours (weekdays 06:00 to 20:00). Every timetable runs the
/// 52 weeks from the instance's first departure; all draws are seeded, so every run builds the same network.
struct Inland {
    var places: [Location] = []
    var voyages: [Voyage] = []
    var haulage: [Haulage] = []
    /// The places tied to each port.
    var placesOf: [UnLocode: [UnLocode]] = [:]

    init(ports: [Location], start: Date, parts: String) {
        var draws = BenchmarkDraws()
        func draw(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int((draws.next() >> 33) % UInt64(range.count)) }
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ23456789")
        let taken = Set(ports.map(\.code))
        let gate = GateHours("Mon-Fri 06:00-20:00")!
        var index = 0
        func nextCode() -> UnLocode {
            while true {
                let code = UnLocode("QZ" + String([alphabet[index / 1_156 % 34], alphabet[index / 34 % 34], alphabet[index % 34]]))!
                index += 1
                if !taken.contains(code) { return code }
            }
        }
        for number in 0..<2_000 {
            let port = ports[draw(0...(ports.count - 1))].code
            let code = nextCode()
            let kind = number < 1_000 ? "place" : number < 1_600 ? "barge terminal" : "rail terminal"
            places.append(
                Location(
                    code: code, name: "Inland \(kind) \(number)", transshipmentTime: .seconds(kind == "place" ? 0 : 3_600 * draw(2...6)),
                    handlingCostPerTEU: Double(draw(20...80)), transshipmentCostPerTEU: Double(draw(20...80)),
                    gateHours: draw(0...2) == 0 && parts != "no-gates" ? gate : nil))
            placesOf[port, default: []].append(code)
            func truck(_ other: UnLocode) {
                let hours = draw(2...10)
                for (from, to) in [(code, other), (other, code)] where parts != "voyages" {
                    haulage.append(
                        Haulage(
                            from: from, to: to, duration: .seconds(3_600 * hours), distance: Double(hours * 60), costPerTEU: Double(hours * 40),
                            co2ePerTEU: Double(hours * 50)))
                }
            }
            truck(port)
            if kind == "place" && number % 2 == 0 {
                var other = ports[draw(0...(ports.count - 1))].code
                if other == port { other = ports[(ports.firstIndex { $0.code == port }! + 1) % ports.count].code }
                truck(other)
            }
            guard kind != "place" else { continue }
            // A barge each way every week, or a train each way twice a week, each of its own capacity.
            let (mode, perWeek, hours, capacity) =
                kind == "barge terminal" ? (TransportMode.barge, 1, draw(12...72), draw(100...300)) : (.rail, 2, draw(8...30), draw(60...120))
            let offset = Double(draw(0...(7 * 24 - 1))) * 3_600
            for week in 0..<52 {
                for run in 0..<perWeek {
                    let out = start + offset + Double(week) * 7 * 86_400 + Double(run) * 3.5 * 86_400
                    let back = out + Double(hours + 12) * 3_600
                    for (direction, from, to, departure) in [("O", code, port, out), ("I", port, code, back)] where parts != "hauls" {
                        voyages.append(
                            Voyage(
                                number: VoyageNumber("\(mode == .barge ? "BG" : "RL")\(number)-\(week)\(run)\(direction)")!,
                                movements: [
                                    CarrierMovement(
                                        from: from, to: to, departure: departure, arrival: departure + Double(hours) * 3_600, capacity: capacity,
                                        co2ePerTEU: Double(hours) * (mode == .barge ? 8 : 6))
                                ], mode: mode))
                    }
                }
            }
        }
    }
}

var start = nanoseconds()
let parts = ProcessInfo.processInfo.environment["INLAND"] ?? "all"
let inland = Inland(ports: ports, start: firstDeparture, parts: parts)
let portOnly = try ScheduleNetwork(locations: ports, voyages: instance.voyages).preparedForSearches()
let buildPortOnly = milliseconds(start)
start = nanoseconds()
let doorToDoor = try ScheduleNetwork(locations: ports + inland.places, voyages: instance.voyages + inland.voyages, haulage: inland.haulage)
    .preparedForSearches()
let buildDoorToDoor = milliseconds(start)
print(
    "\(ports.count) ports and \(inland.places.count) inland places; \(portOnly.movementCount) movements, and \(doorToDoor.movementCount) with "
        + "\(inland.voyages.count) barges and trains and \(inland.haulage.count) hauls; \(instance.queries.count) queries")

// The same port-to-port queries on both networks, and door-to-door ones: from a place tied to the query's origin port
// to one tied to its destination port (the first of each, where the port has one; else the port itself).
let portQueries = instance.queries.map { query in
    try! RouteSpecification(origin: query.origin, destination: query.destination, readyTime: query.ready, arrivalDeadline: query.ready + 400 * 86_400)
}
let doorQueries = instance.queries.map { query in
    try! RouteSpecification(
        origin: inland.placesOf[query.origin]?.first ?? query.origin, destination: inland.placesOf[query.destination]?.first ?? query.destination,
        readyTime: query.ready, arrivalDeadline: query.ready + 400 * 86_400)
}
let inlandEnds = zip(doorQueries, portQueries).filter { $0.0.origin != $0.1.origin || $0.0.destination != $0.1.destination }.count
func window(_ specification: RouteSpecification) -> RouteSpecification {
    try! specification.replacing(arrivalDeadline: specification.readyTime + windowDays * 86_400)
}

let portRouter = Router(network: portOnly), doorRouter = Router(network: doorToDoor)
var rows: [(String, Summary, Summary?, String)] = []

// Each query on one network, then on the other, three times over: each query's least time.
let earliest = measure(passes: 3, queries: portQueries, [portRouter, doorRouter].map { router in { try? router.earliestArrival(for: $0).arrivalTime } })
let ((portTimes, portArrivals), (inlandTimes, inlandArrivals)) = (earliest[0], earliest[1])
let wrong = zip(portArrivals, instance.queries).filter { $0 != $1.expectedArrival }.count
precondition(wrong == 0, "\(wrong) port-only earliest arrivals differ from the reference")
// More legs can only help: no port-to-port arrival is later with the inland network.
let earlier = zip(inlandArrivals, portArrivals).filter { inland, port in
    precondition(port.map { inland != nil && inland! <= $0 } ?? true, "an inland leg made an arrival later")
    return inland != port
}.count
rows.append(
    ("earliest arrival, port to port", Summary(portTimes), Summary(inlandTimes), "\(earlier) of \(portQueries.count) arrive earlier with the inland legs"))

let (doorTimes, doorArrivals) = measure(passes: 3, queries: doorQueries) { try? doorRouter.earliestArrival(for: $0) }
for (specification, itinerary) in zip(doorQueries, doorArrivals) { precondition(itinerary.map(specification.isSatisfied(by:)) ?? true) }
let byTruck = doorArrivals.compactMap { $0 }.filter { $0.legs.contains(where: \.isHaul) }.count
rows.append(
    (
        "earliest arrival, door to door", Summary(doorTimes), nil,
        "\(inlandEnds) of \(doorQueries.count) queries have an inland end; \(doorArrivals.compactMap { $0 }.count) reached, \(byTruck) with a truck"
    ))

if ProcessInfo.processInfo.environment["EARLIEST_ONLY"] != nil {
    for (name, before, after, note) in rows {
        print(
            String(
                format: "%@ (%@): %.3f ms → %.3f ms, %.2fx; %@", name, parts, before.median, after?.median ?? .nan, (after?.median ?? .nan) / before.median,
                note))
    }
    exit(0)
}

let candidates = measure(
    passes: 2, queries: portQueries, [portRouter, doorRouter].map { router in { (try? router.candidates(for: window($0), limit: 5)) ?? [] } })
let ((portCandidateTimes, portCandidates), (inlandCandidateTimes, inlandCandidates)) = (candidates[0], candidates[1])
for (specification, list) in zip(portQueries, inlandCandidates) { precondition(list.allSatisfy(window(specification).isSatisfied(by:))) }
rows.append(
    (
        "candidates, k = 5, \(Int(windowDays))-day window, port to port", Summary(portCandidateTimes), Summary(inlandCandidateTimes),
        "\(portCandidates.filter { !$0.isEmpty }.count) and \(inlandCandidates.filter { !$0.isEmpty }.count) with a route"
    ))
let (doorCandidateTimes, doorCandidates) = measure(passes: 2, queries: doorQueries) { (try? doorRouter.candidates(for: window($0), limit: 5)) ?? [] }
for (specification, list) in zip(doorQueries, doorCandidates) { precondition(list.allSatisfy(window(specification).isSatisfied(by:))) }
rows.append(
    (
        "candidates, k = 5, \(Int(windowDays))-day window, door to door", Summary(doorCandidateTimes), nil,
        "\(doorCandidates.filter { !$0.isEmpty }.count) with a route"
    ))
// The same door-to-door queries with at most three changes of mode (a truck, a barge or a train, a vessel, a truck).
let fewModes = RoutingOptions(maxModeChanges: 3)
let (fewModeTimes, fewModeCandidates) = measure(passes: 2, queries: doorQueries) {
    (try? doorRouter.candidates(for: window($0), limit: 5, options: fewModes)) ?? []
}
for (specification, list) in zip(doorQueries, fewModeCandidates) {
    precondition(list.allSatisfy { window(specification).isSatisfied(by: $0) && $0.modeChangeCount <= 3 })
}
rows.append(
    (
        "candidates, k = 5, \(Int(windowDays))-day window, door to door, at most 3 changes of mode", Summary(fewModeTimes), nil,
        String(
            format: "%d with a route; %.2fx of door to door without the limit", fewModeCandidates.filter { !$0.isEmpty }.count,
            Summary(fewModeTimes).median / Summary(doorCandidateTimes).median)
    ))
// The same door-to-door queries where every port with a barge or a train takes its own time for the changes between
// modes: 12 hours more from a barge or a train to a vessel, 6 more from a vessel to them, 4 hours from a vessel to a
// truck. The search then checks each change's time and keeps chains apart by the mode they arrived by.
let inlandPorts = Set(inland.voyages.flatMap(\.movements).flatMap { [$0.departureLocation, $0.arrivalLocation] })
let byModePorts = ports.map { port in
    guard inlandPorts.contains(port.code) else { return port }
    let base = port.transshipmentTime
    return Location(
        code: port.code, name: port.name, transshipmentTime: base,
        transshipmentTimesByMode: [
            ModeChange(from: .barge, to: .vessel): base + .seconds(12 * 3_600), ModeChange(from: .rail, to: .vessel): base + .seconds(12 * 3_600),
            ModeChange(from: .vessel, to: .barge): base + .seconds(6 * 3_600), ModeChange(from: .vessel, to: .rail): base + .seconds(6 * 3_600),
            ModeChange(from: .vessel, to: .truck): .seconds(4 * 3_600),
        ], coordinates: port.coordinates, timeZone: port.timeZone, handlingCostPerTEU: port.handlingCostPerTEU,
        transshipmentCostPerTEU: port.transshipmentCostPerTEU, gateHours: port.gateHours, facility: port.facility)
}
let byModeRouter = Router(
    network: try ScheduleNetwork(locations: byModePorts + inland.places, voyages: instance.voyages + inland.voyages, haulage: inland.haulage)
        .preparedForSearches())
let (byModeTimes, byModeArrivals) = measure(passes: 3, queries: doorQueries) { try? byModeRouter.earliestArrival(for: $0) }
for (specification, itinerary) in zip(doorQueries, byModeArrivals) { precondition(itinerary.map(specification.isSatisfied(by:)) ?? true) }
rows.append(
    (
        "earliest arrival, door to door, transshipment times by mode at \(byModePorts.filter { !$0.transshipmentTimesByMode.isEmpty }.count) ports",
        Summary(byModeTimes), nil,
        String(
            format: "%d reached; %.2fx of door to door without them", byModeArrivals.compactMap { $0 }.count,
            Summary(byModeTimes).median / Summary(doorTimes).median)
    ))
let (byModeCandidateTimes, byModeCandidates) = measure(passes: 2, queries: doorQueries) {
    (try? byModeRouter.candidates(for: window($0), limit: 5)) ?? []
}
for (specification, list) in zip(doorQueries, byModeCandidates) { precondition(list.allSatisfy(window(specification).isSatisfied(by:))) }
rows.append(
    (
        "candidates, k = 5, \(Int(windowDays))-day window, door to door, transshipment times by mode", Summary(byModeCandidateTimes), nil,
        String(
            format: "%d with a route; %.2fx of door to door without them", byModeCandidates.filter { !$0.isEmpty }.count,
            Summary(byModeCandidateTimes).median / Summary(doorCandidateTimes).median)
    ))

print(
    """

    | measure | port-only network: median | p99 | with the inland network: median | p99 | ratio of medians | notes |
    | --- | ---: | ---: | ---: | ---: | ---: | --- |
    """)
for (name, before, after, note) in rows {
    if let after {
        print(
            String(
                format: "| %@ | %.3f ms | %.3f ms | %.3f ms | %.3f ms | %.2fx | %@ |", name, before.median, before.p99, after.median, after.p99,
                after.median / before.median, note))
    } else {
        print(
            String(
                format: "| %@ | | | %.3f ms | %.3f ms | %.2fx of port to port | %@ |", name, before.median, before.p99,
                before.median / rows[name.hasPrefix("earliest") ? 0 : 2].2!.median, note))
    }
}
print(String(format: "| build and prepare the network | %.0f ms | | %.0f ms | | | |", buildPortOnly, buildDoorToDoor))
