import Foundation
import RoutePlanner

/// Column generation with cover cuts over a ``MasterProblem``: solves the LP, prices every group that could
/// gain, adds the itineraries with positive reduced cost, and when none is left adds the cover cuts the LP
/// solution violates (``MasterProblem/addViolatedCovers(_:limit:)``) and goes on, until nothing is added
/// or the time for it is spent.
///
/// GLPK's simplex method solves the LP while each solve takes less than
/// ``AssignmentBudget/simplexSolveLimit(_:)``; once one takes longer, or from the start for a program of more
/// than ``largestSimplexProgram`` rows, the rounds go on with the LP solved approximately by ``PrimalDualLP``
/// (`runFirstOrder`). (On the dense benchmark GLPK's primal simplex spent
/// two minutes on degenerate pivots, and its dual simplex moved the LP by 0.03% in 90 s after a round of
/// cuts; the first-order solver re-solves either in about 2 s.)
///
/// Every round gives a Lagrangian bound on the optimum over all itineraries,
/// `Σ_m C_m μ_m + Σ_k r_k σ_k + Σ_g n_g π_g + Σ_g n_g · max(0, r_g − π_g − t_g · c_g)`, for the duals
/// (clamped at zero) of the capacity rows μ, of the cuts σ and of the group rows π, where `c_g` is the
/// cheapest cost of any itinerary for group g under the costs `μ_m + σ_k / t_g` of its movements, plus its handling and
/// haulage per TEU beyond the least any itinerary of the group has (``MasterProblem/Group/leastCostPerTEU``, which
/// `r_g` has taken off already). It holds
/// for any non-negative duals, so also when a solve is cut short or approximate; at an LP optimum it is
/// Farley's bound (Desaulniers, Desrosiers, Solomon, "Column Generation", 2005). The best of the rounds is
/// the outcome's bound.
struct ColumnGeneration {
    typealias Plan = MasterProblem.Plan

    /// What column generation leaves for the integer stage.
    struct Outcome {
        /// The best bound of the rounds on the optimum over all itineraries.
        var bound: Double
        var rounds: Int
        /// Whether pricing converged at least once, which makes the bound the LP bound over all itineraries
        /// (with the cuts so far), or a bound above it when the LP was solved approximately.
        var converged: Bool
        /// The last LP solution, exact or approximate; ``LPSolution/none`` when no solve finished.
        var solution: LPSolution
        /// That solution rounded and repaired, when deciding on cuts needed it (it may have added columns).
        var rounding: Plan?
    }

    let master: MasterProblem
    let router: Router
    /// One router per further worker of pricing: pricing runs on ``pricingWorkers`` threads, each with its own.
    let helperRouters: [Router]
    let options: AssignmentOptions
    let budget: AssignmentBudget
    let report: AssignmentProgress
    /// How many more LP solves GLPK's simplex method may make before the first-order solver takes over (as
    /// it does when a solve is slow); tests lower it to check the hand-over at every point on instances
    /// small enough for brute force.
    var simplexSolvesLeft = Int.max
    /// The last LP solution (set by the rounds only).
    var solution = LPSolution.none
    /// Where the first-order solver starts when no simplex solve finished: a value per column, such as the
    /// greedy plan's (how many bookings ride each column); none for zero.
    var firstOrderStart: [Double] = []
    /// That solution rounded and repaired, once ``wantsCuts(bound:)`` computed it; `nil` after each new solution.
    var rounding: Plan?

    /// The most cuts added in one round, the most violated first.
    static let cutsPerRound = 1_000

    /// The most rows (groups, capacities and cuts) of a program whose first LP GLPK's simplex method solves;
    /// a larger one is solved by the first-order solver from the start. On 10,000 spread bookings (17,000
    /// rows) the first simplex solve takes 2.0 s where ``PrimalDualLP`` takes 0.1 s to an LP of the same
    /// objective, and a limit of a twentieth of the time would only have spent 0.5 s of a 10 s assignment
    /// before handing over; on 1,000 (1,300 rows) the simplex method takes milliseconds.
    static let largestSimplexProgram = 10_000

