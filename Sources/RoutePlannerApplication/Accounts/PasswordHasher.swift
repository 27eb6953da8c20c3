/// Hashes the accounts' passwords and checks a password against its hash: a port of the application, whose adapter
/// (RoutePlannerBcrypt's `BcryptPasswordHasher`) the composition is given where the process starts.
///
/// Both are slow by design: run them off the threads that answer requests.
public protocol PasswordHasher: Sendable {
    /// A password's salted hash, what the store keeps of it.
    func hash(_ password: String) -> String

    /// Whether a password matches a hash. With no hash (no account has the name), as slow and `false`, so that how
    /// long the answer takes does not tell whether the account exists.
    func verify(_ password: String, against hash: String?) -> Bool
}
