import Foundation

/// A place where cargo is loaded, discharged or moved from one vessel to another: a seaport, an inland terminal, a
/// depot or a customer's place.
///
/// The location is identified by its ``UnLocode``. Its transshipment time is the least time a container
/// needs between being discharged from one voyage and being loaded onto another one here, or collected by a truck;
/// a change between two modes may take its own time (``transshipmentTimesByMode``). Staying aboard the same voyage
/// through a call needs none, and neither does cargo a truck delivers.
public struct Location: Hashable, Sendable, CustomStringConvertible {
    /// The code that identifies the location.
    public let code: UnLocode
    /// The name people use for the location, such as "Rotterdam".
    public let name: String
    /// The least time between discharging from one voyage and loading onto another one here.
    public let transshipmentTime: Duration
    /// The least time between discharging from a voyage of one mode and loading onto a voyage of another (or the same)
    /// mode, or onto a truck, where it is not ``transshipmentTime``: a barge's cargo may need longer to reach a
    /// vessel's berth than a vessel's. Empty for most places.
    public let transshipmentTimesByMode: [ModeChange: Duration]
    /// Where the location is, when known.
    public let coordinates: Coordinates?
    /// The time zone of the port, when known; documents for people and DCSA write its local times in it.
    public let timeZone: TimeZone?
    /// What loading or discharging a TEU here costs (in USD for the bundled ports), when known.
    public let handlingCostPerTEU: Double?
    /// What moving a TEU from one vessel to another here costs, discharge and load together, when known.
    public let transshipmentCostPerTEU: Double?
    /// When the gate is open to trucks, when it is limited: a haul collects and delivers only then.
    public internal(set) var gateHours: GateHours?
    /// What kind of place it is: a port terminal unless said otherwise.
    public let facility: FacilityType

    /// Creates a location.
    ///
    /// - Parameters:
    ///   - code: The UN/LOCODE of the location.
    ///   - name: The name people use for it.
    ///   - transshipmentTime: The least time needed to change vessel here, from zero to
    ///     ``maximumTransshipmentTime``; ``ScheduleNetwork/init(locations:voyages:haulage:capacitiesAreKnown:)`` refuses any other.
    ///   - transshipmentTimesByMode: The least time of a change between modes where it is not `transshipmentTime`,
    ///     each in the same range; a network refuses a change from ``TransportMode/truck``.
    ///   - coordinates: Where the location is, when known.
    ///   - timeZone: The port's time zone, when known.
    ///   - handlingCostPerTEU: What loading or discharging a TEU here costs, when known.
    ///   - transshipmentCostPerTEU: What moving a TEU between vessels here costs, when known.
    ///   - gateHours: When the gate is open to trucks, or `nil` for at all times.
    ///   - facility: What kind of place it is.
    public init(
        code: UnLocode, name: String, transshipmentTime: Duration = .zero, transshipmentTimesByMode: [ModeChange: Duration] = [:],
        coordinates: Coordinates? = nil,
        timeZone: TimeZone? = nil, handlingCostPerTEU: Double? = nil, transshipmentCostPerTEU: Double? = nil, gateHours: GateHours? = nil,
        facility: FacilityType = .portTerminal
    ) {
        self.facility = facility
        self.gateHours = gateHours
        self.code = code
        self.name = name
        self.transshipmentTime = transshipmentTime
        self.transshipmentTimesByMode = transshipmentTimesByMode
        self.coordinates = coordinates
        self.timeZone = timeZone
        self.handlingCostPerTEU = handlingCostPerTEU
        self.transshipmentCostPerTEU = transshipmentCostPerTEU
    }

    public var description: String { "\(name) (\(code))" }

    /// The least time between discharging cargo from a voyage of mode `arriving` and loading it onto a voyage of mode
    /// `departing`, or onto a truck: its time in ``transshipmentTimesByMode``, else ``transshipmentTime``; none off a
    /// truck, whose cargo is loaded as at its origin.
    public func transshipmentTime(from arriving: TransportMode, to departing: TransportMode) -> Duration {
        guard arriving != .truck else { return .zero }
        return transshipmentTimesByMode.isEmpty
            ? transshipmentTime : transshipmentTimesByMode[ModeChange(from: arriving, to: departing)] ?? transshipmentTime
    }

    /// The longest transshipment time a network takes: a year.
    public static let maximumTransshipmentTime = Duration.seconds(366 * 86_400)
}
