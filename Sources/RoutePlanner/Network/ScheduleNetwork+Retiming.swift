extension ScheduleNetwork {
    /// The network with other times for its movements: the same ports, voyages, movements, capacities and figures,
    /// each movement departing and arriving at the times given (seconds since 1970, by ``MovementID``), its call's
    /// cut-offs moved as far as its departure and a CO2e the network estimated estimated again for a sailing time that
    /// changed; only what depends on times is built again. ``LiveSchedule`` builds the
    /// live schedule's network with it, without reading the voyages again.
    ///
    /// The caller keeps the times valid: each within years 1 to 9999, each arrival after its departure, each
    /// departure no earlier than the arrival before it in its voyage, and a voyage the vessel goes on as departing no
    /// earlier than the voyage before it arrives.
    ///
    /// - Complexity: O(*m* log *m*) for *m* movements.
    func retimed(departure: [Int64], arrival: [Int64]) -> ScheduleNetwork {
        precondition(departure.count == movementCount && arrival.count == movementCount, "give one time per movement")
        return ScheduleNetwork(
            locations: locations, portIndex: portIndex, voyageIndex: voyageIndex, columns: columns(departure: departure, arrival: arrival),
            capacitiesAreKnown: capacitiesAreKnown)
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
        if !details.cutOffStart.isEmpty {
            for m in 0..<movementCount where departure[m] != self.departure[m] {
                let shift = departure[m] - self.departure[m]
                for index in Int(details.cutOffStart[m])..<Int(details.cutOffStart[m + 1]) { columns.cutOffTime[index] += shift }
                if columns.transshipmentCutOff[m] != Int64.max { columns.transshipmentCutOff[m] += shift }
            }
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
