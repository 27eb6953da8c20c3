/// The itinerary of least total cost under non-negative costs on movements, within a specification's times:
/// the pricing problem of capacity-constrained assignment, where the costs are the capacity duals.
///
/// A Dijkstra (Dijkstra 1959) over movements keyed by cost, and among equal costs by arrival plus the lower
/// bound of the remaining sailing time, so that the first arrival at the destination settled is the
/// cheapest and, among the cheapest, the earliest. Staying aboard adds the next movement's cost; changing
/// vessel at a port boards the departures at or after arrival plus the port's transshipment time, adding the
/// port's transfer cost (the same for every label there, so the order below still holds). Because
/// labels settle in cost order, a port's departures need boarding only once, by the cheapest label that
/// can reach them: each later label boards just the departures earlier than any boarded so far, and those
/// an earlier label could not board because they were its own voyage's or their transshipment cut-off had
/// passed. At the origin, a departure whose cut-offs for the cargo have passed at the ready time is not
/// boarded, and cargo that comes back there never changes vessel. After a voyage's last movement, staying aboard
/// goes on with the first movement of the voyage its vessel continues as.
///
/// - Complexity: O(*m* log *m*) for *m* movements.
struct CheapestItinerarySearch {
    private struct Entry: Comparable {
        var cost: Double
        var time: Int64
        var state: Int32
        static func < (lhs: Entry, rhs: Entry) -> Bool { (lhs.cost, lhs.time, lhs.state) < (rhs.cost, rhs.time, rhs.state) }
    }

    let network: ScheduleNetwork
    private var sailingTimeCache = SailingTimeCache()
    private var stamp: UInt32 = 0
    private var settled: [UInt32] = []
    private var boardedStamp: [UInt32] = []
    private var boardedFrom: [Int32] = []
    private var states: [RouteSearch.State] = []

    init(network: ScheduleNetwork) {
        self.network = network
    }

    /// The cheapest itinerary and its cost, or `nil` when none meets the specification.
    ///
    /// With a transit limit (seconds), one search per distinct departure time from the origin, each boarding only
    /// those departures and with the deadline that the departure plus the limit makes, when sooner; the cheapest of
    /// them, among equal costs the earliest arriving.
    mutating func cheapest(
        from origin: Int32, to destination: Int32, ready: Int64, deadline: Int64, transitLimit: Int64? = nil, costs: [Double],
        transferCosts: [Double]? = nil, cargoType: CargoType, dangerousGoods: Bool
    ) -> (Itinerary, Double)? {
        let first = network.firstSlot(at: origin, notBefore: ready), end = network.departureStart[Int(origin) + 1]
        guard let transitLimit else {
            return cheapest(
                from: origin, to: destination, ready: ready, deadline: deadline, originSlots: first..<end, costs: costs,
                transferCosts: transferCosts, cargoType: cargoType, dangerousGoods: dangerousGoods)
        }
        var best: (Itinerary, Double)?
        var start = first
        while start < end, network.slotTime[Int(start)] <= deadline {
            let time = network.slotTime[Int(start)]
            var stop = start + 1
            while stop < end && network.slotTime[Int(stop)] == time { stop += 1 }
            let found = cheapest(
                from: origin, to: destination, ready: ready, deadline: transitLimit > deadline - time ? deadline : time + transitLimit,
                originSlots: start..<stop, costs: costs, transferCosts: transferCosts, cargoType: cargoType,
                dangerousGoods: dangerousGoods)
            if let found, best.map({ (found.1, found.0.arrivalTime) < ($0.1, $0.0.arrivalTime) }) ?? true { best = found }
            start = stop
        }
        return best
    }

