/// A failure as a view shows it: its kind, which each front end maps to a status or an exit code in one table, and a
/// message for the user.
///
/// What went wrong inside (a store's or a file's own message) is ``logged``, for the operator's log: a front end shows
/// the user ``message`` alone, and the command line, whose user is the operator, both.
public struct ViewFailure: Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure it is.
    public enum Kind: Hashable, Sendable {
        /// What the request names does not exist, or is not the user's to see.
        case notFound
        /// Someone else changed or took it first; nothing was written.
        case conflict
        /// The user's role may not do it.
        case forbidden
        /// The user is not known: no valid session, token or password.
        case unauthenticated
        /// Too many attempts; the next may come after these seconds.
        case throttled(retryAfter: Int)
        /// The store or the schedule cannot be read or written now, or the work was cancelled; trying later may work.
        case unavailable
        /// The request is well formed, but the schedule or the cargo refuse it: no route, a closed cargo, an unknown port.
        case rejected
    }

    public let kind: Kind
    /// What went wrong and, where possible, what to do, for the user.
    public let message: String
    /// What went wrong inside, for the operator's log only; `nil` when the message says it all.
    public let logged: String?

    public init(_ kind: Kind, _ message: String, logged: String? = nil) {
        self.kind = kind
        self.message = message
        self.logged = logged
    }

    public var description: String { message }
}
