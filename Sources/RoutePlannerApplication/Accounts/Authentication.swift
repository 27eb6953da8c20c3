import Foundation

/// Who a request comes from: the user of a desk session or of a program's token, read from the store.
///
/// A session ends after ``idleExpiry`` without use, at logout, and when its user's password changes or the user
/// is removed; a token, when it is revoked or its user removed.
public struct Authentication: Sendable {
    private let accounts: any AccountRepository
    private let now: @Sendable () -> Date
    /// How long a session lasts unused.
    public let idleExpiry: Duration

    public init(accounts: any AccountRepository, idleExpiry: Duration = .seconds(1800), now: @escaping @Sendable () -> Date = { Date() }) {
        self.accounts = accounts
        self.idleExpiry = idleExpiry
        self.now = now
    }

    /// Whether any account exists: without one, nobody can log in, and a server serves cargo on loopback only.
    public func hasAccounts() async throws -> Bool { try await accounts.hasUsers() }

    /// The user of a session and the session, or `nil` for an id of none, or of one that has ended; records its use.
    public func session(_ id: String) async throws -> (principal: Principal, session: Session)? {
        let hash = Credentials.digest(id), time = now()
        guard let (session, user) = try await accounts.session(idHash: hash) else { return nil }
        guard time.timeIntervalSince(session.lastSeen) < Double(idleExpiry.components.seconds) else {
            try await accounts.removeSession(idHash: hash, andIdleSince: time.addingTimeInterval(-Double(idleExpiry.components.seconds)))
            return nil
        }
        // A session used within the last minute is not written again, so that reading a page seldom writes.
        if time.timeIntervalSince(session.lastSeen) >= 60 { try await accounts.touchSession(idHash: hash, at: time) }
        return (user.principal, session)
    }

    /// The user of a program's token (`Authorization: Bearer …`), or `nil` for none, or a revoked one.
    public func principal(token: String) async throws -> Principal? {
        guard token.hasPrefix("rp_"), token.utf8.count <= 128 else { return nil }
        return try await accounts.user(tokenHash: Credentials.digest(token))?.principal
    }

    /// Ends a session, and every other one idle past its expiry.
    public func logOut(_ id: String) async throws {
        try await accounts.removeSession(
            idHash: Credentials.digest(id), andIdleSince: now().addingTimeInterval(-Double(idleExpiry.components.seconds)))
    }
}
