import Foundation

/// One sailing of a voyage: from a departure location at a departure time to an arrival location at an
/// arrival time, with the TEU the voyage can carry on it.
///
/// A movement is a plain value; whether it is consistent (it arrives after it departs, it connects to the
/// movement before it) is checked when a ``ScheduleNetwork`` is built, so that every problem of a schedule
/// is reported at once.
public struct CarrierMovement: Hashable, Sendable {
    /// The port the vessel leaves.
    public var departureLocation: UnLocode
    /// The port the vessel reaches.
    public var arrivalLocation: UnLocode
    /// The time the vessel leaves the departure location.
    public var departureTime: Date
    /// The time the vessel reaches the arrival location.
    public var arrivalTime: Date
    /// The containers the voyage can carry on this movement, in twenty-foot equivalent units.
    public var capacity: Int
    /// The cargo weight the voyage can carry on this movement, in tonnes, when it is limited: the deadweight
    /// left for containers and their contents.
    public var weightCapacity: Int?
    /// The reefer plugs the voyage has for containers on this movement, when they are limited.
    public var reeferPlugs: Int?
    /// The cut-off times of the call the movement departs from, in the order the schedule gave them.
    ///
    /// A call without cut-offs lets cargo board up to its departure (at the origin) or up to the port's
    /// transshipment time after the arrival it changes from.
    public var cutOffTimes: [CutOffTime]
    /// The offset from UTC, in seconds, that the schedule wrote the departure time in, when it is known
    /// (a DCSA schedule gives each call's local time); documents written from the network use it.
    public var departureUTCOffset: Int?
    /// The offset from UTC, in seconds, that the schedule wrote the arrival time in, when it is known.
    public var arrivalUTCOffset: Int?
    /// The distance the vessel sails, in nautical miles, when known.
    ///
    /// A network estimates the distance of a movement without one from its ports' coordinates
    /// (``EmissionModel/seaDistance(from:to:)``), and the movements it gives back carry what it used, to a tenth
    /// of a mile.
    public var distance: Double?
    /// The CO2e the movement emits per TEU carried, in kilograms, when known.
    ///
    /// A network estimates it for a movement without one from its distance, capacity and speed
    /// (``EmissionModel``), and the movements it gives back carry what it used, to the gram.
    public var co2ePerTEU: Double?
    /// Whether ``co2ePerTEU`` is the network's estimate (``EmissionModel``) rather than a figure the schedule gave.
    public var co2eIsEstimated: Bool

    /// The longest distance of a movement, in nautical miles: a network refuses a longer or negative one.
    public static let maximumDistance = 100_000.0
    /// The most CO2e per TEU of a movement, in kilograms: a network refuses more or a negative amount.
    public static let maximumCO2ePerTEU = 1_000_000.0

    /// Creates a carrier movement.
    public init(
        from departureLocation: UnLocode, to arrivalLocation: UnLocode,
        departure departureTime: Date, arrival arrivalTime: Date, capacity: Int, cutOffTimes: [CutOffTime] = [],
        departureUTCOffset: Int? = nil, arrivalUTCOffset: Int? = nil, distance: Double? = nil, co2ePerTEU: Double? = nil,
        weightCapacity: Int? = nil, reeferPlugs: Int? = nil, co2eIsEstimated: Bool = false
    ) {
        self.co2eIsEstimated = co2eIsEstimated && co2ePerTEU != nil
        self.weightCapacity = weightCapacity
        self.reeferPlugs = reeferPlugs
        self.departureLocation = departureLocation
        self.arrivalLocation = arrivalLocation
        self.departureTime = departureTime
        self.arrivalTime = arrivalTime
        self.capacity = capacity
        self.cutOffTimes = cutOffTimes
        self.departureUTCOffset = departureUTCOffset
        self.arrivalUTCOffset = arrivalUTCOffset
        self.distance = distance
        self.co2ePerTEU = co2ePerTEU
    }

    /// The latest time cargo of a type may be ready at the departure location to be loaded here: the
    /// departure, or the earliest cut-off of this call that applies to the cargo, whichever is earlier.
    public func latestReadyTime(for cargoType: CargoType, dangerousGoods: Bool) -> Date {
        cutOffTimes.reduce(departureTime) { latest, cutOff in
            cutOff.code.appliesToLoading(of: cargoType, dangerousGoods: dangerousGoods) ? min(latest, cutOff.time) : latest
        }
    }

    /// The transshipment cut-off (TCO) of the call the movement departs from, when it has one: the latest
    /// arrival of cargo that changes onto this voyage here.
    public var transshipmentCutOff: Date? {
        var earliest: Date?
        for cutOff in cutOffTimes where cutOff.code == .transshipment {
            earliest = min(earliest ?? cutOff.time, cutOff.time)
        }
        return earliest
    }

    /// The movement `seconds` later (earlier when negative): its departure, arrival and cut-offs.
    public func moved(by seconds: TimeInterval) -> CarrierMovement {
        var moved = self
        moved.departureTime += seconds
        moved.arrivalTime += seconds
        moved.cutOffTimes = cutOffTimes.map { CutOffTime($0.code, $0.time + seconds) }
        return moved
    }
}
