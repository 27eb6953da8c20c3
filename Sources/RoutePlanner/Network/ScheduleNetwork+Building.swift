import Foundation

extension ScheduleNetwork {
    /// Builds a network from locations and the voyages that sail between them.
    ///
    /// - Parameters:
    ///   - locations: Every port the voyages call at, each once.
    ///   - voyages: The voyages, each with its movements in sailing order and a distinct number.
    ///   - haulage: The hauls by truck between the locations, each from and to one of them, at most one each way between
    ///     two places.
    ///   - capacitiesAreKnown: Whether the movements' capacities come from the schedule; pass `false` for a
    ///     schedule that carries none, so that capacity-constrained planning refuses it.
    /// - Throws: ``ScheduleNetworkError`` listing every problem found: a location given twice, a voyage
    ///   number given twice, a voyage without movements, a movement from or to an unknown location, a
    ///   movement that does not arrive after it departs, a movement that does not depart where (or after)
    ///   the one before it arrived, a time (or a cut-off time) outside the years 1 to 9999, a UTC offset of
    ///   more than 18 hours, a negative or too large capacity, and a transshipment time that is negative or
    ///   longer than ``Location/maximumTransshipmentTime``, a voyage of a truck, and a haul from or to a place the network
    ///   does not have, from a place to itself, given twice, with a time on the road, distance, cost or CO2e out of
    ///   range, or whose truck's voyage number (``Haulage/voyageNumber``) a voyage has.
    /// - Complexity: O(*m* log *m*) for *m* movements.
    public init(locations: [Location], voyages: [Voyage], haulage: [Haulage] = [], capacitiesAreKnown: Bool = true) throws(ScheduleNetworkError) {
        var (uniqueLocations, portIndex, problems) = Self.indexing(locations)
        let numbers = Set(voyages.map(\.number))
        let (hauls, haulProblems) = Self.checked(haulage, portIndex: portIndex) { numbers.contains($0) }
        let coordinates = uniqueLocations.map(\.coordinates)
        var columns = Columns(
            movementCount: voyages.reduce(0) { $0 + $1.movements.count },
            hasCutOffs: voyages.contains { $0.movements.contains { !$0.cutOffTimes.isEmpty } },
            hasWeights: voyages.contains { $0.movements.contains { $0.weightCapacity != nil } },
            hasPlugs: voyages.contains { $0.movements.contains { $0.reeferPlugs != nil } })
        let hasOffsets = voyages.contains { $0.movements.contains { $0.departureUTCOffset != nil || $0.arrivalUTCOffset != nil } }
        var voyageIndex: [VoyageNumber: Int32] = [:]
        voyageIndex.reserveCapacity(voyages.count)
        for voyage in voyages {
            guard voyageIndex[voyage.number] == nil else {
                problems.append(.duplicateVoyage(voyage.number))
                continue
            }
            voyageIndex[voyage.number] = Int32(columns.voyageNumbers.count)
            problems += columns.append(
                voyage, portIndex: portIndex, coordinates: coordinates, hasOffsets: hasOffsets, capacitiesAreKnown: capacitiesAreKnown)
        }
        if problems.isEmpty { problems = columns.resolveContinuations(voyageIndex: voyageIndex) }
        problems += haulProblems
        guard problems.isEmpty else { throw ScheduleNetworkError(problems: problems) }
        columns.haulage = hauls
        self.init(locations: uniqueLocations, portIndex: portIndex, voyageIndex: voyageIndex, columns: columns, capacitiesAreKnown: capacitiesAreKnown)
    }

    /// The locations without repeats, each code's index among them, and the problems of the locations: a code
    /// given twice, a transshipment time out of range.
    package static func indexing(_ locations: [Location]) -> (locations: [Location], index: [UnLocode: Int32], problems: [ScheduleNetworkError.Problem]) {
        var problems: [ScheduleNetworkError.Problem] = []
        var portIndex: [UnLocode: Int32] = [:]
        portIndex.reserveCapacity(locations.count)
        var unique: [Location] = []
        for location in locations {
            if !(Duration.zero...Location.maximumTransshipmentTime).contains(location.transshipmentTime) {
                problems.append(.invalidTransshipmentTime(location.code))
            }
            for (change, time) in location.transshipmentTimesByMode.sorted(by: { $0.key.description < $1.key.description })
            where change.from == .truck || !(Duration.zero...Location.maximumTransshipmentTime).contains(time) {
                problems.append(.invalidModeChange(location.code, change))
            }
            guard portIndex[location.code] == nil else {
                problems.append(.duplicateLocation(location.code))
                continue
            }
            portIndex[location.code] = Int32(unique.count)
            unique.append(location)
        }
        return (unique, portIndex, problems)
    }

