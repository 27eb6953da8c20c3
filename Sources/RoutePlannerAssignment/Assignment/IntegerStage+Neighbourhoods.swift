import Foundation

extension IntegerStage {
    /// Improves a plan on groups too many to solve as one integer program, by large-neighbourhood search
    /// (Shaw, "Using constraint programming and local search methods to solve vehicle routing problems",
    /// CP 1998): free the bookings of a few related groups, re-solve them exactly with everything else kept
    /// (``reoptimize(_:freeing:deadline:routesLeftOut:largest:isSolved:)``), keep what improves, repeat.
    ///
    /// A neighbourhood starts at a group with a booking not carried, since only those can add revenue, and
    /// grows breadth first through the groups that block it (their columns ride a movement too full to take
    /// one more booking of the group), then through any shared capacity row, until it holds about `size`
    /// columns (``neighbourhoodColumns`` at first). As many neighbourhoods as there are ``solverWorkers`` are freed
    /// at once, each from its own seed and without the groups of those before it: where no row that could bind
    /// joins them, they are independent components, which the re-solve solves side by side, all within
    /// ``AssignmentBudget/neighbourhoodLimit``. After a pass over every such group without a gain, or when GLPK
    /// solves a batch in an eighth of that limit, they grow; when GLPK runs out of time on one, they shrink. A
    /// neighbourhood that holds a whole connected part (meeting no other neighbourhood's group) and is solved to
    /// the gap finishes that part. The search ends at the requested gap, at the deadline, or when every part is
    /// finished or has all its bookings carried.
    ///
    /// - Complexity: Each neighbourhood costs O(*b* · *l*) to set up for *b* bookings of *l* legs, plus GLPK.
    func improveByNeighbourhoods(_ plan: Plan, groups searched: [GroupID], bound: Double, deadline: ContinuousClock.Instant) -> Plan {
        var plan = plan
        let isSearched = Set(searched)
        // The groups linked by each capacity row, built again when re-solves add columns.
        var neighbours: [MovementID: [GroupID]] = [:]
        var linkedColumns = -1
        var size = neighbourhoodColumns
        var seedPosition = 0
        var gainedThisPass = false
        var neighbourhoods = 0
        // Groups whose whole connected part a neighbourhood held and GLPK solved: nothing left to improve there.
        var solved = Set<GroupID>()
        while ContinuousClock.now < deadline && !Task.isCancelled && !isGoodEnough(plan, bound: bound) {
            // The groups with a booking not carried, largest bookings first.
            let seeds = searched.filter { group in
                !solved.contains(group) && !master.groups[group].columns.isEmpty && master.groups[group].members.contains { plan[$0] == nil }
            }
            .sorted { (master.groups[$1].teu, $0) < (master.groups[$0].teu, $1) }
            guard !seeds.isEmpty else { break }
            if seedPosition >= seeds.count {
                seedPosition = 0
                if !gainedThisPass { size = size * 3 / 2 }
                gainedThisPass = false
            }

            if linkedColumns != master.columns.count {
                neighbours = [:]
                for (movement, rowColumns) in master.columnsOfMovement
                where master.rowOfMovement[movement] != nil || master.limitRowsOfMovement[movement] != nil {
                    let linked = Set(rowColumns.map { master.columns[$0].group }).filter(isSearched.contains)
                    if linked.count > 1 { neighbours[movement] = linked.sorted() }
                }
                linkedColumns = master.columns.count
            }
            let load = master.load(of: plan)
            // The next seeds of the pass, each not in a neighbourhood grown before it this time.
            var taken = Set<GroupID>()
            var grown: [(groups: [GroupID], isClosed: Bool)] = []
            while grown.count < max(1, solverWorkers) && seedPosition < seeds.count {
                let seed = seeds[seedPosition]
                seedPosition += 1
                guard !taken.contains(seed) else { continue }
                let neighbourhood = grow(from: seed, size: size, load: load, neighbours: neighbours, taken: &taken)
                grown.append(neighbourhood)
            }
            let chosen = grown.flatMap(\.groups)
            let before = master.objective(of: plan)
            let start = ContinuousClock.now
            let limit = min(deadline - start, AssignmentBudget.neighbourhoodLimit)
            let result = reoptimize(plan, freeing: chosen.flatMap { master.groups[$0].members }, deadline: start + limit)
            plan = result.plan
            for neighbourhood in grown where neighbourhood.isClosed && neighbourhood.groups.allSatisfy({ !result.unfinished.contains($0) }) {
                solved.formUnion(neighbourhood.groups)
            }
            neighbourhoods += grown.count
            if master.objective(of: plan) > before + 1e-9 { gainedThisPass = true }
            if !result.isComplete {
                size = max(200, size * 2 / 3)
            } else if ContinuousClock.now - start < limit / 8 {
                size = min(master.columns.count, size * 5 / 4)
            }
            if neighbourhoods / 20 != (neighbourhoods - grown.count) / 20 {
                report("neighbourhood \(neighbourhoods) (\(chosen.count) groups): \(String(format: "%.2f", master.objective(of: plan)))")
            }
        }
        return plan
    }

    /// A neighbourhood of `seed`, breadth first through the capacity rows (`neighbours`) until it holds about `size`
    /// columns: first through the movements too full under `load` to take one more of a group's bookings (the
    /// groups there block it), then, if that closes early, through every shared row. Groups in `taken` (other
    /// neighbourhoods') are left out; the neighbourhood's are added to it.
    ///
    /// - Returns: The neighbourhood's groups, seed first, and whether it holds all that its rows link: it closed
    ///   before reaching `size` without meeting a group of another neighbourhood.
    private func grow(
        from seed: GroupID, size: Int, load: [MovementID: Load], neighbours: [MovementID: [GroupID]], taken: inout Set<GroupID>
    ) -> (groups: [GroupID], isClosed: Bool) {
        var chosen: [GroupID] = [seed]
        var own: Set<GroupID> = [seed]
        taken.insert(seed)
        var meetsOthers = false
        var columnCount = master.groups[seed].columns.count
        for onlyBlocking in [true, false] {
            var next = 0
            while next < chosen.count {
                let group = chosen[next]
                next += 1
                let movements = Set(master.groups[group].columns.flatMap { master.columns[$0].movements }).filter {
                    !onlyBlocking || !(load[$0, default: Load()] + master.groups[group].demand).fits(in: master.limit($0))
                }
                for movement in movements.sorted() {
                    for neighbour in neighbours[movement] ?? [] where !own.contains(neighbour) {
                        guard taken.insert(neighbour).inserted else {
                            meetsOthers = true
                            continue
                        }
                        own.insert(neighbour)
                        chosen.append(neighbour)
                        columnCount += master.groups[neighbour].columns.count
                        if columnCount >= size { return (chosen, false) }
                    }
                }
            }
        }
        return (chosen, !meetsOthers)
    }
}
