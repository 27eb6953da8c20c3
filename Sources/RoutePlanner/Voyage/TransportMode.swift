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

extension TransportMode {
    /// The mode's bit in a set of modes packed in a byte (``mask(of:)``), which a search tests without hashing.
    var bit: UInt8 {
        switch self {
        case .vessel: 1
        case .barge: 2
        case .rail: 4
        case .truck: 8
        }
    }

    /// The mode's place in tables by mode, 0 to 3: the position of its ``bit``.
    var index: Int { bit.trailingZeroBitCount }

    /// The modes packed in a byte, a bit each (``bit``).
    static func mask(of modes: some Sequence<TransportMode>) -> UInt8 { modes.reduce(0) { $0 | $1.bit } }
}
