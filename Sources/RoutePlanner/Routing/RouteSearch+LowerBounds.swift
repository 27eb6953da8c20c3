import HeapModule

extension RouteSearch {
    /// Fills `lowerBound[stage * portCount + port]` with a lower bound of the sailing time from `port` to
    /// the destination through the via ports not yet passed at `stage`.
    ///
    /// The bound of the last stage is a reverse Dijkstra from the destination over the least sailing time
    /// between each pair of ports; an earlier stage adds the way to its next via port. Waiting and
    /// transshipment times are left out, which keeps the bound below every real continuation and makes it
    /// consistent, so the search may still stop at the first arrival it settles.
    ///
    /// - Complexity: O((*v* + 1) *e* log *p*) for *p* ports, *e* port pairs and *v* via ports.
    mutating func computeLowerBounds() {
        let portCount = network.locations.count
        let stages = via.count + 1
        guard usesLowerBounds else {
            lowerBound = [Int64](repeating: 0, count: portCount * stages)
            return
        }
        var bounds = [Int64](repeating: Self.unreachable, count: portCount * stages)
        for stage in stride(from: stages - 1, through: 0, by: -1) {
            let target = stage == via.count ? destination : via[stage]
            let offset = stage == via.count ? 0 : bounds[(stage + 1) * portCount + Int(target)]
            guard offset < Self.unreachable else { continue }
            let distances = sailingTimes(to: target)
            for port in 0..<portCount where distances[port] < Self.unreachable {
                bounds[stage * portCount + port] = distances[port] + offset
            }
        }
        lowerBound = bounds
    }

    /// The least total sailing time from every port to `target`, avoiding the avoided ports.
    private func sailingTimes(to target: Int32) -> [Int64] {
        var distance = [Int64](repeating: Self.unreachable, count: network.locations.count)
        distance[Int(target)] = 0
        var queue = Heap<PortDistance>()
        queue.insert(PortDistance(distance: 0, port: target))
        while let next = queue.popMin() {
            let port = Int(next.port)
            guard next.distance == distance[port] else { continue }
            for edge in Int(network.inboundStart[port])..<Int(network.inboundStart[port + 1]) {
                let source = Int(network.inboundPort[edge])
                guard !isAvoided(port: source) else { continue }
                let candidate = next.distance + network.inboundSailing[edge]
                if candidate < distance[source] {
                    distance[source] = candidate
                    queue.insert(PortDistance(distance: candidate, port: Int32(source)))
                }
            }
        }
        return distance
    }

    private struct PortDistance: Comparable {
        var distance: Int64
        var port: Int32
        static func < (lhs: PortDistance, rhs: PortDistance) -> Bool {
            (lhs.distance, lhs.port) < (rhs.distance, rhs.port)
        }
    }
}
