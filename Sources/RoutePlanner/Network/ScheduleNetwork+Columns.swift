extension ScheduleNetwork {
    /// The movements of a schedule column by column, voyage by voyage in sailing order: what a network is built
    /// from, filled from voyages (``ScheduleNetwork/init(locations:voyages:haulage:capacitiesAreKnown:)``) or straight
    /// from an importer's rows, without a `Voyage` or a `CarrierMovement` in between.
    package struct Columns {
        package var voyageNumbers: [VoyageNumber] = []
        package var voyageVessel: [String?] = [], voyageService: [String?] = [], voyageServiceName: [String?] = []
        package var voyageIMONumber: [String?] = []
        /// Per voyage: how it travels.
        package var voyageMode: [TransportMode] = []
        /// The network's hauls, checked (``ScheduleNetwork/withHaulage(_:)``).
        package var haulage: [Haulage] = []
        /// Per voyage: the number of the voyage its vessel goes on as (``Voyage/continuation``), and that voyage's
        /// index once ``resolveContinuations(voyageIndex:)`` has looked it up (-1 for none).
        package var voyageContinuationNumber: [VoyageNumber?] = []
        package var voyageContinuation: [Int32] = []
        package var voyageStart: [Int32] = [0]
        package var departure: [Int64] = [], arrival: [Int64] = []
        package var from: [Int32] = [], to: [Int32] = [], voyageOf: [Int32] = [], capacity: [Int32] = []
        /// Empty unless the schedule has cut-offs (see ``ScheduleNetwork/Details``).
        package var cutOffStart: [Int32], cutOffCode: [CutOffCode] = [], cutOffTime: [Int64] = [], transshipmentCutOff: [Int64] = []
        /// Empty unless the schedule has UTC offsets; filled by the caller.
        package var departureOffset: [Int32] = [], arrivalOffset: [Int32] = []
        package var distance: [Float] = [], co2eGrams: [Int32] = [], co2eEstimated: [Bool] = []
        /// Empty unless the schedule limits weights, or reefer plugs.
        package var weightCapacity: [Int32] = [], plugCapacity: [Int32] = []
        package let hasCutOffs: Bool, hasWeights: Bool, hasPlugs: Bool

        /// Empty columns for a number of movements, with the columns a schedule has only when it has them.
        package init(movementCount: Int, hasCutOffs: Bool, hasWeights: Bool, hasPlugs: Bool) {
            (self.hasCutOffs, self.hasWeights, self.hasPlugs) = (hasCutOffs, hasWeights, hasPlugs)
            cutOffStart = hasCutOffs ? [0] : []
            departure.reserveCapacity(movementCount)
            arrival.reserveCapacity(movementCount)
            from.reserveCapacity(movementCount)
            to.reserveCapacity(movementCount)
            voyageOf.reserveCapacity(movementCount)
            capacity.reserveCapacity(movementCount)
            distance.reserveCapacity(movementCount)
            co2eGrams.reserveCapacity(movementCount)
            co2eEstimated.reserveCapacity(movementCount)
        }

        /// Starts a voyage; its movements follow, then ``endVoyage()``.
        package mutating func beginVoyage(
            _ number: VoyageNumber, vessel: String?, service: String?, serviceName: String?, vesselIMONumber: String?,
            continuation: VoyageNumber? = nil, mode: TransportMode = .vessel
        ) {
            voyageNumbers.append(number)
            voyageMode.append(mode)
            voyageContinuationNumber.append(continuation)
            voyageVessel.append(vessel)
            voyageService.append(service)
            voyageServiceName.append(serviceName)
            voyageIMONumber.append(vesselIMONumber)
        }

        package mutating func endVoyage() {
            voyageStart.append(Int32(departure.count))
        }

        /// Moves the cut-offs of movement `m`'s call, its transshipment cut-off among them, by `shift` seconds: as far
        /// as its departure moved. Columns without cut-offs have none to move.
        mutating func moveCutOffs(ofMovement m: Int, by shift: Int64) {
            guard hasCutOffs, shift != 0 else { return }
            for index in Int(cutOffStart[m])..<Int(cutOffStart[m + 1]) { cutOffTime[index] += shift }
            if transshipmentCutOff[m] != Int64.max { transshipmentCutOff[m] += shift }
        }

        /// Looks up the voyage each voyage goes on as, and returns the problems of those links: a voyage that
        /// the schedule does not have, one that does not depart from where the voyage ends or departs before it
        /// arrives there (or is the voyage itself), and a voyage that two voyages go on as.
        ///
        /// Call it once every voyage has ended, on columns whose times are checked.
        ///
        /// - Complexity: O(*v*) for *v* voyages.
        package mutating func resolveContinuations(voyageIndex: [VoyageNumber: Int32]) -> [ScheduleNetworkError.Problem] {
            var problems: [ScheduleNetworkError.Problem] = []
            voyageContinuation = [Int32](repeating: -1, count: voyageNumbers.count)
            var continuedFrom: [Int32: Int] = [:]
            for (voyage, number) in voyageContinuationNumber.enumerated() {
                guard let number else { continue }
                guard let next = voyageIndex[number] else {
                    problems.append(.unknownContinuation(voyage: voyageNumbers[voyage], continuation: number))
                    continue
                }
                let last = Int(voyageStart[voyage + 1]) - 1, first = Int(voyageStart[Int(next)])
                guard Int(next) != voyage, last >= Int(voyageStart[voyage]), first < Int(voyageStart[Int(next) + 1]),
                    to[last] == from[first], departure[first] >= arrival[last]
                else {
                    problems.append(.continuationDoesNotConnect(voyage: voyageNumbers[voyage], continuation: number))
                    continue
                }
                if let earlier = continuedFrom[next] {
                    problems.append(.continuedTwice(number, voyages: [voyageNumbers[earlier], voyageNumbers[voyage]]))
                    continue
                }
                continuedFrom[next] = voyage
                voyageContinuation[voyage] = next
            }
            return problems
        }

        /// Appends a voyage and its movements, and returns their problems (as
        /// ``ScheduleNetwork/init(locations:voyages:haulage:capacitiesAreKnown:)`` lists them): no movements, a truck's
        /// voyage, an unknown port, a time out of range, a UTC offset of more than 18 hours, an arrival not after its
        /// departure, a movement that does not depart where or after the one before it arrived, and a capacity, distance or
        /// CO2e out of range.
        ///
        /// - Parameters:
        ///   - portIndex: The index of each port.
        ///   - coordinates: Each port's coordinates, by index, which an estimated distance is measured between.
        ///   - hasOffsets: Whether the columns keep UTC offsets: then a movement without one has `Int32.min`.
        ///   - capacitiesAreKnown: Whether the movements' capacities come from the schedule, which a CO2e estimate divides by.
        package mutating func append(
            _ voyage: Voyage, portIndex: [UnLocode: Int32], coordinates: [Coordinates?], hasOffsets: Bool, capacitiesAreKnown: Bool
        ) -> [ScheduleNetworkError.Problem] {
            var problems: [ScheduleNetworkError.Problem] = []
            func offset(_ seconds: Int?) -> Int32? {
                guard let seconds else { return Int32.min }
                return abs(seconds) <= 18 * 3600 ? Int32(seconds) : nil
            }
            // A movement departs where the one before it arrived: the index of that port is looked up once.
            var lastPort: (code: UnLocode, index: Int32?)?
            func index(of code: UnLocode) -> Int32? {
                if let lastPort, lastPort.code == code { return lastPort.index }
                let index = portIndex[code]
                lastPort = (code, index)
                return index
            }
            if voyage.movements.isEmpty { problems.append(.emptyVoyage(voyage.number)) }
            if voyage.mode == .truck { problems.append(.truckVoyage(voyage.number)) }
            beginVoyage(
                voyage.number, vessel: voyage.vessel, service: voyage.service, serviceName: voyage.serviceName,
                vesselIMONumber: voyage.vesselIMONumber, continuation: voyage.continuation, mode: voyage.mode)
            for (position, movement) in voyage.movements.enumerated() {
                let origin = index(of: movement.departureLocation)
                let destination = index(of: movement.arrivalLocation)
                if origin == nil {
                    problems.append(.unknownLocation(movement.departureLocation, voyage: voyage.number, movement: position))
                }
                if destination == nil, movement.arrivalLocation != movement.departureLocation {
                    problems.append(.unknownLocation(movement.arrivalLocation, voyage: voyage.number, movement: position))
                }
                guard
                    movement.departureTime.isSupported && movement.arrivalTime.isSupported
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
                for limit in [movement.weightCapacity, movement.reeferPlugs] {
                    if let limit, !(0...Int(Int32.max)).contains(limit) {
                        problems.append(.invalidCapacity(limit, voyage: voyage.number, movement: position))
                    }
                }
                if let given = movement.distance, !(0...CarrierMovement.maximumDistance).contains(given) {
                    problems.append(.invalidDistance(voyage: voyage.number, movement: position))
                }
                if let given = movement.co2ePerTEU, !(0...CarrierMovement.maximumCO2ePerTEU).contains(given) {
                    problems.append(.invalidCO2e(voyage: voyage.number, movement: position))
                }
                let emissions = ScheduleNetwork.emissions(
                    distance: movement.distance, co2ePerTEU: movement.co2ePerTEU, estimated: movement.co2eIsEstimated,
                    hours: Double(movement.arrivalTime.seconds - movement.departureTime.seconds) / 3_600,
                    capacity: capacitiesAreKnown && movement.capacity < Int(Int32.max) ? movement.capacity : nil,
                    from: origin.flatMap { coordinates[Int($0)] }, to: destination.flatMap { coordinates[Int($0)] }, mode: voyage.mode)
                append(
                    from: origin ?? -1, to: destination ?? -1, departure: movement.departureTime.seconds, arrival: movement.arrivalTime.seconds,
                    capacity: Int32(clamping: movement.capacity), weightCapacity: movement.weightCapacity.map { Int32(clamping: $0) } ?? Int32.max,
                    reeferPlugs: movement.reeferPlugs.map { Int32(clamping: $0) } ?? Int32.max,
                    cutOffs: movement.cutOffTimes.lazy.map { ($0.code, $0.time.seconds) }, emissions: emissions)
            }
            endVoyage()
            return problems
        }

        /// Appends a movement of the current voyage: its ports' indexes, its times in seconds since 1970, its
        /// limits (`Int32.max` where unlimited), the cut-offs of its call and its distance and CO2e
        /// (``ScheduleNetwork/emissions(distance:co2ePerTEU:estimated:hours:capacity:from:to:mode:)``).
        package mutating func append(
            from origin: Int32, to destination: Int32, departure: Int64, arrival: Int64, capacity: Int32, weightCapacity: Int32,
            reeferPlugs: Int32, cutOffs: some Sequence<(CutOffCode, Int64)>, emissions: (distance: Float, grams: Int32, estimated: Bool)
        ) {
            if hasCutOffs {
                var transshipment = Int64.max
                for (code, time) in cutOffs {
                    cutOffCode.append(code)
                    cutOffTime.append(time)
                    if code == .transshipment { transshipment = min(transshipment, time) }
                }
                cutOffStart.append(Int32(cutOffCode.count))
                transshipmentCutOff.append(transshipment)
            }
            self.departure.append(departure)
            self.arrival.append(arrival)
            from.append(origin)
            to.append(destination)
            voyageOf.append(Int32(voyageNumbers.count - 1))
            self.capacity.append(capacity)
            if hasWeights { self.weightCapacity.append(weightCapacity) }
            if hasPlugs { plugCapacity.append(reeferPlugs) }
            distance.append(emissions.distance)
            co2eGrams.append(emissions.grams)
            co2eEstimated.append(emissions.estimated)
        }
    }
}