    /// The threads pricing runs on: one per core, at most four. Each prices every so many groups with a router
    /// and costs of its own; what they find is added in group order, so that the plan does not depend on them.
    var pricingWorkers: Int { helperRouters.count + 1 }

    init(
        master: MasterProblem, router: Router, options: AssignmentOptions, budget: AssignmentBudget, report: AssignmentProgress,
        pricingWorkers: Int = min(4, ProcessInfo.processInfo.activeProcessorCount)
    ) {
        self.master = master
        self.router = router
        helperRouters = (1..<max(1, pricingWorkers)).map { _ in Router(network: master.network) }
        _ = master.tooSmall(for: Load())  // Its lists are made once, here, rather than by the first worker to ask.
        self.options = options
        self.budget = budget
        self.report = report
    }

    /// Runs the rounds on a seeded master problem (see ``seed()``).
    mutating func run() throws(GLPKError) -> Outcome {
        let program = master.program
        // Until an LP is solved, the bound is everything every group could pay.
        var bound = master.groups.filter { !$0.columns.isEmpty || $0.isUnsearched }.reduce(0.0) { $0 + Double($1.members.count) * max(0, $1.value) }
        var rounds = 0
        var converged = false
        var method = GLPKProblem.SimplexMethod.primal
        func outcome() -> Outcome {
            Outcome(bound: bound, rounds: rounds, converged: converged, solution: solution, rounding: rounding)
        }
        // The first-order solver from the start: for a large program, or when no simplex solve is allowed.
        if program.rowCount > Self.largestSimplexProgram || simplexSolvesLeft <= 0 {
            if simplexSolvesLeft > 0 { report("\(program.rowCount) rows: the first-order LP solver solves the LP from the start") }
            (bound, converged) = runFirstOrder(bound: bound, rounds: &rounds, converged: converged)
            return outcome()
        }
        while !Task.isCancelled {
            rounds += 1
            let roundStart = ContinuousClock.now
            let roundsEnd = budget.roundsEnd(hasCuts: !master.cuts.isEmpty)
            let solveLimit = min(roundsEnd - roundStart, budget.simplexSolveLimit(method))
            var isOptimal = false
            let usesSimplex = simplexSolvesLeft > 0
            if usesSimplex {
                simplexSolvesLeft -= 1
                do throws(GLPKError) {
                    guard try program.solveLP(timeLimit: max(solveLimit, .milliseconds(100)), method: method) == .optimal else {
                        throw .solverFailed(code: -1)
                    }
                    isOptimal = true
                    solution = LPSolution(
                        values: master.columns.indices.map { program.columnValue($0.rawValue) },
                        capacityDuals: master.rowOfMovement.mapValues { max(0, program.rowDual($0)) }, isApproximate: false)
                    rounding = nil
                } catch .timeLimit {
                    // The duals reached still give a valid bound.
                } catch .solverFailed(let code) {
                    // GLPK's simplex gave up on this LP (numerically): the first-order solver takes over for good.
                    report("round \(rounds): GLPK's simplex failed (code \(code)); the first-order LP solver takes over")
                    simplexSolvesLeft = 0
                } catch {
                    throw error
                }
            }
            let lpTime = ContinuousClock.now - roundStart
            if !isOptimal && ContinuousClock.now < (method == .primal ? budget.pricingEnd : budget.cutsEnd) {
                // GLPK is too slow on this LP: the first-order solver goes on from the last optimal solution.
                if usesSimplex { report("round \(rounds): GLPK stopped after \(AssignmentProgress.seconds(lpTime)); the first-order LP solver goes on") }
                (bound, converged) = runFirstOrder(bound: bound, rounds: &rounds, converged: converged)
                return outcome()
            }
            let (roundBound, added, isComplete) = price(
                duals: { max(0, program.rowDual($0)) }, addingColumns: isOptimal, until: budget.pricingEnd)
            bound = min(bound, roundBound)
            // Out of time in the middle of pricing: the columns found are kept, the bound stays the last whole round's.
            guard isComplete else { return outcome() }
            report(
                "round \(rounds): LP \(String(format: "%.2f", program.lpObjective)), bound \(String(format: "%.2f", bound)), \(added) itineraries added, \(master.cuts.count) cuts (LP \(AssignmentProgress.seconds(lpTime)), pricing \(AssignmentProgress.seconds(ContinuousClock.now - roundStart - lpTime)))"
            )
            // Out of time: the duals of an unfinished solve still give a valid bound.
            guard isOptimal else { return outcome() }
            if added > 0 {
                method = .primal
                if ContinuousClock.now > budget.roundsEnd(hasCuts: !master.cuts.isEmpty) { return outcome() }
                continue
            }
            converged = true
            guard wantsCuts(bound: bound) else { return outcome() }
            guard master.addViolatedCovers(solution, limit: Self.cutsPerRound) > 0 else { return outcome() }
            method = .dual
        }
        return outcome()
    }

