import Foundation
import RoutePlanner
@testable import RoutePlannerAssignment
import RoutePlannerTestSupport
import Testing

/// Exchanges and ruin-and-recreate over the generated columns: they keep every capacity, never lose objective,
/// leave no booking out that fits as it is, and on tiny instances find what brute force finds.
@Suite struct PlanExchangesTests {
    /// A random schedule of up to `movements` movements of 1 to 6 TEU (with weight and plug limits for every third
    /// seed, and with `costs` handling and transshipment costs for every fourth) and some bookings of 1 to 4 TEU on it.
    static func instance(
        seed: UInt64, ports: Int = 6, movements: Int = 40, bookings count: ClosedRange<Int> = 10...40, costs: Bool = true
    ) throws
        -> (network: ScheduleNetwork, bookings: [Booking], schedule: RandomSchedule)
    {
        var generator = SplitMix64(seed: seed)
        let limits = seed % 3 == 0
        let base = RandomSchedule(
            using: &generator, maxPorts: ports, maxMovements: movements, cutOffs: seed % 2 == 1, figures: costs && seed % 4 == 1)
        let voyages = base.voyages.map { voyage in
            voyage.replacingMovements(
                voyage.movements.map {
                    var movement = $0
                    movement.capacity = Int.random(in: 1...6, using: &generator)
                    if limits {
                        movement.weightCapacity = Int.random(in: 10...40, using: &generator)
                        movement.reeferPlugs = Int.random(in: 0...2, using: &generator)
                    }
                    return movement
                })
        }
        let schedule = RandomSchedule(locations: base.locations, voyages: voyages, base: base.base)
        let bookings = try (0..<Int.random(in: count, using: &generator)).map { index in
            try Booking(
                id: "B\(index)", teu: Int.random(in: 1...4, using: &generator), specification: schedule.specification(using: &generator),
                revenuePerTEU: Bool.random(using: &generator) ? Double(Int.random(in: 1...9, using: &generator) * 100) : nil,
                weight: limits ? Double(Int.random(in: 6...40, using: &generator)) / 2 : nil)
        }
        return (try ScheduleNetwork(locations: schedule.locations, voyages: voyages), bookings, schedule)
    }

    /// The master problem of an instance, with the columns column generation finds for its bookings.
    static func master(_ network: ScheduleNetwork, _ bookings: [Booking], penalty: Double = 0) throws -> MasterProblem {
        let options = AssignmentOptions(initialCandidates: 4, penaltyPerTEU: penalty)
        let run = AssignmentRun(network: network, bookings: bookings, options: options)
        var generation = run.columnGeneration()
        generation.seed()
        if !run.master.columns.isEmpty { _ = try generation.run() }
        return run.master
    }

    /// A plan that keeps every capacity: the bookings in a random order, each on a random column of its group that
    /// fits, or left out at random.
    static func randomPlan(_ master: MasterProblem, using generator: inout SplitMix64) -> MasterProblem.Plan {
        var plan = MasterProblem.Plan(repeating: nil, count: master.bookings.count)
        var load: [ScheduleNetwork.MovementID: Load] = [:]
        for booking in master.bookings.indices.shuffled(using: &generator) where Bool.random(using: &generator) {
            let group = master.groupOf[booking]
            guard let column = master.groups[group].columns.shuffled(using: &generator).first(where: { master.fits(group, on: $0, with: load) })
            else { continue }
            plan[booking] = column
            for movement in master.columns[column].movements { load[movement, default: Load()] += master.groups[group].demand }
        }
        return plan
    }

    /// Every booking on a column of its own group, and every movement within its TEU, weight and plugs.
    static func expectFeasible(_ master: MasterProblem, _ plan: MasterProblem.Plan, _ context: Comment) {
        for case (let booking, let column?) in plan.enumerated() {
            #expect(master.columns[column].group == master.groupOf[booking], context)
        }
        for (movement, load) in master.load(of: plan) {
            #expect(load.fits(in: master.limit(movement)), "\(context) movement \(movement): \(load)")
        }
    }

