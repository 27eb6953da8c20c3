import Foundation
import Logging
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerPictures

/// The planner's desk: answers a browser's request with a screen, or carries out a form's change and sends the
/// browser on to the screen that shows it.
///
/// Every screen runs its use case through the coordinator that the command line and the API use
/// (`RoutePlannerComposition`), and is drawn by a presenter (a view model from the use case's result) and a view
/// (HTML from the view model). `DeskRoute` alone turns paths into screens and screens into links.
public struct Desk: Sendable {
    /// A request as the server received it.
    public struct Request: Sendable {
        public var method: String
        /// The path, percent-encoded as it arrived.
        public var path: Substring
        /// The query, encoded as it arrived; empty when there is none.
        public var query: Substring
        /// The `Host` the browser asked for, the `Origin` it says a form was sent from, and its `Sec-Fetch-Site`.
        public var host: String?
        public var origin: String?
        public var fetchSite: String?
        /// The body's `Content-Type`, for a form sent with `POST`.
        public var contentType: String?
        /// The `Cookie` header, which carries the session's id.
        public var cookie: String?
        /// The client's address, which failed logins are counted under.
        public var address: String?
        /// The body; empty for `GET`.
        public var body: [UInt8]

        public init(
            method: String, path: Substring, query: Substring = "", host: String? = nil, origin: String? = nil, fetchSite: String? = nil,
            contentType: String? = nil, cookie: String? = nil, address: String? = nil, body: [UInt8] = []
        ) {
            self.method = method
            self.path = path
            self.query = query
            self.host = host
            self.origin = origin
            self.fetchSite = fetchSite
            self.contentType = contentType
            self.cookie = cookie
            self.address = address
            self.body = body
        }

        /// The session id the request's cookie carries, if any: the first, should it carry several.
        public var sessionId: String? {
            cookie?.split(separator: ";").lazy.map { $0.trimmingCharacters(in: .whitespaces) }
                .first { $0.hasPrefix(DeskSession.cookieName + "=") }
                .map { String($0.dropFirst(DeskSession.cookieName.count + 1)) }
                .flatMap { $0.isEmpty || $0.utf8.count > 128 ? nil : $0 }
        }
    }

    /// The most bytes a form's body may hold: a bookings file of some 100,000 rows.
    public static let maximumBodyBytes = 8 * 1024 * 1024

    /// The most bytes the body of a form posted to a path may hold: the login form's are few, which anyone may send.
    public static func maximumBodyBytes(path: Substring, contentType: String?) -> Int {
        if path == "/login" { return 16 * 1024 }
        // Only a form with a file (multipart) carries more than its fields, each at most `FormData.maximumValueBytes`.
        let isMultipart = contentType?.lowercased().hasPrefix("multipart/form-data") == true
        return isMultipart ? maximumBodyBytes : maximumFieldsBytes
    }

    /// The most bytes of a form without a file: its fields, a few of them at their longest.
    public static let maximumFieldsBytes = 256 * 1024

    /// The schedule served now: the one the DCSA API answers from, reloaded with it.
    let network: @Sendable () -> ScheduleNetwork
    /// The process's one composition of the application, over the schedule served now, acting for nobody yet: each
    /// request acts for its session's user (``composition(_:)``).
    let application: RoutePlannerComposition
    /// Whether the session's cookie is sent over HTTPS only (behind a proxy that ends TLS).
    let secureCookies: Bool
    /// How long a session lasts unused.
    let sessionIdleExpiry: Duration
    /// Whom this request is served for: the loopback planner until ``admit(_:)`` finds a user's session.
    var session = DeskSession.loopback
    /// Whether the request being answered may be shown cargo (``Admitted/showsCargo``).
    var showsCargo = true
    let solver: (any AssignmentSolver)?
    /// The assignment runs, kept in the application's store: this process's, and the other servers' over it.
    let runs: AssignmentRunner
    let logger: Logger
    /// Whether the cargo screens answer without accounts: only on a loopback address.
    let servesCargo: Bool
    /// Whether the cargo is kept in a store file; otherwise it lasts until the server stops, and the desk says so.
    let keepsCargo: Bool
    /// The most time a route search may take before it is stopped and the screen says so.
    let searchBudget: Duration
    /// Serves the live schedule again, after a batch of events moved it.
    let scheduleChanged: @Sendable () async -> Void

