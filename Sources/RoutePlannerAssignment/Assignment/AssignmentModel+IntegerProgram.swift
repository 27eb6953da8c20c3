import Foundation
import RoutePlanner

extension AssignmentModel {
    /// The most columns a component may have to be solved as one GLPK model; larger ones are improved by
    /// large-neighbourhood search.
    static let largestSeparateComponent = 5_000

    /// The column each booking rides (by position), or `nil`.
    typealias Plan = [Int?]

    /// Whether a plan is within the requested relative gap (or a cent) of a bound.
    func isGoodEnough(_ plan: Plan, bound: Double) -> Bool {
        bound - objective(of: plan) <= max(options.relativeGap * abs(bound), 0.01)
    }

    /// The TEU a plan loads on each movement, counting only the bookings `isCounted` accepts.
    func load(of plan: Plan, counting isCounted: (Int) -> Bool = { _ in true }) -> [Int32: Int] {
        var load: [Int32: Int] = [:]
        for (booking, column) in plan.enumerated() where isCounted(booking) {
            for movement in column.map({ columns[$0].movements }) ?? [] { load[movement, default: 0] += bookings[booking].teu }
        }
        return load
    }

    /// The objective of a plan, or of some of its bookings.
    func objective(of plan: Plan, bookings subset: [Int]? = nil) -> Double {
        guard let subset else { return plan.compactMap { $0 }.reduce(0.0) { $0 + columns[$1].coefficient } }
        return subset.compactMap { plan[$0] }.reduce(0.0) { $0 + columns[$1].coefficient }
    }

    /// Solves the integer program over the generated columns, from quick incumbents to exact re-solves, and
    /// stops as soon as a plan is within the requested gap of `bound`.
    ///
    /// 1. The LP optimum rounded down keeps every row; the bookings it leaves out are placed, largest first.
    /// 2. Those left-out bookings are re-solved exactly by GLPK in the capacity the others leave.
    /// 3. Every independent component is solved by GLPK; a component too large for that is improved by
    ///    large-neighbourhood search instead (``improveByNeighbourhoods(_:groups:bound:deadline:)``).
    ///
    /// Each step replaces a part of the plan only by a better one, so the result is never worse than the
    /// greedy baseline.
    func solveIntegerProgram(converged: Bool, bound: Double, greedy: Plan) -> (choice: Plan, stoppedByTime: Bool) {
        // The last LP solved to optimality; columns priced after it have no value in it.
        let solvedColumns = lpValues.count
        let values = columns.indices.map { $0 < solvedColumns ? lpValues[$0] : 0 }
        let (roundedDown, waiting) = roundedDown(values)
        // Placing the left-out bookings may add columns (and capacity rows), so it comes before the rest.
        let repaired = repairedRounding ?? placing(waiting, on: roundedDown, lpValues: values)
        report("LP rounded and repaired: \(String(format: "%.2f", objective(of: repaired))), \(waiting.count) bookings left out by rounding")
        func isGoodEnough(_ plan: Plan) -> Bool { self.isGoodEnough(plan, bound: bound) }
        var incumbent = objective(of: repaired) >= objective(of: greedy) ? repaired : greedy
        if converged && isGoodEnough(incumbent) { return (incumbent, false) }

        // Components too large to solve whole are left to the neighbourhood search below.
        let residual = reoptimize(repaired, freeing: waiting, deadline: .now + remaining / 2, largest: Self.largestSeparateComponent)
        report("left-out bookings re-solved: \(String(format: "%.2f", objective(of: residual.plan)))")
        if objective(of: residual.plan) > objective(of: incumbent) { incumbent = residual.plan }
        if converged && isGoodEnough(incumbent) { return (incumbent, false) }

        // A component whose share of the converged LP optimum the incumbent reaches is optimal as it is,
        // unless one of its groups has a column the LP did not have.
        var lpShare = [Double](repeating: 0, count: groups.count)
        for (column, value) in values.enumerated() { lpShare[columns[column].group] += value * columns[column].coefficient }
        let whole = reoptimize(
            incumbent, freeing: Array(bookings.indices), deadline: .now + remaining, routesLeftOut: false,
            largest: Self.largestSeparateComponent,
            isSolved: { componentGroups, plan in
                guard converged, !self.lpIsApproximate, componentGroups.allSatisfy({ self.groups[$0].columns.allSatisfy { $0 < solvedColumns } }) else { return false }
                let share = componentGroups.reduce(0.0) { $0 + lpShare[$1] }
                return self.objective(of: plan, bookings: componentGroups.flatMap { self.groups[$0].members }) >= share - 1e-9
            })
        incumbent = whole.plan
        var stoppedByTime = !whole.isComplete
        if !whole.tooLarge.isEmpty {
            let deadline = ContinuousClock.now + remaining
            incumbent = improveByNeighbourhoods(incumbent, groups: whole.tooLarge, bound: bound, deadline: deadline)
            if !isGoodEnough(incumbent) && ContinuousClock.now >= deadline { stoppedByTime = true }
        }
        return (incumbent, stoppedByTime)
    }

