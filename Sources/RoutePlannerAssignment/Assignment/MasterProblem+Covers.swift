import Foundation

extension MasterProblem {
    /// Adds the extended cover inequalities that an LP solution violates, at most one per capacity row and
    /// `limit` in all, and returns how many.
    ///
    /// On a movement of capacity C (in TEU, or in weight or reefer plugs where it has such a row), a set Q of
    /// single-booking groups whose TEU (weight, plugs) together exceed C cannot all ride it, so at most |Q| − 1 of
    /// them do; so too for Q extended by every group at least as large as Q's
    /// largest (Balas, "Facets of the knapsack polytope", 1975). Written over the bookings riding the
    /// movement, the inequality stays valid whatever itineraries pricing adds, and a new column of such a
    /// group through the movement joins it. Q is found greedily, groups sorted by (1 − y) / t, where y is
    /// the share of the group on the movement in the LP solution.
    ///
    /// - Complexity: O(*k* log *k*) per capacity row with *k* columns.
    func addViolatedCovers(_ solution: LPSolution, limit: Int) -> Int {
        var found: [(violation: Double, movement: MovementID, groups: Set<GroupID>, limit: Int)] = []
        // Each capacity row: its movement, what each group takes of it, and the capacity.
        let measures: [(Load) -> Int] = [\.teu, \.kilograms, \.plugs]
        var rows: [(movement: MovementID, measure: (Load) -> Int)] = rowOfMovement.keys.sorted().map { ($0, measures[0]) }
        for movement in limitRowsOfMovement.keys.sorted() {
            for (measure, _) in limitRowsOfMovement[movement]! { rows.append((movement, measure == .weight ? measures[1] : measures[2])) }
        }
        for (movement, measure) in rows {
            let capacity = measure(self.limit(movement))
            func size(_ group: GroupID) -> Int { measure(groups[group].demand) }
            var share: [GroupID: Double] = [:]
            for column in columnsOfMovement[movement]! where groups[columns[column].group].members.count == 1 && size(columns[column].group) > 0 {
                share[columns[column].group, default: 0] += solution.value(of: column)
            }
            var cover: [GroupID] = []
            var weight = 0
            for group in share.keys.filter({ share[$0]! > 1e-6 }).sorted(by: {
                ((1 - share[$0]!) / Double(size($0)), -size($0), $0) < ((1 - share[$1]!) / Double(size($1)), -size($1), $1)
            }) where weight <= capacity {
                cover.append(group)
                weight += size(group)
            }
            guard weight > capacity else { continue }
            // Minimal: drop the groups least on the movement while the rest still overfill it.
            for group in cover.sorted(by: { (share[$0]!, $0) < (share[$1]!, $1) }) where weight - size(group) > capacity {
                cover.removeAll { $0 == group }
                weight -= size(group)
            }
            let largest = cover.map(size).max()!
            let extended = Set(cover).union(share.keys.filter { size($0) >= largest })
            let violation = extended.reduce(0.0, { $0 + share[$1]! }) - Double(cover.count - 1)
            // An approximate solution may violate a cut the program has.
            let isNew = cutsOfMovement[movement, default: []].allSatisfy { cuts[$0].groups != extended }
            if violation > 1e-4 && isNew { found.append((violation, movement, extended, cover.count - 1)) }
        }
        for cut in found.sorted(by: { ($1.violation, $0.movement) < ($0.violation, $1.movement) }).prefix(limit) {
            addCut(on: cut.movement, groups: cut.groups, limit: cut.limit)
        }
        return min(found.count, limit)
    }
}
