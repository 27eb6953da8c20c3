import Foundation
import RoutePlanner

extension AssignmentModel {
    /// Column generation with cover cuts: solves the LP, prices every group that could gain, adds the
    /// itineraries with positive reduced cost, and when none is left adds the cover cuts the LP solution
    /// violates (``addViolatedCovers(values:limit:)``) and goes on, until nothing is added or the time for it is spent.
    ///
    /// GLPK's simplex method solves the LP while each solve takes less than a twentieth of the time limit;
    /// once one takes longer, ``generateColumnsFirstOrder(bound:rounds:converged:)`` goes on with the LP
    /// solved approximately by ``PrimalDualLP``. (On the dense benchmark GLPK's primal simplex spent two
    /// minutes on degenerate pivots, and its dual simplex moved the LP by 0.03% in 90 s after a round of cuts;
    /// the first-order solver re-solves either in about 2 s.)
    ///
    /// Every round gives a Lagrangian bound on the optimum over all itineraries,
    /// `Σ_m C_m μ_m + Σ_k r_k σ_k + Σ_g n_g π_g + Σ_g n_g · max(0, r_g − π_g − t_g · c_g)`, for the duals
    /// (clamped at zero) of the capacity rows μ, of the cuts σ and of the group rows π, where `c_g` is the
    /// cheapest cost of any itinerary for group g under the costs `μ_m + σ_k / t_g` of its movements. It holds
    /// for any non-negative duals, so also when a solve is cut short or approximate; at an LP optimum it is
    /// Farley's bound (Desaulniers, Desrosiers, Solomon, "Column Generation", 2005). The best of the rounds is
    /// returned.
    ///
    /// - Returns: The bound; the rounds; whether pricing converged at least once, which makes the bound the
    ///   LP bound over all itineraries (with the cuts so far), or a bound above it when the LP was solved
    ///   approximately.
    func generateColumns() throws(GLPKError) -> (bound: Double, rounds: Int, converged: Bool) {
        // Until an LP is solved, the bound is everything every group could pay.
        var bound = groups.filter { !$0.columns.isEmpty || $0.isUnsearched }.reduce(0.0) { $0 + Double($1.members.count) * $1.revenue }
        var rounds = 0
        var converged = false
        var method = GLPKProblem.SimplexMethod.primal
        while !Task.isCancelled {
            rounds += 1
            let roundStart = ContinuousClock.now
            let budget = min((cuts.isEmpty ? pricingBudget : cutBudget) - (roundStart - started), options.timeLimit / (method == .dual ? 10 : 20))
            var isOptimal = false
            let usesSimplex = simplexSolvesLeft > 0
            if usesSimplex {
                simplexSolvesLeft -= 1
                do throws(GLPKError) {
                    guard try program.solveLP(timeLimit: max(budget, .milliseconds(100)), method: method) == .optimal else {
                        throw .solverFailed(code: -1)
                    }
                    isOptimal = true
                    lpIsApproximate = false
                    lpValues = columns.indices.map(program.columnValue)
                    lpDuals = rowOfMovement.mapValues { max(0, program.rowDual($0)) }
                    repairedRounding = nil
                } catch .timeLimit {
                    // The duals reached still give a valid bound.
                }
            }
            let lpTime = ContinuousClock.now - roundStart
            if !isOptimal && ContinuousClock.now - started < (method == .primal ? pricingBudget : cutBudget) {
                // GLPK is too slow on this LP: the first-order solver goes on from the last optimal solution.
                if usesSimplex { report("round \(rounds): GLPK stopped after \(seconds(lpTime)); the first-order LP solver goes on") }
                let result = generateColumnsFirstOrder(bound: bound, rounds: &rounds, converged: converged)
                return (result.bound, rounds, result.converged)
            }
            let (roundBound, added, isComplete) = price(
                duals: { max(0, self.program.rowDual($0)) }, addingColumns: isOptimal, until: started + pricingBudget)
            bound = min(bound, roundBound)
            // Out of time in the middle of pricing: the columns found are kept, the bound stays the last whole round's.
            guard isComplete else { return (bound, rounds, converged) }
            report("round \(rounds): LP \(String(format: "%.2f", program.lpObjective)), bound \(String(format: "%.2f", bound)), \(added) itineraries added, \(cuts.count) cuts (LP \(seconds(lpTime)), pricing \(seconds(ContinuousClock.now - roundStart - lpTime)))")
            // Out of time: the duals of an unfinished solve still give a valid bound.
            guard isOptimal else { return (bound, rounds, converged) }
            if added > 0 {
                method = .primal
                if ContinuousClock.now - started > (cuts.isEmpty ? pricingBudget : cutBudget) { return (bound, rounds, converged) }
                continue
            }
            converged = true
            guard wantsCuts(bound: bound) else { return (bound, rounds, true) }
            guard addViolatedCovers(values: lpValues, limit: Self.cutsPerRound) > 0 else { return (bound, rounds, true) }
            method = .dual
        }
        return (bound, rounds, converged)
    }

