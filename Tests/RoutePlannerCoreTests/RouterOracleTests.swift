import Foundation
import RoutePlanner
import RoutePlannerTestSupport
import Testing

/// The router against exhaustive enumeration on thousands of seeded random schedules.
///
/// A failure names its seed; replay it with `RandomSchedule(using: &SplitMix64(seed: seed))`.
@Suite struct RouterOracleTests {
    static let seeds: [UInt64] = Array(0..<1_200)

    /// With options, and with random cut-off times and cargo types (a different run of seeds each).
    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func earliestArrivalAndCandidatesMatchTheOracle(withOptions: Bool, withCutOffs: Bool) throws {
        for seed in Self.seeds {
            var generator = SplitMix64(seed: seed &* 2 &+ (withOptions ? 1 : 0) &+ (withCutOffs ? 1 << 32 : 0))
            let schedule = RandomSchedule(using: &generator, cutOffs: withCutOffs)
            let network = try ScheduleNetwork(locations: schedule.locations, voyages: schedule.voyages)
            let oracle = BruteForceRouter(locations: schedule.locations, voyages: schedule.voyages)
            let router = Router(network: network)
            for _ in 0..<4 {
                let specification = schedule.specification(using: &generator)
                let options = withOptions ? Self.randomOptions(schedule, specification, using: &generator) : RoutingOptions()
                let context = "seed \(seed) options \(withOptions) cut-offs \(withCutOffs): \(specification) \(options)"
                let all = oracle.itineraries(for: specification, options: options)
                let front = BruteForceRouter.paretoFront(of: all)
                guard let fastest = all.map(\.arrivalTime).min() else {
                    #expect(throws: RoutingError.noRoute, Comment(rawValue: context)) {
                        try router.earliestArrival(for: specification, options: options)
                    }
                    #expect(throws: RoutingError.noRoute, Comment(rawValue: context)) {
                        try router.candidates(for: specification, options: options)
                    }
                    continue
                }
                do {
                    try Self.expectAgreement(router, specification, options, all, front, fastest, context, using: &generator)
                } catch {
                    Issue.record("\(context): \(error)")
                }
            }
        }
    }

    /// The router's earliest arrival and candidates against the oracle's itineraries, with and without lower bounds.
    static func expectAgreement(
        _ router: Router, _ specification: RouteSpecification, _ options: RoutingOptions, _ all: [Itinerary],
        _ front: [BruteForceRouter.Vector], _ fastest: Date, _ context: String, using generator: inout SplitMix64
    ) throws {
                let earliest = try router.earliestArrival(for: specification, options: options)
                #expect(earliest.arrivalTime == fastest, Comment(rawValue: context))
                expectMeets(earliest, specification, options, context)

                let candidates = try router.candidates(for: specification, limit: 1_000, options: options)
                #expect(candidates.map(BruteForceRouter.Vector.init) == front, Comment(rawValue: context))
                for candidate in candidates { expectMeets(candidate, specification, options, context) }

                let limit = Int.random(in: 1...3, using: &generator)
                let few = try router.candidates(for: specification, limit: limit, options: options)
                #expect(few.map(BruteForceRouter.Vector.init) == selection(of: front, limit: limit), Comment(rawValue: context))
                #expect(few.first?.arrivalTime == fastest, Comment(rawValue: context))

                router.usesLowerBounds = false
                #expect(try router.earliestArrival(for: specification, options: options).arrivalTime == fastest, Comment(rawValue: context))
                #expect(try router.candidates(for: specification, limit: 1_000, options: options).map(BruteForceRouter.Vector.init) == front, Comment(rawValue: context))
                router.usesLowerBounds = true
    }

    /// Random limits, via ports and avoided ports and voyages that keep the specification meaningful.
    static func randomOptions(
        _ schedule: RandomSchedule, _ specification: RouteSpecification, using generator: inout SplitMix64
    ) -> RoutingOptions {
        var options = RoutingOptions()
        let others = schedule.locations.map(\.code).filter { $0 != specification.origin && $0 != specification.destination }
        if Bool.random(using: &generator) { options.maxTransshipments = Int.random(in: 0...2, using: &generator) }
        if !others.isEmpty && Int.random(in: 0..<3, using: &generator) == 0 {
            options.via = Array(others.shuffled(using: &generator).prefix(Int.random(in: 1...2, using: &generator)))
        }
        if let avoided = others.filter({ !options.via.contains($0) }).randomElement(using: &generator),
           Int.random(in: 0..<3, using: &generator) == 0 {
            options.avoidedLocations = [avoided]
        }
        if Int.random(in: 0..<3, using: &generator) == 0, let voyage = schedule.voyages.randomElement(using: &generator) {
            options.avoidedVoyages = [voyage.number]
        }
        return options
    }

    /// The documented choice of `limit` candidates from the whole front: the earliest arrival, the
    /// fastest for each number of transshipments from the fewest, then by arrival; sorted.
    static func selection(of front: [BruteForceRouter.Vector], limit: Int) -> [BruteForceRouter.Vector] {
        guard front.count > limit else { return front }
        var chosen: [BruteForceRouter.Vector] = [front[0]]
        for transshipments in Set(front.map(\.transshipments)).sorted() where chosen.count < limit {
            let fastest = front.first { $0.transshipments == transshipments }!
            if !chosen.contains(fastest) { chosen.append(fastest) }
        }
        for vector in front where chosen.count < limit && !chosen.contains(vector) { chosen.append(vector) }
        return chosen.sorted()
    }

    static func expectMeets(
        _ itinerary: Itinerary, _ specification: RouteSpecification, _ options: RoutingOptions, _ context: String
    ) {
        #expect(specification.isSatisfied(by: itinerary), Comment(rawValue: context))
        #expect(itinerary.transshipmentCount <= options.maxTransshipments ?? Int.max, Comment(rawValue: context))
        #expect(itinerary.legs.allSatisfy { !options.avoidedVoyages.contains($0.voyage.number) }, Comment(rawValue: context))
        let calls = [itinerary.origin] + itinerary.calls
        #expect(calls.allSatisfy { !options.avoidedLocations.contains($0) }, Comment(rawValue: context))
        var remaining = options.via[...]
        for call in itinerary.calls where call == remaining.first { remaining = remaining.dropFirst() }
        #expect(remaining.isEmpty, Comment(rawValue: context))
    }
}
