/// A first-order solver for the packing LP `maximise c·x subject to A x ≤ b, x ≥ 0`: the primal-dual hybrid
/// gradient method (Chambolle and Pock, "A first-order primal-dual algorithm for convex problems with
/// applications to imaging", 2011) with the enhancements of PDLP (Applegate et al., "Practical large-scale
/// linear programming using primal-dual hybrid gradient", NeurIPS 2021): Ruiz equilibration of A, restarts
/// to the average of the iterates, and an adaptive primal weight.
///
/// Each iteration costs two products with A, so no basis is factorised and no degenerate pivot is made. On
/// the dense assignment benchmark a few thousand iterations bring it to within 0.01% of the optimum of an
/// LP that GLPK's simplex method re-solves in minutes after a round of cuts. The solution is approximate:
/// use the duals for a Lagrangian bound, which is valid for any non-negative duals, and the primal values
/// for separation and rounding.
///
/// - Complexity: O(*z*) per iteration for *z* non-zero entries in A.
struct PrimalDualLP {
    /// A column of A: its objective coefficient and its entries.
    struct Column {
        var objective: Double
        var entries: [(row: Int, value: Double)]
    }

    private let rowCount: Int
    // A scaled as D_r A D_c, by columns and by rows, with the scaled c and b.
    private let columnStarts: [Int], columnRows: [Int32], columnValues: [Double]
    private let rowStarts: [Int], rowColumns: [Int32], rowValues: [Double]
    private let costs: [Double]
    private let bounds: [Double]
    private let rowScale: [Double], columnScale: [Double]
    /// 0.95 / ‖D_r A D_c‖₂, with the norm estimated 5% high.
    private let stepSize: Double

    /// Creates the LP with `rowBounds` as b and `columns` as A's columns and c.
    init(rowBounds: [Double], columns: [Column]) {
        precondition(columns.allSatisfy { $0.entries.allSatisfy { rowBounds.indices.contains($0.row) } }, "an entry must be in a row of the LP")
        rowCount = rowBounds.count
        var rowScale = [Double](repeating: 1, count: rowBounds.count)
        var columnScale = [Double](repeating: 1, count: columns.count)
        // Ruiz equilibration: divide rows and columns by the square roots of their largest entries.
        for _ in 0..<10 {
            var rowLargest = [Double](repeating: 0, count: rowBounds.count)
            var columnLargest = [Double](repeating: 0, count: columns.count)
            for (index, column) in columns.enumerated() {
                for (row, value) in column.entries {
                    let scaled = abs(value) * rowScale[row] * columnScale[index]
                    rowLargest[row] = max(rowLargest[row], scaled)
                    columnLargest[index] = max(columnLargest[index], scaled)
                }
            }
            for row in rowScale.indices where rowLargest[row] > 0 { rowScale[row] /= rowLargest[row].squareRoot() }
            for index in columnScale.indices where columnLargest[index] > 0 { columnScale[index] /= columnLargest[index].squareRoot() }
        }
        var starts = [0], rows: [Int32] = [], values: [Double] = []
        var rowEntries = [Int](repeating: 0, count: rowBounds.count)
        for (index, column) in columns.enumerated() {
            for (row, value) in column.entries {
                rows.append(Int32(row))
                values.append(value * rowScale[row] * columnScale[index])
                rowEntries[row] += 1
            }
            starts.append(rows.count)
        }
        (columnStarts, columnRows, columnValues) = (starts, rows, values)
        var rowStarts = [0]
        for count in rowEntries { rowStarts.append(rowStarts.last! + count) }
        var next = rowStarts
        var rowColumns = [Int32](repeating: 0, count: rows.count), rowValues = [Double](repeating: 0, count: rows.count)
        for index in columns.indices {
            for entry in starts[index]..<starts[index + 1] {
                let row = Int(rows[entry])
                rowColumns[next[row]] = Int32(index)
                rowValues[next[row]] = values[entry]
                next[row] += 1
            }
        }
        (self.rowStarts, self.rowColumns, self.rowValues) = (rowStarts, rowColumns, rowValues)
        // Minimise −c·x in the scaled space.
        costs = columns.indices.map { -columns[$0].objective * columnScale[$0] }
        bounds = rowBounds.indices.map { rowBounds[$0] * rowScale[$0] }
        (self.rowScale, self.columnScale) = (rowScale, columnScale)

        // ‖A‖₂ by power iteration on AᵀA.
        var vector = [Double](repeating: 1 / Double(max(1, columns.count)).squareRoot(), count: columns.count)
        var norm = 0.0
        for _ in 0..<50 {
            var product = [Double](repeating: 0, count: rowBounds.count)
            Self.multiply(vector, starts: starts, indices: rows, values: values, into: &product)
            var back = [Double](repeating: 0, count: columns.count)
            Self.multiply(product, starts: rowStarts, indices: rowColumns, values: rowValues, into: &back)
            norm = back.reduce(0) { $0 + $1 * $1 }.squareRoot()
            guard norm > 0 else { break }
            vector = back.map { $0 / norm }
        }
        // Power iteration approaches the norm from below: allow 5% more.
        stepSize = 0.95 / max(1.05 * norm.squareRoot(), 1e-12)
    }