    /// Pricing may take three quarters of the time.
    var pricingBudget: Duration { options.timeLimit * 0.75 }
    /// Cuts pay only while time is left to use the stronger LP: rounds with cuts end by 70% of the time.
    var cutBudget: Duration { options.timeLimit * 0.7 }

    /// Whether a round of cuts is worth it after pricing converged: not after 65% of the time, nor when the
    /// LP rounded and repaired, as the integer stage starts, is close enough to `bound` already.
    func wantsCuts(bound: Double) -> Bool {
        guard ContinuousClock.now - started < options.timeLimit * 0.65 else { return false }
        if repairedRounding == nil {
            let (roundedDown, waiting) = roundedDown(lpValues)
            repairedRounding = placing(waiting, on: roundedDown, lpValues: lpValues)
        }
        return !isGoodEnough(repairedRounding!, bound: bound)
    }

    /// The most cuts added in one round, the most violated first.
    static let cutsPerRound = 1_000

    /// Prices every group that could gain under non-negative duals of the program's rows, adds the
    /// itineraries with positive reduced cost if asked to, and returns the Lagrangian bound of those duals.
    func price(duals dual: (Int) -> Double, addingColumns: Bool, until deadline: ContinuousClock.Instant) -> (bound: Double, added: Int, isComplete: Bool) {
        // The duals, read before adding columns changes the program.
        var costs = [Double](repeating: 0, count: network.movementCount)
        var dualValue = 0.0
        for (movement, row) in rowOfMovement {
            costs[Int(movement)] = dual(row)
            dualValue += costs[Int(movement)] * Double(network.capacity(of: .init(Int(movement))))
        }
        let capacityDuals = costs
        let cutDuals = cuts.map { dual($0.row) }
        for (cut, dual) in zip(cuts, cutDuals) { dualValue += dual * Double(cut.limit) }
        let prices = groups.indices.map(dual)
        var gain = 0.0
        var added = 0
        for index in groups.indices {
            // A round cut short gives no bound: Farley's bound needs every group priced.
            if index % 64 == 0, ContinuousClock.now > deadline || Task.isCancelled { return (.infinity, added, false) }
            // A group seeding had no time for is seeded now, as seeding would have: its earliest arrival, or
            // why it has none (no itinerary, or only ones too small for it).
            if groups[index].isUnsearched { seedLate(group: index) }
            let group = groups[index]
            let price = prices[index]
            let count = Double(group.members.count)
            dualValue += count * price
            let slack = group.revenue - price
            guard !group.isUnreachable else { continue }
            guard slack > 1e-9 * max(1, group.revenue) else {
                gain += count * max(0, slack)
                continue
            }
            // At most λ·TEU·days to gain: too little to price, but counted in the bound.
            let days = group.specification.arrivalDeadline.timeIntervalSince(group.specification.readyTime) / 86_400
            guard slack > lambda * Double(group.teu) * max(1, days) else {
                gain += count * slack
                continue
            }
            // Movements smaller than the booking are closed to it; its cuts cost it their duals.
            var changed: [Int32] = []
            for small in smallMovements.prefix(while: { $0.capacity < group.teu }) {
                costs[Int(small.movement)] = .infinity
                changed.append(small.movement)
            }
            for cut in cutsOfGroup[index] ?? [] where cutDuals[cut] > 0 {
                costs[Int(cuts[cut].movement)] += cutDuals[cut] / Double(group.teu)
                changed.append(cuts[cut].movement)
            }
            let priced: (itinerary: Itinerary, cost: Double)?
            do {
                priced = try router.cheapestItinerary(for: group.specification, costs: costs)
            } catch {
                // The bookings were checked against the network; should the router fail all the same, the
                // bound counts everything the group could pay.
                gain += count * slack
                priced = nil
            }
            for movement in changed { costs[Int(movement)] = capacityDuals[Int(movement)] }
            guard let (itinerary, cost) = priced, cost.isFinite else { continue }
            gain += count * max(0, slack - Double(group.teu) * cost)
            let reducedCost = coefficient(group, itinerary) - price - Double(group.teu) * cost
            if addingColumns, reducedCost > 1e-7 * max(1, group.revenue), addColumn(group: index, itinerary) { added += 1 }
        }
        return (dualValue + gain, added, true)
    }

