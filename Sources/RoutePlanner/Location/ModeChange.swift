/// A change of cargo from a voyage of one mode to a voyage or a truck of another (or the same) mode at a place: what
/// a place's transshipment time may depend on (``Location/transshipmentTimesByMode``).
///
/// Cargo comes off a vessel, a barge or a train; off a truck it is loaded as at its origin, with no transshipment time,
/// so a change never starts from ``TransportMode/truck``.
public struct ModeChange: Hashable, Sendable, CustomStringConvertible {
    /// The mode of the voyage the cargo is discharged from.
    public let from: TransportMode
    /// The mode of the voyage it is loaded onto, or ``TransportMode/truck`` for a haul that collects it.
    public let to: TransportMode

    /// Creates a change from one mode to another.
    public init(from: TransportMode, to: TransportMode) {
        (self.from, self.to) = (from, to)
    }

    /// The change as the locations file writes it, such as `barge-vessel`.
    public var description: String { "\(from.rawValue)-\(to.rawValue)" }
}
