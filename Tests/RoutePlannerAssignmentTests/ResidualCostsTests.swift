import RoutePlanner
@testable import RoutePlannerAssignment
import RoutePlannerTestSupport
import Testing

/// Routing through the capacity a load leaves, with costs kept from one search to the next, against costs made
/// afresh for each search from every movement.
@Suite struct ResidualCostsTests {
    @Test func findTheItinerariesOfCostsMadeAfresh() throws {
        for seed in UInt64(0)..<300 {
            let (network, bookings, _) = try AssignmentTests.instance(seed: seed, limits: seed % 3 == 0)
            let master = MasterProblem(network: network, bookings: bookings)
            var generator = SplitMix64(seed: seed)
            let context = Comment(rawValue: "seed \(seed)")
            let movements = (0..<network.movementCount).map { ScheduleNetwork.MovementID($0) }
            var duals: [ScheduleNetwork.MovementID: Double] = [:]
            for movement in movements where Bool.random(using: &generator) { duals[movement] = Double(Int.random(in: 1...5, using: &generator)) }
            func randomLoad() -> Load {
                Load(
                    teu: Int.random(in: 0...3, using: &generator), kilograms: Int.random(in: 0...9, using: &generator) * 1_000,
                    plugs: Int.random(in: 0...1, using: &generator))
            }
            var load: [ScheduleNetwork.MovementID: Load] = [:]
            for movement in movements where Bool.random(using: &generator) { load[movement] = randomLoad() }
            var residual = ResidualCosts(master: master, duals: duals, load: load)
            let router = Router(network: network)
            for _ in 0..<6 {
                for group in master.groups {
                    // The costs as made afresh: the duals, closed where the load leaves too little or the movement is too small.
                    var costs = [Double](repeating: 0, count: network.movementCount)
                    for (movement, dual) in duals { costs[movement.rawValue] = dual }
                    for (movement, used) in load where !(used + group.demand).fits(in: master.limit(movement)) { costs[movement.rawValue] = .infinity }
                    for small in master.tooSmall(for: group.demand) { costs[small.rawValue] = .infinity }
                    let expected = (try? router.cheapestItinerary(for: group.specification, costs: costs)).flatMap { $0.cost.isFinite ? $0.itinerary : nil }
                    #expect(residual.itinerary(for: group, router: router) == expected, context)
                }
                // The load grows on some movements.
                let grown = movements.filter { _ in Int.random(in: 0..<3, using: &generator) == 0 }
                for movement in grown { load[movement, default: Load()] += randomLoad() }
                residual.loaded(grown, load: load)
            }
        }
    }
}