    /// Builds the network over the columns of a schedule that has been checked: its locations, each once, their
    /// index, and its voyages' index.
    ///
    /// - Complexity: O(*m* log *m*) for *m* movements.
    package init(
        locations: [Location], portIndex: [UnLocode: Int32], voyageIndex: [VoyageNumber: Int32], columns: consuming Columns,
        capacitiesAreKnown: Bool
    ) {
        let portCount = locations.count
        let (departureStart, slotMovement, slotTime) = Self.departuresByPort(
            portCount: portCount, from: columns.from, departure: columns.departure)
        let hauls = HaulColumns(columns.haulage, locations: locations, portIndex: portIndex)
        let (inboundStart, inboundPort, inboundSailing) = Self.inboundSailings(
            portCount: portCount, from: columns.from, to: columns.to, departure: columns.departure, arrival: columns.arrival)
        let transshipmentSeconds = locations.map(\.transshipmentTime.wholeSeconds)
        let modeTransshipmentSeconds = Self.modeTransshipmentSeconds(locations)

        self.locations = locations
        self.portIndex = portIndex
        self.transshipmentSeconds = transshipmentSeconds
        self.modeTransshipmentSeconds = modeTransshipmentSeconds
        self.voyageNumbers = columns.voyageNumbers
        self.details = Details(columns, slotMovement: slotMovement, hauls: hauls)
        self.capacitiesAreKnown = capacitiesAreKnown
        self.voyageIndex = voyageIndex
        self.voyageStart = columns.voyageStart
        self.continuationStart =
            columns.voyageContinuation.isEmpty
            ? [Int32](repeating: -1, count: columns.voyageNumbers.count)
            : columns.voyageContinuation.map { $0 < 0 ? -1 : columns.voyageStart[Int($0)] }
        self.departure = columns.departure
        self.arrival = columns.arrival
        self.from = columns.from
        self.to = columns.to
        self.voyageOf = columns.voyageOf
        self.capacity = columns.capacity
        self.departureStart = departureStart
        self.slotMovement = slotMovement
        self.slotTime = slotTime
        self.slotTo = slotMovement.map { columns.to[Int($0)] }
        self.slotSailing = slotMovement.map {
            Int32(clamping: columns.arrival[Int($0)] - columns.departure[Int($0)])
        }
        self.connectingSlot = Self.connectingSlots(
            to: columns.to, arrival: columns.arrival, leastChange: Self.leastChanges(transshipmentSeconds, modeTransshipmentSeconds),
            movementMode: modeTransshipmentSeconds.isEmpty
                ? nil
                : columns.voyageMode.isEmpty
                    ? [Int](repeating: TransportMode.vessel.index, count: columns.to.count) : columns.voyageOf.map { columns.voyageMode[Int($0)].index },
            departureStart: departureStart, slotTime: slotTime)
        self.inboundStart = inboundStart
        self.inboundPort = inboundPort
        self.inboundSailing = inboundSailing
        self.leastPortStay = Self.leastPortStays(
            voyageStart: columns.voyageStart, continuationStart: continuationStart, to: columns.to, departure: columns.departure,
            arrival: columns.arrival, transshipmentSeconds: transshipmentSeconds, modeTransshipmentSeconds: modeTransshipmentSeconds)
        self.portHasModeTimes = modeTransshipmentSeconds.isEmpty ? [] : locations.map { !$0.transshipmentTimesByMode.isEmpty }
    }

    /// The table of ``modeTransshipmentSeconds``: per port, a change from each mode to each, its time by mode or else
    /// its transshipment time (none from a truck, whose row no search reads); empty when no location has a time by mode.
    private static func modeTransshipmentSeconds(_ locations: [Location]) -> [Int64] {
        guard locations.contains(where: { !$0.transshipmentTimesByMode.isEmpty }) else { return [] }
        var table = [Int64](repeating: 0, count: locations.count << 4)
        for (port, location) in locations.enumerated() {
            for from in TransportMode.allCases {
                for to in TransportMode.allCases {
                    table[port << 4 | from.index << 2 | to.index] = location.transshipmentTime(from: from, to: to).wholeSeconds
                }
            }
        }
        return table
    }

    /// Per port and arriving mode (`port << 2 | mode`), the least time of a change from that mode onto a voyage (a
    /// vessel, a barge or a train: the departures a connecting slot starts); per port alone where there are no times
    /// by mode.
    static func leastChanges(_ transshipmentSeconds: [Int64], _ modeTransshipmentSeconds: [Int64]) -> [Int64] {
        guard !modeTransshipmentSeconds.isEmpty else { return transshipmentSeconds }
        return (0..<(modeTransshipmentSeconds.count >> 2)).map { modeTransshipmentSeconds[($0 << 2)..<(($0 << 2) | 3)].min()! }
    }

