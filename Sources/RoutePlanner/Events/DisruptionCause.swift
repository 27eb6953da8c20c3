import Foundation

/// Why an itinerary is disrupted, in the schedule's terms: what stops it, the calls of its voyages that moved or
/// were omitted, and by how much the cargo misses.
///
/// Found by ``ScheduleNetwork/disruptionCause(of:from:boardingFrom:specification:departedAt:truckLeftAt:)``.
public struct DisruptionCause: Hashable, Sendable {
    /// A call of a leg still ahead that the schedule now makes at another time than planned, or no longer makes.
    public struct Change: Hashable, Sendable {
        /// Whether the cargo leaves or reaches the port on this call.
        public enum Kind: String, Hashable, Sendable {
            case departure, arrival
        }

        public let voyage: VoyageNumber
        public let port: UnLocode
        public let kind: Kind
        /// How much later (earlier when negative) than planned; `nil` when the voyage no longer makes the call.
        public let shift: Duration?

        public init(voyage: VoyageNumber, port: UnLocode, kind: Kind, shift: Duration?) {
            self.voyage = voyage
            self.port = port
            self.kind = kind
            self.shift = shift
        }
    }

    /// What stops the itinerary.
    public let disruption: ItineraryDisruption
    /// The calls that moved or were omitted, on the legs from the first still ahead to the one the disruption
    /// names (the last leg for a late arrival or a transit too long), in travel order.
    public let changes: [Change]
    /// By how much the cargo misses: the connection or departure (how much later it is there than the change of
    /// vessel or the call's cut-off allows), the deadline, or the maximum transit time; `nil` for a leg that no
    /// longer sails, or a vessel that no longer goes on as the voyage the cargo stays aboard into.
    public let margin: Duration?

    public init(disruption: ItineraryDisruption, changes: [Change], margin: Duration?) {
        self.disruption = disruption
        self.changes = changes
        self.margin = margin
    }
}
