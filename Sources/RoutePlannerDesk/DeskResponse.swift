import RoutePlannerApplication

/// What the desk answers a request with: a page, a redirection after a change, a file, or the stylesheet.
///
/// The server turns it into HTTP, adding the headers every answer of the desk carries (its security policy).
public struct DeskResponse: Sendable {
    /// The HTTP status.
    public let status: Int
    /// The `Content-Type`, or `nil` for a redirection.
    public let contentType: String?
    /// Headers besides the content type: `Location`, `Content-Disposition`, `Cache-Control`.
    public let headers: [(name: String, value: String)]
    /// The body.
    public let body: String

    init(status: Int, contentType: String?, headers: [(name: String, value: String)] = [], body: String) {
        self.status = status
        self.contentType = contentType
        self.headers = headers
        self.body = body
    }

    /// The status of a failure of each kind: the desk's one table of them.
    static func statusCode(of kind: ViewFailure.Kind) -> Int {
        switch kind {
        case .notFound: 404
        case .conflict: 409
        case .forbidden: 403
        case .unauthenticated: 401
        case .throttled: 429
        case .unavailable: 503
        case .rejected: 422
        }
    }

    /// A page of HTML.
    static func page(_ page: DeskPage, status: Int = 200) -> DeskResponse {
        var page = page
        page.reportsProblems = status == 409 || status == 422
        return DeskResponse(status: status, contentType: "text/html; charset=utf-8", headers: [("Cache-Control", "no-store")], body: page.document())
    }

    /// `303 See Other` to a screen: where a browser goes after a change, so that reloading it changes nothing.
    static func redirect(to route: DeskRoute) -> DeskResponse {
        DeskResponse(status: 303, contentType: nil, headers: [("Location", route.url)], body: "")
    }

    /// A file to download.
    static func file(_ text: String, contentType: String, name: String) -> DeskResponse {
        DeskResponse(
            status: 200, contentType: contentType, headers: [("Content-Disposition", "attachment; filename=\"\(name)\""), ("Cache-Control", "no-store")],
            body: text)
    }
}
