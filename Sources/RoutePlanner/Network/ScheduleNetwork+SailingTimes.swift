extension ScheduleNetwork {
    /// A lower bound of the time from arriving at each port to arriving at `target`, skipping the ports marked in
    /// `avoided` (which may be empty); unreachable ports get `RouteSearch.unreachable`.
    ///
    /// The bound is the least total, over the ways between ports, of the least sailing time between each pair of
    /// ports and the ``leastPortStay`` of each port left on the way (the first included, `target` not): whether
    /// cargo stays aboard or changes vessel there, it spends at least that long in the port.
    ///
    /// - Complexity: O(*e* log *p*) for *p* ports and *e* connected port pairs (Dijkstra 1959).
    func sailingTimes(to target: Int32, avoiding avoided: [Bool]) -> [Int64] {
        leastTotals(to: target, over: inboundSailing, leaving: leastPortStay, avoiding: avoided)
    }

    /// The least CO2e per TEU of each pair of ports that a movement links, in grams, in the order of
    /// `inboundPort` (0 for a movement whose CO2e is unknown).
    ///
    /// - Complexity: O(*m* log *d*) for *m* movements and ports of at most *d* inbound pairs.
    func inboundCO2() -> [Int64] {
        var least = [Int64](repeating: Int64.max, count: inboundPort.count)
        func lower(from origin: Int32, to port: Int32, _ grams: Int64) {
            var low = Int(inboundStart[Int(port)]), high = Int(inboundStart[Int(port) + 1])
            while low < high {
                let middle = (low + high) / 2
                if inboundPort[middle] < origin { low = middle + 1 } else { high = middle }
            }
            least[low] = min(least[low], grams)
        }
        for m in 0..<movementCount { lower(from: from[m], to: to[m], Int64(max(details.co2eGrams[m], 0))) }
        let hauls = details.hauls
        for port in 0..<Int32(locations.count) {
            for h in hauls.hauls(from: port) { lower(from: port, to: hauls.to[h], hauls.co2Grams[h]) }
        }
        return least
    }

    /// The least total of `weights` (one per inbound pair of ports, as `inboundSailing`) and of `leaving` (one per
    /// port, added for each port left on the way; empty for none) from every port to `target`, skipping the ports
    /// marked in `avoided`; unreachable ports get `RouteSearch.unreachable`.
    func leastTotals(to target: Int32, over weights: [Int64], leaving: [Int64] = [], avoiding avoided: [Bool]) -> [Int64] {
        var distance = [Int64](repeating: RouteSearch.unreachable, count: locations.count)
        distance[Int(target)] = 0
        var queue = BinaryHeap<PortDistance>(capacity: locations.count)
        queue.insert(PortDistance(distance: 0, port: target))
        distance.withUnsafeMutableBufferPointer { distance in
            while let next = queue.popMin() {
                let port = Int(next.port)
                guard next.distance == distance[port] else { continue }
                for edge in Int(inboundStart[port])..<Int(inboundStart[port + 1]) {
                    let source = Int(inboundPort[edge])
                    guard avoided.isEmpty || !avoided[source] else { continue }
                    let candidate = next.distance + weights[edge] + (leaving.isEmpty ? 0 : leaving[source])
                    if candidate < distance[source] {
                        distance[source] = candidate
                        queue.insert(PortDistance(distance: candidate, port: Int32(source)))
                    }
                }
            }
        }
        return distance
    }

    /// The first departure slot of a port at or after a time (binary search over the port's departures).
    func firstSlot(at port: Int32, notBefore time: Int64) -> Int32 {
        Self.firstSlot(in: Int(departureStart[Int(port)])..<Int(departureStart[Int(port) + 1]), of: slotTime, notBefore: time)
    }

    /// The first of `slots` whose time in `slotTime` (sorted over `slots`) is at or after `time`.
    static func firstSlot(in slots: Range<Int>, of slotTime: [Int64], notBefore time: Int64) -> Int32 {
        var low = slots.lowerBound, high = slots.upperBound
        while low < high {
            let middle = (low + high) / 2
            if slotTime[middle] < time { low = middle + 1 } else { high = middle }
        }
        return Int32(low)
    }

    /// The arrival of the movement that departs in `slot`.
    @inline(__always)
    func slotArrival(_ slot: Int) -> Int64 {
        let sailing = slotSailing[slot]
        return sailing < Int32.max ? slotTime[slot] + Int64(sailing) : arrival[Int(slotMovement[slot])]
    }

    /// A port queued at a tentative distance; ports of equal distance are left unordered, which the
    /// distances do not depend on, so comparing the distance alone keeps the Dijkstra's heap cheap.
    struct PortDistance: Comparable {
        var distance: Int64
        var port: Int32

        static func < (lhs: PortDistance, rhs: PortDistance) -> Bool { lhs.distance < rhs.distance }
        static func == (lhs: PortDistance, rhs: PortDistance) -> Bool { lhs.distance == rhs.distance }
    }
}