    /// How dates, durations and itineraries are written: the application's.
    var format: PlannerFormat { application.format }
    /// Business time: the application's clock.
    var now: @Sendable () -> Date { application.now }

    /// Creates the desk.
    ///
    /// - Parameters:
    ///   - application: The process's composition of the application, over the schedule served now (with its
    ///     cargo, customers and accounts: once one user exists, every screen but the login form asks for a session,
    ///     on any address).
    ///   - network: The schedule served now, which the screens draw and what-ifs change.
    ///   - solver: The assignment's solver; `nil` leaves the assignment screen saying it is not available.
    ///   - servesCargo: Whether, without accounts, the cargo, booking, customer and assignment screens answer; the
    ///     others always do.
    ///   - keepsCargo: Whether the application's cargo is a store that outlives the server.
    ///   - searchBudget: The most time a route search may take, as the DCSA API's (`serve --search-budget`).
    ///   - secureCookies: Whether the session's cookie is marked `Secure`, for a desk reached over HTTPS.
    ///   - sessionIdleExpiry: How long a session lasts unused.
    ///   - logger: Where the users' actions are logged, without their data.
    ///   - scheduleChanged: Serves the live schedule again, after a batch of events moved it.
    public init(
        application: RoutePlannerComposition, network: @escaping @Sendable () -> ScheduleNetwork, solver: (any AssignmentSolver)?, servesCargo: Bool,
        keepsCargo: Bool, searchBudget: Duration, secureCookies: Bool = false, sessionIdleExpiry: Duration = .seconds(1800),
        logger: Logger = Logger(label: "route-planner.desk"), scheduleChanged: @escaping @Sendable () async -> Void = {}
    ) {
        self.application = application
        self.network = network
        self.scheduleChanged = scheduleChanged
        self.secureCookies = secureCookies
        self.sessionIdleExpiry = sessionIdleExpiry
        self.solver = solver
        self.servesCargo = servesCargo
        self.keepsCargo = keepsCargo
        self.searchBudget = searchBudget
        self.logger = logger
        runs = AssignmentRunner(runs: application.assignmentRuns, now: application.realNow)
    }

    /// The application acting for the session's user, over the schedule served now or, given, a what-if's.
    func composition(_ network: ScheduleNetwork? = nil) -> RoutePlannerComposition {
        (network.map { application.scheduled(on: $0) } ?? application).acting(as: session.principal)
    }

    /// Who requests come from, by their sessions.
    /// Sessions by the real clock, whatever business time the desk plans at (`--as-of`).
    var authentication: Authentication { application.authentication(idleExpiry: sessionIdleExpiry) }

    /// Whether the store has accounts, so that every screen but the login form asks for a session; when the store
    /// cannot tell, it does.
    func hasAccounts() async -> Bool {
        (try? await application.accounts.hasUsers()) ?? true
    }

    /// A route search within ``searchBudget``, over the schedule served now or a what-if of it: the state and the
    /// result, or `nil` when it ran past the budget and was stopped.
    func search(
        _ form: RouteCargoForm, on network: ScheduleNetwork? = nil
    ) async -> (state: ViewState<[ItineraryViewModel], RouteCargoForm.Field>, result: Result<RouteCargoResponse, RequestFailure<RouteCargoForm.Field>>)? {
        let coordinator = composition(network).routeCargo
        return await withinBudget { await coordinator.respond(form) }
    }

