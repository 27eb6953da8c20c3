/// The itinerary of least total cost under non-negative costs on movements, within a specification's times:
/// the pricing problem of capacity-constrained assignment, where the costs are the capacity duals.
///
/// A Dijkstra (Dijkstra 1959) over movements keyed by cost, and among equal costs by arrival plus the lower
/// bound of the remaining sailing time, so that the first arrival at the destination settled is the
/// cheapest and, among the cheapest, the earliest. Staying aboard adds the next movement's cost; changing
/// vessel at a port boards the departures at or after arrival plus the port's transshipment time (by mode, where it
/// has times by mode), adding the
/// port's transfer cost (the same for every label there, so the order below still holds). Because
/// labels settle in cost order, a port's departures need boarding only once, by the cheapest label that
/// can reach them: each later label boards just the departures earlier than any boarded so far, and those
/// an earlier label could not board because they were its own voyage's, their transshipment cut-off had
/// passed or its change's time by mode had not. At the origin, a departure whose cut-offs for the cargo have passed at the ready time is not
/// boarded, and cargo that comes back there never changes vessel. After a voyage's last movement, staying aboard
/// goes on with the first movement of the voyage its vessel continues as.
///
/// Hauls follow the rules of Guides/Routing.md ("Hauls: door to door") as `RouteSearch` does with its default
/// options: a haul from the origin feeds each departure at its end that it can deliver for by the departure's cut-offs
/// (leaving as late as it still does), a haul straight to the destination leaves as early as it can, and a haul
/// after a voyage leaves once the port's transshipment time has passed, for the destination or a gate-in at its end,
/// never back to the origin. A haul's delivery is an entry of its own, so that of the deliveries at a place the
/// cheapest settles first; it boards the departures whose cut-offs it meets and no cheaper delivery did. A port's
/// hauls are taken only by a label ready for them earlier than every cheaper label there; where a haul from the port
/// costs by the day it leaves (``HaulDay``), by a label ready at another time than the last that took them.
///
/// The costs charged, besides the movements': the handling cost where the cargo boards its first voyage and where it
/// leaves its last, the transfer cost at each change of voyage (at the place a haul between two voyages delivers to,
/// as ``Itinerary/transshipmentLocations`` counts it), each haul's cost per TEU, and the cost of each haul's day where it
/// has a capacity a day.
///
/// - Complexity: O(*m* log *m*) for *m* movements and hauls; where hauls cost by the day they leave, a port's hauls are
///   taken again for each label ready there at another time, up to once per movement arriving there.
struct CheapestItinerarySearch {
    private struct Entry: Comparable {
        var cost: Double
        var time: Int64
        /// A state of `states`, or for a haul's delivery `-1 - k` for `deliveries[k]`.
        var state: Int32
        static func < (lhs: Entry, rhs: Entry) -> Bool { (lhs.cost, lhs.time, lhs.state) < (rhs.cost, rhs.time, rhs.state) }
    }

    /// A haul that delivers the cargo at its end: after `parent`, or from the origin when it is -1.
    private struct Delivery {
        var parent: Int32
        var haul: Int32
        var arrival: Int64
    }

    /// A departure at the end of a haul from the origin, which the haul leaves for at `departure` and delivers for at
    /// `arrival`.
    private struct HaulStart {
        var haul: Int32
        var slot: Int32
        var departure: Int64
        var arrival: Int64
    }

    /// What a search charges besides the movements' costs.
    private struct Charges {
        var transfer: [Double]?
        var handling: [Double]?
        /// The cost of a haul with a capacity a day on the day it leaves.
        var haulDays: ((HaulDay) -> Double)?
        let hauls: ScheduleNetwork.HaulColumns
        func transfer(at port: Int32) -> Double { transfer?[Int(port)] ?? 0 }
        func handling(at port: Int32) -> Double { handling?[Int(port)] ?? 0 }

