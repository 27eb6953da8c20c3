import Foundation

/// A truck's haul from one place to another: pre-carriage from a customer's place to a terminal, on-carriage from a
/// terminal to a warehouse, or a haul between terminals.
///
/// A haul has no timetable: a truck leaves when the cargo is ready and the gate is open, and takes ``duration``
/// on the road. Its ends' gate hours (``Location/gateHours``) bound when it may collect and deliver. A haul is one
/// way; a haulage table lists each direction it serves.
public struct Haulage: Hashable, Sendable {
    /// The place the truck collects the cargo.
    public var from: UnLocode
    /// The place the truck delivers it.
    public var to: UnLocode
    /// The time on the road, from the gate out to the gate in.
    public var duration: Duration
    /// The kilometres driven, when known.
    public var distance: Double?
    /// What the haul costs per TEU (in USD for the bundled data), when known.
    public var costPerTEU: Double?
    /// The CO2e the haul emits per TEU, in kilograms, when known.
    public var co2ePerTEU: Double?
    /// Whether ``co2ePerTEU`` is an estimate from the distance by road (``EmissionModel/inlandCO2ePerTEU(kilometres:mode:)``)
    /// rather than the haulier's figure.
    public var co2eIsEstimated: Bool
    /// The TEU the haul's trucks can take from its place in a day, as its haulier offers them; `nil` for no limit.
    ///
    /// A day is the calendar day at the place the haul leaves, in its time zone (UTC without one), on which the
    /// truck leaves (``HaulDay``). The assignment keeps each day's TEU within it; routing one booking does not.
    public var capacityPerDay: Int?

    /// Creates a haul.
    public init(
        from: UnLocode, to: UnLocode, duration: Duration, distance: Double? = nil, costPerTEU: Double? = nil, co2ePerTEU: Double? = nil,
        capacityPerDay: Int? = nil, co2eIsEstimated: Bool = false
    ) {
        self.co2eIsEstimated = co2eIsEstimated && co2ePerTEU != nil
        self.from = from
        self.to = to
        self.duration = duration
        self.distance = distance
        self.costPerTEU = costPerTEU
        self.co2ePerTEU = co2ePerTEU
        self.capacityPerDay = capacityPerDay
    }

    /// The longest haul a network takes: 30 days on the road.
    public static let maximumDuration = Duration.seconds(30 * 86_400)
    /// The longest distance of a haul, in kilometres.
    public static let maximumDistance = 50_000.0
    /// The most a haul may cost per TEU, and the most CO2e per TEU in kilograms.
    public static let maximumFigure = 1_000_000.0
    /// The most TEU a haul's ``capacityPerDay`` may give.
    public static let maximumCapacityPerDay = 1_000_000

    /// The number that names a haul's leg in an itinerary, as a voyage number names a voyage's: `TRUCK` and its ends,
    /// such as `TRUCK CNJJN-CNCKG`.
    ///
    /// A leg is a haul by its mode (``Leg/isHaul``), never by this name, which a schedule's voyage may also have.
    public var voyageNumber: VoyageNumber { VoyageNumber("TRUCK \(from)-\(to)")! }
}
