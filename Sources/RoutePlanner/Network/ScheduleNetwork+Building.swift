import Foundation

extension ScheduleNetwork {
    /// Builds a network from locations and the voyages that sail between them.
    ///
    /// - Parameters:
    ///   - locations: Every port the voyages call at, each once.
    ///   - voyages: The voyages, each with its movements in sailing order and a distinct number.
    ///   - capacitiesAreKnown: Whether the movements' capacities come from the schedule; pass `false` for a
    ///     schedule that carries none, so that capacity-constrained planning refuses it.
    /// - Throws: ``ScheduleNetworkError`` listing every problem found: a location given twice, a voyage
    ///   number given twice, a voyage without movements, a movement from or to an unknown location, a
    ///   movement that does not arrive after it departs, a movement that does not depart where (or after)
    ///   the one before it arrived, a time (or a cut-off time) outside the years 1 to 9999, a UTC offset of
    ///   more than 18 hours, a negative or too large capacity, and a transshipment time that is negative or
    ///   longer than ``Location/maximumTransshipmentTime``.
    /// - Complexity: O(*m* log *m*) for *m* movements.
    public init(locations: [Location], voyages: [Voyage], capacitiesAreKnown: Bool = true) throws(ScheduleNetworkError) {
        var problems: [ScheduleNetworkError.Problem] = []
        var portIndex: [UnLocode: Int32] = [:]
        portIndex.reserveCapacity(locations.count)
        var uniqueLocations: [Location] = []
        for location in locations {
            if !(Duration.zero...Location.maximumTransshipmentTime).contains(location.transshipmentTime) {
                problems.append(.invalidTransshipmentTime(location.code))
            }
            guard portIndex[location.code] == nil else {
                problems.append(.duplicateLocation(location.code))
                continue
            }
            portIndex[location.code] = Int32(uniqueLocations.count)
            uniqueLocations.append(location)
        }

        let movementCount = voyages.reduce(0) { $0 + $1.movements.count }
        var voyageIndex: [VoyageNumber: Int32] = [:]
        voyageIndex.reserveCapacity(voyages.count)
        var voyageNumbers: [VoyageNumber] = []
        var voyageVessel: [String?] = [], voyageService: [String?] = [], voyageServiceName: [String?] = []
        var voyageIMONumber: [String?] = []
        let hasCutOffs = voyages.contains { $0.movements.contains { !$0.cutOffTimes.isEmpty } }
        let hasOffsets = voyages.contains { $0.movements.contains { $0.departureUTCOffset != nil || $0.arrivalUTCOffset != nil } }
        var cutOffStart: [Int32] = hasCutOffs ? [0] : [], cutOffCode: [CutOffCode] = [], cutOffTime: [Int64] = []
        var transshipmentCutOff: [Int64] = []
        var departureOffset: [Int32] = [], arrivalOffset: [Int32] = []
        func offset(_ seconds: Int?) -> Int32? {
            guard let seconds else { return Int32.min }
            return abs(seconds) <= 18 * 3600 ? Int32(seconds) : nil
        }
        var voyageStart: [Int32] = [0]
        var departure: [Int64] = [], arrival: [Int64] = [], from: [Int32] = [], to: [Int32] = []
        var voyageOf: [Int32] = [], capacity: [Int32] = []
        var distance: [Float] = [], co2eGrams: [Int32] = []
        let coordinates = uniqueLocations.map(\.coordinates)
        let hasWeights = voyages.contains { $0.movements.contains { $0.weightCapacity != nil } }
        let hasPlugs = voyages.contains { $0.movements.contains { $0.reeferPlugs != nil } }
        var weightCapacity: [Int32] = [], plugCapacity: [Int32] = []
        distance.reserveCapacity(movementCount)
        co2eGrams.reserveCapacity(movementCount)
        departure.reserveCapacity(movementCount)
        arrival.reserveCapacity(movementCount)
        from.reserveCapacity(movementCount)
        to.reserveCapacity(movementCount)
        voyageOf.reserveCapacity(movementCount)
        capacity.reserveCapacity(movementCount)

        for voyage in voyages {
            guard voyageIndex[voyage.number] == nil else {
                problems.append(.duplicateVoyage(voyage.number))
                continue
            }
            if voyage.movements.isEmpty { problems.append(.emptyVoyage(voyage.number)) }
            let index = Int32(voyageNumbers.count)
            voyageIndex[voyage.number] = index
            voyageNumbers.append(voyage.number)
            voyageVessel.append(voyage.vessel)
            voyageService.append(voyage.service)
            voyageServiceName.append(voyage.serviceName)
            voyageIMONumber.append(voyage.vesselIMONumber)
            for (position, movement) in voyage.movements.enumerated() {
                let origin = portIndex[movement.departureLocation]
                let destination = portIndex[movement.arrivalLocation]
                if origin == nil {
                    problems.append(.unknownLocation(movement.departureLocation, voyage: voyage.number, movement: position))
                }
                if destination == nil, movement.arrivalLocation != movement.departureLocation {
                    problems.append(.unknownLocation(movement.arrivalLocation, voyage: voyage.number, movement: position))
                }
                guard movement.departureTime.isSupported && movement.arrivalTime.isSupported
                        && movement.cutOffTimes.allSatisfy(\.time.isSupported)
                else {
                    problems.append(.timeOutOfRange(voyage: voyage.number, movement: position))
                    continue
                }
                if hasOffsets {
                    if let departure = offset(movement.departureUTCOffset), let arrival = offset(movement.arrivalUTCOffset) {
                        departureOffset.append(departure)
                        arrivalOffset.append(arrival)
                    } else {
                        problems.append(.invalidUTCOffset(voyage: voyage.number, movement: position))
                    }
                }
                if hasCutOffs {
                    var tco = Int64.max
                    for cutOff in movement.cutOffTimes {
                        cutOffCode.append(cutOff.code)
                        cutOffTime.append(cutOff.time.seconds)
                        if cutOff.code == .transshipment { tco = min(tco, cutOff.time.seconds) }
                    }
                    cutOffStart.append(Int32(cutOffCode.count))
                    transshipmentCutOff.append(tco)
                }
                if movement.arrivalTime.seconds <= movement.departureTime.seconds {
                    problems.append(.arrivalNotAfterDeparture(voyage: voyage.number, movement: position))
                }
                if movement.capacity < 0 || movement.capacity > Int(Int32.max) {
                    problems.append(.invalidCapacity(movement.capacity, voyage: voyage.number, movement: position))
                }
                if position > 0, case let previous = voyage.movements[position - 1], previous.arrivalTime.isSupported {
                    if previous.arrivalLocation != movement.departureLocation {
                        problems.append(.gapInVoyage(voyage: voyage.number, movement: position))
                    } else if movement.departureTime.seconds < previous.arrivalTime.seconds {
                        problems.append(.departureBeforePreviousArrival(voyage: voyage.number, movement: position))
                    }
                }
                departure.append(movement.departureTime.seconds)
                arrival.append(movement.arrivalTime.seconds)
                from.append(origin ?? -1)
                to.append(destination ?? -1)
                voyageOf.append(index)
                capacity.append(Int32(clamping: movement.capacity))
                if hasWeights || hasPlugs {
                    for limit in [movement.weightCapacity, movement.reeferPlugs] {
                        if let limit, !(0...Int(Int32.max)).contains(limit) {
                            problems.append(.invalidCapacity(limit, voyage: voyage.number, movement: position))
                        }
                    }
                    if hasWeights { weightCapacity.append(movement.weightCapacity.map { Int32(clamping: $0) } ?? Int32.max) }
                    if hasPlugs { plugCapacity.append(movement.reeferPlugs.map { Int32(clamping: $0) } ?? Int32.max) }
                }
                if let given = movement.distance, !(0...CarrierMovement.maximumDistance).contains(given) {
                    problems.append(.invalidDistance(voyage: voyage.number, movement: position))
                }
                if let given = movement.co2ePerTEU, !(0...CarrierMovement.maximumCO2ePerTEU).contains(given) {
                    problems.append(.invalidCO2e(voyage: voyage.number, movement: position))
                }
                let emissions = Self.emissions(
                    of: movement, from: origin.flatMap { coordinates[Int($0)] }, to: destination.flatMap { coordinates[Int($0)] },
                    capacityIsKnown: capacitiesAreKnown)
                distance.append(emissions.distance)
                co2eGrams.append(emissions.grams)
            }
            voyageStart.append(Int32(departure.count))
        }
        guard problems.isEmpty else { throw ScheduleNetworkError(problems: problems) }

        let portCount = uniqueLocations.count
        let (departureStart, slotMovement, slotTime) = Self.departuresByPort(
            portCount: portCount, from: from, departure: departure)
        let (inboundStart, inboundPort, inboundSailing) = Self.inboundSailings(
            portCount: portCount, from: from, to: to, departure: departure, arrival: arrival)

        self.locations = uniqueLocations
        self.portIndex = portIndex
        self.transshipmentSeconds = uniqueLocations.map(\.transshipmentTime.wholeSeconds)
        self.voyageNumbers = voyageNumbers
        self.details = Details(
            voyageVessel: voyageVessel, voyageService: voyageService, voyageServiceName: voyageServiceName,
            voyageIMONumber: voyageIMONumber, cutOffStart: cutOffStart, cutOffCode: cutOffCode, cutOffTime: cutOffTime,
            transshipmentCutOff: transshipmentCutOff.contains { $0 != Int64.max } ? transshipmentCutOff : [],
            departureOffset: departureOffset, arrivalOffset: arrivalOffset, distance: distance, co2eGrams: co2eGrams,
            weightCapacity: weightCapacity, plugCapacity: plugCapacity)
        self.capacitiesAreKnown = capacitiesAreKnown
        self.voyageIndex = voyageIndex
        self.voyageStart = voyageStart
        self.departure = departure
        self.arrival = arrival
        self.from = from
        self.to = to
        self.voyageOf = voyageOf
        self.capacity = capacity
        self.departureStart = departureStart
        self.slotMovement = slotMovement
        self.slotTime = slotTime
        self.inboundStart = inboundStart
        self.inboundPort = inboundPort
        self.inboundSailing = inboundSailing
    }

