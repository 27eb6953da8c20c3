/// One vessel's trip: a chain of carrier movements, each departing where the one before arrived.
///
/// The voyage aggregate. A rotation may call the same port more than once. The chain is checked when a
/// ``ScheduleNetwork`` is built from voyages.
public struct Voyage: Hashable, Sendable, Identifiable {
    /// The identifier of the voyage.
    public let number: VoyageNumber
    /// The movements of the voyage in the order the vessel sails them.
    public let movements: [CarrierMovement]

    /// Creates a voyage from its movements in sailing order.
    public init(number: VoyageNumber, movements: [CarrierMovement]) {
        self.number = number
        self.movements = movements
    }

    public var id: VoyageNumber { number }
}
