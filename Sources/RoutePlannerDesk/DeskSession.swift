import RoutePlannerPictures
import RoutePlannerApplication

/// Whom the desk serves in a request: the principal its use cases act for, and the token its forms carry.
///
/// On a desk whose store has accounts, each request's session comes from its cookie (``cookieName``); without
/// accounts, the desk serves loopback alone and acts as a planner (``loopback``).
struct DeskSession: Sendable {
    let principal: Principal
    /// The token that every form which changes something carries, and that the change must send back; `nil` on a
    /// desk without accounts, which takes changes only from its own pages on loopback.
    let formToken: String?
    /// The session's id, from its cookie; `nil` without accounts.
    let id: String?

    /// The desk without accounts, on loopback: a planner.
    static let loopback = DeskSession(principal: Principal(name: "desk on loopback", role: .planner), formToken: nil, id: nil)
    /// The session whose pages the views of the current request draw: their forms' token, the navigation its user
    /// may use, the user's name. Only views read it; the use cases act for the desk's own ``Desk/session``.
    @TaskLocal static var current = DeskSession.loopback
    /// The hidden field that carries ``formToken``.
    static let formTokenField = "_token"
    /// The cookie that carries the session's id.
    static let cookieName = "rp_session"

    /// Whether a user logged in to this session.
    var isLoggedIn: Bool { id != nil }

    /// Whether a form's token is the session's: always, on a desk without accounts. Compared in constant time.
    func accepts(_ form: FormData) -> Bool {
        guard let formToken else { return true }
        let sent = Array(form[Self.formTokenField].utf8), expected = Array(formToken.utf8)
        guard sent.count == expected.count else { return false }
        return zip(sent, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// The hidden input of a form that changes something, when the session has a token.
    var hiddenInput: [Markup] {
        formToken.map { [Markup("input", [("type", "hidden"), ("name", Self.formTokenField), ("value", $0)])] } ?? []
    }
}