    /// Adds the extended cover inequalities that the LP solution `values` violates, at most one per
    /// capacity row, and returns how many.
    ///
    /// On a movement of capacity C, a set Q of single-booking groups whose TEU together exceed C cannot all
    /// ride it, so at most |Q| − 1 of them do; so too for Q extended by every group at least as large as Q's
    /// largest (Balas, "Facets of the knapsack polytope", 1975). Written over the bookings riding the
    /// movement, the inequality stays valid whatever itineraries pricing adds, and a new column of such a
    /// group through the movement joins it. Q is found greedily, groups sorted by (1 − y) / t, where y is
    /// the share of the group on the movement in the LP solution.
    ///
    /// - Complexity: O(*k* log *k*) per capacity row with *k* columns.
    func addViolatedCovers(values: [Double], limit: Int) -> Int {
        var found: [(violation: Double, movement: Int32, groups: Set<Int>, limit: Int)] = []
        for movement in rowOfMovement.keys.sorted() {
            let capacity = network.capacity(of: .init(Int(movement)))
            var share: [Int: Double] = [:]
            for column in columnsOfMovement[movement]! where groups[columns[column].group].members.count == 1 {
                share[columns[column].group, default: 0] += column < values.count ? values[column] : 0
            }
            var cover: [Int] = []
            var weight = 0
            for group in share.keys.filter({ share[$0]! > 1e-6 }).sorted(by: {
                ((1 - share[$0]!) / Double(groups[$0].teu), -groups[$0].teu, $0) < ((1 - share[$1]!) / Double(groups[$1].teu), -groups[$1].teu, $1)
            }) where weight <= capacity {
                cover.append(group)
                weight += groups[group].teu
            }
            guard weight > capacity else { continue }
            // Minimal: drop the groups least on the movement while the rest still overfill it.
            for group in cover.sorted(by: { (share[$0]!, $0) < (share[$1]!, $1) }) where weight - groups[group].teu > capacity {
                cover.removeAll { $0 == group }
                weight -= groups[group].teu
            }
            let largest = cover.map { groups[$0].teu }.max()!
            let extended = Set(cover).union(share.keys.filter { groups[$0].teu >= largest })
            let violation = extended.reduce(0.0, { $0 + share[$1]! }) - Double(cover.count - 1)
            // An approximate solution may violate a cut the program has.
            let isNew = cutsOfMovement[movement, default: []].allSatisfy { cuts[$0].groups != extended }
            if violation > 1e-4 && isNew { found.append((violation, movement, extended, cover.count - 1)) }
        }
        for cut in found.sorted(by: { ($1.violation, $0.movement) < ($0.violation, $1.movement) }).prefix(limit) {
            let row = program.addRows(upperBounds: [Double(cut.limit)]).lowerBound
            program.setName(row: row, "K\(cuts.count + 1):" + name(ofMovement: cut.movement).dropFirst(2))
            program.setEntries(columnsOfMovement[cut.movement]!.filter { cut.groups.contains(columns[$0].group) }.map { ($0, 1.0) }, ofRow: row)
            cutsOfMovement[cut.movement, default: []].append(cuts.count)
            for group in cut.groups { cutsOfGroup[group, default: []].append(cuts.count) }
            cuts.append(Cut(movement: cut.movement, groups: cut.groups, limit: cut.limit, row: row))
        }
        return min(found.count, limit)
    }
}