    /// Whether a round of cuts is worth it after pricing converged: not after
    /// ``AssignmentBudget/lastCutRoundStart``, nor when the LP rounded and repaired, as the integer stage
    /// starts, is close enough to `bound` already.
    mutating func wantsCuts(bound: Double) -> Bool {
        guard ContinuousClock.now < budget.lastCutRoundStart else { return false }
        let stage = IntegerStage(master: master, router: router, options: options, budget: budget, report: report, solution: solution)
        if rounding == nil { rounding = stage.roundedAndRepaired() }
        return !stage.isGoodEnough(rounding!, bound: bound)
    }

    /// Prices every group that could gain under non-negative duals of the program's rows, adds the
    /// itineraries with positive reduced cost if asked to, and returns the Lagrangian bound of those duals.
    func price(duals dual: (Int) -> Double, addingColumns: Bool, until deadline: ContinuousClock.Instant) -> (bound: Double, added: Int, isComplete: Bool) {
        let network = master.network
        // The duals, read before adding columns changes the program.
        var costs = [Double](repeating: 0, count: master.resourceCount)
        var dualValue = 0.0
        for (movement, row) in master.rowOfMovement {
            costs[movement.rawValue] = dual(row)
            dualValue += costs[movement.rawValue] * Double(master.capacity(movement))
        }
        let capacityDuals = costs
        var limitDuals: [(movement: MasterProblem.MovementID, measure: Load.Measure, dual: Double)] = []
        for (movement, rows) in master.limitRowsOfMovement {
            for (measure, row) in rows where dual(row) > 0 {
                limitDuals.append((movement, measure, dual(row)))
                dualValue += dual(row) * master.limit(movement).inRow(measure)
            }
        }
        let cuts = master.cuts
        // By cut (``MasterProblem/CutID/rawValue``).
        let cutDuals = cuts.map { dual($0.row) }
        for (cut, dual) in zip(cuts, cutDuals) { dualValue += dual * Double(cut.limit) }
        let prices = master.groups.indices.map { dual($0.row) }
        guard seedLate(until: deadline),
            let cheapest = cheapestItineraries(prices: prices, capacityDuals: capacityDuals, limitDuals: limitDuals, cutDuals: cutDuals, until: deadline)
        else { return (.infinity, 0, false) }  // A round cut short gives no bound: Farley's bound needs every group priced.
        var gain = 0.0
        var added = 0
        for index in master.groups.indices {
            let group = master.groups[index]
            let price = prices[index.rawValue]
            let count = Double(group.members.count)
            dualValue += count * price
            let slack = group.value - price
            switch cheapest[index.rawValue] {
            case .unreachable:
                continue
            case .notPriced:
                gain += count * max(0, slack)
            case .failed:
                // The bookings were checked against the network; should the router fail all the same, the
                // bound counts everything the group could pay.
                gain += count * slack
            case .notFound:
                continue
            case .found(let itinerary, let cost):
                gain += count * max(0, slack - Double(group.teu) * (cost - group.leastCostPerTEU))
                let reducedCost = master.coefficient(group, itinerary) - price - Double(group.teu) * (cost - master.cost(of: itinerary))
                if addingColumns, reducedCost > 1e-7 * max(1, abs(group.value)), master.addColumn(group: index, itinerary) { added += 1 }
            }
        }
        return (dualValue + gain, added, true)
    }

