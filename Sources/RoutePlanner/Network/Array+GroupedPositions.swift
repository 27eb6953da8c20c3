extension Array where Element == Int32 {
    /// The positions of the elements grouped by value, by a counting sort: the positions that hold value `v` are
    /// `positions[start[v] ..< start[v + 1]]`, in increasing order. Every element must be in `0 ..< groupCount`.
    ///
    /// - Complexity: O(*n* + `groupCount`) for *n* elements.
    package func groupedPositions(groupCount: Int) -> (start: [Int32], positions: [Int32]) {
        var start = [Int32](repeating: 0, count: groupCount + 1)
        for value in self { start[Int(value) + 1] += 1 }
        for group in 0..<groupCount { start[group + 1] += start[group] }
        var next = start
        var positions = [Int32](repeating: 0, count: count)
        for (position, value) in enumerated() {
            positions[Int(next[Int(value)])] = Int32(position)
            next[Int(value)] += 1
        }
        return (start, positions)
    }
}
