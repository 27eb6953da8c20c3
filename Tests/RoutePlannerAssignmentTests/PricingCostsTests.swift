import RoutePlanner
@testable import RoutePlannerAssignment
import RoutePlannerTestSupport
import Testing

/// The pricing costs kept from one demand to the next against costs made afresh for each demand.
@Suite struct PricingCostsTests {
    @Test func matchCostsMadeAfreshForEveryDemand() {
        for seed in UInt64(0)..<300 {
            var generator = SplitMix64(seed: seed)
            let context = Comment(rawValue: "seed \(seed)")
            let count = Int.random(in: 1...30, using: &generator)
            let duals = (0..<count).map { _ in Bool.random(using: &generator) ? 0 : Double(Int.random(in: 1...9, using: &generator)) }
            // Lists as MasterProblem makes them: per measure, some movements with their capacity, smallest first.
            let lists = (0..<3).map { _ in
                (0..<count).filter { _ in Int.random(in: 0..<3, using: &generator) == 0 }
                    .map { (capacity: Int.random(in: 0...6, using: &generator), movement: ScheduleNetwork.MovementID($0)) }
                    .sorted { ($0.capacity, $0.movement) < ($1.capacity, $1.movement) }
            }
            var costs = PricingCosts(duals: duals, smallMovements: lists)
            // Demands in any order, not only the rising order pricing uses.
            for _ in 0..<20 {
                let demand = Load(
                    teu: Int.random(in: 0...7, using: &generator), kilograms: Int.random(in: 0...7, using: &generator),
                    plugs: Int.random(in: 0...7, using: &generator))
                costs.close(tooSmallFor: demand)
                let wanted = [demand.teu, demand.kilograms, demand.plugs]
                var expected = duals
                for (list, amount) in zip(lists, wanted) {
                    for small in list where small.capacity < amount { expected[small.movement.rawValue] = .infinity }
                }
                #expect(costs.values == expected, context)
                let surcharged = (0..<Int.random(in: 0...4, using: &generator)).map { _ in Int.random(in: 0..<count, using: &generator) }
                for movement in surcharged {
                    costs.surcharge(ScheduleNetwork.MovementID(movement), by: 0.5)
                    expected[movement] += 0.5
                }
                #expect(costs.values == expected, context)
                costs.removeSurcharges()
            }
        }
    }
}
