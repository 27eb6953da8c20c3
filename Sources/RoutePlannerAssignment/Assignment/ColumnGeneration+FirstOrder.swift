import Foundation

extension ColumnGeneration {
    /// Goes on with the rounds as ``run()`` does, but with each round's LP solved approximately by
    /// ``PrimalDualLP``, from the previous round's primal values and duals.
    ///
    /// Pricing under the approximate duals still gives a valid Lagrangian bound, and adds the itineraries
    /// that pay. Once none pays, a round adds the covers the current solution violates, and the rounds after
    /// it re-solve and price until no itinerary pays again, so cuts are always separated from a solution of
    /// the current LP. Cuts end when none is violated, when such a cycle lowers the bound by less than
    /// 0.01%, or when the time for them is spent.
    ///
    /// - Complexity: ``iterationsPerRound`` iterations of O(*z*) for *z* non-zeros in the program, and one
    ///   pricing, per round.
    mutating func runFirstOrder(bound: Double, rounds: inout Int, converged: Bool) -> (bound: Double, converged: Bool) {
        var bound = bound
        var converged = converged
        // The last optimal simplex solution, if any, is the start; else the given one (the greedy plan).
        var values = solution.values.isEmpty ? firstOrderStart : solution.values
        var duals = [Double](repeating: 0, count: master.program.rowCount)
        for (movement, dual) in solution.capacityDuals { duals[master.rowOfMovement[movement]!] = dual }
        var isSolved = false
        var boundBeforeCuts: Double?
        while true {
            let roundsEnd = budget.roundsEnd(hasCuts: converged)
            guard ContinuousClock.now < roundsEnd, !Task.isCancelled else { return (bound, converged) }
            if converged && isSolved {
                guard wantsCuts(bound: bound) else { return (bound, converged) }
                guard master.addViolatedCovers(solution, limit: Self.cutsPerRound) > 0 else { return (bound, converged) }
                boundBeforeCuts = bound
            }
            rounds += 1
            let roundStart = ContinuousClock.now
            // Each column's entries in the capacity and cut rows, for the solve and the group prices.
            let entries = master.columns.map { master.capacityAndCutEntries(group: $0.group, movements: $0.movements) }
            let solved = solveFirstOrder(entries: entries, from: values, duals: duals, until: roundsEnd)
            // A diverging solve (which the step size should prevent) would give no bound and no solution.
            guard solved.values.allSatisfy(\.isFinite), solved.duals.allSatisfy(\.isFinite) else { return (bound, converged) }
            (values, duals) = solved
            solution = LPSolution(values: values, capacityDuals: master.rowOfMovement.mapValues { duals[$0] }, isApproximate: true)
            rounding = nil
            let lpTime = ContinuousClock.now - roundStart
            let prices = groupPrices(entries: entries, duals: duals)
            let groupCount = master.groups.count
            let (roundBound, added, isComplete) = price(
                duals: { $0 < groupCount ? prices[$0] : duals[$0] }, addingColumns: true, until: roundsEnd)
            bound = min(bound, roundBound)
            guard isComplete else { return (bound, converged) }
            let objective = zip(values, master.columns).reduce(0) { $0 + $1.0 * $1.1.coefficient }
            report(
                "round \(rounds): LP ≈ \(String(format: "%.2f", objective)), bound \(String(format: "%.2f", bound)), \(added) itineraries added, \(master.cuts.count) cuts (first-order LP \(AssignmentProgress.seconds(lpTime)), pricing \(AssignmentProgress.seconds(ContinuousClock.now - roundStart - lpTime)))"
            )
            isSolved = added == 0
            guard isSolved else { continue }
            converged = true
            // Cuts have stopped paying when a cycle of them barely lowers the bound.
            if let before = boundBeforeCuts, before - bound < 1e-4 * abs(before) { return (bound, converged) }
        }
    }

    /// The iterations of ``PrimalDualLP`` per round.
    static let iterationsPerRound = 4_000

    /// The program's LP, with the columns' capacity and cut `entries`, solved by ``PrimalDualLP`` from
    /// `values` and `duals` (padded with zeros for the columns and rows added since), stopping at `deadline`.
    private func solveFirstOrder(
        entries: [[(row: Int, value: Double)]], from values: [Double], duals: [Double], until deadline: ContinuousClock.Instant
    ) -> (values: [Double], duals: [Double]) {
        let columns = master.columns, rowCount = master.program.rowCount
        let lp = PrimalDualLP(
            rowBounds: master.rowBounds,
            columns: zip(columns, entries).map { column, entries in
                PrimalDualLP.Column(objective: column.coefficient, entries: [(column.group.row, 1)] + entries)
            })
        let solution = lp.solve(
            iterations: Self.iterationsPerRound, x: values + Array(repeating: 0, count: columns.count - values.count),
            y: duals + Array(repeating: 0, count: rowCount - duals.count), until: deadline)
        return (solution.x, solution.y)
    }

    /// For each group's row, the highest reduced cost of its columns under the duals of the capacity and cut rows
    /// (the columns' `entries` in them), or 0 when none is positive: the best dual of the group's row for
    /// those duals.
    private func groupPrices(entries: [[(row: Int, value: Double)]], duals: [Double]) -> [Double] {
        var prices = [Double](repeating: 0, count: master.groups.count)
        for (column, entries) in zip(master.columns, entries) {
            let cost = entries.reduce(0) { $0 + duals[$1.row] * $1.value }
            prices[column.group.row] = max(prices[column.group.row], column.coefficient - cost)
        }
        return prices
    }
}
