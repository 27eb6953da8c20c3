extension RouteSearch {
    /// Fills `lowerBound[stage * portCount + port]` with a lower bound of the time from arriving at `port` to
    /// arriving at the destination through the via ports not yet passed at `stage`.
    ///
    /// The bound of the last stage is a reverse Dijkstra from the destination over the least sailing time
    /// between each pair of ports and the ``ScheduleNetwork/leastPortStay`` of each port left on the way (the
    /// first included, the destination not), read from the network's table when it was prepared for many
    /// searches; an earlier stage adds the way to its next via port (less the via port's stay where a truck may bring
    /// the cargo there, since cargo a truck delivers may leave at once). Any other waiting is left out, which keeps
    /// the bound below every real continuation, so the search may stop once no key is below the best arrival found.
    /// A departure's bound is the arrival's less the port's stay (`departureBound`).
    ///
    /// - Complexity: O((*v* + 1) *e* log *p*) for *p* ports, *e* port pairs and *v* via ports.
    mutating func computeLowerBounds() {
        let portCount = network.locations.count
        let stages = via.count + 1
        guard usesLowerBounds else {
            lowerBound = [Int64](repeating: 0, count: portCount * stages)
            return
        }
        // With one stage and no port avoided, the bounds are the sailing times to the destination as they are,
        // copied into the search's own memory: read in order, the row comes into the cache at the speed of the
        // memory, where the search's scattered reads of a row of the table would each wait for it.
        if stages == 1 && !avoidsPorts {
            let row = network.sailingTimeTable?.row(to: destination) ?? sailingTimeCache.times(to: destination, in: network)
            lowerBound.removeAll(keepingCapacity: true)
            lowerBound.append(contentsOf: row)
            return
        }
        var bounds = [Int64](repeating: Self.unreachable, count: portCount * stages)
        for stage in stride(from: stages - 1, through: 0, by: -1) {
            let target = stage == via.count ? destination : via[stage]
            var offset = stage == via.count ? 0 : bounds[(stage + 1) * portCount + Int(target)]
            guard offset < Self.unreachable else { continue }
            // A truck may bring the cargo to the via port, and then it need not stay there.
            if stage < via.count && network.details.hauls.isEnd(Int(target)) {
                offset = max(0, offset - network.leastPortStay[Int(target)])
            }
            func add(_ distances: UnsafeBufferPointer<Int64>) {
                for port in 0..<portCount where distances[port] < Self.unreachable {
                    bounds[stage * portCount + port] = distances[port] + offset
                }
            }
            if avoidsPorts {
                network.sailingTimes(to: target, avoiding: avoidedPort).withUnsafeBufferPointer(add)
            } else if let table = network.sailingTimeTable {
                table.row(to: target).withUnsafeBufferPointer(add)
            } else {
                sailingTimeCache.times(to: target, in: network).withUnsafeBufferPointer(add)
            }
        }
        lowerBound = bounds
    }
}
