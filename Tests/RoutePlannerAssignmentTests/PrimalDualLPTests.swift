@testable import RoutePlannerAssignment
import RoutePlannerTestSupport
import Testing

/// The first-order LP solver against GLPK's simplex method on small random packing LPs.
@Suite struct PrimalDualLPTests {
    /// A packing LP shaped like the assignment's: groups of columns, each group taking at most n_g over
    /// its columns, and capacity rows with non-negative entries.
    struct Instance {
        var groupLimits: [Double]
        var capacities: [Double]
        var columns: [(group: Int, objective: Double, entries: [(row: Int, value: Double)])]

        init(seed: UInt64) {
            var generator = SplitMix64(seed: seed)
            groupLimits = (0..<Int.random(in: 1...6, using: &generator)).map { _ in Double(Int.random(in: 1...3, using: &generator)) }
            capacities = (0..<Int.random(in: 1...5, using: &generator)).map { _ in Double(Int.random(in: 1...8, using: &generator)) }
            var columns: [(group: Int, objective: Double, entries: [(row: Int, value: Double)])] = []
            for group in groupLimits.indices {
                let size = Double(Int.random(in: 1...4, using: &generator))
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    let rows = capacities.indices.filter { _ in Bool.random(using: &generator) }
                    columns.append((group, Double(Int.random(in: 1...10, using: &generator)), rows.map { ($0, size) }))
                }
            }
            self.columns = columns
        }

        /// The LP's columns, rows numbered groups first.
        var lpColumns: [PrimalDualLP.Column] {
            columns.map { PrimalDualLP.Column(objective: $0.objective, entries: [($0.group, 1)] + $0.entries.map { ($0.row + groupLimits.count, $0.value) }) }
        }

        /// The Lagrangian bound of the capacity duals `y`, valid for any y ≥ 0.
        func bound(_ y: [Double]) -> Double {
            var best = [Double](repeating: 0, count: groupLimits.count)
            for column in columns {
                let cost = column.entries.reduce(0) { $0 + y[$1.row + groupLimits.count] * $1.value }
                best[column.group] = max(best[column.group], column.objective - cost)
            }
            return zip(capacities, y[groupLimits.count...]).reduce(0) { $0 + $1.0 * $1.1 } + zip(groupLimits, best).reduce(0) { $0 + $1.0 * $1.1 }
        }
    }

    @Test func matchesTheSimplexMethodOnSmallLPs() throws {
        for seed in UInt64(0)..<500 {
            let instance = Instance(seed: seed)
            let context = Comment(rawValue: "seed \(seed)")
            let simplex = GLPKProblem(direction: .maximize)
            simplex.addRows(upperBounds: instance.groupLimits + instance.capacities)
            for column in instance.lpColumns { simplex.addColumn(objective: column.objective, upper: nil, entries: column.entries) }
            #expect(try simplex.solveLP(timeLimit: .seconds(5)) == .optimal, context)
            let optimum = simplex.lpObjective

            let rowBounds = instance.groupLimits + instance.capacities
            let (x, y) = PrimalDualLP(rowBounds: rowBounds, columns: instance.lpColumns).solve(iterations: 20_000)
            let tolerance = 1e-3 * max(1, optimum)
            let objective = zip(x, instance.lpColumns).reduce(0) { $0 + $1.0 * $1.1.objective }
            #expect(abs(objective - optimum) <= tolerance, context)
            #expect(x.allSatisfy { $0 >= 0 } && y.allSatisfy { $0 >= 0 }, context)
            var activity = [Double](repeating: 0, count: rowBounds.count)
            for (value, column) in zip(x, instance.lpColumns) { for (row, entry) in column.entries { activity[row] += entry * value } }
            for row in rowBounds.indices { #expect(activity[row] <= rowBounds[row] + tolerance, context) }
            // The duals bound the LP from above, and closely.
            let bound = instance.bound(y)
            #expect(bound >= optimum - 1e-9 && bound <= optimum + tolerance, context)
        }
    }

    @Test func startsFromAGivenSolution() {
        let instance = Instance(seed: 11)
        let lp = PrimalDualLP(rowBounds: instance.groupLimits + instance.capacities, columns: instance.lpColumns)
        let first = lp.solve(iterations: 20_000)
        // From the solution it found, a few more iterations keep it there.
        let again = lp.solve(iterations: 64, x: first.x, y: first.y)
        #expect(abs(instance.bound(again.y) - instance.bound(first.y)) < 1e-3 * max(1, instance.bound(first.y)))
    }
}
