import Foundation
import RoutePlanner

/// A cargo as a value that may leave the application layer: what it is, where it goes, how it is routed
/// and where it is on its way.
public struct CargoSummary: Hashable, Sendable {
    public let trackingId: TrackingId
    public let teu: Int
    public let customerId: CustomerId?
    /// The booking's reference in the system it was booked from, when there is one.
    public let bookingReference: String?
    /// The gross weight in tonnes, when booked with one.
    public let weight: Double?
    public let specification: RouteSpecification
    public let itinerary: Itinerary?
    /// Where the cargo is on its way: routing and transport status, misdirection, next activity and ETA.
    public let delivery: Delivery
    /// What happened to the cargo, in completion order.
    public let handlingEvents: [HandlingEvent]
    /// Who booked, routed, handled and re-specified it, and when, in the order recorded; to a customer's user, the
    /// forwarder's people by their party only (`Principal.shown(_:)`).
    public internal(set) var changes: [CargoChange]
    /// When the booking was cancelled, if it was.
    public let cancellationTime: Date?
    /// Whether the booking may be cancelled now: not cancelled, claimed or loaded (`Cargo.cancellationRefusal`).
    public let isCancellable: Bool

    /// The time from the ETA to the deadline, negative when late; `nil` without an ETA.
    public var slack: TimeInterval? { delivery.estimatedTimeOfArrival.map { specification.arrivalDeadline.timeIntervalSince($0) } }

    /// How it stands against its deadline at a time (business time), or `nil` when it has no standing.
    public func standing(at now: Date) -> DeadlineStanding? {
        DeadlineStanding(delivery, deadline: specification.arrivalDeadline, now: now)
    }

    public var routingStatus: Cargo.RoutingStatus { delivery.routingStatus }
    public var isMisdirected: Bool { delivery.isMisdirected }

    /// The summary of a cargo as it is now, its delivery as `network` (the schedule as it now sails) sails its
    /// itinerary (`Cargo.delivery(over:)`), or as planned without one.
    public init(_ cargo: Cargo, over network: ScheduleNetwork? = nil) {
        trackingId = cargo.trackingId
        teu = cargo.teu
        customerId = cargo.customerId
        bookingReference = cargo.bookingReference
        weight = cargo.weight
        specification = cargo.specification
        itinerary = cargo.itinerary
        delivery = cargo.delivery(over: network)
        handlingEvents = cargo.handlingEvents
        changes = cargo.changes
        cancellationTime = cargo.cancellationTime
        isCancellable = cargo.cancellationRefusal == nil
    }
}
