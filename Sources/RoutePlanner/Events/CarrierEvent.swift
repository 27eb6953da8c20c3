import Foundation

/// An event of a carrier's feed that route-planner acts on: a vessel's call time, or a booked cargo's handling.
public enum CarrierEvent: Hashable, Sendable {
    case vesselCall(VesselCallEvent)
    case equipment(EquipmentEvent)

    /// The event's identifier (DCSA's `eventID`).
    public var id: String {
        switch self {
        case .vesselCall(let event): event.id
        case .equipment(let event): event.id
        }
    }
}

extension CarrierEvent {
    /// Whether this event says what `recorded`, an event kept under the same identifier, says: the same kind,
    /// classifier, times and call, or the same handling of the same booking. Of what an event carries, a store keeps
    /// what moves a schedule or a cargo (not the vessel's IMO number nor the service) and its times to the millisecond,
    /// so that is what is compared. A call named without its sequence number is one the voyage makes once at the port,
    /// the same call as one recorded with its number.
    public func saysTheSame(as recorded: CarrierEvent) -> Bool {
        func same(_ one: Date, _ other: Date) -> Bool { abs(one.timeIntervalSince(other)) < 0.001 }
        switch (self, recorded) {
        case (.vesselCall(let event), .vesselCall(let other)):
            let call = event.call, otherCall = other.call
            let sameCall =
                call.voyage == otherCall.voyage && call.port == otherCall.port
                && (call.sequence == nil || otherCall.sequence == nil || call.sequence == otherCall.sequence)
            return event.kind == other.kind && event.classifier == other.classifier && sameCall && same(event.time, other.time)
                && same(event.created, other.created)
        case (.equipment(let event), .equipment(let other)):
            return event.kind == other.kind && event.port == other.port && event.voyage == other.voyage
                && event.bookingReference == other.bookingReference && same(event.time, other.time) && same(event.created, other.created)
        default:
            return false
        }
    }
}