    /// The cheapest itinerary that boards at the origin from `originSlots`.
    private mutating func cheapest(
        from origin: Int32, to destination: Int32, ready: Int64, deadline: Int64, originSlots: Range<Int32>,
        costs: [Double], transferCosts: [Double]?, cargoType: CargoType, dangerousGoods: Bool
    ) -> (Itinerary, Double)? {
        let n = network
        if settled.count < n.movementCount {
            settled = [UInt32](repeating: 0, count: n.movementCount)
            boardedStamp = [UInt32](repeating: 0, count: n.locations.count)
            boardedFrom = [Int32](repeating: 0, count: n.locations.count)
            stamp = 0
        }
        if stamp == UInt32.max {
            for index in settled.indices { settled[index] = 0 }
            for index in boardedStamp.indices { boardedStamp[index] = 0 }
            stamp = 0
        }
        stamp += 1
        states.removeAll(keepingCapacity: true)
        let bound = n.sailingTimeTable?.row(to: destination) ?? sailingTimeCache.times(to: destination, in: n)
        var heap = BinaryHeap<Entry>()
        var skipped: [Int32: [Int32]] = [:]  // per port: departures a label skipped as its own voyage or past their TCO
        let checksCutOffs = n.hasCutOffTimes, checksTransshipmentCutOffs = !n.transshipmentCutOff.isEmpty
        func isRefused(_ next: Int32, voyage: Int32, arrival: Int64) -> Bool {
            n.voyageOf[Int(next)] == voyage || checksTransshipmentCutOffs && arrival > n.transshipmentCutOff[Int(next)]
        }

        func push(_ movement: Int32, cost: Double, parent: Int32, boarded: Bool) {
            let m = Int(movement), port = Int(n.to[m])
            guard settled[m] != stamp, bound[port] < RouteSearch.unreachable, n.arrival[m] + bound[port] <= deadline else { return }
            states.append(RouteSearch.State(movement: movement, transfers: 0, stage: 0, parent: parent, boarded: boarded))
            heap.insert(Entry(cost: cost + costs[m], time: n.arrival[m] + bound[port], state: Int32(states.count - 1)))
        }

        // Every departure from the origin at or after the ready time (of the given ones) starts a leg.
        var slot = originSlots.lowerBound
        while slot < originSlots.upperBound {
            let movement = n.slotMovement[Int(slot)]
            if !checksCutOffs || ready <= n.latestReadyTime(Int(movement), cargoType: cargoType, dangerousGoods: dangerousGoods) {
                push(movement, cost: 0, parent: -1, boarded: true)
            }
            slot += 1
        }

        while let entry = heap.popMin() {
            let state = states[Int(entry.state)]
            let m = Int(state.movement)
            guard settled[m] != stamp else { continue }
            settled[m] = stamp
            let port = n.to[m]
            if port == destination {
                return (RouteSearch.itinerary(endingAt: entry.state, states: states, network: n), entry.cost)
            }
            let voyage = n.voyageOf[m]
            if m + 1 < Int(n.voyageStart[Int(voyage) + 1]) {
                push(Int32(m + 1), cost: entry.cost, parent: entry.state, boarded: false)
            } else if case let next = n.continuationStart[Int(voyage)], next >= 0 {
                push(next, cost: entry.cost, parent: entry.state, boarded: false)
            }
            // Cargo never changes vessel at its origin: every boarding there meets the origin's cut-offs.
            guard port != origin else { continue }
            let changing = entry.cost + (transferCosts?[Int(port)] ?? 0)
            let low = n.connectingSlot[m]
            var high = n.departureStart[Int(port) + 1]
            if boardedStamp[Int(port)] == stamp { high = max(low, boardedFrom[Int(port)]) }
            for slot in low..<high {
                let next = n.slotMovement[Int(slot)]
                if isRefused(next, voyage: voyage, arrival: n.arrival[m]) {
                    skipped[port, default: []].append(slot)
                } else {
                    push(next, cost: changing, parent: entry.state, boarded: true)
                }
            }
            if var waiting = skipped[port] {
                // Departures that earlier labels skipped because they were their own voyage's or past their TCO.
                waiting.removeAll { slot in
                    let next = n.slotMovement[Int(slot)]
                    guard slot >= low, !isRefused(next, voyage: voyage, arrival: n.arrival[m]) else { return false }
                    push(next, cost: changing, parent: entry.state, boarded: true)
                    return true
                }
                skipped[port] = waiting
            }
            if boardedStamp[Int(port)] != stamp || low < boardedFrom[Int(port)] {
                boardedStamp[Int(port)] = stamp
                boardedFrom[Int(port)] = low
            }
        }
        return nil
    }
}