    /// Adds M·v, for M stored by its columns (`starts`, `indices`, `values`), to `result`.
    private static func multiply(_ vector: [Double], starts: [Int], indices: [Int32], values: [Double], into result: inout [Double]) {
        vector.withUnsafeBufferPointer { vector in
            indices.withUnsafeBufferPointer { indices in
                values.withUnsafeBufferPointer { values in
                    result.withUnsafeMutableBufferPointer { result in
                        for column in 0..<vector.count where vector[column] != 0 {
                            let amount = vector[column]
                            for entry in starts[column]..<starts[column + 1] { result[Int(indices[entry])] += values[entry] * amount }
                        }
                    }
                }
            }
        }
    }

    /// M·v for M stored by its rows.
    private static func product(_ vector: [Double], starts: [Int], indices: [Int32], values: [Double]) -> [Double] {
        vector.withUnsafeBufferPointer { vector in
            indices.withUnsafeBufferPointer { indices in
                values.withUnsafeBufferPointer { values in
                    (0..<starts.count - 1).map { row in
                        var sum = 0.0
                        for entry in starts[row]..<starts[row + 1] { sum += values[entry] * vector[Int(indices[entry])] }
                        return sum
                    }
                }
            }
        }
    }

    private func activity(_ x: [Double]) -> [Double] { Self.product(x, starts: rowStarts, indices: rowColumns, values: rowValues) }
    private func transposed(_ y: [Double]) -> [Double] { Self.product(y, starts: columnStarts, indices: columnRows, values: columnValues) }

    /// The weighted distance of (x, y) from optimality in the scaled space: infeasibility of both and the
    /// duality gap.
    private func error(_ x: [Double], _ y: [Double], weight: Double) -> Double {
        let ax = activity(x), aty = transposed(y)
        var primal = 0.0, dual = 0.0, gap = 0.0
        for row in 0..<rowCount {
            let excess = max(0, ax[row] - bounds[row])
            primal += excess * excess
            gap += bounds[row] * y[row]
        }
        for column in costs.indices {
            let reduced = costs[column] + aty[column]
            dual += min(0, reduced) * min(0, reduced)
            gap += costs[column] * x[column]
        }
        return (weight * weight * primal + dual / (weight * weight) + gap * gap).squareRoot()
    }

