extension ScheduleNetwork {
    /// The network of the voyages this network's were published again as, built without reading again the voyages
    /// that kept their calls: the voyages at `replaced` are read from `voyages` and checked as
    /// ``init(locations:voyages:haulage:capacitiesAreKnown:)`` checks them; every other voyage's columns are copied, with
    /// the times in `departure` and `arrival`, its calls' cut-offs moved as far as its departures, an estimated CO2e
    /// estimated again where its sailing time changed, and the continuation `voyages` gives it.
    ///
    /// The network is the one built from `voyages` with this network's locations and hauls. ``LiveSchedule`` builds
    /// the network of a publication with it.
    ///
    /// - Parameters:
    ///   - replaced: The positions of the voyages whose calls changed.
    ///   - voyages: Every voyage, in this network's order: the same numbers, and each voyage not replaced with its
    ///     movements' ports, capacities, cut-offs and figures unchanged but for their times.
    ///   - departure: Each movement's departure, in seconds since 1970, in the order of `voyages`' movements.
    ///   - arrival: Each movement's arrival, likewise.
    /// - Returns: `nil` when a replaced voyage has a problem, or a voyage not replaced has another number of movements: the
    ///   caller then builds the network from `voyages`. A replaced voyage may bring what no voyage of this network has
    ///   (cut-offs, UTC offsets, weights, plugs): the voyages copied then have none.
    /// - Complexity: O(*m* log *m*) for *m* movements, as building from columns.
    func replacingVoyages(at replaced: Set<Int>, of voyages: [Voyage], departure: [Int64], arrival: [Int64]) -> ScheduleNetwork? {
        let details = self.details
        guard voyages.count == voyageCount, arrival.count == departure.count, replaced.allSatisfy(voyages.indices.contains) else { return nil }
        // A column this network or a replaced voyage has, as a network built from the voyages would.
        func published(_ has: (CarrierMovement) -> Bool) -> Bool { replaced.contains { voyages[$0].movements.contains(where: has) } }
        let hasCutOffs = !details.cutOffStart.isEmpty || published { !$0.cutOffTimes.isEmpty }
        let hasOffsets = !details.departureOffset.isEmpty || published { $0.departureUTCOffset != nil || $0.arrivalUTCOffset != nil }
        let hasWeights = !details.weightCapacity.isEmpty || published { $0.weightCapacity != nil }
        let hasPlugs = !details.plugCapacity.isEmpty || published { $0.reeferPlugs != nil }
        var columns = Columns(movementCount: departure.count, hasCutOffs: hasCutOffs, hasWeights: hasWeights, hasPlugs: hasPlugs)
        /// Appends a column's entries of `movements`, or `none` for each where this network lacks the column.
        func copy<Value>(_ column: [Value], _ movements: Range<Int>, into copied: inout [Value], none: Value) {
            if column.isEmpty { copied += repeatElement(none, count: movements.count) } else { copied += column[movements] }
        }
        columns.haulage = details.hauls.haulage
        let coordinates = locations.map(\.coordinates)
        for (position, voyage) in voyages.enumerated() {
            if replaced.contains(position) {
                let problems = columns.append(
                    voyage, portIndex: portIndex, coordinates: coordinates, hasOffsets: hasOffsets, capacitiesAreKnown: capacitiesAreKnown)
                guard problems.isEmpty else { return nil }
                continue
            }
            let movements = Int(voyageStart[position])..<Int(voyageStart[position + 1])
            let first = columns.departure.count, moved = first..<(first + movements.count)
            guard voyage.number == voyageNumbers[position], voyage.movements.count == movements.count, moved.upperBound <= departure.count
            else { return nil }
            columns.beginVoyage(
                voyage.number, vessel: details.voyageVessel[position], service: details.voyageService[position],
                serviceName: details.voyageServiceName[position], vesselIMONumber: details.voyageIMONumber[position],
                continuation: voyage.continuation, mode: details.voyageMode.isEmpty ? .vessel : details.voyageMode[position])
            columns.departure += departure[moved]
            columns.arrival += arrival[moved]
            columns.from += from[movements]
            columns.to += to[movements]
            columns.voyageOf += repeatElement(Int32(position), count: movements.count)
            columns.capacity += capacity[movements]
            columns.distance += details.distance[movements]
            columns.co2eGrams += details.co2eGrams[movements]
            columns.co2eEstimated += details.co2eEstimated[movements]
            // A column this network lacks gives the copied movements none: no limit, no UTC offset, no cut-off.
            if hasWeights { copy(details.weightCapacity, movements, into: &columns.weightCapacity, none: Int32.max) }
            if hasPlugs { copy(details.plugCapacity, movements, into: &columns.plugCapacity, none: Int32.max) }
            if hasOffsets {
                copy(details.departureOffset, movements, into: &columns.departureOffset, none: Int32.min)
                copy(details.arrivalOffset, movements, into: &columns.arrivalOffset, none: Int32.min)
            }
            if hasCutOffs {
                if details.cutOffStart.isEmpty {
                    columns.cutOffStart += repeatElement(Int32(columns.cutOffCode.count), count: movements.count)
                } else {
                    let cutOffs = Int(details.cutOffStart[movements.lowerBound])..<Int(details.cutOffStart[movements.upperBound])
                    let renumbered = Int32(columns.cutOffCode.count) - details.cutOffStart[movements.lowerBound]
                    columns.cutOffCode += details.cutOffCode[cutOffs]
                    columns.cutOffTime += details.cutOffTime[cutOffs]
                    columns.cutOffStart += details.cutOffStart[(movements.lowerBound + 1)...movements.upperBound].lazy.map { $0 + renumbered }
                }
                copy(details.transshipmentCutOff, movements, into: &columns.transshipmentCutOff, none: Int64.max)
            }
            for (m, j) in zip(movements, moved) {
                columns.moveCutOffs(ofMovement: j, by: departure[j] - self.departure[m])
                if details.co2eEstimated[m] { columns.co2eGrams[j] = co2eGrams(of: m, sailing: arrival[j] - departure[j]) }
            }
            columns.endVoyage()
        }
        guard columns.resolveContinuations(voyageIndex: voyageIndex).isEmpty else { return nil }
        return ScheduleNetwork(locations: locations, portIndex: portIndex, voyageIndex: voyageIndex, columns: columns, capacitiesAreKnown: capacitiesAreKnown)
    }
}