    /// Work that searches routes, within ``searchBudget``; `nil` when it ran past it and was stopped. The server runs
    /// the desk on the searches' own threads, so the budget's timer is not held up by the searches.
    func withinBudget<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) async -> Value? {
        await TimeBudget.run(searchBudget, work)
    }

    /// A failure's message for the page, its inside story (a store's own words) logged, never shown.
    func shown(_ failure: ViewFailure) -> String {
        if let logged = failure.logged { logger.error("desk request failed", metadata: ["reason": .string(logged)]) }
        return failure.message
    }

    /// The state as it was, its failure's inside story (a store's own words) logged.
    func logged<Content>(_ state: DeskState<Content>) -> DeskState<Content> {
        if case .failure(let failure) = state { _ = shown(failure) }
        return state
    }

    /// What a screen says of a search that ran past the budget.
    var overBudget: ViewFailure {
        ViewFailure(
            .unavailable,
            "The search ran past its budget of \(TimeBudget.text(searchBudget)) and was stopped: "
                + "narrow the dates, ask for fewer options or a smaller what-if, or try again later.")
    }

    /// What the desk decided of a request before reading its body: the answer that refuses it, or the session it is
    /// served in.
    public enum Admission: Sendable {
        /// Refused, whatever its body holds.
        case refused(DeskResponse)
        /// Served in a session (``respond(to:as:)``).
        case admitted(Admitted)
    }

    /// The session a request was admitted in, for ``respond(to:as:)``.
    public struct Admitted: Sendable {
        let session: DeskSession
        /// Whether the request may be shown cargo at all: on a desk with accounts, as the user's role says; without,
        /// only on a loopback address of a desk that serves cargo, as the cargo screens are.
        var showsCargo = true
    }

    /// Decides a request once, before its body is read: who it comes from (its session, read once) and whether the
    /// desk refuses it.
    ///
    /// On a desk with accounts, a request without a live session is sent to the login form (except the form itself
    /// and the stylesheet); a change asked for by another site is refused (403); on a desk without accounts, a cargo
    /// screen or a change is refused on an address that is not loopback.
    public func admit(_ request: Request) async -> Admission {
        // A live session says the store has accounts, so that a signed-in user's request reads the store once here.
        var found: (principal: Principal, session: Session)?
        if let id = request.sessionId, !Self.isPublic(request) { found = try? await authentication.session(id) }
        let accounts = found != nil ? true : await hasAccounts()
        if let refusal = refusal(of: request, hasAccounts: accounts) { return .refused(refusal) }
        guard accounts else { return .admitted(Admitted(session: session, showsCargo: servesCargo && Self.isLoopback(host: request.host))) }
        // The login form and its stylesheet, for someone who may do nothing else.
        if Self.isPublic(request) { return .admitted(Admitted(session: DeskSession(principal: .visitor, formToken: nil, id: nil))) }
        guard let found, let id = request.sessionId else { return .refused(Self.toLogin(request)) }
        return .admitted(Admitted(session: DeskSession(principal: found.principal, formToken: found.session.formToken, id: id)))
    }

    /// The answer to a request admitted in a session (``admit(_:)``); `nil` when its path is none of the desk's, for the
    /// server to answer otherwise. A screen or change the user's role may not use is refused (403), and a change whose
    /// form does not carry the session's token (403).
    public func respond(to request: Request, as admitted: Admitted) async -> DeskResponse? {
        var desk = self
        desk.session = admitted.session
        desk.showsCargo = admitted.showsCargo
        return await DeskSession.$current.withValue(desk.session) { [desk] in await desk.serve(request) }
    }

    /// The answer to a request, admitted first (``admit(_:)``): for a caller that has its body at hand already.
    public func respond(to request: Request) async -> DeskResponse? {
        switch await admit(request) {
        case .refused(let refusal): refusal
        case .admitted(let admitted): await respond(to: request, as: admitted)
        }
    }

    /// Whether a request answers without a session: the login form, its stylesheet, and the login itself.
    static func isPublic(_ request: Request) -> Bool {
        switch request.method {
        case "GET", "HEAD": DeskRoute(path: request.path, query: FormData())?.isPublic ?? true
        case "POST": DeskAction(path: request.path).map { $0 == .logIn } ?? true
        default: true
        }
    }

    /// The request's screen or change, for the session's user.
    private func serve(_ request: Request) async -> DeskResponse? {
        switch request.method {
        case "GET", "HEAD":
            guard let query = FormData(encoded: request.query) else { return badRequest("The address's query cannot be read: it is not one a browser writes.") }
            if let name = query.overLongName { return Self.overLong(name) }
            guard let route = DeskRoute(path: request.path, query: query) else { return nil }
            if let permission = route.permission, !session.principal.may(permission) { return Self.notPermitted() }
            return await screen(route)
        case "POST":
            guard let action = DeskAction(path: request.path) else { return nil }
            if let permission = action.permission, !session.principal.may(permission) { return Self.notPermitted() }
            let form: FormData, file: (name: String, bytes: [UInt8])?
            if let boundary = request.contentType.flatMap(MultipartForm.boundary(ofContentType:)) {
                guard let multipart = MultipartForm(body: request.body, boundary: boundary) else {
                    return badRequest("The form cannot be read: it is not one a browser writes.")
                }
                (form, file) = (multipart.fields, multipart.file.map { ($0.name, $0.bytes) })
            } else {
                let type = request.contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
                guard type == nil || type == "application/x-www-form-urlencoded" else {
                    return badRequest("A form is sent as application/x-www-form-urlencoded or multipart/form-data.", status: 415)
                }
                guard let text = String(validating: request.body, as: UTF8.self), let fields = FormData(encoded: Substring(text)) else {
                    return badRequest("The form cannot be read: it is not one a browser writes.")
                }
                (form, file) = (fields, nil)
            }
            if let name = form.overLongName { return Self.overLong(name) }
            guard session.accepts(form) else { return Self.forbidden() }
            let response = action == .logIn ? await logIn(form, request: request) : await change(action, form: form, file: file)
            logger.info("desk action", metadata: ["action": .string(action.name), "status": .stringConvertible(response.status)])
            return response
        default:
            return nil
        }
    }

    /// The answer that refuses a request whatever its body holds (``admit(_:)``'s), or `nil` when the desk serves it.
    public func refusal(of request: Request) async -> DeskResponse? {
        if case .refused(let refusal) = await admit(request) { refusal } else { nil }
    }

    /// What refuses a request whatever its body holds and whoever sends it, with whether the store has accounts known:
    /// a change asked for by another site; on a desk without accounts, a cargo screen or a change on an address that is
    /// not loopback.
    ///
    /// Without accounts, the loopback address is what keeps the cargo to this machine's users, so a cargo screen
    /// answers only a `Host` that names a loopback address (a page elsewhere that rebinds its own name to
    /// 127.0.0.1 is not one), and a change only a form of the desk's own pages (its `Origin` and `Sec-Fetch-Site`,
    /// which browsers send with every form, say so).
    private func refusal(of request: Request, hasAccounts: Bool) -> DeskResponse? {
        let showsCargo: Bool
        switch request.method {
        case "GET", "HEAD": showsCargo = DeskRoute(path: request.path, query: FormData())?.showsCargo ?? false
        case "POST":
            guard DeskAction(path: request.path) != nil else { return nil }
            showsCargo = true
            if let site = request.fetchSite?.lowercased(), site != "same-origin" && site != "none" { return Self.forbidden() }
            if let origin = request.origin,
                origin.lowercased() != "http://" + (request.host ?? "").lowercased()
                    && !(secureCookies && origin.lowercased() == "https://" + (request.host ?? "").lowercased())
            {
                return Self.forbidden()
            }
        default: return nil
        }
        guard !hasAccounts, showsCargo else { return nil }
        guard servesCargo else { return cargoNotServed() }
        guard Self.isLoopback(host: request.host) else { return Self.forbidden() }
        return nil
    }

    /// Whether a `Host` header names a loopback address (`127.0.0.1`, `localhost`, `[::1]`, with or without a
    /// port); a request without one (HTTP/1.0) comes from this machine's own tools.
    static func isLoopback(host: String?) -> Bool {
        guard let host = host?.lowercased() else { return true }
        let name = host.hasPrefix("[") ? String(host.prefix { $0 != "]" }.dropFirst()) : String(host.split(separator: ":").first ?? "")
        if name == "localhost" || name == "::1" { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// The page for a change asked for by another site or without its form's token, or a cargo screen asked for
    /// under another name.
    static func forbidden() -> DeskResponse {
        failure(
            FailureViewModel(
                title: "Not from here",
                message:
                    "The desk takes changes only from its own pages, as they are shown to you now, and without accounts shows cargo only at a loopback address, such as 127.0.0.1. Reload the page and try again.",
                status: 403))
    }

    /// The page for a screen or a change that the user's role may not use.
    static func notPermitted() -> DeskResponse {
        failure(FailureViewModel(title: "Not for your account", message: "Your account may not use this page: a planner's account may.", status: 403))
    }

    /// A page that says why a request is refused, answered with its status.
    static func failure(_ model: FailureViewModel) -> DeskResponse {
        .page(FailureView(model: model).page(), status: model.status)
    }

    /// The methods a path of the desk allows.
    public static func allowedMethods(path: Substring) -> [String] {
        (DeskRoute(path: path, query: FormData()) != nil ? ["GET", "HEAD"] : []) + (DeskAction(path: path) != nil ? ["POST"] : [])
    }

    private func screen(_ route: DeskRoute) async -> DeskResponse {
        switch route {
        case .home: return await home()
        case .routes(let query): return await routes(query)
        case .portLookup(let query): return portLookup(query)
        case .portSchedule(let code, let query): return await portSchedule(code, query: query)
        case .vesselLookup(let query): return vesselLookup(query)
        case .vesselSchedule(let voyage): return await vesselSchedule(voyage)
        case .assignments: return await assignments(form: FormData())
        case .assignmentRun(let id): return await assignmentRun(id)
        case .assignmentPlan(let id, let file): return await assignmentPlan(id, file)
        case .cargoList(let query): return await cargoList(query)
        case .cargoListFile(let query): return await cargoListFile(query)
        case .cargo(let trackingId, let query): return await cargo(trackingId, notice: query["notice"])
        case .book(let query): return await book(form: query)
        case .customers(let query): return await customers(form: FormData(), notice: query["notice"])
        case .login(let query): return await loginForm(FormData([(LogInForm.Field.username.name, query[LogInForm.Field.username])]), next: query["next"])
        case .disruptions(let query): return await disruptions(query: query)
        case .stylesheet:
            return DeskResponse(status: 200, contentType: "text/css; charset=utf-8", headers: [("Cache-Control", "max-age=3600")], body: Stylesheet.text)
        }
    }

    private func change(_ action: DeskAction, form: FormData, file: (name: String, bytes: [UInt8])?) async -> DeskResponse {
        switch action {
        case .book: return await book(form)
        case .registerCustomer: return await registerCustomer(form)
        case .runAssignment: return await runAssignment(form, file: file)
        case .cancelAssignment(let id): return await cancelAssignment(id)
        case .confirmAssignment(let id): return await confirmAssignment(id)
        case .findOptions(let id): return await findOptions(id)
        case .assignRoute(let id): return await assignRoute(id, form: form)
        case .registerEvent(let id): return await registerEvent(id, form: form)
        case .changeDestination(let id): return await changeDestination(id, form: form)
        case .cancelBooking(let id): return await cancelBooking(id)
        case .reroute(let id): return await reroute(id)
        case .applyEvents: return await applyEvents(form, file: file)
        case .acceptOptions: return await acceptOptions(form)
        case .logIn: return await loginForm(form, next: form["next"])
        case .logOut: return await logOut()
        }
    }

    /// The page for a path that names no screen.
    public static func notFound() -> DeskResponse {
        .page(
            DeskPage(
                title: "Page not found", section: nil,
                [
                    Markup("p", text: "There is no page at this address. Check it, or start again from one of these:"),
                    Markup("ul", [], DeskPage.Section.allCases.map { Markup("li", [], [DeskViews.link($0.title, to: $0.route)]) }),
                ]), status: 404)
    }

    /// The page for a method a path of the desk does not take, with the ones it does.
    public static func methodNotAllowed(_ allowed: [String]) -> DeskResponse {
        let model = FailureViewModel(
            title: "This address does not take that method", message: "This address takes \(allowed.joined(separator: " and ")) only.", status: 405)
        return DeskResponse(
            status: 405, contentType: "text/html; charset=utf-8", headers: [("Allow", allowed.joined(separator: ", ")), ("Cache-Control", "no-store")],
            body: FailureView(model: model).page().document())
    }

    /// The page for a request that cannot be read.
    public static func badRequest(_ message: String, status: Int = 400) -> DeskResponse {
        failure(FailureViewModel(title: "This request cannot be read", message: message, status: status))
    }

    private func badRequest(_ message: String, status: Int = 400) -> DeskResponse { Self.badRequest(message, status: status) }

    /// The answer to a form or query with a value over ``FormData/maximumValueBytes``: refused whole (413), naming the
    /// field but not echoing its value, so that one user's oversized post costs no one a large page.
    static func overLong(_ name: String) -> DeskResponse {
        let shown = name.count > 40 ? String(name.prefix(40)) + "…" : name
        return badRequest(
            "The field “\(shown)” holds more than \(FormData.maximumValueBytes / 1_024) KiB, more than any field of the desk takes: shorten it and send the form again.",
            status: 413)
    }

    /// A screen the desk does not serve on this address.
    private func cargoNotServed() -> DeskResponse {
        .page(
            DeskPage(
                title: "Not served on this address", section: nil,
                [
                    Markup(
                        "p",
                        text:
                            "Without accounts, the cargo, booking, customer and assignment screens answer only when the server listens on a loopback address (127.0.0.1 or ::1); once the store has a user (route-planner user add), they answer everywhere, to users who log in. Routes and schedules answer here."
                    ),
                    DeskViews.link("Find routes", to: .routes(FormData())),
                ]), status: 404)
    }
}
