import Foundation
import PostgresNIO
import RoutePlanner
import RoutePlannerApplication

/// Users, tokens and sessions kept in a ``PostgresStore``; each write one transaction (most are one statement,
/// which is one by itself).
public struct PostgresAccountRepository: AccountRepository {
    let store: PostgresStore

    public func user(named name: String) async throws -> StoredUser? {
        let key = name.lowercased()
        return try await store.statement { connection in
            try await Self.users(#"SELECT name, role, customerId, passwordHash FROM "user" WHERE name = \#(key)"#, connection)
        }.first
    }

    public func allUsers() async throws -> [UserAccount] {
        try await store.statement { connection in
            try await Self.users(#"SELECT name, role, customerId, passwordHash FROM "user" ORDER BY name"#, connection)
        }.map(\.account)
    }

    public func hasUsers() async throws -> Bool {
        try await store.statement { connection in
            for try await exists in try await connection.run(#"SELECT EXISTS (SELECT 1 FROM "user")"#).decode(Bool.self) {
                return exists
            }
            return false
        }
    }

    public func add(_ user: StoredUser) async throws -> Bool {
        let customerId: String? = if case .customer(let id) = user.account.role { id.rawValue } else { nil }
        let name = user.account.name, role = customerId == nil ? "planner" : "customer", hash = user.passwordHash, now = Date()
        return try await store.statement { connection in
            try await Self.returnsRow(
                #"""
                INSERT INTO "user" (name, role, customerId, passwordHash, createdAt) VALUES (\#(name), \#(role), \#(customerId), \#(hash), \#(now))
                ON CONFLICT (name) DO NOTHING RETURNING name
                """#,
                connection)
        }
    }

    public func setPasswordHash(_ hash: String, ofUser name: String) async throws -> Bool {
        try await store.write { connection in
            guard try await Self.returnsRow(#"UPDATE "user" SET passwordHash = \#(hash) WHERE name = \#(name) RETURNING name"#, connection) else {
                return false
            }
            try await connection.run("DELETE FROM session WHERE userName = \(name)")
            return true
        }
    }

    public func removeUser(named name: String) async throws -> Bool {
        // The user's tokens and sessions go with it (ON DELETE CASCADE), in the statement's own transaction.
        try await store.statement { connection in try await Self.returnsRow(#"DELETE FROM "user" WHERE name = \#(name) RETURNING name"#, connection) }
    }

    public func add(_ token: AccessToken, secretHash: String) async throws {
        try await store.statement { connection in
            try await connection.run(
                """
                INSERT INTO accessToken (id, userName, secretHash, label, createdAt)
                VALUES (\(token.id), \(token.userName), \(secretHash), \(token.label), \(token.createdAt))
                """)
        }
    }

    public func tokens(ofUser name: String?) async throws -> [AccessToken] {
        try await store.statement { connection in
            var tokens: [AccessToken] = []
            for try await (id, userName, label, createdAt) in try await connection.run(
                """
                SELECT id, userName, label, createdAt FROM accessToken WHERE \(name)::text IS NULL OR userName = \(name)
                ORDER BY userName, createdAt, id
                """
            ).decode((String, String, String, Date).self) {
                tokens.append(AccessToken(id: id, userName: userName, label: label, createdAt: createdAt))
            }
            return tokens
        }
    }

    public func user(tokenHash: String) async throws -> UserAccount? {
        try await store.statement { connection in
            try await Self.users(
                #"""
                SELECT "user".name, role, customerId, passwordHash FROM "user" JOIN accessToken ON accessToken.userName = "user".name
                WHERE accessToken.secretHash = \#(tokenHash)
                """#,
                connection)
        }.first?.account
    }

    public func revokeToken(id: String) async throws -> Bool {
        try await store.statement { connection in try await Self.returnsRow("DELETE FROM accessToken WHERE id = \(id) RETURNING id", connection) }
    }

    public func add(_ session: Session, idHash: String) async throws {
        try await store.statement { connection in
            try await connection.run(
                """
                INSERT INTO session (idHash, userName, formToken, createdAt, lastSeen)
                VALUES (\(idHash), \(session.userName), \(session.formToken), \(session.createdAt), \(session.lastSeen))
                """)
        }
    }

    public func session(idHash: String) async throws -> (session: Session, user: UserAccount)? {
        try await store.statement { connection -> (Session, UserAccount)? in
            for try await (userName, formToken, createdAt, lastSeen, role, customerId, hash) in try await connection.run(
                #"""
                SELECT session.userName, formToken, session.createdAt, lastSeen, role, customerId, passwordHash
                FROM session JOIN "user" ON "user".name = session.userName WHERE idHash = \#(idHash)
                """#
            ).decode((String, String, Date, Date, String, String?, String).self) {
                let user = UserRecord(name: userName, role: role, customerId: customerId, passwordHash: hash, createdAt: createdAt).storedUser
                return user.map { (Session(userName: userName, formToken: formToken, createdAt: createdAt, lastSeen: lastSeen), $0.account) }
            }
            return nil
        }
    }

    public func touchSession(idHash: String, at time: Date) async throws {
        try await store.statement { connection in
            try await connection.run(
                "UPDATE session SET lastSeen = \(time) WHERE idHash = \(idHash) AND lastSeen < \(time)")
        }
    }

    public func removeSession(idHash: String, andIdleSince time: Date) async throws {
        try await store.statement { connection in
            try await connection.run("DELETE FROM session WHERE idHash = \(idHash) OR lastSeen < \(time)")
        }
    }

    public func countLoginAttempt(_ attempt: String, under keys: [String], at time: Date, since: Date, limit: Int) async throws -> [[Date]] {
        try await store.write { connection in
            // Attempts under the same keys take turns (a lock per key, taken in one order), so that all are counted.
            for key in keys.sorted() {
                for try await _ in try await connection.run("SELECT pg_advisory_xact_lock(hashtextextended(\(key), 0))") {}
            }
            // The keys' own old failures go, and a few of others', skipping rows another login holds.
            try await connection.run(
                """
                DELETE FROM loginFailure WHERE at < \(since) AND (key = ANY(\(keys)) OR ctid IN (
                    SELECT ctid FROM loginFailure WHERE at < \(since) LIMIT 100 FOR UPDATE SKIP LOCKED))
                """)
            var counted: [[Date]] = []
            for key in keys {
                var dates: [Date] = []
                for try await at in try await connection.run(
                    "SELECT at FROM loginFailure WHERE key = \(key) ORDER BY at"
                ).decode(Date.self) { dates.append(at) }
                counted.append(dates)
            }
            if counted.allSatisfy({ $0.count < limit }) {
                try await connection.run(
                    """
                    INSERT INTO loginFailure (key, attempt, at) SELECT key, \(attempt), \(time) FROM UNNEST(\(keys)) AS key
                    ON CONFLICT DO NOTHING
                    """)
            }
            return counted
        }
    }

    public func forgetLoginAttempt(_ attempt: String, andEveryFailureUnder key: String) async throws {
        try await store.statement { connection in
            try await connection.run("DELETE FROM loginFailure WHERE key = \(key) OR attempt = \(attempt)")
        }
    }

    /// The users of rows of (name, role, customerId, passwordHash); rows this version cannot read (a role it does
    /// not know) are left out, as the SQLite store leaves them.
    private static func users(_ query: PostgresQuery, _ connection: PostgresConnection) async throws -> [StoredUser] {
        var users: [StoredUser] = []
        for try await (name, role, customerId, hash) in try await connection.run(query)
            .decode((String, String, String?, String).self)
        {
            if let user = UserRecord(name: name, role: role, customerId: customerId, passwordHash: hash, createdAt: Date()).storedUser { users.append(user) }
        }
        return users
    }

    /// Whether a statement with `RETURNING` returned a row: whether it inserted, changed or removed one.
    private static func returnsRow(_ query: PostgresQuery, _ connection: PostgresConnection) async throws -> Bool {
        for try await _ in try await connection.run(query) { return true }
        return false
    }
}
