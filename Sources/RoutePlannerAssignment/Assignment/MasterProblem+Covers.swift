import Foundation

extension MasterProblem {
    /// Adds the extended cover inequalities that an LP solution violates, at most one per capacity row and
    /// `limit` in all, and returns how many.
    ///
    /// On a movement of capacity C, a set Q of single-booking groups whose TEU together exceed C cannot all
    /// ride it, so at most |Q| − 1 of them do; so too for Q extended by every group at least as large as Q's
    /// largest (Balas, "Facets of the knapsack polytope", 1975). Written over the bookings riding the
    /// movement, the inequality stays valid whatever itineraries pricing adds, and a new column of such a
    /// group through the movement joins it. Q is found greedily, groups sorted by (1 − y) / t, where y is
    /// the share of the group on the movement in the LP solution.
    ///
    /// - Complexity: O(*k* log *k*) per capacity row with *k* columns.
    func addViolatedCovers(_ solution: LPSolution, limit: Int) -> Int {
        var found: [(violation: Double, movement: MovementID, groups: Set<GroupID>, limit: Int)] = []
        for movement in rowOfMovement.keys.sorted() {
            let capacity = capacity(movement)
            var share: [GroupID: Double] = [:]
            for column in columnsOfMovement[movement]! where groups[columns[column].group].members.count == 1 {
                share[columns[column].group, default: 0] += solution.value(of: column)
            }
            var cover: [GroupID] = []
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
            addCut(on: cut.movement, groups: cut.groups, limit: cut.limit)
        }
        return min(found.count, limit)
    }
}