    /// The LP solution rounded down, which keeps every row satisfied, and the bookings it leaves out.
    /// Columns priced after the LP have no value in it.
    ///
    /// An approximate solution (``PrimalDualLP``'s) may overfill a movement slightly; on such a movement the
    /// bookings paying least per TEU are left out too, until it fits.
    func roundedDown(_ lpValues: [Double]) -> (plan: Plan, waiting: [Int]) {
        var choice = Plan(repeating: nil, count: bookings.count)
        var waiting: [Int] = []
        // A first-order solution is interior: 0.97 of a column means the column, not nothing.
        let slack = lpIsApproximate ? 0.5 : 1e-9
        for group in groups {
            waiting += place(group.members[...], on: group.columns, in: &choice) { $0 < lpValues.count ? Int((lpValues[$0] + slack).rounded(.down)) : 0 }
        }
        var load = load(of: choice)
        for movement in load.keys.sorted() where load[movement]! > network.capacity(of: .init(Int(movement))) {
            func value(_ booking: Int) -> Double { columns[choice[booking]!].coefficient / Double(bookings[booking].teu) }
            let riding = choice.indices.filter { choice[$0].map { columns[$0].movements.contains(movement) } ?? false }
            for booking in riding.sorted(by: { (value($0), $0) < (value($1), $1) })
            where load[movement]! > network.capacity(of: .init(Int(movement))) {
                for other in columns[choice[booking]!].movements { load[other]! -= bookings[booking].teu }
                choice[booking] = nil
                waiting.append(booking)
            }
        }
        return (choice, waiting)
    }

    /// Puts `count(column)` of a group's `bookings` on each of `columns` in turn, and returns the bookings left.
    private func place(_ bookings: ArraySlice<Int>, on columns: [Int], in plan: inout Plan, count: (Int) -> Int) -> ArraySlice<Int> {
        var bookingsLeft = bookings
        for column in columns {
            let placed = bookingsLeft.prefix(count(column))
            for booking in placed { plan[booking] = column }
            bookingsLeft = bookingsLeft.dropFirst(placed.count)
        }
        return bookingsLeft
    }

    /// The plan with the `waiting` bookings placed, largest first (they are the hardest to fit later; on the
    /// dense benchmark this carries 5% more than ordering by LP value alone), each on its column of highest
    /// LP value that still fits or else routed through the capacity left (a new column).
    func placing(_ waiting: [Int], on plan: Plan, lpValues: [Double]) -> Plan {
        func value(_ column: Int) -> Double { column < lpValues.count ? lpValues[column] : 0 }
        var load = load(of: plan)
        var choice = plan
        func share(_ group: Int) -> Double { groups[group].columns.reduce(0) { $0 + value($1) } / Double(groups[group].members.count) }
        let order = waiting.sorted {
            let (first, second) = (groupOf[$0], groupOf[$1])
            return (-groups[first].teu, -share(first), $0) < (-groups[second].teu, -share(second), $1)
        }
        // Routing through the capacity left is a search per booking: it stops at nine tenths of the time.
        let deadline = started + options.timeLimit * 0.9
        for booking in order {
            let index = groupOf[booking], teu = groups[index].teu
            func fits(_ column: Int) -> Bool {
                columns[column].movements.allSatisfy { load[$0, default: 0] + teu <= network.capacity(of: .init(Int($0))) }
            }
            var chosen = groups[index].columns.sorted { (value($1), columns[$1].coefficient) < (value($0), columns[$0].coefficient) }
                .first(where: fits)
            if chosen == nil, ContinuousClock.now < deadline, let itinerary = residualItinerary(for: groups[index], load: load) {
                // None of its columns fits what is left: route it through the capacity that is left.
                if groups[index].isUnsearched { noteSearched(group: index) }
                addColumn(group: index, itinerary)
                chosen = groups[index].columns.last.flatMap { fits($0) ? $0 : nil }
            }
            guard let column = chosen else { continue }
            choice[booking] = column
            for movement in columns[column].movements { load[movement, default: 0] += teu }
        }
        return choice
    }

