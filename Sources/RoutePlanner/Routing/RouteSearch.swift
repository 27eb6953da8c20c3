import Foundation

/// The working memory and the label-setting loop behind ``Router``.
///
/// States are "aboard movement *m*, after *x* changes of voyage, having passed the first *s* via ports";
/// each is kept once in `states` with the state it came from, so itineraries can be rebuilt. Entries on
/// the heap are either a state, keyed by its arrival plus the lower bound from its port, or the next
/// departure of a *boarding chain*: the departures from a port, in time order, that a state arriving
/// there may change onto.
struct RouteSearch {
    struct State {
        var movement: Int32
        var transfers: UInt16
        var stage: UInt16
        /// The state before this one, or -1 when this state boarded at the origin.
        var parent: Int32
        /// Whether the cargo was loaded onto this movement's voyage here (a new leg starts).
        var boarded: Bool
    }

    struct Chain {
        var port: Int32
        /// The changes of voyage of a state that boards from this chain.
        var transfers: UInt16
        var stage: UInt16
        var parent: Int32
        /// The voyage the parent state rides, or -1 at the origin; boarding it again would only repeat
        /// what staying aboard already offers with one change of voyage less.
        var arrivingVoyage: Int32
        var endSlot: Int32
    }

    struct Entry: Comparable {
        var key: Int64
        /// A chain when `slot >= 0`, else a state.
        var reference: Int32
        var slot: Int32

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.key, lhs.slot, lhs.reference) < (rhs.key, rhs.slot, rhs.reference)
        }
    }

    /// An itinerary that reaches the destination, by its vector.
    struct Found {
        var departure: Int64
        var arrival: Int64
        var transfers: Int
        var state: Int32

        /// The order of candidates: earlier arrival, then fewer transshipments, then later departure,
        /// then the one found first.
        static func precedes(_ lhs: Found, _ rhs: Found) -> Bool {
            (lhs.arrival, lhs.transfers, -lhs.departure, lhs.state)
                < (rhs.arrival, rhs.transfers, -rhs.departure, rhs.state)
        }

        func dominates(_ other: Found) -> Bool {
            departure >= other.departure && arrival <= other.arrival && transfers <= other.transfers
        }
    }

    static let unreachable = Int64.max / 4

    let network: ScheduleNetwork
    var usesLowerBounds = true

    // The query.
    var origin: Int32 = 0
    var destination: Int32 = 0
    var via: [Int32] = []
    var stageCount = 1
    private var ready: Int64 = 0
    private var deadline: Int64 = 0
    private var transferLimit = Int.max
    private var countsTransfers = false
    var avoidedPort: [Bool] = []
    /// Whether the search avoids any port, which changes its lower bounds.
    var avoidsPorts = false
    /// The lower bounds' sailing times to destinations searched before, kept between runs.
    var sailingTimeCache = SailingTimeCache()
    private var avoidedVoyage: [Bool] = []
    private var hasAvoidedVoyages = false
    private var isProfile = false
    private var cargoType = CargoType.dry
    private var dangerousGoods = false
    private var checksCutOffs = false
    private var checksTransshipmentCutOffs = false
    /// Whether the task running the search was cancelled before it finished; its results are then incomplete.
    private(set) var isCancelled = false

    // Working memory, reused between queries; stamps tell which entries belong to this query or run.
    private var queryStamp: UInt32 = 0
    private var movementStamp: [UInt32] = []
    private var movementTransfers: [UInt16] = []
    private var runStamp: UInt32 = 0
    private var chainStamp: [UInt32] = []
    private var chainTransfers: [UInt16] = []
    private var chainSlot: [Int32] = []
    private var chainArrival: [Int64] = []
    private var chainVoyage: [Int32] = []
    private(set) var states: [State] = []
    private var chains: [Chain] = []
    private var heap = BinaryHeap<Entry>()
    var lowerBound: [Int64] = []
    /// The earliest arrival found with at most *t* changes of voyage, at *t*; used by profile searches.
    private var bestByTransfers: [Int64] = []
    private var bestOverall = unreachable
    private var departureOfRun: Int64 = 0
    private var found: [Found] = []

    init(network: ScheduleNetwork) {
        self.network = network
    }

    /// Resolves the specification and options against the network and resets the working memory.
    mutating func prepare(_ specification: RouteSpecification, options: RoutingOptions, profile: Bool)
        throws(RoutingError)
    {
        origin = try port(specification.origin)
        destination = try port(specification.destination)
        if let most = options.maxTransshipments, most < 0 { throw .invalidOptions("the most transshipments, \(most), is negative") }
        guard options.via.count <= RoutingOptions.maximumVia else {
            throw .invalidOptions("\(options.via.count) via ports are more than \(RoutingOptions.maximumVia)")
        }
        via = []
        for code in options.via {
            let index = try port(code)
            guard index != origin, index != destination, index != via.last else { throw .invalidVia(code) }
            via.append(index)
        }
        avoidedPort = [Bool](repeating: false, count: network.locations.count)
        for code in options.avoidedLocations { avoidedPort[Int(try port(code))] = true }
        avoidsPorts = !options.avoidedLocations.isEmpty
        hasAvoidedVoyages = !options.avoidedVoyages.isEmpty
        if hasAvoidedVoyages {
            avoidedVoyage = [Bool](repeating: false, count: network.voyageCount)
            for number in options.avoidedVoyages {
                guard let index = network.voyageIndex[number] else { throw .unknownVoyage(number) }
                avoidedVoyage[Int(index)] = true
            }
        }
        stageCount = via.count + 1
        ready = specification.readyTime.secondsRoundedUp
        cargoType = specification.cargoType
        dangerousGoods = specification.containsDangerousGoods
        checksCutOffs = network.hasCutOffTimes
        checksTransshipmentCutOffs = !network.transshipmentCutOff.isEmpty
        deadline = specification.arrivalDeadline.seconds
        transferLimit = options.maxTransshipments ?? Int.max
        isProfile = profile
        isCancelled = false
        countsTransfers = profile || options.maxTransshipments != nil

        let movementSlots = network.movementCount * stageCount
        if movementStamp.count < movementSlots {
            movementStamp = [UInt32](repeating: 0, count: movementSlots)
            movementTransfers = [UInt16](repeating: 0, count: movementSlots)
            queryStamp = 0
        }
        let chainSlots = network.locations.count * stageCount
        if chainStamp.count < chainSlots {
            chainStamp = [UInt32](repeating: 0, count: chainSlots)
            chainTransfers = [UInt16](repeating: 0, count: chainSlots)
            chainSlot = [Int32](repeating: 0, count: chainSlots)
            chainArrival = [Int64](repeating: 0, count: chainSlots)
            chainVoyage = [Int32](repeating: 0, count: chainSlots)
            runStamp = 0
        }
        if queryStamp == UInt32.max {
            for index in movementStamp.indices { movementStamp[index] = 0 }
            queryStamp = 0
        }
        queryStamp += 1
        states.removeAll(keepingCapacity: true)
        chains.removeAll(keepingCapacity: true)
        found.removeAll(keepingCapacity: true)
        bestByTransfers.removeAll(keepingCapacity: true)
        bestOverall = Self.unreachable
        computeLowerBounds()
    }

    private func port(_ code: UnLocode) throws(RoutingError) -> Int32 {
        guard let index = network.portIndex[code] else { throw .unknownLocation(code) }
        return index
    }

    // MARK: Queries

    /// Runs one search from every departure at or after the ready time and returns the state that
    /// reaches the destination first, if any.
    mutating func earliestArrival() -> Int32? {
        let first = network.firstSlot(at: origin, notBefore: ready)
        run(originSlots: first..<network.departureStart[Int(origin) + 1])
        return found.min(by: Found.precedes)?.state
    }

    /// Runs one search per distinct departure time from the origin, latest first, and returns the
    /// itineraries no other one dominates.
    mutating func paretoFront() -> [Found] {
        let slots = network.firstSlot(at: origin, notBefore: ready)..<network.departureStart[Int(origin) + 1]
        let latest = deadline - lowerBound[Int(origin)]
        var end = slots.upperBound
        while end > slots.lowerBound && !isCancelled {
            let time = network.slotTime[Int(end) - 1]
            var start = end - 1
            while start > slots.lowerBound && network.slotTime[Int(start) - 1] == time { start -= 1 }
            if time <= latest {
                departureOfRun = time
                run(originSlots: start..<end)
            }
            end = start
        }
        var front: [Found] = []
        for candidate in found.sorted(by: Found.precedes)
        where !front.contains(where: { $0.dominates(candidate) }) {
            front.append(candidate)
        }
        return front
    }

    // MARK: The search

    private mutating func run(originSlots: Range<Int32>) {
        guard !originSlots.isEmpty else { return }
        if Task.isCancelled { isCancelled = true }
        guard !isCancelled else { return }
        if runStamp == UInt32.max {
            for index in chainStamp.indices { chainStamp[index] = 0 }
            runStamp = 0
        }
        runStamp += 1
        heap.removeAll()
        chains.append(
            Chain(port: origin, transfers: 0, stage: 0, parent: -1, arrivingVoyage: -1, endSlot: originSlots.upperBound))
        pushDeparture(chain: Int32(chains.count - 1), slot: originSlots.lowerBound)

        var pops: UInt32 = 0
        while let entry = heap.popMin() {
            // A cancelled task stops the search; checking the flag costs a call, so only every 4,096 states.
            pops &+= 1
            if pops & 0xFFF == 0 && Task.isCancelled {
                isCancelled = true
                break
            }
            // Keys only grow: stop when no state can beat what is found, even with no change of voyage.
            if entry.key > deadline || entry.key >= bound(transfers: 0) { break }
            if entry.slot >= 0 {
                let chain = chains[Int(entry.reference)]
                if isProfile && entry.key >= bound(transfers: Int(chain.transfers)) { continue }
                let movement = network.slotMovement[Int(entry.slot)]
                if isUsable(movement) && network.voyageOf[Int(movement)] != chain.arrivingVoyage && canBoard(movement, from: chain) {
                    offer(
                        movement, transfers: Int(chain.transfers), stage: advance(Int(chain.stage), to: movement),
                        parent: chain.parent, boarded: true)
                }
                if entry.slot + 1 < chain.endSlot { pushDeparture(chain: entry.reference, slot: entry.slot + 1) }
            } else {
                let state = states[Int(entry.reference)]
                if isProfile && entry.key >= bound(transfers: Int(state.transfers)) { continue }
                let movement = Int(state.movement)
                let next = movement + 1
                let voyage = network.voyageOf[movement]
                if next < network.voyageStart[Int(voyage) + 1] && isUsable(Int32(next)) {
                    offer(
                        Int32(next), transfers: Int(state.transfers), stage: advance(Int(state.stage), to: Int32(next)),
                        parent: entry.reference, boarded: false)
                }
                if Int(state.transfers) < transferLimit {
                    let port = network.to[movement]
                    startChain(
                        at: port, transfers: Int(state.transfers) + 1, stage: Int(state.stage), parent: entry.reference,
                        arrival: network.arrival[movement], arrivingVoyage: voyage)
                }
            }
        }
    }

    /// Records a state aboard `movement` unless it cannot arrive in time or another state dominates it.
    private mutating func offer(_ movement: Int32, transfers: Int, stage: Int, parent: Int32, boarded: Bool) {
        guard let key = admissionKey(movement, transfers: transfers, stage: stage) else { return }
        let rank = countsTransfers ? UInt16(clamping: transfers) : 0
        let slot = Int(movement) * stageCount + stage
        movementStamp[slot] = queryStamp
        movementTransfers[slot] = rank
        let id = Int32(states.count)
        states.append(
            State(movement: movement, transfers: UInt16(clamping: transfers), stage: UInt16(stage), parent: parent, boarded: boarded))
        if network.to[Int(movement)] == destination && stage == via.count {
            record(Found(departure: departureOfRun, arrival: network.arrival[Int(movement)], transfers: transfers, state: id))
        } else {
            heap.insert(Entry(key: key, reference: id, slot: -1))
        }
    }

    /// The key of a state aboard `movement` with `transfers` changes of voyage at `stage`: its arrival plus
    /// the lower bound from there; `nil` when it cannot arrive in time, cannot beat an arrival already found,
    /// or a state on the movement with no more changes of voyage and no fewer via ports passed was recorded.
    ///
    /// A `nil` stays `nil` for the rest of the query: bounds only fall and recorded states stay.
    @inline(__always)
    private func admissionKey(_ movement: Int32, transfers: Int, stage: Int) -> Int64? {
        let remaining = lowerBound[stage * network.locations.count + Int(network.to[Int(movement)])]
        guard remaining < Self.unreachable else { return nil }
        let key = network.arrival[Int(movement)] + remaining
        guard key <= deadline, key < bound(transfers: transfers) else { return nil }
        let rank = countsTransfers ? UInt16(clamping: transfers) : 0
        let base = Int(movement) * stageCount
        for index in (base + stage)..<(base + stageCount)
        where movementStamp[index] == queryStamp && movementTransfers[index] <= rank {
            return nil
        }
        return key
    }

    /// Opens the departures from `port` at or after `arrival` plus the port's transshipment time to a state
    /// that changes vessel there, unless a chain opened earlier in this run already offers them with no more
    /// changes of voyage (and, when the network has transshipment cut-offs, from an arrival no later).
    ///
    /// A chain skips the departures of the voyage its state arrived on, since staying aboard offers them
    /// with one change less. When the search avoids ports, staying aboard may be cut off by an avoided call,
    /// so a chain then stands for another only if both skip the same voyage.
    @inline(__always)
    private mutating func startChain(at port: Int32, transfers: Int, stage: Int, parent: Int32, arrival: Int64, arrivingVoyage: Int32) {
        let slot = network.firstSlot(at: port, notBefore: arrival + network.transshipmentSeconds[Int(port)])
        let endSlot = network.departureStart[Int(port) + 1]
        guard slot < endSlot else { return }
        let rank = countsTransfers ? UInt16(clamping: transfers) : 0
        let base = Int(port) * stageCount
        for index in (base + stage)..<(base + stageCount)
        where chainStamp[index] == runStamp && chainTransfers[index] <= rank && chainSlot[index] <= slot
            && (!checksTransshipmentCutOffs || chainArrival[index] <= arrival)
            && (!avoidsPorts || chainVoyage[index] == arrivingVoyage)
        {
            return
        }
        chainStamp[base + stage] = runStamp
        chainTransfers[base + stage] = rank
        chainSlot[base + stage] = slot
        if checksTransshipmentCutOffs { chainArrival[base + stage] = arrival }
        if avoidsPorts { chainVoyage[base + stage] = arrivingVoyage }
        chains.append(
            Chain(
                port: port, transfers: UInt16(clamping: transfers), stage: UInt16(stage), parent: parent,
                arrivingVoyage: arrivingVoyage, endSlot: endSlot))
        pushDeparture(chain: Int32(chains.count - 1), slot: slot)
    }

    /// Queues the first departure of a chain at or after `slot` that may still board, skipping those
    /// ``admissionKey(_:transfers:stage:)`` refuses already (they would be refused when popped too, and
    /// each skipped here saves a pass through the heap); the departures after it wait until it is popped.
    private mutating func pushDeparture(chain index: Int32, slot first: Int32) {
        let chain = chains[Int(index)]
        let remaining = lowerBound[Int(chain.stage) * network.locations.count + Int(chain.port)]
        guard remaining < Self.unreachable else { return }
        var slot = first
        while slot < chain.endSlot {
            let key = network.slotTime[Int(slot)] + remaining
            guard key <= deadline, key < bound(transfers: Int(chain.transfers)) else { return }
            let movement = network.slotMovement[Int(slot)]
            if isUsable(movement) && network.voyageOf[Int(movement)] != chain.arrivingVoyage && canBoard(movement, from: chain)
                && admissionKey(movement, transfers: Int(chain.transfers), stage: advance(Int(chain.stage), to: movement)) != nil
            {
                heap.insert(Entry(key: key, reference: index, slot: slot))
                return
            }
            slot += 1
        }
    }

    private mutating func record(_ arrival: Found) {
        found.append(arrival)
        bestOverall = min(bestOverall, arrival.arrival)
        guard isProfile else { return }
        while bestByTransfers.count <= arrival.transfers { bestByTransfers.append(bestByTransfers.last ?? Self.unreachable) }
        for transfers in arrival.transfers..<bestByTransfers.count {
            bestByTransfers[transfers] = min(bestByTransfers[transfers], arrival.arrival)
        }
    }

    /// The arrival that a state with `transfers` changes of voyage must beat to be worth extending.
    ///
    /// Inlined: called on every relaxation, and a call would copy the whole search (about 400 bytes) to
    /// pass it as `self`.
    @inline(__always)
    private func bound(transfers: Int) -> Int64 {
        guard isProfile else { return bestOverall }
        guard let last = bestByTransfers.last else { return Self.unreachable }
        return transfers < bestByTransfers.count ? bestByTransfers[transfers] : last
    }

    /// Whether cargo may board `movement` from a chain: at the origin, when the ready time meets every cut-off
    /// of the call that applies to the cargo; on a change of vessel, when the arrival meets the call's
    /// transshipment cut-off. The transshipment time is the chain's first slot.
    @inline(__always)
    private func canBoard(_ movement: Int32, from chain: Chain) -> Bool {
        if chain.parent < 0 {
            return !checksCutOffs
                || ready <= network.details.latestReadyTime(
                    Int(movement), departure: network.departure[Int(movement)], cargoType: cargoType, dangerousGoods: dangerousGoods)
        }
        // The chain's arrival is its parent state's: read only where a call has a TCO.
        return !checksTransshipmentCutOffs
            || network.arrival[Int(states[Int(chain.parent)].movement)] <= network.details.transshipmentCutOff[Int(movement)]
    }

    /// Inlined, as ``bound(transfers:)`` is, so that no call copies the search.
    @inline(__always)
    private func isUsable(_ movement: Int32) -> Bool {
        let m = Int(movement)
        return !avoidedPort[Int(network.from[m])] && !avoidedPort[Int(network.to[m])]
            && !(hasAvoidedVoyages && avoidedVoyage[Int(network.voyageOf[m])])
    }

    @inline(__always)
    private func advance(_ stage: Int, to movement: Int32) -> Int {
        stage < via.count && via[stage] == network.to[Int(movement)] ? stage + 1 : stage
    }
}
