import Foundation

/// The working memory and the label-setting loop behind ``Router``.
///
/// States are "aboard movement *m*, after *x* changes of voyage (and *c* changes of mode, where the options limit
/// them), having passed the first *s* via ports";
/// each is kept once in `states` with the state it came from, so itineraries can be rebuilt. Entries of
/// the queue (``EntryQueue``) are either a state, keyed by its arrival plus the lower bound from its port,
/// or the next departure of a *boarding chain*: the departures from a port, in time order, that a state
/// arriving there may change onto.
///
/// With extra criteria (handling cost, CO2e) a state also carries its cost and CO2e so far, and a movement keeps
/// a list of states (a *bag*) instead of one: a state is admitted unless one on the list is no worse in changes
/// of voyage, cost and CO2e (a later departure being better still), or an itinerary already found is no worse in
/// all of arrival, changes, cost and CO2e. Chains are kept and compared the same way.
struct RouteSearch {
    struct State {
        var movement: Int32
        var transfers: UInt16
        /// The via ports passed; at most ``RoutingOptions/maximumVia``, so a byte.
        var stage: UInt8
        /// The changes of mode so far where the search counts them (``RoutingOptions/maxModeChanges``), else 0.
        var modeChanges: UInt8
        /// The state before this one, or -1 when this state boarded at the origin (or at the end of a haul from it).
        var parent: Int32
        /// -2 where the cargo stays aboard from the state before; -1 where it was loaded onto this movement's voyage
        /// here (a new leg starts); else the haul that brought it here before it was loaded. One word, so that a
        /// state takes 16 bytes.
        private var boarding: Int32

        init(movement: Int32, transfers: UInt16, stage: UInt8, parent: Int32, boarded: Bool, haul: Int32 = -1, modeChanges: UInt8 = 0) {
            (self.movement, self.transfers, self.stage, self.parent, self.modeChanges) = (movement, transfers, stage, parent, modeChanges)
            boarding = boarded ? max(haul, -1) : -2
        }

        /// Whether the cargo was loaded onto this movement's voyage here (a new leg starts).
        var boarded: Bool { boarding != -2 }
        /// The haul that brought the cargo here before it was loaded, or -1.
        var haul: Int32 { max(boarding, -1) }
    }

    struct Chain {
        var port: Int32
        /// The changes of voyage of a state that boards from this chain.
        var transfers: UInt16
        var stage: UInt16
        var parent: Int32
        /// The movements of the voyage the parent state rides (its first, and the end), or -1 at the origin;
        /// boarding it again would only repeat what staying aboard already offers with one change of voyage less.
        var arrivingVoyage: Int32
        var arrivingVoyageEnd: Int32
        var endSlot: Int32
        /// When the parent state arrived, for the transshipment cut-offs of the departures; where the chain is a gate-in,
        /// when the cargo is at the port, for the cut-offs of its loading.
        var arrival: Int64
        /// The haul that brought the cargo to the port, or -1.
        var haul: Int32 = -1
        /// Where the search counts changes of mode: those of the parent state (with the truck, after a haul). Where it
        /// counts them or the network has transshipment times by mode: the bit of the mode the cargo arrived by
        /// (``TransportMode/bit``), or 0 at the origin, where boarding changes none.
        var modeChanges: UInt8 = 0
        var arrivingMode: UInt8 = 0
        /// Whether the cargo is loaded as at its origin (at the origin, or brought by a haul): the cut-offs for its
        /// type apply, from ``arrival``. Otherwise it changes vessel, and the transshipment cut-off applies.
        var isGateIn: Bool { parent < 0 || haul >= 0 }

        /// Whether `movement` is on the voyage the chain's state arrived on.
        @inline(__always)
        func isOnArrivingVoyage(_ movement: Int32) -> Bool {
            arrivingVoyage <= movement && movement < arrivingVoyageEnd
        }
    }

    /// A movement with what admitting a state aboard reads of it: its arrival port and time. Taken from the
    /// departure slots when a chain boards (where a port's departures are in order), else from the movements.
    struct Aboard {
        var movement: Int32
        var port: Int32
        var arrival: Int64

        init(_ movement: Int32, in network: ScheduleNetwork) {
            self.movement = movement
            port = network.to[Int(movement)]
            arrival = network.arrival[Int(movement)]
        }

        init(slot: Int32, in network: ScheduleNetwork) {
            movement = network.slotMovement[Int(slot)]
            port = network.slotTo[Int(slot)]
            arrival = network.slotArrival(Int(slot))
        }
    }

    /// With extra criteria, per chain: the transshipment costs (cents) and CO2e (grams) of the state that changes
    /// vessel there, its first slot, and the chain opened before it at its port and stage in its run.
    struct ChainFigures {
        var cost: Int64
        var co2: Int64
        var firstSlot: Int32
        var next: Int32
    }

    /// With extra criteria, per state: its transshipment costs (cents) and CO2e (grams) so far, the state before it in
    /// its movement slot's bag, its changes of voyage and of mode.
    struct BagEntry {
        var cost: Int64
        var co2: Int64
        var next: Int32
        var transfers: UInt16
        var modeChanges: UInt8
    }

    /// The working memory of extra criteria, behind one reference: the search is copied into each call the
    /// optimiser does not inline, so its own fields stay few.
    final class CriteriaMemory {
        /// Per state, what its bag compares: side by side, so that a walk of a bag reads one place per state.
        @exclusivity(unchecked) var bagEntries: [BagEntry] = []
        /// Per movement slot: the last state of its bag (valid where the slot is marked reached); per port
        /// slot: the last chain opened in this run (valid where `chainStamp` is this run's).
        @exclusivity(unchecked) var bagHead: [Int32] = []
        @exclusivity(unchecked) var chainHead: [Int32] = []
        /// Per chain, as `chains`.
        @exclusivity(unchecked) var chainFigures: [ChainFigures] = []
        /// Per port, with the cost criterion: the transshipment cost and the handling (a load or a discharge) cost in
        /// cents (an unknown cost counts nothing).
        @exclusivity(unchecked) var transferCost: [Int64] = []
        @exclusivity(unchecked) var handlingCost: [Int64] = []
        /// With the CO2e criterion: the least CO2e in grams from each port to the destination (a lower bound, as
        /// `lowerBound` is of the time), over the least CO2e of each pair of ports, which is computed once.
        @exclusivity(unchecked) var co2Bound: [Int64] = []
        /// With the cost criterion: the least cost in cents still to come of any itinerary from a state or a chain, which
        /// has paid neither its discharge at the destination nor its last truck and the discharge where it leaves for the
        /// destination; else 0.
        var costLeft: Int64 = 0
        var inboundCO2: [Int64] = []
        /// Whether a state aboard a voyage that calls at the destination no more is known to change voyage at least once
        /// more (no haul ends at the destination); per voyage, its last movement into the destination (`Int32.max` for a
        /// voyage that goes on as another, -1 for none), set for `callingVoyages`; the least transshipment cost of a
        /// port in cents with the cost criterion, else 0.
        var boundsChanges = false
        @exclusivity(unchecked) var lastCall: [Int32] = []
        var callingVoyages: [Int32] = []
        var changeCost: Int64 = 0
        /// The network's last movement of each voyage, grouped by the port it arrives at (`movements[start[p]..<start[p +
        /// 1]]`), and the voyages that go on as another; found with the first search that bounds changes.
        var voyageEnds: (start: [Int32], movements: [Int32]) = ([], [])
        var continuing: [Int32] = []
        /// The itineraries found so far that no other found dominates, departure aside (every one departs no
        /// earlier than the current run), which is all that pruning compares with; in order of arrival.
        @exclusivity(unchecked) var pruningFront: [Found] = []
    }

