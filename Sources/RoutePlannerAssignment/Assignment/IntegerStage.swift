import Foundation
import RoutePlanner

/// The integer stage: maps the columns of a ``MasterProblem`` and an ``LPSolution`` of its relaxation to a
/// plan, the column each booking rides, from quick incumbents to exact re-solves (see ``solve(converged:bound:greedy:rounding:)``).
struct IntegerStage {
    typealias Plan = MasterProblem.Plan
    typealias MovementID = MasterProblem.MovementID
    typealias GroupID = MasterProblem.GroupID
    typealias ColumnID = MasterProblem.ColumnID

    let master: MasterProblem
    let router: Router
    let options: AssignmentOptions
    let budget: AssignmentBudget
    let report: AssignmentProgress
    /// The last LP solution of column generation; columns priced after it have no value in it.
    let solution: LPSolution
    /// The threads that solve independent components side by side (GLPK keeps one environment per thread), and the
    /// neighbourhoods freed at once; at least one.
    var solverWorkers = min(4, ProcessInfo.processInfo.activeProcessorCount)
    /// About how many columns the first neighbourhoods of ``improveByNeighbourhoods(_:groups:bound:deadline:)`` hold;
    /// tests make them small.
    var neighbourhoodColumns = 1_000

    /// The most columns a component may have to be solved as one GLPK model; larger ones are improved by
    /// large-neighbourhood search.
    static let largestSeparateComponent = 5_000

    /// Solves the integer program over the generated columns, from quick incumbents to exact re-solves, and
    /// stops as soon as a plan is within the requested gap of `bound`.
    ///
    /// 1. The LP solution rounded keeps every row; the bookings it leaves out are placed, largest first
    ///    (`rounding`, when column generation computed it already).
    /// 2. Exchanges and ruin and recreate over the columns (``PlanExchanges``), until they stop gaining, for at
    ///    most three quarters of the time left.
    /// 3. The bookings rounding or the exchanges left out are re-solved exactly by GLPK in the capacity the others
    ///    leave.
    /// 4. Every independent component is solved by GLPK; a component too large for that is improved by
    ///    large-neighbourhood search instead (``improveByNeighbourhoods(_:groups:bound:deadline:)``).
    ///
    /// Each step replaces a part of the plan only by a better one, so the result is never worse than the
    /// greedy baseline.
    func solve(converged: Bool, bound: Double, greedy: Plan, rounding: Plan?) -> (plan: Plan, stoppedByTime: Bool) {
        let (roundedPlan, waiting) = rounded()
        // Placing the left-out bookings may add columns (and capacity rows), so it comes before the rest.
        let placed = rounding ?? placing(waiting, on: roundedPlan)
        report("LP rounded and repaired: \(String(format: "%.2f", master.objective(of: placed))), \(waiting.count) bookings left out by rounding")
        func isGoodEnough(_ plan: Plan) -> Bool { self.isGoodEnough(plan, bound: bound) }
        var incumbent = master.objective(of: placed) >= master.objective(of: greedy) ? placed : greedy
        if converged && isGoodEnough(incumbent) { return (incumbent, false) }

        // Exchanges, then ruin and recreate, over the columns there are, until they stop gaining or three quarters
        // of the time left has passed: they find in seconds what the exact steps below find in minutes. A last pass
        // of exchanges places what ruin and recreate left out that fits.
        let end = ContinuousClock.now + budget.remaining * 0.75
        var exchanges = PlanExchanges(master: master, plan: placed)
        exchanges.improve(until: end)
        let goal = converged ? bound - allowedGap(below: bound) : .infinity
        exchanges.ruinAndRecreate(until: end, goal: goal, report: report)
        exchanges.improve(until: end)
        let repaired = exchanges.plan
        report(
            "exchanges and ruin and recreate: \(String(format: "%.2f", master.objective(of: repaired))) (\(exchanges.exchanges) exchanges, \(exchanges.tries) tries)"
        )
        if master.objective(of: repaired) > master.objective(of: incumbent) { incumbent = repaired }
        if converged && isGoodEnough(incumbent) { return (incumbent, false) }

        // The bookings rounding or the exchanges left out; components too large to solve whole are left to the
        // neighbourhood search below.
        let freed = Set(waiting).union(repaired.indices.filter { repaired[$0] == nil }).sorted()
        let residual = reoptimize(repaired, freeing: freed, deadline: .now + budget.remaining / 2, largest: Self.largestSeparateComponent)
        report("left-out bookings re-solved: \(String(format: "%.2f", master.objective(of: residual.plan)))")
        if master.objective(of: residual.plan) > master.objective(of: incumbent) { incumbent = residual.plan }
        if converged && isGoodEnough(incumbent) { return (incumbent, false) }

        // A component whose share of the converged LP optimum the incumbent reaches is optimal as it is,
        // unless one of its groups has a column the LP did not have.
        var lpShare = Table<GroupID, Double>(repeating: 0, count: master.groups.count)
        for (column, details) in zip(master.columns.indices, master.columns) {
            lpShare[details.group] += solution.value(of: column) * details.coefficient
        }
        let whole = reoptimize(
            incumbent, freeing: Array(master.bookings.indices), deadline: budget.end, routesLeftOut: false,
            largest: Self.largestSeparateComponent,
            isSolved: { componentGroups, plan in
                guard converged, !solution.isApproximate,
                    componentGroups.allSatisfy({ master.groups[$0].columns.allSatisfy(solution.has(column:)) })
                else { return false }
                let share = componentGroups.reduce(0.0) { $0 + lpShare[$1] }
                return master.objective(of: plan, bookings: componentGroups.flatMap { master.groups[$0].members }) >= share - 1e-9
            })
        incumbent = whole.plan
        report(
            "components re-solved: \(String(format: "%.2f", master.objective(of: incumbent)))\(whole.isComplete ? "" : " (not all within their time)"), \(whole.tooLarge.count) groups in parts too large for one program"
        )
        var stoppedByTime = !whole.isComplete
        if !whole.tooLarge.isEmpty {
            incumbent = improveByNeighbourhoods(incumbent, groups: whole.tooLarge, bound: bound, deadline: budget.end)
            if !isGoodEnough(incumbent) && ContinuousClock.now >= budget.end { stoppedByTime = true }
        }
        return (incumbent, stoppedByTime)
    }

