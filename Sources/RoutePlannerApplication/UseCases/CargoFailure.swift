import Foundation
import RoutePlanner

/// Why a cargo cannot be booked or changed as asked: it is not there, or its state refuses the change.
public enum CargoFailure: Hashable, Sendable {
    /// No cargo has the tracking id, or none the user may see.
    case notFound(TrackingId)
    /// The deadline of a new booking is not after the clock's time (`asOf`).
    case deadlinePassed(Date, asOf: Date)
    /// The itinerary does not fit the cargo's specification, for these reasons.
    case itineraryDoesNotFit(trackingId: TrackingId, reasons: [String])
    /// The cargo was claimed (at a place and time): its journey is closed, and it is not routed again.
    case closed(TrackingId, claim: HandlingEvent)
    /// The cargo's booking was cancelled at this time: nothing more happens to it.
    case cancelled(TrackingId, at: Date)
    /// The cargo was loaded (by this event), so its booking cannot be cancelled.
    case loaded(TrackingId, load: HandlingEvent)

    /// Not found for an unknown cargo; the cargo's state rejects the rest.
    public var kind: ViewFailure.Kind {
        if case .notFound = self { .notFound } else { .rejected }
    }
}