    /// An entry of the queue, ordered by key, then slot, then reference; the last two packed in one word, so
    /// that a comparison reads two words.
    struct Entry: Comparable {
        var key: Int64
        private var order: UInt64

        init(key: Int64, reference: Int32, slot: Int32) {
            self.key = key
            order = UInt64(UInt32(bitPattern: slot &+ 1)) << 32 | UInt64(UInt32(bitPattern: reference))
        }

        /// A chain when `slot >= 0`, else a state.
        var reference: Int32 { Int32(truncatingIfNeeded: order) }
        var slot: Int32 { Int32(truncatingIfNeeded: order >> 32) &- 1 }

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            lhs.key < rhs.key || lhs.key == rhs.key && lhs.order < rhs.order
        }
    }

    /// An itinerary that reaches the destination, by its vector.
    struct Found {
        var departure: Int64
        var arrival: Int64
        var transfers: Int
        /// The transshipment costs in cents and the CO2e in grams, with extra criteria; else 0.
        var cost: Int64 = 0
        var co2: Int64 = 0
        /// The state that last rides a movement, or -1 for an itinerary of one haul.
        var state: Int32
        /// The haul that ends the itinerary, or -1.
        var haul: Int32 = -1

        /// The order of candidates: earlier arrival, then fewer transshipments, then later departure, then lower
        /// cost and CO2e, then the one found first.
        static func precedes(_ lhs: Found, _ rhs: Found) -> Bool {
            (lhs.arrival, lhs.transfers, -lhs.departure, lhs.cost, lhs.co2, lhs.state)
                < (rhs.arrival, rhs.transfers, -rhs.departure, rhs.cost, rhs.co2, rhs.state)
        }

        func dominates(_ other: Found) -> Bool {
            departure >= other.departure && arrival <= other.arrival && transfers <= other.transfers
                && cost <= other.cost && co2 <= other.co2
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
    private(set) var ready: Int64 = 0
    /// The deadline of the run: the specification's, or sooner when the departure plus the most transit time is.
    private var deadline: Int64 = 0
    private var queryDeadline: Int64 = 0
    /// The most seconds from departure to arrival, `Int64.max` for no limit.
    private var transitLimit = Int64.max
    /// Whether states carry cost and CO2e (extra criteria), and which of the two count.
    private var isMultiCriteria = false
    private var countsCost = false
    private var countsCO2 = false
    /// Whether a chain stands for another only when both arrived on the same voyage.
    private var chainsNeedSameVoyage = false
    private var transferLimit = Int.max
    private var countsTransfers = false
    /// The most changes of mode (``RoutingOptions/maxModeChanges``), and whether states count them: a state then
    /// stands for another on its movement, and a chain for another at its port, only with no more of them.
    private var modeChangeLimit = Int.max
    private var countsModeChanges = false
    /// Whether the network has transshipment times by mode: a change of voyage then boards a departure only once the
    /// time from its arriving mode to the departure's has passed, and a chain stands for another only where it arrived
    /// by the same mode, or is a gate-in.
    private var checksModeTimes = false
    /// Whether chains keep the mode they arrived by: where changes of mode count or their times differ.
    private var tracksArrivingMode = false
    /// Whether a change of voyage checks more than its first slot: transshipment cut-offs or times by mode.
    private var checksChangeRules = false
    var avoidedPort: [Bool] = []
    /// Whether the search avoids any port, which changes its lower bounds.
    var avoidsPorts = false
    /// The lower bounds' sailing times to destinations searched before, kept between runs.
    var sailingTimeCache = SailingTimeCache()
    private var avoidedVoyage: [Bool] = []
    private var hasAvoidedVoyages = false
    /// Whether hauls are taken at all, from the origin, and to the destination (``RoutingOptions/modes``,
    /// ``RoutingOptions/truckFromOrigin``, ``RoutingOptions/truckToDestination``).
    private var takesHauls = true, haulsFromOrigin = true, haulsToDestination = true
    /// With a space (``RoutingOptions/space``): the room the cargo takes, and what other cargo takes on the movements
    /// and on the days of hauls with a capacity a day.
    private var checksSpace = false
    private var room: (space: CargoSpace, taken: CapacityUse)?
    /// Whether staying aboard may be cut off at a call (an avoided port, a full movement), so that a chain stands
    /// for another only when both arrived on the same voyage.
    private var aboardMayBeCut = false
    private var isProfile = false
    private var cargoType = CargoType.dry
    private var dangerousGoods = false
    private var checksCutOffs = false
    private var checksTransshipmentCutOffs = false
    /// Whether the task running the search was cancelled before it finished; its results are then incomplete.
    private(set) var isCancelled = false

    // Working memory, reused between queries; stamps tell which entries belong to this run.
    /// One bit per movement slot (a movement at a stage): whether a state aboard was recorded in this query. A
    /// bit a movement rather than a stamp, so that the check of nearly every offer reads 80 KB on the large
    /// benchmark instance rather than 2.5 MB, and stays in the cache; the next query clears the bits of its states.
    private var reached: [UInt64] = []
    /// Per movement slot, where reached, when changes of voyage count: those of the last state recorded there
    /// (without extra criteria and changes of mode, the fewest; with changes of mode, a later state may have more
    /// changes of voyage and fewer of mode, so the table may prune less, never wrongly).
    private var movementTransfers: [UInt16] = []
    /// Per movement slot, where reached, when changes of mode count: those of the last state recorded there.
    private var movementModeChanges: [UInt8] = []
    private var runStamp: UInt32 = 0
    private var chainStamp: [UInt32] = []
    private var chainTransfers: [UInt16] = []
    private var chainSlot: [Int32] = []
    private var chainArrival: [Int64] = []
    private var chainVoyage: [Int32] = []
    private var chainGateIn: [Bool] = []
    private var chainModeChanges: [UInt8] = []
    private var chainMode: [UInt8] = []
    private(set) var states: [State] = []
    private let criteria = CriteriaMemory()
    private var chains: [Chain] = []
    private var queue = EntryQueue()
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
        forgetReachedSlots()
        origin = try port(specification.origin)
        destination = try port(specification.destination)
        if let most = options.maxTransshipments, most < 0 { throw .invalidOptions("the most transshipments, \(most), is negative") }
        if let most = options.maxModeChanges, most < 0 { throw .invalidOptions("the most changes of mode, \(most), is negative") }
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
        // A voyage of a mode not allowed is avoided as a named one is. The network's modes are checked, not each voyage's:
        // hashing every voyage's mode took 13 ms a search with 220,000 voyages (Benchmarks/README.md, "Door to door").
        let modes = network.details.voyageMode  // empty when every voyage is a vessel's
        let allowed = TransportMode.mask(of: options.modes)
        let avoidsModes = network.details.voyageModes & ~allowed != 0
        hasAvoidedVoyages = !options.avoidedVoyages.isEmpty || avoidsModes
        if hasAvoidedVoyages {
            avoidedVoyage =
                !avoidsModes
                ? [Bool](repeating: false, count: network.voyageCount)
                : modes.isEmpty ? [Bool](repeating: true, count: network.voyageCount) : modes.map { $0.bit & allowed == 0 }
            for number in options.avoidedVoyages {
                guard let index = network.voyageIndex[number] else { throw .unknownVoyage(number) }
                avoidedVoyage[Int(index)] = true
            }
        }
        takesHauls = allowed & TransportMode.truck.bit != 0
        haulsFromOrigin = takesHauls && options.truckFromOrigin
        haulsToDestination = takesHauls && options.truckToDestination
        checksSpace = options.space != nil
        if let space = options.space {
            let taken = options.taken ?? CapacityUse(network: network)
            guard taken.movementCount == network.movementCount else { throw .invalidOptions("the capacity taken is of another network") }
            room = (space, taken)
        } else {
            room = nil
        }
        aboardMayBeCut = avoidsPorts || checksSpace
        stageCount = via.count + 1
        ready = specification.readyTime.secondsRoundedUp
        cargoType = specification.cargoType
        dangerousGoods = specification.containsDangerousGoods
        checksCutOffs = network.hasCutOffTimes
        checksTransshipmentCutOffs = !network.transshipmentCutOff.isEmpty
        queryDeadline = specification.arrivalDeadline.seconds
        deadline = queryDeadline
        transitLimit = specification.maximumTransitTime.map(\.wholeSeconds) ?? Int64.max
        transferLimit = options.maxTransshipments ?? Int.max
        isProfile = profile
        isCancelled = false
        countsTransfers = profile || options.maxTransshipments != nil
        // A byte holds a state's changes of mode: a limit past it limits nothing an itinerary of this world has.
        modeChangeLimit = options.maxModeChanges ?? Int.max
        countsModeChanges = modeChangeLimit < Int(UInt8.max)
        checksModeTimes = !network.modeTransshipmentSeconds.isEmpty
        tracksArrivingMode = countsModeChanges || checksModeTimes
        checksChangeRules = checksTransshipmentCutOffs || checksModeTimes
        countsCost = profile && options.criteria.contains(.handlingCost)
        countsCO2 = profile && options.criteria.contains(.co2e)
        isMultiCriteria = countsCost || countsCO2
        chainsNeedSameVoyage = aboardMayBeCut || countsCO2
        if countsCost {
            criteria.transferCost = network.locations.map { Int64((min($0.transshipmentCostPerTEU ?? 0, 1e12) * 100).rounded()) }
            criteria.handlingCost = network.locations.map { Int64((min($0.handlingCostPerTEU ?? 0, 1e12) * 100).rounded()) }
            let hauls = network.details.hauls, end = Int(destination)
            let haulsIn = hauls.isEmpty ? [] : hauls.into[Int(hauls.intoStart[end])..<Int(hauls.intoStart[end + 1])]
            criteria.costLeft = haulsIn.reduce(criteria.handlingCost[end]) { least, h in
                min(least, criteria.handlingCost[Int(hauls.from[Int(h)])] + hauls.costCents[Int(h)])
            }
        } else {
            criteria.costLeft = 0
        }
        criteria.pruningFront.removeAll(keepingCapacity: true)
        let hauls = network.details.hauls
        criteria.boundsChanges = isMultiCriteria && (hauls.isEmpty || hauls.intoStart[Int(destination)] == hauls.intoStart[Int(destination) + 1])
        if criteria.boundsChanges {
            markDestinationCalls()
            criteria.changeCost = countsCost ? criteria.transferCost.min() ?? 0 : 0
        }
        if countsCO2 {
            if criteria.inboundCO2.isEmpty { criteria.inboundCO2 = network.inboundCO2() }
            criteria.co2Bound = network.leastTotals(to: destination, over: criteria.inboundCO2, hauling: network.details.hauls.co2Grams, avoiding: [])
        }

        let movementSlots = network.movementCount * stageCount
        if reached.count * 64 < movementSlots { reached = [UInt64](repeating: 0, count: (movementSlots + 63) / 64) }
        if countsTransfers && movementTransfers.count < movementSlots {
            movementTransfers = [UInt16](repeating: 0, count: movementSlots)
        }
        if countsModeChanges && movementModeChanges.count < movementSlots {
            movementModeChanges = [UInt8](repeating: 0, count: movementSlots)
        }
        let chainSlots = network.locations.count * stageCount
        if chainStamp.count < chainSlots {
            chainStamp = [UInt32](repeating: 0, count: chainSlots)
            chainTransfers = [UInt16](repeating: 0, count: chainSlots)
            chainSlot = [Int32](repeating: 0, count: chainSlots)
            chainArrival = [Int64](repeating: 0, count: chainSlots)
            chainVoyage = [Int32](repeating: 0, count: chainSlots)
            chainGateIn = [Bool](repeating: false, count: chainSlots)
            chainModeChanges = [UInt8](repeating: 0, count: chainSlots)
            chainMode = [UInt8](repeating: 0, count: chainSlots)
            criteria.chainHead = []
            runStamp = 0
        }
        if isMultiCriteria {
            if criteria.bagHead.count < movementSlots { criteria.bagHead = [Int32](repeating: -1, count: movementSlots) }
            if criteria.chainHead.count < chainSlots { criteria.chainHead = [Int32](repeating: -1, count: chainSlots) }
        }
        criteria.chainFigures.removeAll(keepingCapacity: true)
        criteria.bagEntries.removeAll(keepingCapacity: true)
        chains.removeAll(keepingCapacity: true)
        found.removeAll(keepingCapacity: true)
        bestByTransfers.removeAll(keepingCapacity: true)
        bestOverall = Self.unreachable
        computeLowerBounds()
    }

    /// Lets go of what a query's options lent the search (the room other cargo take), which it reads only during the
    /// query.
    mutating func forgetLent() {
        room = nil
    }

    /// Clears the reached bits of the last query's states and forgets the states: first thing in a query, while
    /// the slots are still numbered with the last query's stage count.
    private mutating func forgetReachedSlots() {
        for state in states { reached[(Int(state.movement) * stageCount + Int(state.stage)) >> 6] = 0 }
        states.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    private func isReached(_ slot: Int) -> Bool {
        reached[slot >> 6] & (1 << UInt64(slot & 63)) != 0
    }

    private func port(_ code: UnLocode) throws(RoutingError) -> Int32 {
        guard let index = network.portIndex[code] else { throw .unknownLocation(code) }
        return index
    }

    // MARK: Queries

    /// A way to leave the origin: its departures in a range of slots, or a haul from it and then the departures of the
    /// haul's end in a range of slots (none where the haul ends the itinerary).
    struct Start {
        /// When the cargo leaves the origin: the slots' time, or the haul's departure.
        var time: Int64
        var port: Int32
        var slots: Range<Int32>
        var haul: Int32 = -1
        /// When the cargo is at `port`: the ready time at the origin, else the haul's arrival.
        var ready: Int64
    }

    /// Runs one search from every departure at or after the ready time, and every haul from the origin then, and
    /// returns what reaches the destination first, if anything.
    mutating func earliestArrival() -> Found? {
        let first = network.firstSlot(at: origin, notBefore: ready)
        var starts = [Start(time: ready, port: origin, slots: first..<network.departureStart[Int(origin) + 1], ready: ready)]
        let hauls = network.details.hauls
        for h in hauls.hauls(from: origin) where haulsFromOrigin {
            let (departure, arrival) = hauls.earliest(h, from: origin, notBefore: ready)
            let port = hauls.to[h]
            let slots = network.firstSlot(at: port, notBefore: arrival)..<network.departureStart[Int(port) + 1]
            guard room != nil && !hauls.capacityPerDay.isEmpty && hauls.capacityPerDay[h] >= 0 else {
                starts.append(Start(time: departure, port: port, slots: slots, haul: Int32(h), ready: arrival))
                continue
            }
            // A truck that ends the itinerary leaves as early as it can; one that feeds a departure as late as it still
            // delivers for it, so its day is that departure's: one start for each departure on a day with room.
            if port == destination && advance(0, to: port) == via.count {
                if !lacksRoom(haul: h, leaving: departure) { starts.append(Start(time: departure, port: port, slots: slots, haul: Int32(h), ready: arrival)) }
                continue
            }
            for slot in slots where network.slotTime[Int(slot)] <= deadline {
                let feeding = originHaul(h, feeding: Int(network.slotMovement[Int(slot)]))
                guard feeding.departure >= ready, !lacksRoom(haul: h, leaving: feeding.departure) else { continue }
                starts.append(Start(time: feeding.departure, port: port, slots: slot..<(slot + 1), haul: Int32(h), ready: feeding.arrival))
            }
        }
        run(starts)
        return found.min(by: Found.precedes)
    }

    /// Runs one search per distinct departure time from the origin, latest first, and returns the
    /// itineraries no other one dominates.
    ///
    /// A haul from the origin leaves as late as it still delivers for the departure it feeds (its gate hours and that
    /// departure's cut-offs for the cargo allowing), so each departure at its end is a departure time from the origin;
    /// a haul that ends the itinerary leaves as early as it can.
    mutating func paretoFront() -> [Found] {
        var starts: [Start] = []
        let end = network.departureStart[Int(origin) + 1]
        var slot = network.firstSlot(at: origin, notBefore: ready)
        while slot < end {
            let time = network.slotTime[Int(slot)]
            var next = slot + 1
            while next < end && network.slotTime[Int(next)] == time { next += 1 }
            starts.append(Start(time: time, port: origin, slots: slot..<next, ready: ready))
            slot = next
        }
        let hauls = network.details.hauls
        for h in hauls.hauls(from: origin) where haulsFromOrigin {
            let port = hauls.to[h]
            let earliest = hauls.earliest(h, from: origin, notBefore: ready)
            if port == destination && advance(0, to: port) == via.count {
                guard haulsToDestination, !lacksRoom(haul: h, leaving: earliest.departure) else { continue }
                starts.append(Start(time: earliest.departure, port: port, slots: 0..<0, haul: Int32(h), ready: earliest.arrival))
                continue
            }
            for slot in network.firstSlot(at: port, notBefore: earliest.arrival)..<network.departureStart[Int(port) + 1] {
                let (departure, arrival) = originHaul(h, feeding: Int(network.slotMovement[Int(slot)]))
                guard departure >= ready, !lacksRoom(haul: h, leaving: departure) else { continue }
                starts.append(Start(time: departure, port: port, slots: slot..<(slot + 1), haul: Int32(h), ready: arrival))
            }
        }
        // Latest first; of one time, in the order made.
        let order = starts.indices.sorted { (-starts[$0].time, $0) < (-starts[$1].time, $1) }
        let latest = queryDeadline - departureBound(at: origin, stage: 0)
        var group: [Start] = []
        var position = 0
        while position < order.count && !isCancelled {
            let time = starts[order[position]].time
            group.removeAll(keepingCapacity: true)
            while position < order.count && starts[order[position]].time == time {
                group.append(starts[order[position]])
                position += 1
            }
            if time <= latest {
                departureOfRun = time
                // A later run's deadline is no earlier, so what a later departure reached stays comparable.
                deadline = transitLimit > queryDeadline - time ? queryDeadline : time + transitLimit
                run(group)
            }
        }
        var front: [Found] = []
        for candidate in found.sorted(by: Found.precedes)
        where !front.contains(where: { $0.dominates(candidate) }) {
            front.append(candidate)
        }
        return front
    }

    // MARK: The search

    private mutating func run(_ starts: [Start]) {
        guard starts.contains(where: { !$0.slots.isEmpty || $0.haul >= 0 }) else { return }
        if Task.isCancelled { isCancelled = true }
        guard !isCancelled else { return }
        if runStamp == UInt32.max {
            for index in chainStamp.indices { chainStamp[index] = 0 }
            runStamp = 0
        }
        runStamp += 1
        queue.removeAll()
        let hauls = network.details.hauls
        for start in starts {
            var cost: Int64 = 0, co2: Int64 = 0, stage = 0
            if start.haul >= 0 {
                let h = Int(start.haul)
                guard !avoidsPorts || !avoidedPort[Int(start.port)] && !avoidedPort[Int(origin)] else { continue }
                cost = countsCost ? hauls.costCents[h] : 0
                co2 = countsCO2 ? hauls.co2Grams[h] : 0
                stage = advance(0, to: start.port)
                if start.port == destination && stage == via.count {
                    if haulsToDestination && start.ready <= deadline {
                        record(Found(departure: start.time, arrival: start.ready, transfers: 0, cost: cost, co2: co2, state: -1, haul: start.haul))
                    }
                    continue
                }
            }
            guard !start.slots.isEmpty else { continue }
            chains.append(
                Chain(
                    port: start.port, transfers: 0, stage: UInt16(stage), parent: -1, arrivingVoyage: -1, arrivingVoyageEnd: -1,
                    endSlot: start.slots.upperBound, arrival: start.ready, haul: start.haul,
                    arrivingMode: start.haul >= 0 ? TransportMode.truck.bit : 0))
            if isMultiCriteria {
                criteria.chainFigures.append(
                    ChainFigures(
                        cost: cost + (countsCost ? criteria.handlingCost[Int(start.port)] : 0), co2: co2, firstSlot: start.slots.lowerBound,
                        next: -1))
            }
            pushDeparture(chain: Int32(chains.count - 1), slot: start.slots.lowerBound)
        }

        var pops: UInt32 = 0
        while let entry = queue.popMin() {
            // A cancelled task stops the search; checking the flag costs a call, so only every 4,096 states.
            pops &+= 1
            if pops & 0xFFF == 0 && Task.isCancelled {
                isCancelled = true
                break
            }
            // Every key left is a lower bound of what it can reach: stop when none can beat what is found, even with no
            // change of voyage.
            if entry.key > deadline || (!isMultiCriteria && entry.key >= bound(transfers: 0)) { break }
            if entry.slot >= 0 {
                let chain = chains[Int(entry.reference)]
                let (cost, co2) = figures(ofChain: entry.reference)
                if isProfile && isBeaten(key: entry.key, transfers: Int(chain.transfers), cost: cost, co2: co2, at: chain.port) {
                    continue
                }
                // `pushDeparture` queued the departure only where the chain may board it, which stays so.
                let aboard = Aboard(slot: entry.slot, in: network)
                offer(
                    aboard, transfers: Int(chain.transfers), stage: advance(Int(chain.stage), to: aboard.port),
                    modeChanges: modeChanges(boarding: aboard.movement, from: chain), parent: chain.parent, boarded: true, haul: chain.haul,
                    cost: cost, co2: co2 + self.co2(of: aboard.movement))
                if entry.slot + 1 < chain.endSlot { pushDeparture(chain: entry.reference, slot: entry.slot + 1) }
            } else {
                let state = states[Int(entry.reference)]
                let (cost, co2) = isMultiCriteria ? (criteria.bagEntries[Int(entry.reference)].cost, criteria.bagEntries[Int(entry.reference)].co2) : (0, 0)
                if isProfile && isBeaten(aboard: state.movement, key: entry.key, transfers: Int(state.transfers), cost: cost, co2: co2) {
                    continue
                }
                let movement = Int(state.movement)
                var next = Int32(movement + 1)
                // The next movement's voyage is beside this one's: no look-up of where the voyage ends. After its
                // last movement the vessel may go on as another voyage, and the cargo aboard with it.
                let voyage = network.voyageOf[movement]
                if Int(next) == network.movementCount || network.voyageOf[Int(next)] != voyage {
                    next = network.continuationStart[Int(voyage)]
                }
                if next >= 0 && isUsable(next) {
                    let aboard = Aboard(next, in: network)
                    // A vessel that goes on as a voyage of another mode changes the cargo's mode.
                    let changes = Int(state.modeChanges) + (countsModeChanges && mode(of: next) != mode(of: Int32(movement)) ? 1 : 0)
                    offer(
                        aboard, transfers: Int(state.transfers), stage: advance(Int(state.stage), to: aboard.port), modeChanges: changes,
                        parent: entry.reference, boarded: false, haul: -1, cost: cost, co2: co2 + self.co2(of: next))
                }
                // Cargo never changes vessel at its origin: every boarding there meets the origin's cut-offs.
                let port = network.to[movement]
                if Int(state.transfers) < transferLimit && port != origin {
                    startChain(
                        at: port, transfers: Int(state.transfers) + 1, stage: Int(state.stage), modeChanges: state.modeChanges,
                        parent: entry.reference, arriving: movement, voyage: Int(voyage),
                        cost: countsCost ? cost + criteria.transferCost[Int(port)] : 0, co2: co2)
                }
                if takesHauls && !hauls.isEmpty && port != origin {
                    haul(from: port, state: entry.reference, arriving: movement, cost: cost, co2: co2)
                }
            }
        }
    }

    /// Whether haul `h`, leaving at `departure`, lacks the room the cargo takes on its day (a search with a space,
    /// where the haul has a capacity a day).
    private func lacksRoom(haul h: Int, leaving departure: Int64) -> Bool {
        guard let (space, taken) = room, let day = network.details.hauls.day(h, leaving: departure) else { return false }
        return !taken.fits(space, on: day, in: network)
    }

    /// Whether movement `m` lacks the room the cargo takes (a search with a space): counted where the search meets the
    /// movement rather than for every movement of the network first, which took longer than most searches.
    @inline(__always)
    private func lacksRoom(movement m: Int) -> Bool {
        guard let room else { return false }
        return !room.taken.fits(room.space, movement: m, in: network)
    }

    /// When haul `h` from the origin leaves, as late as it still delivers for `movement` by the movement's cut-offs for
    /// the cargo, and when it delivers (``ScheduleNetwork/haul(_:from:feeding:cargoType:dangerousGoods:)``).
    func originHaul(_ h: Int, feeding movement: Int) -> (departure: Int64, arrival: Int64) {
        network.haul(h, from: origin, feeding: movement, cargoType: cargoType, dangerousGoods: dangerousGoods)
    }

    /// Takes every haul from `port`, where `state` leaves its voyage after `arriving`: it leaves once the port's
    /// transshipment time has passed and the gate is open, and either ends the itinerary at the destination or opens a
    /// gate-in chain at its end (a change of voyage). A haul back to the origin is never better than leaving from there.
    ///
    /// A haul to a place with no departure, the destination aside, leads nowhere, and one that cannot beat what is found
    /// even leaving at once and with no wait at either gate is not worth its gate hours: both are passed over first.
    private mutating func haul(from port: Int32, state: Int32, arriving movement: Int, cost: Int64, co2: Int64) {
        let hauls = network.details.hauls
        let transfers = Int(states[Int(state)].transfers), stage = Int(states[Int(state)].stage)
        // Onto the truck is a change of mode, and so is off it onto a voyage.
        let modeChanges = Int(states[Int(state)].modeChanges) + (countsModeChanges ? 1 : 0)
        guard modeChanges <= modeChangeLimit else { return }
        let leaving =
            network.arrival[movement]
            + network.transshipmentSeconds(at: port, from: mode(of: Int32(movement)).trailingZeroBitCount, to: TransportMode.truck.index)
        for h in hauls.hauls(from: port) {
            let end = hauls.to[h]
            guard end != origin, !avoidsPorts || !avoidedPort[Int(end)] else { continue }
            let endStage = advance(stage, to: end)
            let endsItinerary = end == destination && endStage == via.count
            if !endsItinerary {
                let departures = network.departureStart[Int(end)]..<network.departureStart[Int(end) + 1]
                let remaining = departureBound(at: end, stage: endStage)
                guard !departures.isEmpty, transfers < transferLimit, modeChanges < modeChangeLimit, remaining < Self.unreachable,
                    case let key = leaving + hauls.seconds[h] + remaining, key <= deadline,
                    isMultiCriteria || key < bound(transfers: transfers + 1)
                else { continue }
            }
            let (departure, arrival) = network.haul(h, leaving: movement)
            guard !lacksRoom(haul: h, leaving: departure) else { continue }
            let haulCost = countsCost ? cost + hauls.costCents[h] : 0, haulCO2 = countsCO2 ? co2 + hauls.co2Grams[h] : 0
            if endsItinerary {
                guard haulsToDestination, arrival <= deadline,
                    !isBeaten(key: arrival, transfers: transfers, cost: haulCost + (countsCost ? criteria.handlingCost[Int(port)] : 0), co2: haulCO2)
                else { continue }
                record(
                    Found(
                        departure: departureOfRun, arrival: arrival, transfers: transfers,
                        cost: haulCost + (countsCost ? criteria.handlingCost[Int(port)] : 0), co2: haulCO2, state: state, haul: Int32(h)))
                continue
            }
            let first = network.firstSlot(at: end, notBefore: arrival), endSlot = network.departureStart[Int(end) + 1]
            guard first < endSlot else { continue }
            let chain = Chain(
                port: end, transfers: UInt16(clamping: transfers + 1), stage: UInt16(endStage), parent: state, arrivingVoyage: -1,
                arrivingVoyageEnd: -1, endSlot: endSlot, arrival: arrival, haul: Int32(h), modeChanges: UInt8(clamping: modeChanges),
                arrivingMode: TransportMode.truck.bit)
            open(chain, firstSlot: first, cost: countsCost ? haulCost + criteria.transferCost[Int(end)] : 0, co2: haulCO2)
        }
    }

    /// Records a state aboard `movement` unless it cannot arrive in time or another state dominates it.
    private mutating func offer(
        _ aboard: Aboard, transfers: Int, stage: Int, modeChanges: Int, parent: Int32, boarded: Bool, haul: Int32, cost: Int64, co2: Int64
    ) {
        guard modeChanges <= modeChangeLimit else { return }
        let admitted =
            isMultiCriteria
            ? criteriaKey(aboard, transfers: transfers, stage: stage, modeChanges: modeChanges, cost: cost, co2: co2)
            : admissionKey(aboard, transfers: transfers, stage: stage, modeChanges: modeChanges)
        guard let key = admitted else { return }
        let movement = aboard.movement
        let rank = countsTransfers ? UInt16(clamping: transfers) : 0
        let slot = Int(movement) * stageCount + stage
        let id = Int32(states.count)
        if isMultiCriteria { addToBag(slot: slot, transfers: transfers, modeChanges: modeChanges, cost: cost, co2: co2) }
        reached[slot >> 6] |= 1 << UInt64(slot & 63)
        if countsTransfers { movementTransfers[slot] = rank }
        if countsModeChanges { movementModeChanges[slot] = UInt8(clamping: modeChanges) }
        states.append(
            State(
                movement: movement, transfers: UInt16(clamping: transfers), stage: UInt8(stage), parent: parent, boarded: boarded, haul: haul,
                modeChanges: UInt8(clamping: modeChanges)))
        if aboard.port == destination && stage == via.count {
            let discharge = countsCost ? criteria.handlingCost[Int(aboard.port)] : 0
            record(Found(departure: departureOfRun, arrival: aboard.arrival, transfers: transfers, cost: cost + discharge, co2: co2, state: id))
        } else {
            queue.insert(Entry(key: key, reference: id, slot: -1))
        }
    }

    /// The key of a state aboard a movement (`aboard`) with `transfers` changes of voyage at `stage`: its arrival plus
    /// the lower bound from there; `nil` when it cannot arrive in time, cannot beat an arrival already found,
    /// or a state on the movement with no more changes of voyage (nor of mode, where they count) and no fewer via
    /// ports passed was recorded. (With extra criteria, ``criteriaKey(_:transfers:stage:modeChanges:cost:co2:)``.)
    ///
    /// A `nil` stays `nil` for the rest of the run: bounds only fall and recorded states stay.
    @inline(__always)
    private func admissionKey(_ aboard: Aboard, transfers: Int, stage: Int, modeChanges: Int) -> Int64? {
        let remaining = lowerBound[stage * network.locations.count + Int(aboard.port)]
        guard remaining < Self.unreachable else { return nil }
        let key = aboard.arrival + remaining
        guard key <= deadline, key < bound(transfers: transfers) else { return nil }
        let rank = countsTransfers ? UInt16(clamping: transfers) : 0
        let base = Int(aboard.movement) * stageCount
        for index in (base + stage)..<(base + stageCount)
        where isReached(index) && (!countsTransfers || movementTransfers[index] <= rank)
            && (!countsModeChanges || Int(movementModeChanges[index]) <= modeChanges)
        {
            return nil
        }
        return key
    }

    /// Opens the departures from `port` at or after the arrival of the `arriving` movement (of `voyage`) plus the
    /// port's transshipment time (the movement's ``ScheduleNetwork/connectingSlot``) to a state that changes
    /// vessel there, unless a chain opened earlier in this run already offers them with no more
    /// changes of voyage (and, when the network has transshipment cut-offs, from an arrival no later; where the port has
    /// transshipment times by mode, from an arrival no later by the same mode).
    ///
    /// A chain skips the departures of the voyage its state arrived on, since staying aboard offers them
    /// with one change less. When the search avoids ports, staying aboard may be cut off by an avoided call,
    /// so a chain then stands for another only if both skip the same voyage.
    @inline(__always)
    private mutating func startChain(
        at port: Int32, transfers: Int, stage: Int, modeChanges: UInt8, parent: Int32, arriving movement: Int, voyage: Int, cost: Int64,
        co2: Int64
    ) {
        let arrival = network.arrival[movement]
        let mode = tracksArrivingMode ? mode(of: Int32(movement)) : 0
        let rank = countsTransfers ? UInt16(clamping: transfers) : 0
        let modeTimes = hasModeTimes(at: port)
        let base = Int(port) * stageCount
        // A chain from an arrival no later boards from no later a slot: most states that change vessel at a port
        // already reached are turned away here, before their connecting slot is read.
        for index in (base + stage)..<(base + stageCount)
        where !isMultiCriteria && chainStamp[index] == runStamp && chainTransfers[index] <= rank && chainArrival[index] <= arrival
            && (!checksCutOffs || !chainGateIn[index]) && (!aboardMayBeCut || chainVoyage[index] == network.voyageStart[voyage])
            && (!modeTimes || chainGateIn[index] || chainMode[index] == mode)
            && (!countsModeChanges || boardsWithNoMoreModeChanges(chainModeChanges[index], chainMode[index], than: modeChanges, mode))
        {
            return
        }
        let slot = network.connectingSlot[movement]
        let endSlot = network.departureStart[Int(port) + 1]
        guard slot < endSlot else { return }
        let chain = Chain(
            port: port, transfers: UInt16(clamping: transfers), stage: UInt16(stage), parent: parent,
            arrivingVoyage: network.voyageStart[voyage], arrivingVoyageEnd: network.voyageStart[voyage + 1], endSlot: endSlot,
            arrival: arrival, modeChanges: modeChanges, arrivingMode: mode)
        open(chain, firstSlot: slot, cost: cost, co2: co2)
    }

    /// Opens a chain from `firstSlot` unless a chain opened earlier in this run at its port, at its stage or past more
    /// via ports, already offers its departures: from no later a slot, with no more changes of voyage, from an arrival
    /// no later where the network has the cut-offs that decide the chain's boardings (a gate-in's loading cut-offs, a
    /// change's transshipment cut-off) or transshipment times by mode, and of the same kind where the network has
    /// cut-offs at all. With times by mode, a change of voyage stands for another only where both arrived by the same
    /// mode, and never for a gate-in (which arrived by truck or is at the origin): its first slot comes from the least
    /// time of a change from its mode, so it may not board every departure from there.
    private mutating func open(_ chain: Chain, firstSlot slot: Int32, cost: Int64, co2: Int64) {
        if isMultiCriteria {
            startChainInBag(chain, ChainFigures(cost: cost, co2: co2, firstSlot: slot, next: -1))
            return
        }
        let rank = chain.transfers, gateIn = chain.isGateIn, modeTimes = hasModeTimes(at: chain.port)
        let timed = gateIn ? checksCutOffs : checksTransshipmentCutOffs || modeTimes
        let base = Int(chain.port) * stageCount, stage = Int(chain.stage)
        for index in (base + stage)..<(base + stageCount)
        where chainStamp[index] == runStamp && chainTransfers[index] <= rank && chainSlot[index] <= slot
            && (chainGateIn[index] == gateIn ? !timed || chainArrival[index] <= chain.arrival : !checksCutOffs)
            && (!modeTimes || chainGateIn[index] || chainMode[index] == chain.arrivingMode)
            && (!aboardMayBeCut || chainVoyage[index] == chain.arrivingVoyage)
            && (!countsModeChanges
                || boardsWithNoMoreModeChanges(chainModeChanges[index], chainMode[index], than: chain.modeChanges, chain.arrivingMode))
        {
            return
        }
        chainStamp[base + stage] = runStamp
        chainTransfers[base + stage] = rank
        chainSlot[base + stage] = slot
        chainArrival[base + stage] = chain.arrival
        chainGateIn[base + stage] = gateIn
        if aboardMayBeCut { chainVoyage[base + stage] = chain.arrivingVoyage }
        if tracksArrivingMode { (chainModeChanges[base + stage], chainMode[base + stage]) = (chain.modeChanges, chain.arrivingMode) }
        chains.append(chain)
        pushDeparture(chain: Int32(chains.count - 1), slot: slot)
    }

    /// Queues the first departure of a chain at or after `slot` that may still board, skipping those
    /// ``admissionKey(_:transfers:stage:)`` refuses already (they would be refused when popped too, and
    /// each skipped here saves a pass through the queue); the departures after it wait until it is popped.
    ///
    /// A queued departure is one the chain may board (usable, not on its arriving voyage, within its cut-offs and its
    /// change's time by mode):
    /// that depends only on the chain and the departure, so it is not checked again when the departure is popped.
    private mutating func pushDeparture(chain index: Int32, slot first: Int32) {
        let chain = chains[Int(index)]
        let remaining = departureBound(at: chain.port, stage: Int(chain.stage))
        guard remaining < Self.unreachable else { return }
        var slot = first
        let (cost, co2) = figures(ofChain: index)
        let countsModes = countsModeChanges, modeLimit = modeChangeLimit
        // The departures' keys grow along the walk while the chain's figures stay, and nothing is found during the walk:
        // the key from which what is found beats them is found once.
        let beatenFrom =
            isMultiCriteria
            ? earliestBeating(transfers: Int(chain.transfers), cost: cost + criteria.costLeft, co2: co2 + co2Left(chain.port))
            : bound(transfers: Int(chain.transfers))
        while slot < chain.endSlot {
            let key = network.slotTime[Int(slot)] + remaining
            guard key <= deadline, key < beatenFrom else { return }
            let aboard = Aboard(slot: slot, in: network)
            let changes = countsModes ? modeChanges(boarding: aboard.movement, from: chain) : 0
            if isUsable(aboard.movement) && !chain.isOnArrivingVoyage(aboard.movement) && (!countsModes || changes <= modeLimit)
                && canBoard(aboard.movement, slot: slot, from: chain)
                && (isMultiCriteria
                    ? criteriaKey(
                        aboard, transfers: Int(chain.transfers), stage: advance(Int(chain.stage), to: aboard.port), modeChanges: changes,
                        cost: cost, co2: co2 + self.co2(of: aboard.movement))
                    : admissionKey(aboard, transfers: Int(chain.transfers), stage: advance(Int(chain.stage), to: aboard.port), modeChanges: changes))
                    != nil
            {
                queue.insert(Entry(key: key, reference: index, slot: slot))
                return
            }
            slot += 1
        }
    }

    private mutating func record(_ arrival: Found) {
        found.append(arrival)
        if isMultiCriteria {
            func covers(_ a: Found, _ b: Found) -> Bool {
                a.arrival <= b.arrival && a.transfers <= b.transfers && a.cost <= b.cost && a.co2 <= b.co2
            }
            if !criteria.pruningFront.contains(where: { covers($0, arrival) }) {
                criteria.pruningFront.removeAll { covers(arrival, $0) }
                let position = criteria.pruningFront.firstIndex { $0.arrival > arrival.arrival } ?? criteria.pruningFront.endIndex
                criteria.pruningFront.insert(arrival, at: position)
            }
        }
        bestOverall = min(bestOverall, arrival.arrival)
        guard isProfile else { return }
        while bestByTransfers.count <= arrival.transfers { bestByTransfers.append(bestByTransfers.last ?? Self.unreachable) }
        for transfers in arrival.transfers..<bestByTransfers.count {
            bestByTransfers[transfers] = min(bestByTransfers[transfers], arrival.arrival)
        }
    }

    /// Whether an itinerary already found is no worse than anything keyed `key` with `transfers` changes of voyage,
    /// `cost` and `co2` at least (so far and still to come) can become: without extra criteria, one arriving by `key`
    /// with no more changes of voyage (``bound(transfers:)``).
    @inline(__always)
    private mutating func isBeaten(key: Int64, transfers: Int, cost: Int64, co2: Int64) -> Bool {
        guard isMultiCriteria else { return key >= bound(transfers: transfers) }
        // Found itineraries depart no earlier than this run's, and cost and CO2e only grow along a path. The front is in
        // order of arrival: none after the key beats it.
        for other in criteria.pruningFront {
            if other.arrival > key { return false }
            if other.transfers <= transfers && other.cost <= cost && other.co2 <= co2 { return true }
        }
        return false
    }

    /// With extra criteria, the earliest arrival of an itinerary already found with no more than `transfers` changes of
    /// voyage, `cost` and `co2`, `unreachable` for none: anything keyed no earlier, with these figures at least, is
    /// beaten. Found itineraries depart no earlier than this run's, and cost and CO2e only grow along a path.
    @inline(__always)
    private mutating func earliestBeating(transfers: Int, cost: Int64, co2: Int64) -> Int64 {
        // The front is in order of arrival: the first that covers the figures is the earliest.
        for other in criteria.pruningFront where other.transfers <= transfers && other.cost <= cost && other.co2 <= co2 {
            return other.arrival
        }
        return Self.unreachable
    }

    /// Whether an itinerary already found is no worse than anything a state or chain at `port` keyed `key`, with
    /// `transfers` changes of voyage and `cost` and `co2` so far, can become: its cost and CO2e with the least still to
    /// come (``CriteriaMemory/costLeft``, ``co2Left(_:)``).
    @inline(__always)
    private mutating func isBeaten(key: Int64, transfers: Int, cost: Int64, co2: Int64, at port: Int32) -> Bool {
        guard isMultiCriteria else { return key >= bound(transfers: transfers) }
        return isBeaten(key: key, transfers: transfers, cost: cost + criteria.costLeft, co2: co2 + co2Left(port))
    }

    /// Whether an itinerary already found is no worse than anything a state aboard `movement` keyed `key`, with
    /// `transfers` changes of voyage and `cost` and `co2` so far, can become: as ``isBeaten(key:transfers:cost:co2:at:)``
    /// at the movement's arrival port, with one change of voyage more, at the least transshipment cost, where the
    /// movement's voyage calls at the destination no more (``CriteriaMemory/boundsChanges``).
    @inline(__always)
    private mutating func isBeaten(aboard movement: Int32, key: Int64, transfers: Int, cost: Int64, co2: Int64) -> Bool {
        let port = network.to[Int(movement)]
        guard criteria.boundsChanges, criteria.lastCall[Int(network.voyageOf[Int(movement)])] < movement else {
            return isBeaten(key: key, transfers: transfers, cost: cost, co2: co2, at: port)
        }
        return isBeaten(key: key, transfers: transfers + 1, cost: cost + criteria.changeCost, co2: co2, at: port)
    }

    /// Sets ``CriteriaMemory/lastCall`` for the query's destination. A voyage's movements connect, so a movement
    /// arrives there when the next of its voyage departs from there or it ends its voyage there: the destination's
    /// departures and the voyages that end there (``CriteriaMemory/voyageEnds``, found once per network) are read, not
    /// every movement.
    private mutating func markDestinationCalls() {
        if criteria.voyageEnds.start.isEmpty {
            let ends = (0..<network.continuationStart.count).map { network.voyageStart[$0 + 1] - 1 }
            let (start, positions) = ends.map { network.to[Int($0)] }.groupedPositions(groupCount: network.locations.count)
            criteria.voyageEnds = (start, positions.map { ends[Int($0)] })
            criteria.continuing = network.continuationStart.indices.filter { network.continuationStart[$0] >= 0 }.map(Int32.init)
            criteria.lastCall = [Int32](repeating: -1, count: network.continuationStart.count)
        }
        for voyage in criteria.callingVoyages { criteria.lastCall[Int(voyage)] = -1 }
        criteria.callingVoyages.removeAll(keepingCapacity: true)
        let port = Int(destination), ends = criteria.voyageEnds
        for slot in network.departureStart[port]..<network.departureStart[port + 1] {
            let next = network.slotMovement[Int(slot)], voyage = network.voyageOf[Int(next)]
            if next > network.voyageStart[Int(voyage)] { markCall(of: voyage, at: next - 1) }
        }
        for end in ends.movements[Int(ends.start[port])..<Int(ends.start[port + 1])] { markCall(of: network.voyageOf[Int(end)], at: end) }
        // A vessel that goes on as another voyage may call there as that one: such a voyage is never bounded.
        for voyage in criteria.continuing { markCall(of: voyage, at: Int32.max) }
    }

    @inline(__always)
    private mutating func markCall(of voyage: Int32, at movement: Int32) {
        if criteria.lastCall[Int(voyage)] < 0 { criteria.callingVoyages.append(voyage) }
        criteria.lastCall[Int(voyage)] = max(criteria.lastCall[Int(voyage)], movement)
    }

    /// A lower bound of the time from departing `port` at `stage` to arriving at the destination: the bound from
    /// arriving there less the port's least stay, which a departure has already spent (`unreachable` stays).
    @inline(__always)
    private func departureBound(at port: Int32, stage: Int) -> Int64 {
        let arriving = lowerBound[stage * network.locations.count + Int(port)]
        return arriving < Self.unreachable ? max(0, arriving - network.leastPortStay[Int(port)]) : arriving
    }

    /// The least CO2e still to come from a port to the destination, with the CO2e criterion; else 0.
    @inline(__always)
    private mutating func co2Left(_ port: Int32) -> Int64 {
        guard countsCO2 else { return 0 }
        let left = criteria.co2Bound[Int(port)]
        return left < Self.unreachable ? left : 0
    }

    /// With extra criteria, the key of a state aboard a movement (`aboard`) with `transfers` changes of voyage at `stage`,
    /// `cost` and `co2` so far, as ``admissionKey(_:transfers:stage:)`` gives it; `nil` also when an itinerary
    /// found beats it, or the bag of the movement (at `stage` or past more via ports) holds a state with no more
    /// changes of voyage, cost and CO2e.
    private mutating func criteriaKey(_ aboard: Aboard, transfers: Int, stage: Int, modeChanges: Int, cost: Int64, co2: Int64) -> Int64? {
        let remaining = lowerBound[stage * network.locations.count + Int(aboard.port)]
        guard remaining < Self.unreachable else { return nil }
        let key = aboard.arrival + remaining
        guard key <= deadline, !isInBag(aboard, transfers: transfers, stage: stage, modeChanges: modeChanges, cost: cost, co2: co2, key: key)
        else { return nil }
        return key
    }

    /// Puts a new state with its cost and CO2e first in the bag of its movement slot.
    private mutating func addToBag(slot: Int, transfers: Int, modeChanges: Int, cost: Int64, co2: Int64) {
        if !isReached(slot) { criteria.bagHead[slot] = -1 }
        criteria.bagEntries.append(
            BagEntry(cost: cost, co2: co2, next: criteria.bagHead[slot], transfers: UInt16(clamping: transfers), modeChanges: UInt8(clamping: modeChanges)))
        criteria.bagHead[slot] = Int32(criteria.bagEntries.count - 1)
    }

    private mutating func isInBag(_ aboard: Aboard, transfers: Int, stage: Int, modeChanges: Int, cost: Int64, co2: Int64, key: Int64) -> Bool {
        if isBeaten(aboard: aboard.movement, key: key, transfers: transfers, cost: cost, co2: co2) { return true }
        let base = Int(aboard.movement) * stageCount
        for index in (base + stage)..<(base + stageCount) where isReached(index) {
            var other = criteria.bagHead[index]
            while other >= 0 {
                let o = criteria.bagEntries[Int(other)]
                if Int(o.transfers) <= transfers && o.cost <= cost && o.co2 <= co2 && (!countsModeChanges || Int(o.modeChanges) <= modeChanges) {
                    return true
                }
                other = o.next
            }
        }
        return false
    }

    /// With extra criteria: opens a chain unless one opened at its port in this run, at its stage or past more
    /// via ports, boards from no later a slot with no more changes of voyage, cost and CO2e (from an arrival no
    /// later where the network has transshipment cut-offs; from the same voyage with avoided ports or CO2e,
    /// since staying aboard, which makes a chain skip its own voyage, may then be cut off or cost more CO2e; as
    /// ``open(_:firstSlot:cost:co2:)`` does where the network has transshipment times by mode).
    private mutating func startChainInBag(_ chain: Chain, _ figures: ChainFigures) {
        var figures = figures
        let modeTimes = hasModeTimes(at: chain.port)
        let base = Int(chain.port) * stageCount
        for index in (base + Int(chain.stage))..<(base + stageCount) where chainStamp[index] == runStamp {
            var other = criteria.chainHead[index]
            while other >= 0 {
                let o = chains[Int(other)], f = criteria.chainFigures[Int(other)]
                if o.transfers <= chain.transfers && f.firstSlot <= figures.firstSlot && f.cost <= figures.cost && f.co2 <= figures.co2
                    && (o.isGateIn == chain.isGateIn
                        ? !(chain.isGateIn ? checksCutOffs : checksTransshipmentCutOffs || modeTimes) || o.arrival <= chain.arrival
                        : !checksCutOffs)
                    && (!modeTimes || o.isGateIn || o.arrivingMode == chain.arrivingMode)
                    && (!chainsNeedSameVoyage || o.arrivingVoyage == chain.arrivingVoyage)
                    && (!countsModeChanges || boardsWithNoMoreModeChanges(o.modeChanges, o.arrivingMode, than: chain.modeChanges, chain.arrivingMode))
                {
                    return
                }
                other = f.next
            }
        }
        let index = base + Int(chain.stage)
        if chainStamp[index] != runStamp {
            chainStamp[index] = runStamp
            criteria.chainHead[index] = -1
        }
        figures.next = criteria.chainHead[index]
        criteria.chainHead[index] = Int32(chains.count)
        chains.append(chain)
        criteria.chainFigures.append(figures)
        pushDeparture(chain: Int32(chains.count - 1), slot: figures.firstSlot)
    }

    /// The cost and CO2e so far of the state that opened a chain, with extra criteria; else 0.
    @inline(__always)
    private mutating func figures(ofChain index: Int32) -> (cost: Int64, co2: Int64) {
        guard isMultiCriteria else { return (0, 0) }
        let figures = criteria.chainFigures[Int(index)]
        return (figures.cost, figures.co2)
    }

    /// The CO2e of a movement in grams with the CO2e criterion (an unknown CO2e counts nothing); else 0.
    @inline(__always)
    private mutating func co2(of movement: Int32) -> Int64 {
        countsCO2 ? Int64(max(network.details.co2eGrams[Int(movement)], 0)) : 0
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
    /// transshipment cut-off, and where the network has transshipment times by mode, when the time from the chain's
    /// arriving mode to the movement's has passed. The least of those times is the chain's first slot. `movement`
    /// departs in `slot`.
    @inline(__always)
    private func canBoard(_ movement: Int32, slot: Int32, from chain: Chain) -> Bool {
        if chain.isGateIn {
            return !checksCutOffs
                || chain.arrival
                    <= network.details.latestReadyTime(
                        Int(movement), departure: network.slotTime[Int(slot)], cargoType: cargoType, dangerousGoods: dangerousGoods)
        }
        guard checksChangeRules else { return true }
        return (!checksTransshipmentCutOffs || chain.arrival <= network.details.slotTransshipmentCutOff[Int(slot)])
            && (!checksModeTimes
                || network.slotTime[Int(slot)]
                    >= chain.arrival
                    + network.transshipmentSeconds(
                        at: chain.port, from: chain.arrivingMode.trailingZeroBitCount, to: mode(of: movement).trailingZeroBitCount))
    }

    /// Inlined, as ``bound(transfers:)`` is, so that no call copies the search.
    @inline(__always)
    private func isUsable(_ movement: Int32) -> Bool {
        // Most searches avoid nothing: they read no movement's ports here (a load that misses the cache).
        guard avoidsPorts || hasAvoidedVoyages || checksSpace else { return true }
        let m = Int(movement)
        return !(avoidsPorts && (avoidedPort[Int(network.from[m])] || avoidedPort[Int(network.to[m])]))
            && !(hasAvoidedVoyages && avoidedVoyage[Int(network.voyageOf[m])])
            && !(checksSpace && lacksRoom(movement: m))
    }

    /// Whether `port` has transshipment times by mode, so that its chains are compared by the mode they arrived by.
    @inline(__always)
    private func hasModeTimes(at port: Int32) -> Bool {
        checksModeTimes && network.portHasModeTimes[Int(port)]
    }

    /// The bit of the mode of `movement`'s voyage (``TransportMode/bit``).
    @inline(__always)
    private func mode(of movement: Int32) -> UInt8 {
        let modes = network.details.voyageMode  // empty when every voyage is a vessel's
        return modes.isEmpty ? TransportMode.vessel.bit : modes[Int(network.voyageOf[Int(movement)])].bit
    }

    /// The changes of mode of cargo that boards `movement` from `chain`, where they count; else 0.
    @inline(__always)
    private func modeChanges(boarding movement: Int32, from chain: Chain) -> Int {
        guard countsModeChanges else { return 0 }
        return Int(chain.modeChanges) + (chain.arrivingMode != 0 && chain.arrivingMode != mode(of: movement) ? 1 : 0)
    }

    /// Whether a chain with `changes` changes of mode, arrived by `mode`, boards every departure with no more changes of
    /// mode than a chain with `other` arrived by `otherMode` does. Called only where they count: the callers test
    /// `countsModeChanges` first, so that a search without a limit reads none of the chains' bytes.
    @inline(__always)
    private func boardsWithNoMoreModeChanges(_ changes: UInt8, _ mode: UInt8, than other: UInt8, _ otherMode: UInt8) -> Bool {
        changes < other || changes == other && (mode == otherMode || mode == 0)
    }

    @inline(__always)
    private func advance(_ stage: Int, to port: Int32) -> Int {
        stage < via.count && via[stage] == port ? stage + 1 : stage
    }
}