    /// A movement's distance in nautical miles (the given one, else estimated from its ports' coordinates, else
    /// NaN), its CO2e per TEU in grams (the given one, else estimated from the distance by its voyage's mode, else
    /// -1), and whether that CO2e is an estimate; see ``EmissionModel``. A given CO2e that is itself an estimate
    /// (`estimated`) is estimated again where the distance is known, so that it follows the movement's times and
    /// capacity as they are now.
    package static func emissions(
        distance given: Double?, co2ePerTEU: Double?, estimated: Bool = false, hours: Double, capacity: Int?, from: Coordinates?,
        to: Coordinates?, mode: TransportMode
    ) -> (distance: Float, grams: Int32, estimated: Bool) {
        // To a tenth of a mile, as the network gives it back: a schedule written with it estimates the same CO2e again.
        let distance = (given ?? from.flatMap { from in to.map { EmissionModel.seaDistance(from: from, to: $0) } }).map { ($0 * 10).rounded() / 10 }
        var kilograms = co2ePerTEU
        if kilograms == nil || estimated, let distance {
            kilograms =
                EmissionModel.inlandCO2ePerTEU(kilometres: distance * 1.852, mode: mode)
                ?? EmissionModel.co2ePerTEU(distance: distance, hours: hours, capacity: capacity)
        }
        // Out-of-range values are reported by the caller; the clamps only keep the conversions from trapping.
        let grams = kilograms.map { $0.isNaN ? 0 : Int32(min(max(($0 * 1_000).rounded(), 0), Double(Int32.max))) } ?? -1
        return (
            distance.map { Float(min(max($0, 0), CarrierMovement.maximumDistance)) } ?? .nan, grams,
            grams >= 0 && (co2ePerTEU == nil || estimated)
        )
    }

    /// Groups the movements by departure port, each group sorted by departure time and then by movement.
    private static func departuresByPort(
        portCount: Int, from: [Int32], departure: [Int64]
    ) -> (start: [Int32], movement: [Int32], time: [Int64]) {
        let (start, byPort) = from.groupedPositions(groupCount: portCount)
        var movement = byPort
        // Each port's movements by (departure, movement): as one word each when the times span less than 2^32
        // seconds (136 years), so that the sort compares its own keys rather than look the times up.
        if let earliest = departure.min(), let latest = departure.max(), latest - earliest < 1 << 32 {
            var keys = movement.map { UInt64(departure[Int($0)] - earliest) << 32 | UInt64($0) }
            for port in 0..<portCount { keys[Int(start[port])..<Int(start[port + 1])].sort() }
            movement = keys.map { Int32(truncatingIfNeeded: $0) }
        } else {
            for port in 0..<portCount {
                movement[Int(start[port])..<Int(start[port + 1])].sort {
                    (departure[Int($0)], $0) < (departure[Int($1)], $1)
                }
            }
        }
        return (start, movement, movement.map { departure[Int($0)] })
    }

    /// For each movement, the first departure slot of its arrival port at or after its arrival plus the port's least
    /// transshipment time from the movement's mode (`leastChange`, per port and mode where `movementMode` gives each
    /// movement's mode, else per port): where a change of vessel after it starts.
    ///
    /// - Complexity: O(*m* log *d*) for *m* movements and ports of at most *d* departures; the movements are taken
    ///   port by port, so that each port's departure times stay in the cache while its arrivals look them up.
    private static func connectingSlots(
        to: [Int32], arrival: [Int64], leastChange: [Int64], movementMode: [Int]?, departureStart: [Int32], slotTime: [Int64]
    ) -> [Int32] {
        let portCount = departureStart.count - 1
        let (start, byArrival) = to.groupedPositions(groupCount: portCount)
        var connecting = [Int32](repeating: 0, count: to.count)
        for port in 0..<portCount {
            for m in byArrival[Int(start[port])..<Int(start[port + 1])] {
                connecting[Int(m)] = connectingSlot(
                    arrivingAt: port, at: arrival[Int(m)], by: movementMode?[Int(m)], leastChange: leastChange, departureStart: departureStart,
                    slotTime: slotTime)
            }
        }
        return connecting
    }

