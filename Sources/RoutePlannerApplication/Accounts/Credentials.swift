import Crypto
import Foundation

/// The secrets of the accounts besides their passwords (which a ``PasswordHasher`` hashes): random tokens and session
/// ids that the store keeps as SHA-256 hashes (fast, since a secret of 256 random bits needs no slowing down to be out
/// of reach).
public enum Credentials {

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

    /// Why a password cannot be used, or `nil`: from 12 characters to 72 bytes of UTF-8 (what bcrypt, the hasher, reads), with
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
