import Foundation
import RoutePlanner
@testable import RoutePlannerApplication
import RoutePlannerBcrypt
import RoutePlannerFormats
import RoutePlannerTestSupport
import Synchronization
import Testing

/// The cargo list against brute force: on seeded random cargo (customers, booking references, deadlines before and
/// after their routes' arrivals, events that keep, move and end their journeys) over the sample schedule as
/// published and with a voyage late, every request's list is the one the rule of Guides/Architecture.md ("The cargo list")
/// gives, worked out here from each cargo alone; and the index the list reads stays so as cargo is written,
/// cancelled and the schedule changes.
@Suite struct ListCargoOracleTests {
    static let customers: [CustomerId?] = ["ACME", "Globex", nil]
    static let delayed = try! Sample.network.applying(Scenario([.delay("AE1-0100W", by: .seconds(6 * 86_400), from: nil)]))

    /// A random cargo: Hong Kong to Stockholm, due between 20 March and 5 May, routed on the fastest itinerary seven
    /// times in ten when it arrives in time, with none, some or all of a journey's events.
    static func cargo(_ number: Int, _ random: inout SplitMix64) throws -> Cargo {
        let deadline = SampleVoyages.day(3, 20).addingTimeInterval(Double(random.next() % (46 * 24)) * 3600)
        let specification = try RouteSpecification(origin: "HKHKG", destination: "SESTO", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: deadline)
        let reference = random.next() % 2 == 0 ? "BR-\(number)" : nil
        var cargo = try Cargo(
            trackingId: TrackingId(String(format: "C%04d", number))!, teu: 1, specification: specification,
            customerId: customers[Int(random.next() % 3)], bookingReference: reference)
        if random.next() % 10 < 7, Sample.fastest.arrivalTime <= deadline { try cargo.assign(to: Sample.fastest) }
        let journeys: [[HandlingEvent]] = [
            [], [Sample.receive], [Sample.receive, Sample.loadInHongKong], [Sample.receive, Sample.loadInHongKong, Sample.unloadInHamburg],
            [Sample.receive, Sample.loadInHongKong, Sample.unloadInRotterdam], [Sample.receive, Sample.claim],
        ]
        for event in journeys[Int(random.next() % UInt64(journeys.count))] { try cargo.register(event) }
        return cargo
    }

    /// A random request: each filter set one time in three or so, any order, any page.
    static func request(_ random: inout SplitMix64) -> ListCargoRequest {
        func maybe<T>(_ values: [T]) -> T? { random.next() % 3 == 0 ? values[Int(random.next() % UInt64(values.count))] : nil }
        return ListCargoRequest(
            status: maybe(ListCargoRequest.listedStatuses), customerId: maybe(["acme", "GLOBEX", "nobody"]).flatMap { CustomerId($0) },
            search: maybe(["c00", "br-1", "ae1-0100w", "sesto", "nlrtm", "zz"]), standing: maybe(DeadlineStanding.allCases),
            dueWithinDays: maybe([1, 7, 28]), order: ListCargoRequest.Order.allCases[Int(random.next() % 4)], page: maybe([1, 2]))
    }

    /// The rule, stated from each cargo alone.
    static func expected(_ request: ListCargoRequest, _ cargo: [Cargo], over network: ScheduleNetwork, asOf: Date, seenBy customer: CustomerId?) -> [TrackingId]
    {
        struct Row {
            let id: TrackingId
            let deadline: Date
            let arrival: Date?
        }
        var rows: [Row] = []
        for each in cargo.sorted(by: { $0.trackingId < $1.trackingId }) where !each.isCancelled {
            if let customer, each.customerId != customer { continue }
            let delivery = each.delivery(over: network), deadline = each.specification.arrivalDeadline
            let arrival = delivery.estimatedTimeOfArrival
            if let status = request.status, delivery.status != status { continue }
            if let wanted = request.customerId, each.customerId?.rawValue.lowercased() != wanted.rawValue.lowercased() { continue }
            if let standing = request.standing {
                let closed = delivery.status == .claimed || delivery.status == .cancelled
                let disrupted = delivery.status == .disrupted
                let actual: DeadlineStanding? =
                    if closed {
                        nil
                    } else if let arrival {
                        arrival > deadline ? .late : (disrupted || deadline.timeIntervalSince(arrival) < 86_400 ? .atRisk : .fine)
                    } else {
                        asOf > deadline ? .late : (disrupted ? .atRisk : nil)
                    }
                if actual != standing { continue }
            }
            if let days = request.dueWithinDays {
                if deadline < asOf || deadline > asOf.addingTimeInterval(Double(days) * 86_400) || delivery.status == .claimed { continue }
            }
            if let search = request.search {
                let keys =
                    [each.trackingId.rawValue, each.specification.origin.rawValue, each.specification.destination.rawValue, each.bookingReference ?? ""]
                    + (each.itinerary?.legs.flatMap { [$0.voyage.number.rawValue, $0.loadLocation.code.rawValue, $0.unloadLocation.code.rawValue] } ?? [])
                if !keys.contains(where: { $0.lowercased().contains(search) }) { continue }
            }
            rows.append(Row(id: each.trackingId, deadline: deadline, arrival: arrival))
        }
        func key(_ row: Row) -> Double? {
            switch request.order {
            case .trackingId: 0
            case .deadline: row.deadline.timeIntervalSince1970
            case .slack: row.arrival.map { row.deadline.timeIntervalSince($0) }
            case .eta: row.arrival?.timeIntervalSince1970
            }
        }
        // Insertion into place, ties kept in tracking id order: no library sort involved.
        var sorted: [Row] = []
        for row in rows {
            let index =
                sorted.firstIndex { other in
                    switch (key(row), key(other)) {
                    case (let a?, let b?): a < b
                    case (_?, nil): true
                    default: false
                    }
                } ?? sorted.count
            sorted.insert(row, at: index)
        }
        let ids = sorted.map(\.id)
        guard let page = request.page else { return ids }
        return Array(ids.dropFirst((page - 1) * ListCargoRequest.pageSize).prefix(ListCargoRequest.pageSize))
    }

