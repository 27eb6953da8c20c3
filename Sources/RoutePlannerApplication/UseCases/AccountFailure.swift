/// Why a user, a login or a token is refused: who is acting, and what their role may do.
public enum AccountFailure: Hashable, Sendable {
    /// The caller's role may not run the use case (``Principal/may(_:)``); nothing was read or written.
    case notPermitted(Permission)
    /// The user name and password do not match an account, or the account may not log in now; the same for an
    /// unknown user and a wrong password, so that neither is confirmed.
    case notAuthenticated
    /// Too many logins failed for the account or from the address; the next may be tried after these seconds.
    case tooManyAttempts(retryAfter: Int)
    /// The user name is taken by another account.
    case userExists(String)
    /// No account has the user name.
    case userNotFound(String)
    /// No token has the id.
    case tokenNotFound(String)

    public var kind: ViewFailure.Kind {
        switch self {
        case .notPermitted: .forbidden
        case .notAuthenticated: .unauthenticated
        case .tooManyAttempts(let seconds): .throttled(retryAfter: seconds)
        case .userExists: .conflict
        case .userNotFound, .tokenNotFound: .notFound
        }
    }
}
