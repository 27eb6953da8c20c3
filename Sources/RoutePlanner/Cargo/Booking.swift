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

    /// Creates a booking; the identifier must not be blank and the size must be positive.
    public init(id: String, teu: Int, specification: RouteSpecification, revenuePerTEU: Double? = nil) {
        precondition(!id.trimmingWhitespace().isEmpty, "a booking needs an identifier")
        precondition(teu > 0, "booking \(id) must carry a positive number of TEU")
        self.id = id
        self.teu = teu
        self.specification = specification
        self.revenuePerTEU = revenuePerTEU
    }
}