        /// What haul `h` costs leaving at `time`: its cost per TEU, and its day's cost where it has a capacity a day.
        func haul(_ h: Int, leaving time: Int64) -> Double {
            let cost = hauls.haulage[h].costPerTEU ?? 0
            guard let haulDays, let day = hauls.day(h, leaving: time) else { return cost }
            return cost + haulDays(day)
        }

        /// Whether a haul from `port` costs by the day it leaves.
        func pricesDays(from port: Int32) -> Bool { haulDays != nil && !hauls.limitsDays.isEmpty && hauls.limitsDays[Int(port)] }
    }

    let network: ScheduleNetwork
    private var sailingTimeCache = SailingTimeCache()
    private var stamp: UInt32 = 0
    private var settled: [UInt32] = []
    private var boardedStamp: [UInt32] = []
    private var boardedFrom: [Int32] = []
    /// Per place, in this search: the earliest delivery boarded from there, and the earliest time a label there was
    /// ready for a truck.
    private var gateInStamp: [UInt32] = []
    private var gateInArrival: [Int64] = []
    private var truckStamp: [UInt32] = []
    private var truckReady: [Int64] = []
    private var states: [RouteSearch.State] = []
    private var deliveries: [Delivery] = []

    init(network: ScheduleNetwork) {
        self.network = network
    }

    /// The cheapest itinerary and its cost, or `nil` when none meets the specification.
    ///
    /// With a transit limit (seconds), one search per distinct departure time from the origin (of a vessel, or of a
    /// haul for a departure it feeds), each boarding only those departures and with the deadline that the departure
    /// plus the limit makes, when sooner; the cheapest of them, among equal costs the earliest arriving.
    mutating func cheapest(
        from origin: Int32, to destination: Int32, ready: Int64, deadline: Int64, transitLimit: Int64? = nil, costs: [Double],
        transferCosts: [Double]? = nil, handlingCosts: [Double]? = nil, haulDayCosts: ((HaulDay) -> Double)? = nil, cargoType: CargoType,
        dangerousGoods: Bool
    ) -> (Itinerary, Double)? {
        let n = network, hauls = n.details.hauls
        let charges = Charges(transfer: transferCosts, handling: handlingCosts, haulDays: haulDayCosts, hauls: hauls)
        let first = n.firstSlot(at: origin, notBefore: ready), end = n.departureStart[Int(origin) + 1]
        // A haul from the origin: straight to the destination, or for each departure at its end it delivers for.
        var best: (Itinerary, Double)?
        func consider(_ found: (Itinerary, Double)?) {
            if let found, best.map({ (found.1, found.0.arrivalTime) < ($0.1, $0.0.arrivalTime) }) ?? true { best = found }
        }
        var haulStarts: [HaulStart] = []
        for h in hauls.hauls(from: origin) {
            let place = hauls.to[h]
            let earliest = hauls.earliest(h, from: origin, notBefore: ready)
            if place == destination {
                let cost = charges.haul(h, leaving: earliest.departure)
                if earliest.arrival <= deadline && earliest.arrival - earliest.departure <= transitLimit ?? .max && cost.isFinite {
                    consider((Self.itinerary([n.haulLeg(h, departure: earliest.departure, arrival: earliest.arrival)]), cost))
                }
                continue
            }
            for slot in n.firstSlot(at: place, notBefore: earliest.arrival)..<n.departureStart[Int(place) + 1] where n.slotTime[Int(slot)] <= deadline {
                let (departure, arrival) = n.haul(
                    h, from: origin, feeding: Int(n.slotMovement[Int(slot)]), cargoType: cargoType, dangerousGoods: dangerousGoods)
                if departure >= ready { haulStarts.append(HaulStart(haul: Int32(h), slot: slot, departure: departure, arrival: arrival)) }
            }
        }
        guard let transitLimit else {
            consider(
                cheapest(
                    from: origin, to: destination, ready: ready, deadline: deadline, originSlots: first..<end, haulStarts: haulStarts[...],
                    costs: costs, charges: charges, cargoType: cargoType, dangerousGoods: dangerousGoods))
            return best
        }
        haulStarts.sort { ($0.departure, $0.haul, $0.slot) < ($1.departure, $1.haul, $1.slot) }
        var start = first, next = 0
        while start < end || next < haulStarts.count {
            let time = min(start < end ? n.slotTime[Int(start)] : .max, next < haulStarts.count ? haulStarts[next].departure : .max)
            guard time <= deadline else { break }
            var stop = start
            while stop < end && n.slotTime[Int(stop)] == time { stop += 1 }
            var haulStop = next
            while haulStop < haulStarts.count && haulStarts[haulStop].departure == time { haulStop += 1 }
            consider(
                cheapest(
                    from: origin, to: destination, ready: ready, deadline: transitLimit > deadline - time ? deadline : time + transitLimit,
                    originSlots: start..<stop, haulStarts: haulStarts[next..<haulStop], costs: costs, charges: charges, cargoType: cargoType,
                    dangerousGoods: dangerousGoods))
            (start, next) = (stop, haulStop)
        }
        return best
    }