    /// Whether a plan is within the requested relative gap (or a cent) of a bound.
    func isGoodEnough(_ plan: Plan, bound: Double) -> Bool {
        bound - master.objective(of: plan) <= allowedGap(below: bound)
    }

    /// How far below a bound a plan may stay: the requested relative gap of it, or a cent.
    func allowedGap(below bound: Double) -> Double { max(options.relativeGap * abs(bound), 0.01) }

    /// The LP solution rounded, with the bookings rounding leaves out placed (``placing(_:on:)``).
    func roundedAndRepaired() -> Plan {
        let (plan, waiting) = rounded()
        return placing(waiting, on: plan)
    }

    /// The LP solution rounded down, which keeps every row, and the bookings it leaves out.
    ///
    /// An approximate solution (``PrimalDualLP``'s) may overfill a movement slightly; on such a movement the
    /// bookings paying least per TEU are left out too, until it fits. (Rounding an approximate solution to
    /// the nearest instead, since it is interior, was measured worse: on the dense benchmark it left 3,448
    /// bookings to place instead of 9,014, but the plan carried 71,523 TEU instead of 72,307, because the
    /// columns it kept at half a booking blocked better ones.)
    func rounded() -> (plan: Plan, waiting: [Int]) {
        let bookings = master.bookings, columns = master.columns
        var choice = Plan(repeating: nil, count: bookings.count)
        var waiting: [Int] = []
        for group in master.groups {
            waiting += place(group.members[...], on: group.columns, in: &choice) { Int((solution.value(of: $0) + 1e-9).rounded(.down)) }
        }
        var load = master.load(of: choice)
        for movement in load.keys.sorted() where !load[movement]!.fits(in: master.limit(movement)) {
            func value(_ booking: Int) -> Double { columns[choice[booking]!].coefficient / Double(bookings[booking].teu) }
            let riding = choice.indices.filter { choice[$0].map { columns[$0].movements.contains(movement) } ?? false }
            for booking in riding.sorted(by: { (value($0), $0) < (value($1), $1) }) where !load[movement]!.fits(in: master.limit(movement)) {
                for other in columns[choice[booking]!].movements { load[other]! -= master.groups[master.groupOf[booking]].demand }
                choice[booking] = nil
                waiting.append(booking)
            }
        }
        return (choice, waiting)
    }