    /// The connecting slot of a movement arriving at `port` at `arrival` by the mode of index `mode` (`nil` where
    /// `leastChange` is per port alone): the first departure slot at or after the arrival plus the least change.
    @inline(__always)
    static func connectingSlot(
        arrivingAt port: Int, at arrival: Int64, by mode: Int?, leastChange: [Int64], departureStart: [Int32], slotTime: [Int64]
    ) -> Int32 {
        firstSlot(
            in: Int(departureStart[port])..<Int(departureStart[port + 1]), of: slotTime,
            notBefore: arrival + (mode.map { leastChange[port << 2 | $0] } ?? leastChange[port]))
    }

    /// Per port, the shorter of its least transshipment time (of any change from a voyage, where it has times by mode)
    /// and the least time a vessel stays there between a movement's arrival and the next movement's departure, of its
    /// voyage or of the voyage it goes on as.
    ///
    /// - Complexity: O(*m* + *p*) for *m* movements and *p* ports.
    static func leastPortStays(
        voyageStart: [Int32], continuationStart: [Int32], to: [Int32], departure: [Int64], arrival: [Int64],
        transshipmentSeconds: [Int64], modeTransshipmentSeconds: [Int64]
    ) -> [Int64] {
        var least =
            modeTransshipmentSeconds.isEmpty
            ? transshipmentSeconds
            : transshipmentSeconds.indices.map { modeTransshipmentSeconds[($0 << 4)..<(($0 << 4) | 12)].min()! }
        for voyage in 0..<(voyageStart.count - 1) {
            // A voyage has a movement (the builders refuse or skip empty ones), but an empty one would add nothing.
            let end = Int(voyageStart[voyage + 1])
            for m in Int(voyageStart[voyage])..<max(Int(voyageStart[voyage]), end - 1) {
                let port = Int(to[m])
                least[port] = min(least[port], departure[m + 1] - arrival[m])
            }
            if case let next = Int(continuationStart[voyage]), next >= 0, end > Int(voyageStart[voyage]) {
                let port = Int(to[end - 1])
                least[port] = min(least[port], departure[next] - arrival[end - 1])
            }
        }
        return least
    }

    /// The least sailing time of any movement between each pair of ports, grouped by arrival port, each group in the
    /// order of its departure ports. (The lower bounds take the hauls from ``HaulColumns``.)
    ///
    /// - Complexity: O(*m* + *p* + *q* log *q*) for *m* movements, *p* ports and *q* pairs of ports.
    private static func inboundSailings(
        portCount: Int, from: [Int32], to: [Int32], departure: [Int64], arrival: [Int64]
    ) -> (start: [Int32], port: [Int32], sailing: [Int64]) {
        // The movements by arrival port, then each port's least time from each other port.
        let (byArrival, movements) = to.groupedPositions(groupCount: portCount)
        var start = [Int32](repeating: 0, count: portCount + 1)
        var port: [Int32] = [], sailing: [Int64] = []
        var least = [Int64](repeating: Int64.max, count: portCount)
        var origins: [Int32] = []
        for q in 0..<portCount {
            origins.removeAll(keepingCapacity: true)
            for m in movements[Int(byArrival[q])..<Int(byArrival[q + 1])] {
                let origin = Int(from[Int(m)]), time = arrival[Int(m)] - departure[Int(m)]
                if least[origin] == Int64.max { origins.append(Int32(origin)) }
                least[origin] = min(least[origin], time)
            }
            origins.sort()
            for origin in origins {
                port.append(origin)
                sailing.append(least[Int(origin)])
                least[Int(origin)] = Int64.max
            }
            start[q + 1] = Int32(port.count)
        }
        return (start, port, sailing)
    }
}

extension ScheduleNetwork.Details {
    /// The details of a network built over `columns`, whose departures by port are `slotMovement`.
    convenience init(_ columns: borrowing ScheduleNetwork.Columns, slotMovement: [Int32], hauls: ScheduleNetwork.HaulColumns) {
        self.init(
            voyageVessel: columns.voyageVessel, voyageService: columns.voyageService, voyageServiceName: columns.voyageServiceName,
            voyageIMONumber: columns.voyageIMONumber, cutOffStart: columns.cutOffStart, cutOffCode: columns.cutOffCode,
            cutOffTime: columns.cutOffTime,
            transshipmentCutOff: columns.transshipmentCutOff.contains { $0 != Int64.max } ? columns.transshipmentCutOff : [],
            slotMovement: slotMovement,
            departureOffset: columns.departureOffset, arrivalOffset: columns.arrivalOffset, distance: columns.distance,
            co2eGrams: columns.co2eGrams, co2eEstimated: columns.co2eEstimated, weightCapacity: columns.weightCapacity, plugCapacity: columns.plugCapacity,
            voyageMode: columns.voyageMode, hauls: hauls)
    }
}
