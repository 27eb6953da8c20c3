import Foundation
import GRDB
import RoutePlanner
import RoutePlannerApplication

/// Users, tokens and sessions kept in a ``CargoStore``; each write one transaction.
public struct SQLiteAccountRepository: AccountRepository {
    let store: CargoStore

    public func user(named name: String) async throws -> StoredUser? {
        try read { db in try UserRecord.fetchOne(db, key: name.lowercased()) }.flatMap(\.storedUser)
    }

    public func allUsers() async throws -> [UserAccount] {
        try read { db in try UserRecord.order(Column("name")).fetchAll(db) }.compactMap(\.storedUser?.account)
    }

    public func hasUsers() async throws -> Bool {
        try read { db in try UserRecord.fetchCount(db) > 0 }
    }

    public func add(_ user: StoredUser) async throws -> Bool {
        let customerId: String? = if case .customer(let id) = user.account.role { id.rawValue } else { nil }
        let record = UserRecord(
            name: user.account.name, role: customerId == nil ? "planner" : "customer", customerId: customerId, passwordHash: user.passwordHash,
            createdAt: Date())
        return try write { db in
            guard try UserRecord.fetchOne(db, key: record.name) == nil else { return false }
            try record.insert(db)
            return true
        }
    }

    public func setPasswordHash(_ hash: String, ofUser name: String) async throws -> Bool {
        try write { db in
            guard var record = try UserRecord.fetchOne(db, key: name) else { return false }
            record.passwordHash = hash
            try record.update(db)
            try SessionRecord.filter(Column("userName") == name).deleteAll(db)
            return true
        }
    }

    public func removeUser(named name: String) async throws -> Bool {
        // The user's tokens and sessions go with it (ON DELETE CASCADE).
        try write { db in try UserRecord.deleteOne(db, key: name) }
    }

    public func add(_ token: AccessToken, secretHash: String) async throws {
        try write { db in
            try AccessTokenRecord(id: token.id, userName: token.userName, secretHash: secretHash, label: token.label, createdAt: token.createdAt).insert(db)
        }
    }

    public func tokens(ofUser name: String?) async throws -> [AccessToken] {
        try read { db in
            var request = AccessTokenRecord.order(Column("userName"), Column("createdAt"), Column("id"))
            if let name { request = request.filter(Column("userName") == name) }
            return try request.fetchAll(db)
        }.map { AccessToken(id: $0.id, userName: $0.userName, label: $0.label, createdAt: $0.createdAt) }
    }

    public func user(tokenHash: String) async throws -> UserAccount? {
        try read { db in
            try UserRecord.fetchOne(
                db, sql: "SELECT user.* FROM user JOIN accessToken ON accessToken.userName = user.name WHERE accessToken.secretHash = ?",
                arguments: [tokenHash])
        }.flatMap(\.storedUser?.account)
    }

    public func revokeToken(id: String) async throws -> Bool {
        try write { db in try AccessTokenRecord.deleteOne(db, key: id) }
    }

    public func add(_ session: Session, idHash: String) async throws {
        try write { db in
            try SessionRecord(
                idHash: idHash, userName: session.userName, formToken: session.formToken, createdAt: session.createdAt, lastSeen: session.lastSeen
            ).insert(db)
        }
    }

    public func session(idHash: String) async throws -> (session: Session, user: UserAccount)? {
        let found = try read { db -> (SessionRecord, UserRecord)? in
            guard let session = try SessionRecord.fetchOne(db, key: idHash), let user = try UserRecord.fetchOne(db, key: session.userName) else { return nil }
            return (session, user)
        }
        guard let (session, record) = found, let user = record.storedUser else { return nil }
        return (Session(userName: session.userName, formToken: session.formToken, createdAt: session.createdAt, lastSeen: session.lastSeen), user.account)
    }

    public func touchSession(idHash: String, at time: Date) async throws {
        try write { db in
            try db.execute(sql: "UPDATE session SET lastSeen = ? WHERE idHash = ? AND lastSeen < ?", arguments: [time, idHash, time])
        }
    }

    public func removeSession(idHash: String, andIdleSince time: Date) async throws {
        try write { db in
            try SessionRecord.deleteOne(db, key: idHash)
            try SessionRecord.filter(Column("lastSeen") < time).deleteAll(db)
        }
    }

    public func countLoginAttempt(_ attempt: String, under keys: [String], at time: Date, since: Date, limit: Int) async throws -> [[Date]] {
        try write { db in
            try db.execute(sql: "DELETE FROM loginFailure WHERE at < ?", arguments: [since])
            let counted = try keys.map { key in
                try Date.fetchAll(db, sql: "SELECT at FROM loginFailure WHERE key = ? ORDER BY at", arguments: [key])
            }
            if counted.allSatisfy({ $0.count < limit }) {
                for key in keys {
                    try db.execute(sql: "INSERT OR IGNORE INTO loginFailure (key, attempt, at) VALUES (?, ?, ?)", arguments: [key, attempt, time])
                }
            }
            return counted
        }
    }

    public func forgetLoginAttempt(_ attempt: String, andEveryFailureUnder key: String) async throws {
        try write { db in
            try db.execute(sql: "DELETE FROM loginFailure WHERE key = ? OR attempt = ?", arguments: [key, attempt])
        }
    }

    private func read<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try store.read(body) } catch { throw StoreError(error, path: store.path) }
    }

    private func write<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try store.write(body) } catch { throw StoreError(error, path: store.path) }
    }
}