    /// Puts `count(column)` of a group's `bookings` on each of `columns` in turn, and returns the bookings left.
    private func place(_ bookings: ArraySlice<Int>, on columns: [ColumnID], in plan: inout Plan, count: (ColumnID) -> Int) -> ArraySlice<Int> {
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
    /// LP value that still fits or else, until ``AssignmentBudget/placingEnd``, routed through the capacity
    /// left (a new column).
    func placing(_ waiting: [Int], on plan: Plan) -> Plan {
        let groups = master.groups
        var load = master.load(of: plan)
        var residual = ResidualCosts(master: master, duals: solution.capacityDuals, load: load)
        var choice = plan
        func share(_ group: GroupID) -> Double { groups[group].columns.reduce(0) { $0 + solution.value(of: $1) } / Double(groups[group].members.count) }
        let order = waiting.sorted {
            let (first, second) = (master.groupOf[$0], master.groupOf[$1])
            return (-groups[first].teu, -share(first), $0) < (-groups[second].teu, -share(second), $1)
        }
        for booking in order {
            let index = master.groupOf[booking], demand = master.groups[index].demand
            func fits(_ column: ColumnID) -> Bool { master.fits(index, on: column, with: load) }
            var chosen = master.groups[index].columns
                .sorted { (solution.value(of: $1), master.columns[$1].coefficient) < (solution.value(of: $0), master.columns[$0].coefficient) }
                .first(where: fits)
            if chosen == nil, ContinuousClock.now < budget.placingEnd,
                let itinerary = residual.itinerary(for: master.groups[index], router: router)
            {
                // None of its columns fits what is left: route it through the capacity that is left.
                master.groups[index].isUnsearched = false
                master.addColumn(group: index, itinerary)
                chosen = master.groups[index].columns.last.flatMap { fits($0) ? $0 : nil }
            }
            guard let column = chosen else { continue }
            choice[booking] = column
            for movement in master.columns[column].movements { load[movement, default: Load()] += demand }
            residual.loaded(master.columns[column].movements, load: load)
        }
        return choice
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
    ///   only leaves its part of `plan` as it was), and the groups of those that were not; the groups of the
    ///   components too large to solve.
    func reoptimize(
        _ plan: Plan, freeing free: [Int], deadline: ContinuousClock.Instant, routesLeftOut: Bool = true, largest: Int = .max,
        isSolved: (_ groups: [GroupID], Plan) -> Bool = { _, _ in false }
    ) -> (plan: Plan, isComplete: Bool, unfinished: Set<GroupID>, tooLarge: [GroupID]) {
        var isFree = [Bool](repeating: false, count: master.bookings.count)
        for booking in free { isFree[booking] = true }
        let used = master.load(of: plan) { !isFree[$0] }
        func room(_ movement: MovementID) -> Load { master.limit(movement) - used[movement, default: Load()] }

        var freeMembers: [GroupID: [Int]] = [:]
        for booking in free { freeMembers[master.groupOf[booking], default: []].append(booking) }
        if routesLeftOut {
            var residual: ResidualCosts?
            for (group, members) in freeMembers.sorted(by: { $0.key < $1.key }) where members.contains(where: { plan[$0] == nil }) {
                // A search per group: none once the deadline has passed.
                guard ContinuousClock.now < deadline else { break }
                if residual == nil { residual = ResidualCosts(master: master, duals: solution.capacityDuals, load: used) }
                if let itinerary = residual!.itinerary(for: master.groups[group], router: router) {
                    master.groups[group].isUnsearched = false
                    master.addColumn(group: group, itinerary)
                }
            }
        }
        // The columns each group could still ride alone, and what the free bookings could load on each movement
        // (read after the routes above added theirs).
        let groups = master.groups, columnsNow = master.columns
        var usable: [GroupID: [ColumnID]] = [:]
        var demand: [MovementID: Load] = [:]
        for (group, members) in freeMembers {
            let needs = groups[group].demand
            let fitting = groups[group].columns.filter { columnsNow[$0].movements.allSatisfy { needs.fits(in: room($0)) } }
            guard !fitting.isEmpty else { continue }
            usable[group] = fitting
            for movement in Set(fitting.flatMap { columnsNow[$0].movements }) { demand[movement, default: Load()] += needs * members.count }
        }
        // Only the rows that could bind, and the components they join.
        let binding = Set(demand.filter { !$0.value.fits(in: room($0.key)) }.keys)
        var groupsOfRow: [MovementID: [GroupID]] = [:]
        for (group, fitting) in usable {
            for movement in Set(fitting.flatMap { columnsNow[$0].movements }) where binding.contains(movement) {
                groupsOfRow[movement, default: []].append(group)
            }
        }
        let components = Self.components(of: usable.keys.sorted(), joinedBy: groupsOfRow.values)

        // The components to solve; a component's bookings are its own, so whether `plan` needs no improving there
        // does not depend on the others.
        var programs: [Program] = []
        var tooLarge: [GroupID] = []
        for members in components where !isSolved(members, plan) {
            let componentColumns = members.flatMap { usable[$0]! }
            guard componentColumns.count <= largest else {
                tooLarge += members
                continue
            }
            var start: [ColumnID: Int] = [:]
            for group in members { for booking in freeMembers[group]! { if let column = plan[booking] { start[column, default: 0] += 1 } } }
            programs.append(Program(members: members.map { ($0, freeMembers[$0]!.count) }, columns: componentColumns, start: start))
        }
        let outcomes = solvePrograms(programs, room: room, rows: binding, until: deadline)

        // Each component keeps its part of `plan` unless GLPK found better; no row that could bind joins two, so the
        // parts fit together.
        var result = plan
        var unfinished = Set<GroupID>()
        for (program, outcome) in zip(programs, outcomes) {
            guard let (status, counts) = outcome else {
                unfinished.formUnion(program.members.map(\.group))
                continue
            }
            if status != .optimal && status != .gapReached { unfinished.formUnion(program.members.map(\.group)) }
            guard let counts else { continue }
            var candidate = result
            for (group, _) in program.members {
                for booking in freeMembers[group]! { candidate[booking] = nil }
                _ = place(freeMembers[group]![...], on: usable[group]!, in: &candidate) { counts[$0, default: 0] }
            }
            let componentBookings = program.members.flatMap { freeMembers[$0.group]! }
            if master.objective(of: candidate, bookings: componentBookings) > master.objective(of: result, bookings: componentBookings) + 1e-9 {
                result = candidate
            }
        }
        return (result, unfinished.isEmpty, unfinished, tooLarge)
    }

    /// One component's integer program: how many bookings of each group, on which columns, and the bookings per
    /// column of the plan it improves.
    struct Program {
        var members: [(group: GroupID, count: Int)]
        var columns: [ColumnID]
        var start: [ColumnID: Int]
    }

    /// How GLPK ended a program, and the bookings on each column of its best solution, if it has one.
    typealias ProgramOutcome = (status: GLPKProblem.MIPResult.Status, counts: [ColumnID: Int]?)

    /// Solves independent programs on ``solverWorkers`` threads (one where GLPK was built without thread-local
    /// storage, and so is not thread-safe), largest first, each within its share (by columns) of the time its
    /// thread has left until `deadline`.
    ///
    /// A time-limited solve can end otherwise on another number of threads, where a program's share differs; what
    /// GLPK solves within its time does not depend on them.
    ///
    /// - Returns: Per program, in order, its outcome; `nil` where GLPK failed, the program's share of the time was
    ///   too short to start, or the deadline passed (or the task was cancelled) before it started.
    private func solvePrograms(
        _ programs: [Program], room: @escaping (MovementID) -> Load, rows: Set<MovementID>, until deadline: ContinuousClock.Instant
    ) -> [ProgramOutcome?] {
        var outcomes = [ProgramOutcome?](repeating: nil, count: programs.count)
        let order = programs.indices.sorted { (programs[$1].columns.count, $0) < (programs[$0].columns.count, $1) }
        let workers = GLPKProblem.isThreadSafe ? max(1, min(solverWorkers, programs.count)) : 1
        outcomes.withUnsafeMutableBufferPointer { outcomes in
            // The master is only read while the programs are solved.
            nonisolated(unsafe) let (stage, outcomes, room) = (self, outcomes, room)
            _ = Workers.run(workers, over: order.count, until: deadline) { worker in
                var columnsLeft = stride(from: worker, to: order.count, by: workers).reduce(0) { $0 + programs[order[$1]].columns.count }
                return { position in
                    let program = programs[order[position]]
                    defer { columnsLeft -= program.columns.count }
                    let limit = (deadline - .now) * (Double(program.columns.count) / Double(max(1, columnsLeft)))
                    guard limit > .milliseconds(10) else { return }
                    outcomes[order[position]] = try? stage.solveProgram(
                        program.members, columns: program.columns, room: room, rows: rows, start: program.start, timeLimit: limit)
                }
            }
        }
        return outcomes
    }

    /// One integer program: `count` bookings of each group on the given columns, within `room` on the
    /// movements of `rows`, with `start` (bookings per column) as GLPK's first incumbent where it can take one.
    private func solveProgram(
        _ members: [(group: GroupID, count: Int)], columns componentColumns: [ColumnID], room: (MovementID) -> Load,
        rows: Set<MovementID>, start: [ColumnID: Int], timeLimit: Duration
    ) throws(GLPKError) -> ProgramOutcome {
        let columns = master.columns, groups = master.groups
        let problem = GLPKProblem(direction: .maximize)
        var groupRow: [GroupID: Int] = [:]
        for (group, count) in members { groupRow[group] = problem.addRows(upperBounds: [Double(count)]).lowerBound }
        // A row per binding movement for its TEU, and for its weight (in tonnes, as the master's rows) and plugs
        // where it limits them.
        let measures: [(Load) -> Double] = [{ Double($0.teu) }, { $0.inRow(.weight) }, { $0.inRow(.plugs) }]
        var capacityRows: [MovementID: [Int?]] = [:]
        for column in componentColumns {
            for movement in columns[column].movements where rows.contains(movement) && capacityRows[movement] == nil {
                let left = room(movement)
                capacityRows[movement] = measures.map { measure in
                    measure(left) >= Double(Int32.max) ? nil : problem.addRows(upperBounds: [measure(left)]).lowerBound
                }
            }
        }
        for column in componentColumns {
            let group = columns[column].group
            var entries: [(row: Int, value: Double)] = [(groupRow[group]!, 1)]
            for movement in columns[column].movements {
                for (row, measure) in zip(capacityRows[movement] ?? [], measures) {
                    if let row, measure(groups[group].demand) > 0 { entries.append((row, measure(groups[group].demand))) }
                }
            }
            problem.addColumn(objective: columns[column].coefficient, upper: nil, isInteger: true, entries: entries)
        }
        // GLPK 5.0's MIP presolver aborts the process (glp_add_cols: ncs = 0) when it reduces a model to
        // nothing, which happens to small models; they need no presolving, and without it GLPK takes `start`.
        let presolve = componentColumns.count > 2_000
        let result = try problem.solveMIP(
            GLPKProblem.MIPOptions(
                timeLimit: timeLimit, relativeGap: options.relativeGap, presolve: presolve,
                incumbent: presolve ? nil : componentColumns.map { Double(start[$0, default: 0]) }))
        guard result.objective != nil else { return (result.status, nil) }
        var counts: [ColumnID: Int] = [:]
        for (local, column) in componentColumns.enumerated() { counts[column] = Int(problem.integerValue(local).rounded()) }
        return (result.status, counts)
    }

    /// The connected components of `groups`, where each list in `links` joins its groups; each component
    /// sorted, the components by their first group.
    static func components<Group: Hashable & Comparable>(of groups: [Group], joinedBy links: some Sequence<[Group]>) -> [[Group]] {
        var parent: [Group: Group] = Dictionary(uniqueKeysWithValues: groups.map { ($0, $0) })
        func root(_ group: Group) -> Group {
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
        var components: [Group: [Group]] = [:]
        for group in groups.sorted() { components[root(group), default: []].append(group) }
        return components.values.sorted { $0[0] < $1[0] }
    }
}