    /// A movement's distance in nautical miles (the given one, else estimated from its ports' coordinates, else
    /// NaN) and its CO2e per TEU in grams (the given one, else estimated from the distance, else -1); see
    /// ``EmissionModel``.
    private static func emissions(
        of movement: CarrierMovement, from: Coordinates?, to: Coordinates?, capacityIsKnown: Bool
    ) -> (distance: Float, grams: Int32) {
        var distance = movement.distance
        if distance == nil, let from, let to { distance = EmissionModel.seaDistance(from: from, to: to) }
        var kilograms = movement.co2ePerTEU
        if kilograms == nil, let distance {
            let hours = movement.arrivalTime.timeIntervalSince(movement.departureTime) / 3_600
            let capacity = capacityIsKnown && movement.capacity < Int(Int32.max) ? movement.capacity : nil
            kilograms = EmissionModel.co2ePerTEU(distance: distance, hours: hours, capacity: capacity)
        }
        // Out-of-range values are reported by the caller; the clamps only keep the conversions from trapping.
        let grams = kilograms.map { $0.isNaN ? 0 : Int32(min(max(($0 * 1_000).rounded(), 0), Double(Int32.max))) } ?? -1
        return (distance.map { Float(min(max($0, 0), CarrierMovement.maximumDistance)) } ?? .nan, grams)
    }