    /// The cheapest itinerary that boards at the origin from `originSlots`, or after a haul from it as `haulStarts`
    /// give.
    private mutating func cheapest(
        from origin: Int32, to destination: Int32, ready: Int64, deadline: Int64, originSlots: Range<Int32>,
        haulStarts: ArraySlice<HaulStart>, costs: [Double], charges: Charges, cargoType: CargoType, dangerousGoods: Bool
    ) -> (Itinerary, Double)? {
        let n = network, hauls = n.details.hauls
        if settled.count < n.movementCount || boardedStamp.count < n.locations.count {
            settled = [UInt32](repeating: 0, count: n.movementCount)
            boardedStamp = [UInt32](repeating: 0, count: n.locations.count)
            boardedFrom = [Int32](repeating: 0, count: n.locations.count)
            gateInStamp = boardedStamp
            gateInArrival = [Int64](repeating: 0, count: n.locations.count)
            truckStamp = boardedStamp
            truckReady = gateInArrival
            stamp = 0
        }
        if stamp == UInt32.max {
            for index in settled.indices { settled[index] = 0 }
            for index in boardedStamp.indices { (boardedStamp[index], gateInStamp[index], truckStamp[index]) = (0, 0, 0) }
            stamp = 0
        }
        stamp += 1
        states.removeAll(keepingCapacity: true)
        deliveries.removeAll(keepingCapacity: true)
        let bound = n.sailingTimeTable?.row(to: destination) ?? sailingTimeCache.times(to: destination, in: n)
        var heap = BinaryHeap<Entry>()
        // Per port: departures a label skipped as its own voyage, past their TCO or before its transshipment time by mode.
        var skipped: [Int32: [Int32]] = [:]
        let checksCutOffs = n.hasCutOffTimes, checksTransshipmentCutOffs = !n.transshipmentCutOff.isEmpty
        let checksModeTimes = !n.modeTransshipmentSeconds.isEmpty
        /// Whether cargo off movement `m` (of `voyage`) may not change onto `next`, which departs in `slot`.
        func isRefused(_ next: Int32, slot: Int32, after m: Int, voyage: Int32) -> Bool {
            n.voyageOf[Int(next)] == voyage || checksTransshipmentCutOffs && n.arrival[m] > n.transshipmentCutOff[Int(next)]
                || checksModeTimes
                    && n.slotTime[Int(slot)] < n.arrival[m] + n.transshipmentSeconds(at: n.to[m], from: n.movementMode(m), to: n.movementMode(Int(next)))
        }
        func latestReadyTime(_ slot: Int32) -> Int64 {
            let movement = Int(n.slotMovement[Int(slot)])
            return checksCutOffs ? n.latestReadyTime(movement, cargoType: cargoType, dangerousGoods: dangerousGoods) : n.slotTime[Int(slot)]
        }

        func push(_ movement: Int32, cost: Double, parent: Int32, boarded: Bool, haul: Int32 = -1) {
            let m = Int(movement), port = Int(n.to[m])
            guard settled[m] != stamp, bound[port] < RouteSearch.unreachable, n.arrival[m] + bound[port] <= deadline else { return }
            states.append(RouteSearch.State(movement: movement, transfers: 0, stage: 0, parent: parent, boarded: boarded, haul: haul))
            let discharge = port == Int(destination) ? charges.handling(at: destination) : 0
            heap.insert(Entry(cost: cost + costs[m] + discharge, time: n.arrival[m] + bound[port], state: Int32(states.count - 1)))
        }

        // Every departure from the origin at or after the ready time (of the given ones) starts a leg, and so does every
        // departure a haul from the origin delivers for.
        var slot = originSlots.lowerBound
        while slot < originSlots.upperBound {
            if !checksCutOffs || ready <= latestReadyTime(slot) {
                push(n.slotMovement[Int(slot)], cost: charges.handling(at: origin), parent: -1, boarded: true)
            }
            slot += 1
        }
        for start in haulStarts {
            let h = Int(start.haul), place = hauls.to[h], cost = charges.haul(h, leaving: start.departure)
            guard cost.isFinite else { continue }
            push(n.slotMovement[Int(start.slot)], cost: cost + charges.handling(at: place), parent: -1, boarded: true, haul: start.haul)
        }

        while let entry = heap.popMin() {
            if entry.state < 0 {
                // A haul's delivery: the end of the itinerary at the destination, else a gate-in that boards what no
                // cheaper delivery here could.
                let delivery = deliveries[Int(-1 - entry.state)]
                let h = Int(delivery.haul), place = hauls.to[h]
                if place == destination {
                    let leaving = Int(states[Int(delivery.parent)].movement)
                    let (departure, arrival) = n.haul(h, leaving: leaving)
                    let legs = legs(endingAt: delivery.parent, origin: origin, cargoType: cargoType, dangerousGoods: dangerousGoods)
                    return (Self.itinerary(legs + [n.haulLeg(h, departure: departure, arrival: arrival)]), entry.cost)
                }
                let cheaper = gateInStamp[Int(place)] == stamp ? gateInArrival[Int(place)] : .max
                guard delivery.arrival < cheaper else { continue }
                (gateInStamp[Int(place)], gateInArrival[Int(place)]) = (stamp, delivery.arrival)
                for slot in n.firstSlot(at: place, notBefore: delivery.arrival)..<n.departureStart[Int(place) + 1] {
                    guard n.slotTime[Int(slot)] <= deadline else { break }
                    let latest = latestReadyTime(slot)
                    guard latest >= delivery.arrival && latest < cheaper else { continue }
                    push(n.slotMovement[Int(slot)], cost: entry.cost, parent: delivery.parent, boarded: true, haul: delivery.haul)
                }
                continue
            }
            let state = states[Int(entry.state)]
            let m = Int(state.movement)
            guard settled[m] != stamp else { continue }
            settled[m] = stamp
            let port = n.to[m]
            if port == destination {
                let legs = legs(endingAt: entry.state, origin: origin, cargoType: cargoType, dangerousGoods: dangerousGoods)
                return (Self.itinerary(legs), entry.cost)
            }
            let voyage = n.voyageOf[m]
            if m + 1 < Int(n.voyageStart[Int(voyage) + 1]) {
                push(Int32(m + 1), cost: entry.cost, parent: entry.state, boarded: false)
            } else if case let next = n.continuationStart[Int(voyage)], next >= 0 {
                push(next, cost: entry.cost, parent: entry.state, boarded: false)
            }
            // Cargo never changes vessel at its origin: every boarding there meets the origin's cut-offs.
            guard port != origin else { continue }
            let changing = entry.cost + charges.transfer(at: port)
            let low = n.connectingSlot[m]
            var high = n.departureStart[Int(port) + 1]
            if boardedStamp[Int(port)] == stamp { high = max(low, boardedFrom[Int(port)]) }
            for slot in low..<high {
                let next = n.slotMovement[Int(slot)]
                if isRefused(next, slot: slot, after: m, voyage: voyage) {
                    skipped[port, default: []].append(slot)
                } else {
                    push(next, cost: changing, parent: entry.state, boarded: true)
                }
            }
            if var waiting = skipped[port] {
                // Departures that earlier labels skipped because they were their own voyage's, past their TCO or before
                // their change's time by mode.
                waiting.removeAll { slot in
                    let next = n.slotMovement[Int(slot)]
                    guard slot >= low, !isRefused(next, slot: slot, after: m, voyage: voyage) else { return false }
                    push(next, cost: changing, parent: entry.state, boarded: true)
                    return true
                }
                skipped[port] = waiting
            }
            if boardedStamp[Int(port)] != stamp || low < boardedFrom[Int(port)] {
                boardedStamp[Int(port)] = stamp
                boardedFrom[Int(port)] = low
            }
            // The port's hauls, unless a cheaper label there was ready for a truck as early; where hauls cost by the day
            // they leave, only one ready at the same time, whose trucks leave on the same days.
            let readyForTruck = n.arrival[m] + n.transshipmentSeconds(at: port, from: n.movementMode(m), to: .truck)
            guard !hauls.hauls(from: port).isEmpty else { continue }
            if charges.pricesDays(from: port) {
                guard truckStamp[Int(port)] != stamp || readyForTruck != truckReady[Int(port)] else { continue }
            } else {
                guard truckStamp[Int(port)] != stamp || readyForTruck < truckReady[Int(port)] else { continue }
            }
            (truckStamp[Int(port)], truckReady[Int(port)]) = (stamp, readyForTruck)
            for h in hauls.hauls(from: port) {
                let place = hauls.to[h]
                guard place != origin, bound[Int(place)] < RouteSearch.unreachable else { continue }
                let (leaving, arrival) = hauls.earliest(h, from: port, notBefore: readyForTruck)
                let haulCost = charges.haul(h, leaving: leaving)
                guard haulCost.isFinite else { continue }
                // Cargo a truck delivers need not stay: the bound from there is a departure's.
                let remaining = max(0, bound[Int(place)] - n.leastPortStay[Int(place)])
                guard arrival + remaining <= deadline else { continue }
                // A haul to the destination ends the last voyage here; any other makes a change of voyage at its end.
                let charge = place == destination ? charges.handling(at: port) : charges.transfer(at: place)
                deliveries.append(Delivery(parent: entry.state, haul: Int32(h), arrival: arrival))
                heap.insert(
                    Entry(
                        cost: entry.cost + haulCost + charge, time: arrival + remaining,
                        state: Int32(-deliveries.count)))
            }
        }
        return nil
    }

    /// The legs of the path that ends in `state`, with the hauls it boarded after.
    private func legs(endingAt state: Int32, origin: Int32, cargoType: CargoType, dangerousGoods: Bool) -> [Leg] {
        let n = network
        return RouteSearch.legs(endingAt: state, states: states, network: n) { state, parent in
            let h = Int(state.haul)
            let (departure, arrival) =
                parent >= 0
                ? n.haul(h, leaving: Int(states[Int(parent)].movement))
                : n.haul(h, from: origin, feeding: Int(state.movement), cargoType: cargoType, dangerousGoods: dangerousGoods)
            return n.haulLeg(h, departure: departure, arrival: arrival)
        }
    }

    private static func itinerary(_ legs: [Leg]) -> Itinerary {
        do {
            return try Itinerary(legs: legs)
        } catch {
            preconditionFailure("the pricing search built an invalid itinerary: \(error)")
        }
    }
}