    /// Runs at most `iterations` iterations from the primal values `x` and the row duals `y` (zeros when
    /// empty), fewer once a point is optimal to within `tolerance` of the norms of b and c, and returns the
    /// point of all those compared at restarts that was closest to optimal: the primal values and the
    /// non-negative row duals.
    ///
    /// The default tolerance stops where more iterations stop paying: on the assignment benchmarks the error
    /// falls to about 10⁻⁸ within a thousand iterations and then stalls there, so a tighter one only spends
    /// the rest of `iterations` (four fifths of each round's LP time on 10,000 bookings) without moving the
    /// LP's objective or its Lagrangian bound. At `deadline`, it stops with the best point so far.
    func solve(
        iterations: Int, tolerance: Double = 1e-7, x start: [Double] = [], y dualStart: [Double] = [], until deadline: ContinuousClock.Instant? = nil
    ) -> (x: [Double], y: [Double]) {
        var x = start.isEmpty ? [Double](repeating: 0, count: costs.count) : zip(start, columnScale).map { max(0, $0 / $1) }
        var y = dualStart.isEmpty ? [Double](repeating: 0, count: rowCount) : zip(dualStart, rowScale).map { max(0, $0 / $1) }
        precondition(x.count == costs.count && y.count == rowCount, "one start value per column and per row")
        let costNorm = costs.reduce(0) { $0 + $1 * $1 }.squareRoot(), boundNorm = bounds.reduce(0) { $0 + $1 * $1 }.squareRoot()
        var weight = costNorm > 0 && boundNorm > 0 ? costNorm / boundNorm : 1
        var (restartX, restartY) = (x, y)
        var restartError = error(x, y, weight: weight)
        var best = (x: x, y: y, error: restartError)
        var sumX = [Double](repeating: 0, count: x.count), sumY = [Double](repeating: 0, count: y.count)
        var averaged = 0
        var aty = transposed(y)
        for iteration in 1...max(1, iterations) {
            if let deadline, iteration > 1, ContinuousClock.now >= deadline { break }
            let tau = stepSize / weight, sigma = stepSize * weight
            var extrapolated = x
            for column in x.indices {
                let next = max(0, x[column] - tau * (costs[column] + aty[column]))
                extrapolated[column] = 2 * next - x[column]
                x[column] = next
            }
            let ax = activity(extrapolated)
            for row in y.indices { y[row] = max(0, y[row] + sigma * (ax[row] - bounds[row])) }
            aty = transposed(y)
            for column in x.indices { sumX[column] += x[column] }
            for row in y.indices { sumY[row] += y[row] }
            averaged += 1
            guard iteration % 64 == 0 || iteration == iterations else { continue }
            // Restart from the average or the current point, whichever is closer to optimal, once it has
            // come a fifth of the way since the last restart, or after 2,000 iterations.
            let averageX = sumX.map { $0 / Double(averaged) }, averageY = sumY.map { $0 / Double(averaged) }
            let averageError = error(averageX, averageY, weight: weight), currentError = error(x, y, weight: weight)
            let (candidateX, candidateY, candidateError) =
                averageError < currentError
                ? (averageX, averageY, averageError) : (x, y, currentError)
            if candidateError < best.error { best = (candidateX, candidateY, candidateError) }
            let isConverged = candidateError <= tolerance * (1 + costNorm + boundNorm)
            guard candidateError < 0.2 * restartError || averaged >= 2_000 || isConverged else { continue }
            let primalMove = zip(candidateX, restartX).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
            let dualMove = zip(candidateY, restartY).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
            if primalMove > 1e-10 && dualMove > 1e-10 {
                // The primal weight moves halfway (in logarithm) towards the ratio of the moves.
                weight = min(1e4, max(1e-4, (dualMove / primalMove * weight).squareRoot()))
            }
            (x, y, restartX, restartY) = (candidateX, candidateY, candidateX, candidateY)
            restartError = error(x, y, weight: weight)
            sumX = [Double](repeating: 0, count: x.count)
            sumY = [Double](repeating: 0, count: y.count)
            averaged = 0
            aty = transposed(y)
            if isConverged { break }
        }
        return (zip(best.x, columnScale).map { $0 * $1 }, zip(best.y, rowScale).map { $0 * $1 })
    }
}