    /// Groups the movements by departure port, each group sorted by departure time and then by movement.
    private static func departuresByPort(
        portCount: Int, from: [Int32], departure: [Int64]
    ) -> (start: [Int32], movement: [Int32], time: [Int64]) {
        var start = [Int32](repeating: 0, count: portCount + 1)
        for port in from { start[Int(port) + 1] += 1 }
        for port in 0..<portCount { start[port + 1] += start[port] }
        var next = start
        var movement = [Int32](repeating: 0, count: from.count)
        for (index, port) in from.enumerated() {
            movement[Int(next[Int(port)])] = Int32(index)
            next[Int(port)] += 1
        }
        for port in 0..<portCount {
            movement[Int(start[port])..<Int(start[port + 1])].sort {
                (departure[Int($0)], $0) < (departure[Int($1)], $1)
            }
        }
        return (start, movement, movement.map { departure[Int($0)] })
    }

    /// The least sailing time of any movement between each pair of ports, grouped by arrival port.
    private static func inboundSailings(
        portCount: Int, from: [Int32], to: [Int32], departure: [Int64], arrival: [Int64]
    ) -> (start: [Int32], port: [Int32], sailing: [Int64]) {
        var pairs = (0..<from.count).map { m in
            (key: UInt64(UInt32(to[m])) << 32 | UInt64(UInt32(from[m])), sailing: arrival[m] - departure[m])
        }
        pairs.sort { ($0.key, $0.sailing) < ($1.key, $1.sailing) }
        var start = [Int32](repeating: 0, count: portCount + 1)
        var port: [Int32] = [], sailing: [Int64] = []
        var previousKey: UInt64?
        for pair in pairs where pair.key != previousKey {
            previousKey = pair.key
            start[Int(pair.key >> 32) + 1] += 1
            port.append(Int32(truncatingIfNeeded: pair.key))
            sailing.append(pair.sailing)
        }
        for q in 0..<portCount { start[q + 1] += start[q] }
        return (start, port, sailing)
    }
}