    /// The itinerary of a group through the capacity that `load` leaves, steering by the capacity duals of the
    /// last optimal LP.
    ///
    /// A fresh cost array per call measured faster than one kept and patched between calls (1.3 s against
    /// 5.1 s for the dense benchmark's rounding).
    private func residualItinerary(for group: Group, load: [Int32: Int]) -> Itinerary? {
        var costs = [Double](repeating: 0, count: network.movementCount)
        for (movement, dual) in lpDuals { costs[Int(movement)] = dual }
        for (movement, used) in load where used + group.teu > network.capacity(of: .init(Int(movement))) {
            costs[Int(movement)] = .infinity
        }
        for small in smallMovements.prefix(while: { $0.capacity < group.teu }) { costs[Int(small.movement)] = .infinity }
        guard let (itinerary, cost) = try? router.cheapestItinerary(for: group.specification, costs: costs), cost.isFinite else {
            return nil
        }
        return itinerary
    }

    /// Re-solves the `free` bookings exactly, with every other booking kept on its column in `plan`: the free
    /// bookings fall into independent components (no capacity row that could bind joins them), and each is
    /// solved as a GLPK integer program of its own, with presolve and all cuts, in the capacity the kept
    /// bookings leave. A component keeps its part of `plan` unless GLPK finds better.
    ///
    /// - Parameters:
    ///   - routesLeftOut: Whether each group with a free booking that `plan` leaves out first gets the
    ///     itinerary through the capacity the kept bookings leave, if it has no such column yet.
    ///   - largest: Components with more columns are not solved but returned as `tooLarge`.
    ///   - isSolved: Tells, for a component's groups, that `plan` needs no improving there.
    /// - Returns: The plan; whether every component was solved to the requested gap (a GLPK failure on one
    ///   only leaves its part of `plan` as it was); the groups of the components too large to solve.
    func reoptimize(
        _ plan: Plan, freeing free: [Int], deadline: ContinuousClock.Instant, routesLeftOut: Bool = true, largest: Int = .max,
        isSolved: (_ groups: [Int], Plan) -> Bool = { _, _ in false }
    ) -> (plan: Plan, isComplete: Bool, tooLarge: [Int]) {
        var isFree = [Bool](repeating: false, count: bookings.count)
        for booking in free { isFree[booking] = true }
        let used = load(of: plan) { !isFree[$0] }
        func room(_ movement: Int32) -> Int { network.capacity(of: .init(Int(movement))) - used[movement, default: 0] }

        var freeMembers: [Int: [Int]] = [:]
        for booking in free { freeMembers[groupOf[booking], default: []].append(booking) }
        if routesLeftOut {
            for (group, members) in freeMembers.sorted(by: { $0.key < $1.key }) where members.contains(where: { plan[$0] == nil }) {
                // A search per group: none once the deadline has passed.
                guard ContinuousClock.now < deadline else { break }
                if let itinerary = residualItinerary(for: groups[group], load: used) {
                    if groups[group].isUnsearched { noteSearched(group: group) }
                    addColumn(group: group, itinerary)
                }
            }
        }
        // The columns each group could still ride alone, and what the free bookings could load on each movement.
        var usable: [Int: [Int]] = [:]
        var demand: [Int32: Int] = [:]
        for (group, members) in freeMembers {
            let teu = groups[group].teu
            let fitting = groups[group].columns.filter { columns[$0].movements.allSatisfy { room($0) >= teu } }
            guard !fitting.isEmpty else { continue }
            usable[group] = fitting
            for movement in Set(fitting.flatMap { columns[$0].movements }) { demand[movement, default: 0] += teu * members.count }
        }
        // Only the rows that could bind, and the components they join.
        let binding = Set(demand.filter { $0.value > room($0.key) }.keys)
        var groupsOfRow: [Int32: [Int]] = [:]
        for (group, fitting) in usable {
            for movement in Set(fitting.flatMap { columns[$0].movements }) where binding.contains(movement) {
                groupsOfRow[movement, default: []].append(group)
            }
        }
        let components = Self.components(of: usable.keys.sorted(), joinedBy: groupsOfRow.values)

        var result = plan
        var isComplete = true
        var tooLarge: [Int] = []
        var columnsLeft = usable.values.reduce(0) { $0 + $1.count }
        for members in components {
            let componentColumns = members.flatMap { usable[$0]! }
            defer { columnsLeft -= componentColumns.count }
            guard !isSolved(members, result) else { continue }
            guard componentColumns.count <= largest else {
                tooLarge += members
                continue
            }
            let budget = (deadline - .now) * (Double(componentColumns.count) / Double(max(1, columnsLeft)))
            guard budget > .milliseconds(10) else {
                isComplete = false
                continue
            }
            var start: [Int: Int] = [:]
            for group in members { for booking in freeMembers[group]! { if let column = plan[booking] { start[column, default: 0] += 1 } } }
            guard let (status, counts) = try? solveProgram(
                members.map { ($0, freeMembers[$0]!.count) }, columns: componentColumns, room: room, rows: binding,
                start: start, timeLimit: budget)
            else {
                isComplete = false
                continue
            }
            if status != .optimal && status != .gapReached { isComplete = false }
            guard let counts else { continue }
            var candidate = result
            for group in members {
                for booking in freeMembers[group]! { candidate[booking] = nil }
                _ = place(freeMembers[group]![...], on: usable[group]!, in: &candidate) { counts[$0, default: 0] }
            }
            let componentBookings = members.flatMap { freeMembers[$0]! }
            if objective(of: candidate, bookings: componentBookings) > objective(of: result, bookings: componentBookings) + 1e-9 {
                result = candidate
            }
        }
        return (result, isComplete, tooLarge)
    }

