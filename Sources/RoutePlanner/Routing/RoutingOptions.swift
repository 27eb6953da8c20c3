/// The constraints a planner puts on the itineraries a search may return.
public struct RoutingOptions: Hashable, Sendable {
    /// The most changes of voyage an itinerary may have; `0` allows direct sailings only, `nil` any number.
    public var maxTransshipments: Int?
    /// Ports the itinerary must call at, in this order, aboard or changing vessel.
    ///
    /// None of them may be the origin or the destination, and no port may follow itself.
    public var via: [UnLocode]
    /// Ports the itinerary must not call at at all: the cargo is neither handled there nor aboard a vessel
    /// calling there.
    public var avoidedLocations: Set<UnLocode>
    /// Voyages the itinerary must not ride.
    public var avoidedVoyages: Set<VoyageNumber>

    /// The most via ports a search takes.
    public static let maximumVia = 100

    /// Creates routing options; the defaults allow every itinerary. A negative `maxTransshipments` or more
    /// than ``maximumVia`` via ports make the search throw ``RoutingError/invalidOptions(_:)``.
    public init(
        maxTransshipments: Int? = nil, via: [UnLocode] = [],
        avoidedLocations: Set<UnLocode> = [], avoidedVoyages: Set<VoyageNumber> = []
    ) {
        self.maxTransshipments = maxTransshipments
        self.via = via
        self.avoidedLocations = avoidedLocations
        self.avoidedVoyages = avoidedVoyages
    }
}
