import Foundation

/// Accounts held in memory, for tests and a server without a store.
public actor InMemoryAccountRepository: AccountRepository {
    private var users: [String: StoredUser] = [:]
    private var tokens: [String: (token: AccessToken, hash: String)] = [:]
    private var sessions: [String: Session] = [:]
    /// The failed logins under each key: each attempt's id and time.
    private var loginFailures: [String: [(attempt: String, at: Date)]] = [:]

    public init() {}

    public func user(named name: String) async throws -> StoredUser? { users[name.lowercased()] }
    public func allUsers() async throws -> [UserAccount] { users.values.map(\.account).sorted { $0.name < $1.name } }
    public func hasUsers() async throws -> Bool { !users.isEmpty }

    public func add(_ user: StoredUser) async throws -> Bool {
        guard users[user.account.name] == nil else { return false }
        users[user.account.name] = user
        return true
    }

    public func setPasswordHash(_ hash: String, ofUser name: String) async throws -> Bool {
        guard let user = users[name] else { return false }
        users[name] = StoredUser(account: user.account, passwordHash: hash)
        sessions = sessions.filter { $0.value.userName != name }
        return true
    }

    public func removeUser(named name: String) async throws -> Bool {
        guard users.removeValue(forKey: name) != nil else { return false }
        sessions = sessions.filter { $0.value.userName != name }
        tokens = tokens.filter { $0.value.token.userName != name }
        return true
    }

    public func add(_ token: AccessToken, secretHash: String) async throws { tokens[token.id] = (token, secretHash) }

    public func tokens(ofUser name: String?) async throws -> [AccessToken] {
        tokens.values.map(\.token).filter { name == nil || $0.userName == name }.sorted {
            ($0.userName, $0.createdAt, $0.id) < ($1.userName, $1.createdAt, $1.id)
        }
    }

    public func user(tokenHash: String) async throws -> UserAccount? {
        tokens.values.first { $0.hash == tokenHash }.flatMap { users[$0.token.userName]?.account }
    }

    public func revokeToken(id: String) async throws -> Bool { tokens.removeValue(forKey: id) != nil }

    public func add(_ session: Session, idHash: String) async throws { sessions[idHash] = session }

    public func session(idHash: String) async throws -> (session: Session, user: UserAccount)? {
        guard let session = sessions[idHash], let user = users[session.userName] else { return nil }
        return (session, user.account)
    }

    public func touchSession(idHash: String, at time: Date) async throws {
        guard let session = sessions[idHash] else { return }
        sessions[idHash] = Session(userName: session.userName, formToken: session.formToken, createdAt: session.createdAt, lastSeen: time)
    }

    public func removeSession(idHash: String, andIdleSince time: Date) async throws {
        sessions[idHash] = nil
        sessions = sessions.filter { $0.value.lastSeen >= time }
    }

    public func countLoginAttempt(_ attempt: String, under keys: [String], at time: Date, since: Date, limit: Int) async throws -> [[Date]] {
        loginFailures = loginFailures.compactMapValues { failures in
            let recent = failures.filter { $0.at >= since }
            return recent.isEmpty ? nil : recent
        }
        let counted = keys.map { (loginFailures[$0] ?? []).map(\.at).sorted() }
        if counted.allSatisfy({ $0.count < limit }) { for key in keys { loginFailures[key, default: []].append((attempt, time)) } }
        return counted
    }

    public func forgetLoginAttempt(_ attempt: String, andEveryFailureUnder key: String) async throws {
        loginFailures[key] = nil
        loginFailures = loginFailures.compactMapValues { failures in
            let others = failures.filter { $0.attempt != attempt }
            return others.isEmpty ? nil : others
        }
    }
}
