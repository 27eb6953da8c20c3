/// How cargo travels on a leg: aboard a vessel, a barge or a train on a timetabled voyage, or on a truck.
///
/// Vessels, barges and trains sail voyages of the schedule, with their times, cut-offs and capacities. Trucks
/// are not timetabled: a truck leg is a ``Haulage`` taken when the cargo is ready, so a network refuses a voyage
/// whose mode is ``truck``.
public enum TransportMode: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// A seagoing vessel.
    case vessel
    /// An inland barge.
    case barge
    /// A train.
    case rail
    /// A truck, on a haulage between two places.
    case truck

    public var description: String { rawValue }
}
