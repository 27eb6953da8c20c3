import Foundation

/// A person or program who logs in: a user name and a role.
public struct UserAccount: Hashable, Sendable {
    /// The name, in lower case: letters, digits, `.`, `_`, `-` and `@`, 1 to 64 of them, starting with a letter
    /// or digit (``init(name:role:)``).
    public let name: String
    public let role: Principal.Role

    /// An account, or `nil` when the name is not one (it is taken in lower case) or the role is a visitor's.
    public init?(name: String, role: Principal.Role) {
        let name = name.lowercased()
        guard Self.isName(name), role != .visitor else { return nil }
        self.name = name
        self.role = role
    }

    /// Who the account acts as.
    public var principal: Principal { Principal(name: name, role: role) }

    /// Whether a text, in lower case, is a user name.
    static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, text.unicodeScalars.count <= 64 else { return false }
        func allowed(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) }
        return allowed(first) && text.unicodeScalars.allSatisfy { allowed($0) || "._-@".unicodeScalars.contains($0) }
    }
}

/// A user as the store keeps it: the account and its password's hash.
public struct StoredUser: Hashable, Sendable {
    public let account: UserAccount
    /// The password's bcrypt hash (``Credentials``), never the password.
    public let passwordHash: String

    public init(account: UserAccount, passwordHash: String) {
        self.account = account
        self.passwordHash = passwordHash
    }
}

/// A program's token, as listed: it acts as its user. The token itself is shown once, when it is made, and the
/// store keeps only its hash.
public struct AccessToken: Hashable, Sendable {
    /// The token's public id, which names it in lists and to revoke it.
    public let id: String
    /// The user it acts as.
    public let userName: String
    /// What the token is for, as its maker wrote it.
    public let label: String
    public let createdAt: Date

    public init(id: String, userName: String, label: String, createdAt: Date) {
        self.id = id
        self.userName = userName
        self.label = label
        self.createdAt = createdAt
    }
}

/// A user's session at the desk, kept in the store under its id's hash.
public struct Session: Hashable, Sendable {
    public let userName: String
    /// The token each of the session's forms carries, which a change must send back.
    public let formToken: String
    public let createdAt: Date
    /// When the session was last used: it ends once idle for longer than its expiry.
    public let lastSeen: Date

    public init(userName: String, formToken: String, createdAt: Date, lastSeen: Date) {
        self.userName = userName
        self.formToken = formToken
        self.createdAt = createdAt
        self.lastSeen = lastSeen
    }
}
