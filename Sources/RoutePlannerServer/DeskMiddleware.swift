import Foundation
import HTTPTypes
import Hummingbird
import RoutePlannerDesk

/// Serves the planner's desk beside the APIs: every path that is not an API's is the desk's, whose router (`DeskRoute`,
/// `DeskAction`) says which screen or change it names, or answers with its 404 page. A path is an API's when its first
/// segment is one of the APIs' paths' (`/v1/…`, `/v2/…`, `/api/…`, `/health`, `/metrics`), as their tables of
/// operations declare them: so that an unknown path under an API is answered by that API, with its document.
///
/// Every answer of the desk carries its security headers (``securityHeaders``). A form's body is read up to
/// `Desk.maximumBodyBytes(path:contentType:)`; a longer one is answered 413 without being read further. One session's
/// changes take turns (``changes``), so that a client posting heavy forms at once slows its own requests, not
/// everyone's.
struct DeskMiddleware<Context: RemoteAddressRequestContext>: RouterMiddleware {
    let desk: Desk
    /// The first segments of the APIs' paths.
    let apiSegments: Set<Substring>
    /// The proxies whose `X-Forwarded-For` names the client (``ServerConfiguration/trustedProxies``).
    var trustedProxies: Set<String> = []
    /// One change of a session at a time, and four of its screens.
    var changes = FairShare(limit: 1), screens = FairShare(limit: 4)

    /// The headers of every desk page: no script at all, nothing from elsewhere, never in a frame, no sniffing,
    /// no referrer beyond the desk itself. Styles may be inline, since each picture's SVG carries its own so that it stands alone as a file.
    static var securityHeaders: [(HTTPField.Name, String)] {
        [
            (
                .contentSecurityPolicy,
                "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
            ),
            (HTTPField.Name("X-Content-Type-Options")!, "nosniff"),
            (HTTPField.Name("X-Frame-Options")!, "DENY"),
            (HTTPField.Name("Referrer-Policy")!, "same-origin"),
        ]
    }

    /// - Parameters:
    ///   - desk: The desk.
    ///   - apiPaths: The APIs' paths, whose first segments the desk leaves to them (``ScheduleServer/apiPaths``).
    ///   - trustedProxies: The proxies whose `X-Forwarded-For` names the client.
    init(desk: Desk, apiPaths: [String], trustedProxies: Set<String> = []) {
        self.desk = desk
        apiSegments = Set(apiPaths.compactMap { $0.split(separator: "/").first })
        self.trustedProxies = trustedProxies
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let target = request.uri.string
        let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard !isAPI(path) else { return try await next(request, context) }
        let method = request.method.rawValue
        let allowed = Desk.allowedMethods(path: path)
        guard !allowed.isEmpty else { return Self.response(Desk.notFound(), method: method) }
        guard allowed.contains(method) else { return Self.response(Desk.methodNotAllowed(allowed), method: method) }
        let query = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first ?? ""
        var asked = Desk.Request(
            method: method, path: path, query: query, host: request.head.authority ?? request.headers[HTTPField.Name("Host")!],
            origin: request.headers[.origin],
            fetchSite: request.headers[HTTPField.Name("Sec-Fetch-Site")!], contentType: request.headers[.contentType],
            cookie: request.headers[values: .cookie].joined(separator: "; "),
            address: Self.clientAddress(
                peer: context.remoteAddress?.ipAddress, forwardedFor: request.headers[values: HTTPField.Name("X-Forwarded-For")!], trusted: trustedProxies))
        // The request is decided once, before its body is read: who sends it, or the answer that refuses it.
        let admitted: Desk.Admitted
        switch await desk.admit(asked) {
        case .refused(let refusal): return Self.response(refusal, method: method)
        case .admitted(let session): admitted = session
        }
        // A user's requests take turns under its session; without one (the login, the loopback planner without
        // accounts) there is no user to take turns, and the login has its own throttle.
        let turns = request.method == .post ? changes : screens
        return await turns.run(asked.sessionId.map { "session " + $0 }) { [desk] in
            if request.method == .post {
                let limit = Desk.maximumBodyBytes(path: path, contentType: asked.contentType)
                do {
                    asked.body = Array(try await request.body.collect(upTo: limit).readableBytesView)
                } catch {
                    return Self.response(Desk.badRequest("The form is larger than its limit of \(limit / 1_024) KiB.", status: 413), method: method)
                }
            }
            // Searches and the store's reads run on the searches' threads, never on the pool that answers requests.
            let answer = await withTaskExecutorPreference(CommercialSchedulesAPI.searches) { [asked] in await desk.respond(to: asked, as: admitted) }
            return Self.response(answer ?? Desk.notFound(), method: method)
        }
    }

    /// The client's address: the connection's, or, when the connection is a trusted proxy's, the last address of
    /// `X-Forwarded-For` that is not a trusted proxy's (the ones before it are the client's own to write).
    static func clientAddress(peer: String?, forwardedFor: [String], trusted: Set<String>) -> String? {
        guard let peer, trusted.contains(peer) else { return peer }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return hops.last { !trusted.contains($0) } ?? peer
    }

    /// Whether a path is the API's, which the routes after this middleware answer.
    func isAPI(_ path: Substring) -> Bool {
        path.first == "/" && path.dropFirst().split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first.map(apiSegments.contains) == true
    }

    /// The desk's answer as HTTP, with the security headers; without its body for `HEAD`.
    static func response(_ answer: DeskResponse, method: String) -> Response {
        var headers = HTTPFields()
        for (name, value) in securityHeaders { headers[name] = value }
        if let type = answer.contentType { headers[.contentType] = type }
        for header in answer.headers {
            if let name = HTTPField.Name(header.name) { headers.append(HTTPField(name: name, value: header.value)) }
        }
        let bytes = ByteBuffer(string: answer.body)
        headers[.contentLength] = String(bytes.readableBytes)
        return Response(
            status: HTTPResponse.Status(code: answer.status), headers: headers,
            body: method == "HEAD" ? ResponseBody() : ResponseBody(byteBuffer: bytes))
    }
}
