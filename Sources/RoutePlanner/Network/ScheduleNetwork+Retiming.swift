extension ScheduleNetwork {
    /// The network with other times for its movements: the same ports, voyages, movements, capacities and figures,
    /// each movement departing and arriving at the times given (seconds since 1970, by ``MovementID``), its call's
    /// cut-offs moved as far as its departure and a CO2e the network estimated estimated again for a sailing time that
    /// changed; only what depends on the times that changed is built again. ``LiveSchedule`` builds the
    /// live schedule's network with it, without reading the voyages again.
    ///
    /// The caller keeps the times valid: each within years 1 to 9999, each arrival after its departure, each
    /// departure no earlier than the arrival before it in its voyage, and a voyage the vessel goes on as departing no
    /// earlier than the voyage before it arrives.
    ///
    /// - Complexity: O(*m* + *d* log *d* + *a* log *d*) for *m* movements, where *d* departures leave from the ports
    ///   a moved movement departs from and *a* movements arrive at those ports; O(*m* log *m*) when more than an eighth
    ///   of the movements moved, which builds every port's departures again.
    func retimed(departure: [Int64], arrival: [Int64]) -> ScheduleNetwork {
        precondition(departure.count == movementCount && arrival.count == movementCount, "give one time per movement")
        let moved = (0..<movementCount).filter { departure[$0] != self.departure[$0] || arrival[$0] != self.arrival[$0] }
        let columns = self.columns(departure: departure, arrival: arrival)
        guard moved.count <= movementCount / 8 else {
            return ScheduleNetwork(
                locations: locations, portIndex: portIndex, voyageIndex: voyageIndex, columns: columns, capacitiesAreKnown: capacitiesAreKnown)
        }
        return ScheduleNetwork(retiming: self, moved: moved, columns: columns)
    }

    /// `network` with the times of the movements at `moved` (in order) changed to those of `columns`, which hold the
    /// network's columns with those times (``columns(departure:arrival:)``): the departures of the ports those
    /// movements leave are sorted again, the connections into the ports whose departure times changed and out of the
    /// movements whose arrivals changed looked up again, and the least sailings into the ports they arrive at found
    /// again; everything else is the network's.
    init(retiming network: ScheduleNetwork, moved: [Int], columns: consuming Columns) {
        let departure = columns.departure, arrival = columns.arrival
        let portCount = network.locations.count
        // The ports a moved movement leaves, those of them whose departure times changed, and the ports a movement whose
        // sailing time changed arrives at.
        var departing = [Bool](repeating: false, count: portCount), departuresMoved = departing, sailingsMoved = departing
        for m in moved {
            departing[Int(network.from[m])] = true
            if departure[m] != network.departure[m] { departuresMoved[Int(network.from[m])] = true }
            if arrival[m] - departure[m] != network.arrival[m] - network.departure[m] { sailingsMoved[Int(network.to[m])] = true }
        }
        var slotMovement = network.slotMovement, slotTime = network.slotTime, slotTo = network.slotTo, slotSailing = network.slotSailing
        for port in 0..<portCount where departing[port] {
            let slots = Int(network.departureStart[port])..<Int(network.departureStart[port + 1])
            slotMovement[slots].sort { (departure[Int($0)], $0) < (departure[Int($1)], $1) }
            for slot in slots {
                let m = Int(slotMovement[slot])
                slotTime[slot] = departure[m]
                slotTo[slot] = network.to[m]
                slotSailing[slot] = Int32(clamping: arrival[m] - departure[m])
            }
        }
        var connectingSlot = network.connectingSlot
        let leastChange = Self.leastChanges(network.transshipmentSeconds, network.modeTransshipmentSeconds)
        let modes = network.modeTransshipmentSeconds.isEmpty ? nil : network.details.voyageMode
        for m in 0..<network.movementCount where departuresMoved[Int(network.to[m])] || arrival[m] != network.arrival[m] {
            connectingSlot[m] = Self.connectingSlot(
                arrivingAt: Int(network.to[m]), at: arrival[m],
                by: modes.map { $0.isEmpty ? TransportMode.vessel.index : $0[Int(network.voyageOf[m])].index }, leastChange: leastChange,
                departureStart: network.departureStart, slotTime: slotTime)
        }
        var inboundSailing = network.inboundSailing
        if sailingsMoved.contains(true) {
            for port in 0..<portCount where sailingsMoved[port] {
                for index in Int(network.inboundStart[port])..<Int(network.inboundStart[port + 1]) { inboundSailing[index] = Int64.max }
            }
            for m in 0..<network.movementCount where sailingsMoved[Int(network.to[m])] {
                let inbound = Int(network.inboundStart[Int(network.to[m])])..<Int(network.inboundStart[Int(network.to[m]) + 1])
                let index = network.inboundPort[inbound].firstIndex(of: network.from[m])!
                inboundSailing[index] = min(inboundSailing[index], arrival[m] - departure[m])
            }
        }

        locations = network.locations
        portIndex = network.portIndex
        transshipmentSeconds = network.transshipmentSeconds
        modeTransshipmentSeconds = network.modeTransshipmentSeconds
        portHasModeTimes = network.portHasModeTimes
        voyageNumbers = network.voyageNumbers
        voyageIndex = network.voyageIndex
        voyageStart = network.voyageStart
        continuationStart = network.continuationStart
        self.departure = departure
        self.arrival = arrival
        from = network.from
        to = network.to
        voyageOf = network.voyageOf
        capacity = network.capacity
        details = Details(columns, slotMovement: slotMovement, hauls: network.details.hauls)
        capacitiesAreKnown = network.capacitiesAreKnown
        departureStart = network.departureStart
        self.slotMovement = slotMovement
        self.slotTime = slotTime
        self.slotTo = slotTo
        self.slotSailing = slotSailing
        self.connectingSlot = connectingSlot
        inboundStart = network.inboundStart
        inboundPort = network.inboundPort
        self.inboundSailing = inboundSailing
        leastPortStay = Self.leastPortStays(
            voyageStart: voyageStart, continuationStart: continuationStart, to: to, departure: departure, arrival: arrival,
            transshipmentSeconds: transshipmentSeconds, modeTransshipmentSeconds: modeTransshipmentSeconds)
    }

    /// The network's columns, its hauls included, with these times for its movements and its calls' cut-offs moved as
    /// far as their departures.
    func columns(departure: [Int64], arrival: [Int64]) -> Columns {
        let details = self.details
        var columns = Columns(
            movementCount: 0, hasCutOffs: !details.cutOffStart.isEmpty, hasWeights: !details.weightCapacity.isEmpty,
            hasPlugs: !details.plugCapacity.isEmpty)
        columns.voyageNumbers = voyageNumbers
        columns.voyageVessel = details.voyageVessel
        columns.voyageService = details.voyageService
        columns.voyageServiceName = details.voyageServiceName
        columns.voyageIMONumber = details.voyageIMONumber
        columns.voyageMode = details.voyageMode
        columns.haulage = details.hauls.haulage
        columns.voyageContinuation = continuationStart.map { $0 < 0 ? -1 : voyageOf[Int($0)] }
        columns.voyageStart = voyageStart
        columns.departure = departure
        columns.arrival = arrival
        columns.from = from
        columns.to = to
        columns.voyageOf = voyageOf
        columns.capacity = capacity
        columns.cutOffStart = details.cutOffStart
        columns.cutOffCode = details.cutOffCode
        columns.cutOffTime = details.cutOffTime
        columns.transshipmentCutOff =
            details.transshipmentCutOff.isEmpty && !details.cutOffStart.isEmpty
            ? [Int64](repeating: Int64.max, count: movementCount) : details.transshipmentCutOff
        if columns.hasCutOffs {
            for m in 0..<movementCount where departure[m] != self.departure[m] { columns.moveCutOffs(ofMovement: m, by: departure[m] - self.departure[m]) }
        }
        columns.departureOffset = details.departureOffset
        columns.arrivalOffset = details.arrivalOffset
        columns.distance = details.distance
        columns.co2eGrams = details.co2eGrams
        if details.co2eEstimated.contains(true) {
            for m in 0..<movementCount where details.co2eEstimated[m] && arrival[m] - departure[m] != self.arrival[m] - self.departure[m] {
                columns.co2eGrams[m] = co2eGrams(of: m, sailing: arrival[m] - departure[m])
            }
        }
        columns.co2eEstimated = details.co2eEstimated
        columns.weightCapacity = details.weightCapacity
        columns.plugCapacity = details.plugCapacity
        return columns
    }

    /// Movement `m`'s CO2e per TEU in grams for a sailing of `seconds`: estimated again where the network estimated it
    /// and the sailing time changed, as a network built from its voyage would (``emissions(distance:co2ePerTEU:estimated:hours:capacity:from:to:mode:)``);
    /// else its figure.
    func co2eGrams(of m: Int, sailing seconds: Int64) -> Int32 {
        let details = self.details, distance = details.distance[m], grams = details.co2eGrams[m]
        guard details.co2eEstimated[m], seconds != arrival[m] - departure[m] else { return grams }
        return Self.emissions(
            distance: distance.isNaN ? nil : Double(distance), co2ePerTEU: grams < 0 ? nil : Double(grams) / 1_000, estimated: true,
            hours: Double(seconds) / 3_600, capacity: capacitiesAreKnown && capacity[m] < Int32.max ? Int(capacity[m]) : nil,
            from: locations[Int(from[m])].coordinates, to: locations[Int(to[m])].coordinates,
            mode: details.voyageMode.isEmpty ? .vessel : details.voyageMode[Int(voyageOf[m])]
        ).grams
    }
}
