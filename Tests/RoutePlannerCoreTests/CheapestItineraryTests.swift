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

    /// Door to door: places no voyage calls at, random hauls with costs, gate hours, barges and trains, continuations,
    /// and random handling costs where the cargo boards its first voyage and leaves its last as well as transfer costs;
    /// an itinerary costs what Guides/Assignment.md states, written out here from its legs.
    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func findsTheCheapestDoorToDoorItinerary(withCutOffs: Bool, withTransitLimits: Bool) throws {
        var compared = 0, byTruck = 0, onlyByTruck = 0
        for seed in UInt64(0)..<1_000 {
            var generator = SplitMix64(seed: seed &+ (withCutOffs ? 1 << 32 : 0) &+ (withTransitLimits ? 1 << 33 : 0) &+ 1 << 34)
            let schedule = RandomSchedule(
                using: &generator, cutOffs: withCutOffs, figures: true, longPortStays: seed % 3 == 1, continuations: seed % 4 == 1, hauls: true)
            let network = seed % 2 == 0 ? schedule.network : schedule.network.preparedForSearches()
            let oracle = schedule.bruteForce
            let router = Router(network: network)
            let costs = (0..<network.movementCount).map { _ in Bool.random(using: &generator) ? 0 : Double(Int.random(in: 1...9, using: &generator)) }
            let transfers = network.locations.map { _ in Double(Int.random(in: 0...4, using: &generator)) }
            let handling = network.locations.map { _ in Double(Int.random(in: 0...6, using: &generator)) }
            func position(_ location: Location) -> Int { network.locations.firstIndex { $0.code == location.code }! }
            func cost(_ itinerary: Itinerary) -> Double {
                var total = network.movementIDs(of: itinerary).reduce(0.0) { $0 + costs[$1.rawValue] }
                if let first = itinerary.voyageLegs.first, let last = itinerary.voyageLegs.last {
                    total += handling[position(first.loadLocation)] + handling[position(last.unloadLocation)]
                }
                total += itinerary.transshipmentLocations.reduce(0.0) { $0 + transfers[position($1)] }
                for leg in itinerary.legs where leg.isHaul {
                    total += schedule.haulage.first { $0.from == leg.loadLocation.code && $0.to == leg.unloadLocation.code }!.costPerTEU ?? 0
                }
                return total
            }
            for _ in 0..<3 {
                let specification = schedule.specification(using: &generator, transitLimit: withTransitLimits)
                // An itinerary ends where it reaches the destination (Guides/Routing.md), not past it and back by truck.
                let all = oracle.itineraries(for: specification).filter { BruteForceRouter.endsWhereItArrives($0, via: []) }
                let found = try router.cheapestItinerary(for: specification, costs: costs, transferCosts: transfers, handlingCosts: handling)
                let context = Comment(rawValue: "seed \(seed) cut-offs \(withCutOffs) transit limits \(withTransitLimits): \(specification)")
                guard let best = all.map(cost).min() else {
                    #expect(found == nil, context)
                    continue
                }
                compared += 1
                let result = try #require(found, context)
                #expect(result.cost == best, context)
                #expect(cost(result.itinerary) == result.cost, context)
                #expect(specification.isSatisfied(by: result.itinerary), context)
                #expect(all.contains(result.itinerary), context)
                let earliest = all.filter { cost($0) == best }.map(\.arrivalTime).min()
                #expect(result.itinerary.arrivalTime == earliest, context)
                if result.itinerary.legs.contains(where: \.isHaul) { byTruck += 1 }
                if result.itinerary.voyageLegs.isEmpty { onlyByTruck += 1 }
            }
        }
        #expect(compared >= 1_000 && byTruck >= 300 && onlyByTruck >= 20, "compared \(compared), with a haul \(byTruck), one haul only \(onlyByTruck)")
    }
}
