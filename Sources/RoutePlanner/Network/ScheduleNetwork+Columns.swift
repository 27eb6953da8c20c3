extension ScheduleNetwork {
    /// The movements of a schedule column by column, voyage by voyage in sailing order: what a network is built
    /// from, filled from voyages (``ScheduleNetwork/init(locations:voyages:capacitiesAreKnown:)``) or straight
    /// from an importer's rows, without a `Voyage` or a `CarrierMovement` in between.
    struct Columns {
        var voyageNumbers: [VoyageNumber] = []
        var voyageVessel: [String?] = [], voyageService: [String?] = [], voyageServiceName: [String?] = []
        var voyageIMONumber: [String?] = []
        var voyageStart: [Int32] = [0]
        var departure: [Int64] = [], arrival: [Int64] = []
        var from: [Int32] = [], to: [Int32] = [], voyageOf: [Int32] = [], capacity: [Int32] = []
        /// Empty unless the schedule has cut-offs (see ``ScheduleNetwork/Details``).
        var cutOffStart: [Int32], cutOffCode: [CutOffCode] = [], cutOffTime: [Int64] = [], transshipmentCutOff: [Int64] = []
        /// Empty unless the schedule has UTC offsets; filled by the caller.
        var departureOffset: [Int32] = [], arrivalOffset: [Int32] = []
        var distance: [Float] = [], co2eGrams: [Int32] = []
        /// Empty unless the schedule limits weights, or reefer plugs.
        var weightCapacity: [Int32] = [], plugCapacity: [Int32] = []
        let hasCutOffs: Bool, hasWeights: Bool, hasPlugs: Bool

        /// Empty columns for a number of movements, with the columns a schedule has only when it has them.
        init(movementCount: Int, hasCutOffs: Bool, hasWeights: Bool, hasPlugs: Bool) {
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
        }

        /// Starts a voyage; its movements follow, then ``endVoyage()``.
        mutating func beginVoyage(
            _ number: VoyageNumber, vessel: String?, service: String?, serviceName: String?, vesselIMONumber: String?
        ) {
            voyageNumbers.append(number)
            voyageVessel.append(vessel)
            voyageService.append(service)
            voyageServiceName.append(serviceName)
            voyageIMONumber.append(vesselIMONumber)
        }

        mutating func endVoyage() {
            voyageStart.append(Int32(departure.count))
        }

        /// Appends a movement of the current voyage: its ports' indexes, its times in seconds since 1970, its
        /// limits (`Int32.max` where unlimited), the cut-offs of its call and its distance and CO2e
        /// (``ScheduleNetwork/emissions(distance:co2ePerTEU:hours:capacity:from:to:)``).
        mutating func append(
            from origin: Int32, to destination: Int32, departure: Int64, arrival: Int64, capacity: Int32, weightCapacity: Int32,
            reeferPlugs: Int32, cutOffs: some Sequence<(CutOffCode, Int64)>, emissions: (distance: Float, grams: Int32)
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
        }
    }
}
