import Foundation
import RoutePlanner

/// A cargo as a value that may leave the application layer: what it is, where it goes and how it is routed.
public struct CargoSummary: Hashable, Sendable {
    public let trackingId: String
    public let teu: Int
    public let specification: RouteSpecification
    public let itinerary: Itinerary?
    public let routingStatus: Cargo.RoutingStatus
    public let isMisdirected: Bool

    init(_ cargo: Cargo) {
        trackingId = cargo.trackingId
        teu = cargo.teu
        specification = cargo.specification
        itinerary = cargo.itinerary
        routingStatus = cargo.routingStatus
        isMisdirected = cargo.isMisdirected
    }
}