    /// One integer program: `count` bookings of each group on the given columns, within `room` on the
    /// movements of `rows`, with `start` (bookings per column) as GLPK's first incumbent where it can take one.
    ///
    /// - Returns: How GLPK ended, and the bookings on each column of its best solution, if it has one.
    private func solveProgram(
        _ members: [(group: Int, count: Int)], columns componentColumns: [Int], room: (Int32) -> Int, rows: Set<Int32>,
        start: [Int: Int], timeLimit: Duration
    ) throws(GLPKError) -> (GLPKProblem.MIPResult.Status, [Int: Int]?) {
        let problem = GLPKProblem(direction: .maximize)
        var groupRow: [Int: Int] = [:]
        for (group, count) in members { groupRow[group] = problem.addRows(upperBounds: [Double(count)]).lowerBound }
        var capacityRow: [Int32: Int] = [:]
        for column in componentColumns {
            for movement in columns[column].movements where rows.contains(movement) && capacityRow[movement] == nil {
                capacityRow[movement] = problem.addRows(upperBounds: [Double(room(movement))]).lowerBound
            }
        }
        for column in componentColumns {
            let group = columns[column].group
            var entries: [(row: Int, value: Double)] = [(groupRow[group]!, 1)]
            for movement in columns[column].movements {
                if let row = capacityRow[movement] { entries.append((row, Double(groups[group].teu))) }
            }
            problem.addColumn(objective: columns[column].coefficient, upper: nil, isInteger: true, entries: entries)
        }
        // GLPK 5.0's MIP presolver aborts the process (glp_add_cols: ncs = 0) when it reduces a model to
        // nothing, which happens to small models; they need no presolving, and without it GLPK takes `start`.
        let presolve = componentColumns.count > 2_000
        let result = try problem.solveMIP(GLPKProblem.MIPOptions(
            timeLimit: timeLimit, relativeGap: options.relativeGap, presolve: presolve,
            incumbent: presolve ? nil : componentColumns.map { Double(start[$0, default: 0]) }))
        guard result.objective != nil else { return (result.status, nil) }
        var counts: [Int: Int] = [:]
        for (local, column) in componentColumns.enumerated() { counts[column] = Int(problem.integerValue(local).rounded()) }
        return (result.status, counts)
    }

    /// The connected components of `groups`, where each list in `links` joins its groups; each component
    /// sorted, the components by their first group.
    static func components(of groups: [Int], joinedBy links: some Sequence<[Int]>) -> [[Int]] {
        var parent: [Int: Int] = Dictionary(uniqueKeysWithValues: groups.map { ($0, $0) })
        func root(_ group: Int) -> Int {
            var group = group
            while parent[group]! != group {
                parent[group] = parent[parent[group]!]!
                group = parent[group]!
            }
            return group
        }
        for link in links {
            guard let first = link.first else { continue }
            for group in link.dropFirst() { parent[root(group)] = root(first) }
        }
        var components: [Int: [Int]] = [:]
        for group in groups.sorted() { components[root(group), default: []].append(group) }
        return components.values.sorted { $0[0] < $1[0] }
    }
}
