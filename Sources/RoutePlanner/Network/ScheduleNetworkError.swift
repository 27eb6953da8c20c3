/// The problems that keep a schedule from becoming a ``ScheduleNetwork``.
public struct ScheduleNetworkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One problem of a schedule; movements are counted from zero.
    public enum Problem: Hashable, Sendable {
        /// Two locations have the same code.
        case duplicateLocation(UnLocode)
        /// Two voyages have the same number.
        case duplicateVoyage(VoyageNumber)
        /// A voyage has no movements.
        case emptyVoyage(VoyageNumber)
        /// A movement departs from or arrives at a location the network does not have.
        case unknownLocation(UnLocode, voyage: VoyageNumber, movement: Int)
        /// A movement does not arrive after it departs.
        case arrivalNotAfterDeparture(voyage: VoyageNumber, movement: Int)
        /// A movement departs from a port other than the one the movement before it arrived at.
        case gapInVoyage(voyage: VoyageNumber, movement: Int)
        /// A movement departs before the movement before it arrived.
        case departureBeforePreviousArrival(voyage: VoyageNumber, movement: Int)
        /// A movement's capacity is negative or too large.
        case invalidCapacity(Int, voyage: VoyageNumber, movement: Int)
        /// A movement departs or arrives, or a cut-off time falls, outside the years 1 to 9999.
        case timeOutOfRange(voyage: VoyageNumber, movement: Int)
        /// A movement's UTC offset is more than 18 hours either way.
        case invalidUTCOffset(voyage: VoyageNumber, movement: Int)
        /// A movement's distance is negative, not a number or more than ``CarrierMovement/maximumDistance``.
        case invalidDistance(voyage: VoyageNumber, movement: Int)
        /// A movement's CO2e per TEU is negative, not a number or more than ``CarrierMovement/maximumCO2ePerTEU``.
        case invalidCO2e(voyage: VoyageNumber, movement: Int)
        /// A location's transshipment time is negative or longer than ``Location/maximumTransshipmentTime``.
        case invalidTransshipmentTime(UnLocode)
        /// A location's transshipment time for a change of mode is negative or longer than
        /// ``Location/maximumTransshipmentTime``, or the change is from a truck, whose cargo needs none.
        case invalidModeChange(UnLocode, ModeChange)
        /// A voyage goes on as a voyage (``Voyage/continuation``) that the schedule does not have.
        case unknownContinuation(voyage: VoyageNumber, continuation: VoyageNumber)
        /// A voyage goes on as a voyage that is itself, or does not depart from the port where it ends, or departs
        /// before it arrives there.
        case continuationDoesNotConnect(voyage: VoyageNumber, continuation: VoyageNumber)
        /// Two voyages go on as the same voyage: one vessel sails a voyage.
        case continuedTwice(VoyageNumber, voyages: [VoyageNumber])
        /// A voyage's mode is ``TransportMode/truck``: trucks are hauls (``Haulage``), not voyages.
        case truckVoyage(VoyageNumber)
        /// A haul from or to a location the network does not have, between a place and itself, given twice, or with
        /// a duration, distance, cost or CO2e out of range; `reason` says which.
        case invalidHaulage(from: UnLocode, to: UnLocode, reason: String)
    }

    /// Every problem found, in the order of the input.
    public let problems: [Problem]

    /// Creates an error with the problems found.
    public init(problems: [Problem]) { self.problems = problems }

    /// One line per problem.
    public var description: String {
        problems.map { problem in
            switch problem {
            case .duplicateLocation(let code): "location \(code) is given more than once"
            case .duplicateVoyage(let number): "voyage \(number) is given more than once"
            case .emptyVoyage(let number): "voyage \(number) has no movements"
            case .unknownLocation(let code, let voyage, let movement):
                "voyage \(voyage), movement \(movement + 1): unknown location \(code)"
            case .arrivalNotAfterDeparture(let voyage, let movement):
                "voyage \(voyage), movement \(movement + 1): arrives before or when it departs"
            case .gapInVoyage(let voyage, let movement):
                "voyage \(voyage), movement \(movement + 1): departs from a port other than where the previous movement arrived"
            case .departureBeforePreviousArrival(let voyage, let movement):
                "voyage \(voyage), movement \(movement + 1): departs before the previous movement arrives"
            case .invalidCapacity(let capacity, let voyage, let movement):
                "voyage \(voyage), movement \(movement + 1): capacity \(capacity) TEU is not between 0 and \(Int32.max)"
            case .timeOutOfRange(let voyage, let movement):
                "voyage \(voyage), movement \(movement + 1): a time outside the years 1 to 9999"
            case .invalidUTCOffset(let voyage, let movement):
                "voyage \(voyage), movement \(movement + 1): a UTC offset of more than 18 hours"
            case .invalidDistance(let voyage, let movement):
                "voyage \(voyage), movement \(movement + 1): a distance that is negative or more than 100000 nautical miles"
            case .invalidCO2e(let voyage, let movement):
                "voyage \(voyage), movement \(movement + 1): a CO2e per TEU that is negative or more than 1000000 kg"
            case .invalidTransshipmentTime(let code):
                "location \(code): the transshipment time is negative or longer than a year"
            case .invalidModeChange(let code, let change):
                change.from == .truck
                    ? "location \(code): \(change) has a transshipment time, but cargo off a truck needs none"
                    : "location \(code): the transshipment time of \(change) is negative or longer than a year"
            case .unknownContinuation(let voyage, let continuation):
                "voyage \(voyage) continues as voyage \(continuation), which the schedule does not have"
            case .continuationDoesNotConnect(let voyage, let continuation):
                "voyage \(voyage) continues as voyage \(continuation), which does not depart from where and after \(voyage) ends"
            case .continuedTwice(let continuation, let voyages):
                "voyages \(voyages.map(\.rawValue).joined(separator: " and ")) both continue as voyage \(continuation)"
            case .truckVoyage(let voyage):
                "voyage \(voyage): a truck is not timetabled; give its hauls in a haulage table"
            case .invalidHaulage(let from, let to, let reason): "haul from \(from) to \(to): \(reason)"
            }
        }.joined(separator: "\n")
    }
}
