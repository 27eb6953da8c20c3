/// A customer's request to carry cargo: an identifier, a size in TEU and a route specification.
///
/// The cargo aggregate's booking. Revenue, when known, lets an assignment prefer the bookings that pay most.
public struct Booking: Hashable, Sendable, Identifiable {
    /// The booking's identifier (the DDD sample's tracking id).
    public let id: String
    /// The size of the cargo in twenty-foot equivalent units; positive.
    public let teu: Int
    /// Where the cargo goes and when.
    public let specification: RouteSpecification
    /// The revenue per TEU carried, when known.
    public let revenuePerTEU: Double?
    /// The gross weight of the cargo with its containers, in tonnes, when known; an assignment counts it against
    /// the movements' weight capacities.
    public let weight: Double?

    /// The reefer plugs the cargo needs aboard: for a reefer, one per container, taken as 40-foot (one per 2 TEU,
    /// rounded up); none for dry cargo.
    public var reeferPlugs: Int { specification.cargoType == .reefer ? teu / 2 + teu % 2 : 0 }

    /// The heaviest booking, in tonnes: ten million, more than any vessel carries.
    public static let maximumWeight = 10_000_000.0

    /// Creates a booking.
    ///
    /// - Throws: ``CargoError/blankTrackingId`` for a blank identifier, ``CargoError/sizeNotPositive(_:)``,
    ///   ``CargoError/invalidRevenue(_:)`` for revenue that is negative, not a number or above
    ///   ``maximumRevenuePerTEU``, or ``CargoError/invalidWeight(_:)`` for a weight that is not positive or above
    ///   ``maximumWeight``.
    public init(
        id: String, teu: Int, specification: RouteSpecification, revenuePerTEU: Double? = nil, weight: Double? = nil
    ) throws(CargoError) {
        guard !id.trimmingWhitespace().isEmpty else { throw .blankTrackingId }
        guard teu > 0 else { throw .sizeNotPositive(teu) }
        if let revenuePerTEU, !(0...Self.maximumRevenuePerTEU).contains(revenuePerTEU) { throw .invalidRevenue(revenuePerTEU) }
        if let weight, !(weight > 0 && weight <= Self.maximumWeight) { throw .invalidWeight(weight) }
        self.init(valid: id, teu: teu, specification: specification, revenuePerTEU: revenuePerTEU, weight: weight)
    }

    /// The most revenue per TEU a booking may carry: enough for any cargo, and small enough that revenue times
    /// TEU stays an exact, finite number in the assignment.
    public static let maximumRevenuePerTEU = 1e9

    /// A booking whose values are known to be valid, such as a ``Cargo``'s.
    init(valid id: String, teu: Int, specification: RouteSpecification, revenuePerTEU: Double?, weight: Double? = nil) {
        self.id = id
        self.teu = teu
        self.specification = specification
        self.revenuePerTEU = revenuePerTEU
        self.weight = weight
    }
}
