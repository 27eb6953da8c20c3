import Foundation
import HummingbirdBcrypt
import RoutePlannerApplication

/// The accounts' passwords hashed with bcrypt (slow and salted; hummingbird-auth's, which is its C bcrypt alone).
public struct BcryptPasswordHasher: PasswordHasher {
    /// bcrypt's cost, 2¹² rounds: some 0.2 s a hash on a server's core.
    public static let defaultCost: UInt8 = 12

    /// The cost of new hashes, from 4 to 31.
    public let cost: UInt8

    /// Creates a hasher whose new hashes have a cost (a value outside 4 to 31 is taken as the nearer bound); a hash
    /// is checked at the cost it was made with.
    public init(cost: UInt8 = defaultCost) {
        self.cost = min(max(cost, 4), 31)
    }

    public func hash(_ password: String) -> String {
        Bcrypt.hash(password, cost: cost)
    }

    public func verify(_ password: String, against hash: String?) -> Bool {
        guard let hash else {
            _ = Bcrypt.verify(password, hash: Self.stranger)
            return false
        }
        return Bcrypt.verify(password, hash: hash)
    }

    /// What a password is checked against when no account has the name, at the default cost, so that the answer takes
    /// as long as for an account's.
    private static let stranger = Bcrypt.hash(UUID().uuidString + UUID().uuidString, cost: defaultCost)
}
