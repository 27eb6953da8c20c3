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

    /// Creates a booking.
    ///
    /// - Throws: ``CargoError/blankTrackingId`` for a blank identifier, ``CargoError/sizeNotPositive(_:)``, or
    ///   ``CargoError/invalidRevenue(_:)`` for revenue that is negative, not a number or above
    ///   ``maximumRevenuePerTEU``.
    public init(id: String, teu: Int, specification: RouteSpecification, revenuePerTEU: Double? = nil) throws(CargoError) {
        guard !id.trimmingWhitespace().isEmpty else { throw .blankTrackingId }
        guard teu > 0 else { throw .sizeNotPositive(teu) }
        if let revenuePerTEU, !(0...Self.maximumRevenuePerTEU).contains(revenuePerTEU) { throw .invalidRevenue(revenuePerTEU) }
        self.init(valid: id, teu: teu, specification: specification, revenuePerTEU: revenuePerTEU)
    }

    /// The most revenue per TEU a booking may carry: enough for any cargo, and small enough that revenue times
    /// TEU stays an exact, finite number in the assignment.
    public static let maximumRevenuePerTEU = 1e9

    /// A booking whose values are known to be valid, such as a ``Cargo``'s.
    init(valid id: String, teu: Int, specification: RouteSpecification, revenuePerTEU: Double?) {
        self.id = id
        self.teu = teu
        self.specification = specification
        self.revenuePerTEU = revenuePerTEU
    }
}
