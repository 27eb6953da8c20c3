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
        /// The body; empty for `GET`.
        public var body: [UInt8]

        public init(
            method: String, path: Substring, query: Substring = "", host: String? = nil, origin: String? = nil, fetchSite: String? = nil,
            contentType: String? = nil, body: [UInt8] = []
        ) {
            self.method = method
            self.path = path
            self.query = query
            self.host = host
            self.origin = origin
            self.fetchSite = fetchSite
            self.contentType = contentType
            self.body = body
        }
    }

    /// The most bytes a form's body may hold: a bookings file of some 100,000 rows.
    public static let maximumBodyBytes = 8 * 1024 * 1024

    /// The schedule served now: the one the DCSA API answers from, reloaded with it.
    let network: @Sendable () -> ScheduleNetwork
    let cargo: any CargoRepository
    let customers: any CustomerRepository
    let solver: (any AssignmentSolver)?
    let runs: AssignmentRuns
    let format: PlannerFormat
    let now: @Sendable () -> Date
    let logger: Logger
    /// Whether the cargo screens answer: only on a loopback address until accounts exist.
    let servesCargo: Bool
    /// Whether the cargo is kept in a store file; otherwise it lasts until the server stops, and the desk says so.
    let keepsCargo: Bool
    /// The most time a route search may take before it is stopped and the screen says so.
    let searchBudget: Duration

    /// Creates the desk.
    ///
    /// - Parameters:
    ///   - network: The schedule served now.
    ///   - cargo: Where booked cargo is kept.
    ///   - customers: The registered customers.
    ///   - solver: The assignment's solver; `nil` leaves the assignment screen saying it is not available.
    ///   - servesCargo: Whether the cargo, booking, customer and assignment screens answer; the others always do.
    ///   - keepsCargo: Whether `cargo` is a store that outlives the server.
    ///   - searchBudget: The most time a route search may take, as the DCSA API's (`serve --search-budget`).
    ///   - format: How dates, durations and itineraries are written.
    ///   - logger: Where the users' actions are logged, without their data.
    ///   - now: The clock.
    public init(
        network: @escaping @Sendable () -> ScheduleNetwork, cargo: any CargoRepository, customers: any CustomerRepository,
        solver: (any AssignmentSolver)?, servesCargo: Bool, keepsCargo: Bool, searchBudget: Duration, format: PlannerFormat = PlannerFormat(),
        logger: Logger = Logger(label: "route-planner.desk"), now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.network = network
        self.cargo = cargo
        self.customers = customers
        self.solver = solver
        self.servesCargo = servesCargo
        self.keepsCargo = keepsCargo
        self.searchBudget = searchBudget
        self.format = format
        self.logger = logger
        self.now = now
        runs = AssignmentRuns()
    }

    /// The application over the schedule served now, with a what-if scenario applied to it.
    func composition(_ network: ScheduleNetwork? = nil) -> RoutePlannerComposition {
        let schedule = InMemoryScheduleRepository(network: network ?? self.network())
        return RoutePlannerComposition(locations: schedule, voyages: schedule, cargo: cargo, customers: customers, format: format, now: now)
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

    /// What a screen says of a search that ran past the budget.
    var overBudget: String {
        "The search ran past its budget of \(TimeBudget.text(searchBudget)) and was stopped: "
            + "narrow the dates, ask for fewer options or a smaller what-if, or try again later."
    }

    /// The answer to a request; `nil` when its path is none of the desk's, for the server to answer otherwise.
    public func respond(to request: Request) async -> DeskResponse? {
        if let refusal = refusal(of: request) { return refusal }
        switch request.method {
        case "GET", "HEAD":
            guard let query = FormData(encoded: request.query) else { return badRequest("The address's query cannot be read: it is not one a browser writes.") }
            guard let route = DeskRoute(path: request.path, query: query) else { return nil }
            return await screen(route)
        case "POST":
            guard let action = DeskAction(path: request.path) else { return nil }
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
            let response = await change(action, form: form, file: file)
            logger.info("desk action", metadata: ["action": .string(action.name), "status": .stringConvertible(response.status)])
            return response
        default:
            return nil
        }
    }

    /// The answer to a request that the desk refuses whatever its body holds, so that the server need not read it:
    /// a cargo screen or a change on an address that is not loopback, or asked for by another site.
    ///
    /// Until accounts exist, the loopback address is what keeps the cargo to this machine's users, so a cargo
    /// screen answers only a `Host` that names a loopback address (a page elsewhere that rebinds its own name to
    /// 127.0.0.1 is not one), and a change only a form of the desk's own pages (its `Origin` and `Sec-Fetch-Site`,
    /// which browsers send with every form, say so).
    public func refusal(of request: Request) -> DeskResponse? {
        let showsCargo: Bool
        switch request.method {
        case "GET", "HEAD": showsCargo = DeskRoute(path: request.path, query: FormData())?.showsCargo ?? false
        case "POST":
            guard DeskAction(path: request.path) != nil else { return nil }
            showsCargo = true
            if let site = request.fetchSite?.lowercased(), site != "same-origin" && site != "none" { return Self.forbidden() }
            if let origin = request.origin, origin.lowercased() != "http://" + (request.host ?? "").lowercased() { return Self.forbidden() }
        default: return nil
        }
        guard showsCargo else { return nil }
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

    /// The page for a change asked for by another site, or a cargo screen asked for under another name.
    static func forbidden() -> DeskResponse {
        .page(DeskPage(title: "Not from here", section: nil, [
            DeskViews.failure("The desk takes changes only from its own pages, and shows cargo only at a loopback address, such as 127.0.0.1."),
            DeskViews.link("Start again", to: .home),
        ]), status: 403)
    }

    /// The methods a path of the desk allows.
    public static func allowedMethods(path: Substring) -> [String] {
        (DeskRoute(path: path, query: FormData()) != nil ? ["GET", "HEAD"] : []) + (DeskAction(path: path) != nil ? ["POST"] : [])
    }

    private func screen(_ route: DeskRoute) async -> DeskResponse {
        switch route {
        case .home: return home()
        case .routes(let query): return await routes(query)
        case .portLookup(let query): return portLookup(query)
        case .portSchedule(let code, let query): return portSchedule(code, query: query)
        case .vesselLookup(let query): return vesselLookup(query)
        case .vesselSchedule(let voyage): return vesselSchedule(voyage)
        case .assignments: return await assignments(form: FormData(), errors: [:])
        case .assignmentRun(let id): return await assignmentRun(id)
        case .assignmentPlan(let id, let file): return await assignmentPlan(id, file)
        case .cargoList(let query): return await cargoList(query)
        case .cargo(let trackingId, let query): return await cargo(trackingId, notice: query["notice"])
        case .book(let query): return await book(form: query, errors: [:])
        case .customers(let query): return await customers(form: FormData(), errors: [:], notice: query["notice"])
        case .stylesheet: return DeskResponse(status: 200, contentType: "text/css; charset=utf-8", headers: [("Cache-Control", "max-age=3600")], body: Stylesheet.text)
        }
    }

    private func change(_ action: DeskAction, form: FormData, file: (name: String, bytes: [UInt8])?) async -> DeskResponse {
        switch action {
        case .book: return await book(form)
        case .registerCustomer: return await registerCustomer(form)
        case .runAssignment: return await runAssignment(form, file: file)
        case .findOptions(let id): return await findOptions(id)
        case .assignRoute(let id): return await assignRoute(id, form: form)
        case .registerEvent(let id): return await registerEvent(id, form: form)
        case .changeDestination(let id): return await changeDestination(id, form: form)
        case .reroute(let id): return await reroute(id)
        }
    }

    /// The page for a path that names no screen.
    public static func notFound() -> DeskResponse {
        .page(DeskPage(title: "Page not found", section: nil, [
            Markup("p", text: "There is no page at this address. Check it, or start again from one of these:"),
            Markup("ul", [], DeskPage.Section.allCases.map { Markup("li", [], [DeskViews.link($0.title, to: $0.route)]) }),
        ]), status: 404)
    }

    /// The page for a method a path of the desk does not take, with the ones it does.
    public static func methodNotAllowed(_ allowed: [String]) -> DeskResponse {
        let page = DeskPage(title: "This address does not take that method", section: nil, [
            DeskViews.failure("This address takes \(allowed.joined(separator: " and ")) only."), DeskViews.link("Start again", to: .home),
        ])
        return DeskResponse(
            status: 405, contentType: "text/html; charset=utf-8", headers: [("Allow", allowed.joined(separator: ", ")), ("Cache-Control", "no-store")],
            body: page.document())
    }

    /// The page for a request that cannot be read.
    public static func badRequest(_ message: String, status: Int = 400) -> DeskResponse {
        .page(DeskPage(title: "This request cannot be read", section: nil, [DeskViews.failure(message), DeskViews.link("Start again", to: .home)]), status: status)
    }

    private func badRequest(_ message: String, status: Int = 400) -> DeskResponse { Self.badRequest(message, status: status) }

    /// A screen the desk does not serve on this address.
    private func cargoNotServed() -> DeskResponse {
        .page(DeskPage(title: "Not served on this address", section: nil, [
            Markup("p", text: "The cargo, booking, customer and assignment screens answer only when the server listens on a loopback address (127.0.0.1 or ::1), until accounts exist. Routes and schedules answer here."),
            DeskViews.link("Find routes", to: .routes(FormData())),
        ]), status: 404)
    }
}
