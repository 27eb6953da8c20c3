import RoutePlanner

/// The candidate itineraries for a specification, best first.
public struct RouteCargoResponse: Hashable, Sendable {
    public let specification: RouteSpecification
    /// The itineraries in the router's documented order: earliest arrival first.
    public let itineraries: [Itinerary]

    public init(specification: RouteSpecification, itineraries: [Itinerary]) {
        self.specification = specification
        self.itineraries = itineraries
    }
}
