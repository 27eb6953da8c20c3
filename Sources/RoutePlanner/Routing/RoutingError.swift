/// The reasons a route search has no itinerary to return.
public enum RoutingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No itinerary meets the specification and the options.
    case noRoute
    /// The specification or the options name a location the network does not have.
    case unknownLocation(UnLocode)
    /// The options name a voyage the network does not have.
    case unknownVoyage(VoyageNumber)
    /// A via port is the origin or the destination, or follows itself.
    case invalidVia(UnLocode)
    /// The options cannot be met by any search: a negative number of transshipments, more via ports than
    /// ``RoutingOptions/maximumVia``, a limit of no candidates.
    case invalidOptions(String)
    /// The task running the search was cancelled.
    case cancelled

    public var description: String {
        switch self {
        case .noRoute: "no route meets the specification"
        case .unknownLocation(let code): "unknown location \(code)"
        case .unknownVoyage(let number): "unknown voyage \(number)"
        case .invalidVia(let code): "via port \(code) is the origin, the destination or repeated"
        case .invalidOptions(let reason): "invalid routing options: \(reason)"
        case .cancelled: "the search was cancelled"
        }
    }
}
