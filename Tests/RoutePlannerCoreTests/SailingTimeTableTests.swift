import Foundation
@testable import RoutePlanner
import RoutePlannerTestSupport
import Testing

/// A network prepared for many searches reads its lower bounds from the all-pairs table: the table holds what
/// each search would compute, and the searches answer the same. (The router oracle runs half its seeds on
/// prepared networks too.) A failure names its seed; replay it with `RandomSchedule(using: &SplitMix64(seed:))`.
@Suite struct SailingTimeTableTests {
    @Test func eachRowIsTheSailingTimesToItsPort() throws {
        for seed in UInt64(0)..<200 {
            var generator = SplitMix64(seed: seed &+ 1 << 44)
            let schedule = RandomSchedule(using: &generator)
            let network = try ScheduleNetwork(locations: schedule.locations, voyages: schedule.voyages).preparedForSearches()
            let table = try #require(network.sailingTimeTable, "seed \(seed)")
            for target in 0..<Int32(network.locations.count) {
                let row = table.row(to: target)
                #expect(row == network.sailingTimes(to: target, avoiding: []), "seed \(seed), port \(target)")
            }
        }
    }

    @Test func thePricingSearchFindsTheSameCheapestItinerary() throws {
        for seed in UInt64(0)..<300 {
            var generator = SplitMix64(seed: seed &+ 1 << 45)
            let schedule = RandomSchedule(using: &generator, cutOffs: seed % 2 == 0)
            let built = try ScheduleNetwork(locations: schedule.locations, voyages: schedule.voyages)
            let prepared = built.preparedForSearches()
            let costs = (0..<built.movementCount).map { _ in Double(generator.next() % 100) }
            var plain = CheapestItinerarySearch(network: built), fast = CheapestItinerarySearch(network: prepared)
            for _ in 0..<4 {
                let specification = schedule.specification(using: &generator)
                guard let origin = built.portIndex[specification.origin], let destination = built.portIndex[specification.destination]
                else { continue }
                func cheapest(_ search: inout CheapestItinerarySearch) -> (Itinerary, Double)? {
                    search.cheapest(
                        from: origin, to: destination, ready: specification.readyTime.seconds,
                        deadline: specification.arrivalDeadline.seconds, costs: costs, cargoType: specification.cargoType,
                        dangerousGoods: specification.containsDangerousGoods)
                }
                let expected = cheapest(&plain), found = cheapest(&fast)
                #expect(found?.0 == expected?.0 && found?.1 == expected?.1, "seed \(seed): \(specification)")
            }
        }
    }

    @Test func aPreparedNetworkIsPreparedOnce() throws {
        var generator = SplitMix64(seed: 7)
        let schedule = RandomSchedule(using: &generator)
        let prepared = try ScheduleNetwork(locations: schedule.locations, voyages: schedule.voyages).preparedForSearches()
        #expect(prepared.preparedForSearches().sailingTimeTable === prepared.sailingTimeTable)
    }
}
