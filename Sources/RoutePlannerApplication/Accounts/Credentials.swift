import Crypto
import Foundation
import HummingbirdBcrypt

/// The secrets of the accounts: passwords hashed with bcrypt (slow and salted, from hummingbird-auth), and random
/// tokens and session ids that the store keeps as SHA-256 hashes (fast, since a secret of 256 random bits needs no
/// slowing down to be out of reach).
public enum Credentials {
    /// bcrypt's cost, 2¹² rounds: some 0.2 s a hash on a server's core.
    public static let defaultCost: UInt8 = 12

    /// A password's salted bcrypt hash. Slow by design: run it off the threads that answer requests.
    static func hash(password: String, cost: UInt8) -> String {
        Bcrypt.hash(password, cost: min(max(cost, 4), 31))
    }

    /// Whether a password matches a bcrypt hash; as slow as ``hash(password:cost:)``.
    static func verify(password: String, hash: String) -> Bool {
        Bcrypt.verify(password, hash: hash)
    }

    /// A new secret of 256 random bits from the system's secure generator, in base64url without padding
    /// (43 characters).
    static func secret() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// A secret's SHA-256, in hexadecimal: what the store keeps of a token or a session id.
    public static func digest(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Why a password cannot be used, or `nil`: from 12 characters to 72 bytes of UTF-8 (what bcrypt reads), with
    /// no control characters.
    static func problem(withPassword password: String) -> String? {
        if password.count < 12 { return "Choose a password of at least 12 characters." }
        if password.utf8.count > 72 { return "Choose a password of at most 72 bytes (bcrypt reads no more)." }
        if password.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "A password holds no control characters, such as a line break."
        }
        return nil
    }
}