    /// What pricing found for a group.
    enum Cheapest {
        /// The group has no itinerary at all.
        case unreachable
        /// Not worth a search: too little to gain (all of it is counted in the bound).
        case notPriced
        /// The router failed.
        case failed
        /// No itinerary of finite cost.
        case notFound
        case found(Itinerary, cost: Double)
    }

    /// Each group's cheapest itinerary under the duals, searched on ``pricingWorkers`` threads; `nil` when the
    /// deadline passed (or the task was cancelled) first.
    ///
    /// A group is searched only when it could gain more than λ·TEU·days. Movements smaller than its booking
    /// are closed to it; the weight and plug rows cost it their duals for what it takes of them, per TEU, and its
    /// cuts their duals.
    private func cheapestItineraries(
        prices: [Double], capacityDuals: [Double], limitDuals: [(movement: MasterProblem.MovementID, measure: Load.Measure, dual: Double)],
        cutDuals: [Double], until deadline: ContinuousClock.Instant
    ) -> [Cheapest]? {
        let master = self.master, cuts = master.cuts, limitsHaulDays = master.limitsHaulDays
        let routers = [router] + helperRouters
        var results = [Cheapest](repeating: .notPriced, count: master.groups.count)
        // In order of demand, so that each worker's costs change little from one group to the next.
        let order = master.groups.indices.sorted {
            let (first, second) = (master.groups[$0].demand, master.groups[$1].demand)
            return (first.teu, first.kilograms, first.plugs, $0.rawValue) < (second.teu, second.kilograms, second.plugs, $1.rawValue)
        }
        let isComplete = results.withUnsafeMutableBufferPointer { results in
            nonisolated(unsafe) let (results, master, routers, cuts) = (results, master, routers, cuts)
            return Workers.run(routers.count, over: order.count, until: deadline) { worker in
                var costs = PricingCosts(duals: capacityDuals, smallMovements: master.smallMovements)
                return { position in
                    let index = order[position]
                    let group = master.groups[index]
                    let slack = group.value - prices[index.rawValue]
                    if group.isUnreachable {
                        results[index.rawValue] = .unreachable
                        return
                    }
                    // At most λ·TEU·days to gain: too little to price, but counted in the bound.
                    let days = group.specification.arrivalDeadline.timeIntervalSince(group.specification.readyTime) / 86_400
                    guard slack > 1e-9 * max(1, abs(group.value)), slack > master.lambda * Double(group.teu) * max(1, days) else {
                        results[index.rawValue] = .notPriced
                        return
                    }
                    costs.close(tooSmallFor: group.demand)
                    for (movement, measure, dual) in limitDuals where group.demand[measure] > 0 {
                        costs.surcharge(movement, by: dual * group.demand.inRow(measure) / Double(group.teu))
                    }
                    for cut in master.cutsOfGroup[index] ?? [] where cutDuals[cut.rawValue] > 0 {
                        costs.surcharge(cuts[cut].movement, by: cutDuals[cut.rawValue] / Double(group.teu))
                    }
                    do {
                        let priced = try routers[worker].cheapestItinerary(
                            for: group.specification, costs: costs.values, transferCosts: master.transferCosts, handlingCosts: master.handlingCosts,
                            haulDayCosts: limitsHaulDays
                                ? { master.cost(of: $0, for: group.demand) { $0.rawValue < costs.values.count ? costs.values[$0.rawValue] : 0 } } : nil)
                        results[index.rawValue] = priced.map { $0.cost.isFinite ? .found($0.itinerary, cost: $0.cost) : .notFound } ?? .notFound
                    } catch {
                        results[index.rawValue] = .failed
                    }
                    costs.removeSurcharges()
                }
            }
        }
        return isComplete ? results : nil
    }
}
