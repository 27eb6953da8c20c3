/// Why the store the repositories keep their data in did not read or write it.
public enum StorageFailure: Hashable, Sendable {
    /// The store could not be read or written; the store's own words, for the log alone.
    case unavailable(String)
    /// Another process changed the data first, so nothing of this change was written: read again and retry.
    case conflict(String)

    public var kind: ViewFailure.Kind {
        switch self {
        case .unavailable: .unavailable
        case .conflict: .conflict
        }
    }
}
