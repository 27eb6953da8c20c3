/// One vessel's trip: a chain of carrier movements, each departing where the one before arrived.
///
/// The voyage aggregate. A rotation may call the same port more than once. The chain is checked when a
/// ``ScheduleNetwork`` is built from voyages.
public struct Voyage: Hashable, Sendable, Identifiable {
    /// The identifier of the voyage.
    public let number: VoyageNumber
    /// The movements of the voyage in the order the vessel sails them.
    public let movements: [CarrierMovement]
    /// The name of the vessel, when known.
    public let vessel: String?
    /// The service (the loop of weekly voyages) the voyage belongs to, when known.
    public let service: String?

    /// Creates a voyage from its movements in sailing order.
    public init(number: VoyageNumber, movements: [CarrierMovement], vessel: String? = nil, service: String? = nil) {
        self.number = number
        self.movements = movements
        self.vessel = vessel
        self.service = service
    }

    public var id: VoyageNumber { number }
}
