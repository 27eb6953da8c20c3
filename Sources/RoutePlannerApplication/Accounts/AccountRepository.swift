import Foundation

/// Where the accounts are kept: users with their passwords' hashes, programs' tokens and desk sessions, the
/// secrets of the last two under their hashes only (``Credentials/digest(_:)``).
///
/// Each call that writes is one transaction. Removing a user, or changing its password, ends its sessions in the
/// same transaction; removing a user also revokes its tokens.
public protocol AccountRepository: Sendable {
    /// The user with a name (in lower case), or `nil`.
    func user(named name: String) async throws -> StoredUser?
    /// Every user, in name order.
    func allUsers() async throws -> [UserAccount]
    /// Whether any user exists: a server with none serves cargo on loopback only.
    func hasUsers() async throws -> Bool
    /// Adds a user; `false`, and nothing written, when its name is taken.
    func add(_ user: StoredUser) async throws -> Bool
    /// Sets a user's password hash and ends its sessions; `false` when there is no such user.
    func setPasswordHash(_ hash: String, ofUser name: String) async throws -> Bool
    /// Removes a user with its tokens and sessions; `false` when there is no such user.
    func removeUser(named name: String) async throws -> Bool

    /// Keeps a token under its secret's hash.
    func add(_ token: AccessToken, secretHash: String) async throws
    /// The tokens of a user, or of every user, by user and then by creation.
    func tokens(ofUser name: String?) async throws -> [AccessToken]
    /// The user a token acts as, by the token's hash; `nil` for no token (or a revoked one).
    func user(tokenHash: String) async throws -> UserAccount?
    /// Revokes a token; `false` when there is no such token.
    func revokeToken(id: String) async throws -> Bool

    /// Keeps a session under its id's hash.
    func add(_ session: Session, idHash: String) async throws
    /// A session and its user, by its id's hash; `nil` for none (or one ended).
    func session(idHash: String) async throws -> (session: Session, user: UserAccount)?
    /// Records that a session was used at a time.
    func touchSession(idHash: String, at time: Date) async throws
    /// Ends a session, and every session idle since a time.
    func removeSession(idHash: String, andIdleSince time: Date) async throws

    /// The failed logins counted under each key since `since`, in the order of `keys`, and, unless one of the keys
    /// has `limit` of them, the attempt counted as one more under each at `time`: in one transaction, so that
    /// attempts made at once, through this process or another over the same store, are all counted. Failures from
    /// before `since` are forgotten.
    func countLoginAttempt(_ attempt: String, under keys: [String], at time: Date, since: Date, limit: Int) async throws -> [[Date]]
    /// Forgets a login attempt that succeeded: every failure under `key` (the account's), and the attempt under the
    /// other keys.
    func forgetLoginAttempt(_ attempt: String, andEveryFailureUnder key: String) async throws
}