    @Test(arguments: 0..<40)
    func theListIsTheRulesOnRandomCargo(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        var cargo = try (0..<(40 + Int(random.next() % 80))).map { try Self.cargo($0, &random) }
        let delayed = seed % 2 == 1
        let network = delayed ? Self.delayed : Sample.network
        let repository = InMemoryCargoRepository(cargo)
        let asOf = SampleVoyages.day(3, 1).addingTimeInterval(Double(random.next() % (70 * 24)) * 3600)
        let app = RoutePlannerComposition(
            files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(), locations: Sample.schedule, voyages: InMemoryScheduleRepository(network: network),
            cargo: repository, now: { asOf })
        let customer: CustomerId? = seed % 4 == 2 ? "ACME" : nil
        let principal = customer.map { Principal(name: "bob", role: .customer($0)) } ?? Principal(name: "alice", role: .planner)
        let list = app.acting(as: principal).listCargo.controller
        for round in 0..<30 {
            if round == 15 {
                // Written meanwhile: a new cargo, one cancelled, one routed again; the index reads only these.
                var changed = try Self.cargo(cargo.count, &random)
                try await repository.save(changed)
                cargo.append(changed)
                if let first = cargo.firstIndex(where: { $0.cancellationRefusal == nil }) {
                    changed = cargo[first]
                    try changed.cancel(at: asOf)
                    try await repository.save(changed)
                    cargo[first] = changed
                }
                if var open = cargo.dropFirst().first(where: {
                    !$0.isCancelled && $0.itinerary == nil && $0.handlingEvents.isEmpty && Sample.fastest.arrivalTime <= $0.specification.arrivalDeadline
                }) {
                    try open.assign(to: Sample.fastest)
                    try await repository.save(open)
                    cargo[cargo.firstIndex { $0.trackingId == open.trackingId }!] = open
                }
            }
            let request = Self.request(&random)
            let found = try await list.run(request).get()
            let expected = Self.expected(request, cargo, over: network, asOf: asOf, seenBy: customer)
            #expect(found.cargo.map(\.trackingId) == expected, "seed \(seed), round \(round): \(request)")
            let all = Self.expected(
                ListCargoRequest(
                    status: request.status, customerId: request.customerId, search: request.search, standing: request.standing,
                    dueWithinDays: request.dueWithinDays, order: request.order), cargo, over: network, asOf: asOf, seenBy: customer)
            #expect(found.total == all.count, "seed \(seed), round \(round)")
        }
    }

    /// Each count is the length of the list its form shows, for a planner and for a customer's user.
    @Test(arguments: 0..<10)
    func eachCountIsTheLengthOfItsList(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        let cargo = try (0..<(40 + Int(random.next() % 80))).map { try Self.cargo($0, &random) }
        let asOf = SampleVoyages.day(3, 1).addingTimeInterval(Double(random.next() % (70 * 24)) * 3600)
        let app = RoutePlannerComposition(
            files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(), locations: Sample.schedule,
            voyages: InMemoryScheduleRepository(network: seed % 2 == 0 ? Sample.network : Self.delayed), cargo: InMemoryCargoRepository(cargo),
            now: { asOf })
        for principal in [Principal(name: "alice", role: .planner), Principal(name: "bob", role: .customer("ACME"))] {
            let acting = app.acting(as: principal)
            let counted = try await acting.countCargo.controller.handle(CountCargoForm()).get()
            #expect(counted.counts.map(\.name) == CountCargoInteractor.lists.map(\.name) && counted.asOf == asOf)
            for count in counted.counts {
                let listed = try await acting.listCargo.controller.handle(count.form).get()
                #expect(listed.total == count.count, "seed \(seed), \(principal.name), \(count.name)")
            }
            #expect(counted.total == (try await acting.listCargo.controller.handle(ListCargoForm()).get().total))
        }
    }

    /// When the schedule the list reads is another network, every cargo is worked out over it.
    @Test func theIndexFollowsTheSchedule() async throws {
        let network = Mutex(Sample.network)
        let repository = InMemoryCargoRepository([try Sample.cargo("A"), try Sample.cargo("B", events: [Sample.receive])])
        let index = CargoIndex(cargo: repository, voyages: InMemoryScheduleRepository(serving: { network.withLock { $0 } }))
        #expect(try await index.cargo(seenBy: .commandLine).map(\.summary.delivery.status) == [.onTrack, .onTrack])
        network.withLock { $0 = Self.delayed }
        #expect(try await index.cargo(seenBy: .commandLine).map(\.summary.delivery.status) == [.disrupted, .disrupted])
        network.withLock { $0 = Sample.network }
        #expect(try await index.cargo(seenBy: .commandLine).map(\.summary.delivery.status) == [.onTrack, .onTrack])
        // Who sees which is the principal's to say: someone not logged in sees none.
        #expect(try await index.cargo(seenBy: .visitor).isEmpty)
    }
}
