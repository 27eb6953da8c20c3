import Foundation

/// A carrier's report that a booked cargo's container was handled: a DCSA Track & Trace equipment event that is a
/// handling of the cargo's journey (gate in, load, discharge, gate out).
///
/// It names the cargo by its booking reference (DCSA's `BKG` document reference) and becomes a ``HandlingEvent``
/// (``handlingEvent(registeredAt:)``).
public struct EquipmentEvent: Hashable, Sendable {
    /// The handlings that are part of a cargo's journey.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Gated in at the terminal of departure: the carrier received the cargo.
        case gateIn = "GTIN"
        /// Loaded aboard a vessel.
        case load = "LOAD"
        /// Discharged from a vessel.
        case discharge = "DISC"
        /// Gated out at the terminal of arrival: the consignee claimed the cargo.
        case gateOut = "GTOT"

        /// The handling event's kind.
        public var handling: HandlingEvent.Kind {
            switch self {
            case .gateIn: .receive
            case .load: .load
            case .discharge: .unload
            case .gateOut: .claim
            }
        }
    }

    /// The event's identifier (DCSA's `eventID`).
    public let id: String
    /// When the carrier created the event (`eventCreatedDateTime`).
    public let created: Date
    public let kind: Kind
    /// When the container was handled (`eventDateTime`).
    public let time: Date
    public let port: UnLocode
    /// The voyage loaded onto or discharged from; `nil` for a gate in or out.
    public let voyage: VoyageNumber?
    /// The booking reference of the cargo.
    public let bookingReference: String

    public init(id: String, created: Date, kind: Kind, time: Date, port: UnLocode, voyage: VoyageNumber?, bookingReference: String) {
        self.id = id
        self.created = created
        self.kind = kind
        self.time = time
        self.port = port
        self.voyage = voyage
        self.bookingReference = bookingReference
    }

    /// The handling event it reports, registered at `registration` (no earlier than the handling).
    public func handlingEvent(registeredAt registration: Date) throws(HandlingEventError) -> HandlingEvent {
        try HandlingEvent(
            kind: kind.handling, location: port, voyage: kind.handling.requiresVoyage ? voyage : nil, completionTime: time,
            registrationTime: max(registration, time))
    }
}
