import Synchronization

/// The round trips a store has made since it was opened: each transaction it runs, and each statement it runs alone,
/// whatever they read or write.
///
/// What one request costs in round trips is what its store work costs in latency, most of all with the store across
/// a network: the server exports them on `/metrics` as `store_round_trips_total{kind}`.
public final class StoreRoundTrips: Sendable {
    /// What a round trip ran.
    public enum Kind: String, Sendable, CaseIterable {
        /// A read transaction.
        case read
        /// A write transaction.
        case write
        /// Statements run alone, outside a transaction, on one connection at one call (PostgreSQL's): one that reads
        /// or changes, or a few that need no transaction together.
        case statement
    }

    private let counts = Mutex<[Kind: Int]>([:])

    init() {}

    /// The round trips of a kind so far.
    public subscript(kind: Kind) -> Int {
        counts.withLock { $0[kind, default: 0] }
    }

    /// Counts one round trip.
    func count(_ kind: Kind) {
        counts.withLock { $0[kind, default: 0] += 1 }
    }
}
