extension ScheduleNetwork {
    /// A lower bound of the time from arriving at each port on a movement to arriving at `target`, skipping the ports
    /// marked in `avoided` (which may be empty); unreachable ports get `RouteSearch.unreachable`.
    ///
    /// The bound is the least total, over the ways between ports, of the least sailing time between each pair of
    /// ports, the time on the road of each haul, and the ``leastPortStay`` of each port left on the way after a
    /// movement (the first included, `target` not): whether cargo stays aboard, changes vessel or takes a truck there,
    /// it spends at least that long in the port. Cargo a truck delivers counts no stay, and a way never takes two hauls
    /// in a row, as no itinerary does (``leastTotals(to:over:hauling:leaving:avoiding:)``).
    ///
    /// - Complexity: O(*e* log *p*) for *p* ports and *e* connected port pairs and hauls (Dijkstra 1959).
    func sailingTimes(to target: Int32, avoiding avoided: [Bool]) -> [Int64] {
        leastTotals(to: target, over: inboundSailing, hauling: details.hauls.seconds, leaving: leastPortStay, avoiding: avoided)
    }

    /// The least CO2e per TEU of each pair of ports that a movement links, in grams, in the order of
    /// `inboundPort` (0 for a movement whose CO2e is unknown).
    ///
    /// - Complexity: O(*m* log *d*) for *m* movements and ports of at most *d* inbound pairs.
    func inboundCO2() -> [Int64] {
        var least = [Int64](repeating: Int64.max, count: inboundPort.count)
        for m in 0..<movementCount {
            let origin = from[m], port = to[m]
            var low = Int(inboundStart[Int(port)]), high = Int(inboundStart[Int(port) + 1])
            while low < high {
                let middle = (low + high) / 2
                if inboundPort[middle] < origin { low = middle + 1 } else { high = middle }
            }
            least[low] = min(least[low], Int64(max(details.co2eGrams[m], 0)))
        }
        return least
    }

    /// The least total of `weights` (one per inbound pair of ports, as `inboundSailing`), of `haulWeights` (one per
    /// haul, as the network's hauls) and of `leaving` (one per port, added for each port left on the way; empty for
    /// none) from every port to `target`, skipping the ports marked in `avoided`; unreachable ports get
    /// `RouteSearch.unreachable`.
    ///
    /// A way takes no two hauls in a row: no itinerary does, since a haul delivers to the destination or to a departure.
    /// Without that rule a customer's place with a truck to two ports would join the two, a day's drive apart in
    /// the bounds though an ocean apart for the search, and the bounds would let the search wander. So the Dijkstra
    /// keeps two totals a place a truck goes to: from arriving there on a movement (the bound returned, which adds
    /// `leaving` when the cargo leaves), and from arriving by a truck (no stay; a movement must come next, or the place
    /// is `target`). Without hauls it keeps the first alone.
    func leastTotals(
        to target: Int32, over weights: [Int64], hauling haulWeights: [Int64], leaving: [Int64] = [], avoiding avoided: [Bool]
    ) -> [Int64] {
        let count = locations.count, hauls = details.hauls
        let layers = hauls.isEmpty ? 1 : 2
        // Entry `port` is the bound from arriving on a movement; entry `count + port`, from arriving by a truck.
        var distance = [Int64](repeating: RouteSearch.unreachable, count: count * layers)
        var queue = BinaryHeap<PortDistance>(capacity: count * layers)
        for layer in 0..<layers {
            distance[layer * count + Int(target)] = 0
            queue.insert(PortDistance(distance: 0, port: Int32(layer * count) + target))
        }
        distance.withUnsafeMutableBufferPointer { distance in
            @inline(__always) func relax(_ node: Int, _ candidate: Int64) {
                if candidate < distance[node] {
                    distance[node] = candidate
                    queue.insert(PortDistance(distance: candidate, port: Int32(node)))
                }
            }
            while let next = queue.popMin() {
                let node = Int(next.port)
                guard next.distance == distance[node] else { continue }
                if node < count {
                    // A movement into the port, arrived at by any leg: the port before it may be reached either way.
                    for edge in Int(inboundStart[node])..<Int(inboundStart[node + 1]) {
                        let source = Int(inboundPort[edge])
                        guard avoided.isEmpty || !avoided[source] else { continue }
                        let candidate = next.distance + weights[edge]
                        relax(source, candidate + (leaving.isEmpty ? 0 : leaving[source]))
                        // Cargo a truck delivers may leave on the next departure: it need not stay. (Only a place
                        // a truck goes to has a bound from arriving by truck.)
                        if layers == 2 && hauls.isEnd(source) { relax(count + source, candidate) }
                    }
                } else {
                    // A haul into a port a movement leaves from next: the place before it was reached on a movement.
                    let port = node - count
                    for index in Int(hauls.intoStart[port])..<Int(hauls.intoStart[port + 1]) {
                        let h = Int(hauls.into[index]), source = Int(hauls.from[h])
                        guard avoided.isEmpty || !avoided[source] else { continue }
                        relax(source, next.distance + haulWeights[h] + (leaving.isEmpty ? 0 : leaving[source]))
                    }
                }
            }
        }
        return layers == 1 ? distance : Array(distance[0..<count])
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