    @Test func keepCapacityAndNeverLoseObjective() throws {
        var gained = 0
        for seed in UInt64(0)..<300 {
            let (network, bookings, _) = try Self.instance(seed: seed)
            // With costs and no revenue, some columns are worth nothing or less; a penalty for cargo left out lifts them.
            let master = try Self.master(network, bookings, penalty: [0, 0, 150, 1_000][Int(seed / 4 % 4)])
            let context = Comment(rawValue: "seed \(seed)")
            var generator = SplitMix64(seed: seed)
            let start = Self.randomPlan(master, using: &generator)
            var exchanges = PlanExchanges(master: master, plan: start)
            exchanges.improve(until: .now + .seconds(60))
            let improved = exchanges.plan
            Self.expectFeasible(master, improved, context)
            #expect(master.objective(of: improved) >= master.objective(of: start) - 1e-9, context)
            #expect(abs(exchanges.objective - master.objective(of: improved)) < 1e-6, context)
            // No booking left out fits on a column worth something as the others are.
            let load = master.load(of: improved)
            for booking in improved.indices where improved[booking] == nil {
                let group = master.groupOf[booking]
                #expect(
                    !master.groups[group].columns.contains {
                        master.columns[$0].coefficient > PlanExchanges.leastGain && master.fits(group, on: $0, with: load)
                    }, context)
            }

            // A goal already reached, or a deadline passed, ends ruin and recreate before its first try.
            exchanges.ruinAndRecreate(until: .now + .seconds(60), goal: exchanges.objective)
            exchanges.ruinAndRecreate(until: .now)
            #expect(exchanges.tries == 0 && exchanges.plan == improved, context)
            exchanges.ruinAndRecreate(until: .now + .seconds(60), tries: 200)
            Self.expectFeasible(master, exchanges.plan, context)
            #expect(master.objective(of: exchanges.plan) >= master.objective(of: improved) - 1e-9, context)
            #expect(abs(exchanges.objective - master.objective(of: exchanges.plan)) < 1e-6, context)
            if master.objective(of: exchanges.plan) > master.objective(of: start) + 1e-9 { gained += 1 }
        }
        // The searches do something: most random plans leave room to gain.
        #expect(gained >= 150)
    }

    /// From nothing carried, exchanges and then ruin and recreate reach the revenue brute force finds on nearly
    /// every small instance (they are heuristics: the integer stage's exact steps follow them), and ruin and
    /// recreate reaches it more often than exchanges alone.
    @Test func reachBruteForceOnSmallInstances() throws {
        var (compared, byExchanges, byRuinAndRecreate) = (0, 0, 0)
        for seed in UInt64(0)..<300 {
            let (network, bookings, schedule) = try Self.instance(seed: seed, ports: 3, movements: 12, bookings: 8...12, costs: false)
            let context = Comment(rawValue: "seed \(seed)")
            let master = try Self.master(network, bookings)
            guard !master.columns.isEmpty, let best = AssignmentTests.bruteForceRevenue(network, bookings, schedule) else { continue }
            compared += 1
            func revenue(_ plan: MasterProblem.Plan) -> Double {
                plan.indices.reduce(0.0) { total, booking in
                    plan[booking] == nil ? total : total + Double(bookings[booking].teu) * (bookings[booking].revenuePerTEU ?? 1)
                }
            }
            var exchanges = PlanExchanges(master: master, plan: MasterProblem.Plan(repeating: nil, count: bookings.count))
            exchanges.improve(until: .now + .seconds(60))
            if abs(revenue(exchanges.plan) - best) < 1e-6 { byExchanges += 1 }
            exchanges.ruinAndRecreate(until: .now + .seconds(60), tries: 2_000)
            Self.expectFeasible(master, exchanges.plan, context)
            #expect(revenue(exchanges.plan) <= best + 1e-6, context)
            if abs(revenue(exchanges.plan) - best) < 1e-6 { byRuinAndRecreate += 1 }
        }
        #expect(compared >= 200)
        #expect(
            Double(byRuinAndRecreate) >= 0.95 * Double(compared) && byRuinAndRecreate > byExchanges, "\(byRuinAndRecreate) and \(byExchanges) of \(compared)")
    }
}
