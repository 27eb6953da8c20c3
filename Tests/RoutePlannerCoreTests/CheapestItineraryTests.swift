import Foundation
import RoutePlanner
import RoutePlannerTestSupport
import Testing

/// The pricing search against exhaustive enumeration, with random costs on the movements and, on odd seeds, on
/// changing vessel at each port (as the assignment's transshipment costs).
@Suite struct CheapestItineraryTests {
    /// Also with random cut-off times and cargo types, and with random maximum transit times (other runs of seeds).
    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func findsTheCheapestItineraryOfAllOnRandomSchedules(withCutOffs: Bool, withTransitLimits: Bool) throws {
        for seed in UInt64(0)..<1_000 {
            var generator = SplitMix64(seed: seed &+ (withCutOffs ? 1 << 32 : 0) &+ (withTransitLimits ? 1 << 33 : 0))
            // A third of the schedules' ports keep cargo for hours, which the deadline pruning's bounds count.
            let schedule = RandomSchedule(using: &generator, cutOffs: withCutOffs, longPortStays: seed % 3 == 1)
            let network = try ScheduleNetwork(locations: schedule.locations, voyages: schedule.voyages)
            let oracle = BruteForceRouter(locations: schedule.locations, voyages: schedule.voyages)
            let router = Router(network: network)
            // Mostly free movements, some expensive, as capacity duals are.
            let costs = (0..<network.movementCount).map { _ in Bool.random(using: &generator) ? 0 : Double(Int.random(in: 1...9, using: &generator)) }
            let transfers = seed % 2 == 1 ? network.locations.map { _ in Double(Int.random(in: 0...4, using: &generator)) } : nil
            for _ in 0..<3 {
                let specification = schedule.specification(using: &generator, transitLimit: withTransitLimits)
                let all = oracle.itineraries(for: specification)
                func cost(_ itinerary: Itinerary) -> Double {
                    let changes = itinerary.transshipmentLocations.reduce(0.0) { total, port in
                        total + (transfers?[network.locations.firstIndex { $0.code == port.code }!] ?? 0)
                    }
                    return network.movementIDs(of: itinerary).reduce(changes) { $0 + costs[$1.rawValue] }
                }
                let found = try router.cheapestItinerary(for: specification, costs: costs, transferCosts: transfers)
                guard let best = all.map(cost).min() else {
                    #expect(found == nil, "seed \(seed) cut-offs \(withCutOffs) transit limits \(withTransitLimits)")
                    continue
                }
                let context = Comment(rawValue: "seed \(seed) cut-offs \(withCutOffs) transit limits \(withTransitLimits): \(specification)")
                let result = try #require(found, context)
                #expect(result.cost == best, context)
                #expect(cost(result.itinerary) == result.cost, context)
                #expect(specification.isSatisfied(by: result.itinerary), context)
                let earliest = all.filter { cost($0) == best }.map(\.arrivalTime).min()
                #expect(result.itinerary.arrivalTime == earliest, context)
            }
        }
    }
}
