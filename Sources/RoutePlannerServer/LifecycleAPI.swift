import Foundation
import HTTPTypes
import Hummingbird
import Logging
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerDesk
import RoutePlannerFormats

/// The lifecycle API for programs: JSON over HTTP under `/api/v1/`, described by docs/api/lifecycle.yaml.
///
/// Every request carries a token (`Authorization: Bearer rp_…`, `route-planner token create`) and acts as its
/// user: the composition acting as the user's principal runs each use case, so that a customer's user sees its
/// own cargo alone, as at the desk and on the command line. Each operation is read → run → write: its body or
/// query is read into the use case's form (``APIBody``), the use case runs through its coordinator's controller,
/// and the answer is the document the command line writes with `--format json`, or the problems:
/// - 400: every problem of the request, each naming its field as the form names it, with the desk's message;
/// - 401 without a valid token; 403 for a use case the user's role may not run; 404 for cargo the user may not
///   see (never 403, so that an id is not confirmed to exist); 409 for a change that lost a race to another;
///   413 for a body over ``maximumBodyBytes``; 415 for a body that is not JSON; 422 for a valid request that cannot
///   be carried out (no route, a passed deadline); 503 for a search past its budget or a store that cannot answer.
struct LifecycleAPI: Sendable {
    /// The process's one composition of the application, over the schedule served now; each request acts as its token's
    /// user.
    let application: RoutePlannerComposition
    /// Serves the live schedule again, after a batch of events moved it.
    let scheduleChanged: @Sendable () async -> Void
    /// The most time a route search may take.
    let budget: Duration

    /// The most bytes of a request's body.
    static let maximumBodyBytes = 1_048_576
    /// The most bytes of a batch of carriers' events.
    static let maximumEventBytes = 16 * 1_048_576

    /// One operation: its method and path, as the router matches them (`:trackingId` a segment), the `operationId`
    /// docs/api/lifecycle.openapi.json documents it under, the most bytes of its body, and how it is answered.
    struct Operation: Sendable {
        let method: HTTPRequest.Method
        let path: String
        let id: String
        var bodyLimit = LifecycleAPI.maximumBodyBytes
        let run: @Sendable (LifecycleAPI, RoutePlannerComposition, Request, ServerRequestContext, [UInt8]) async -> APIAnswer
    }

    /// The operations, each declared once: the router adds them, the other methods of their paths are answered 405 from
    /// them (``paths``), and a test checks that the OpenAPI file documents these and no others.
    static let operations: [Operation] = [
        Operation(method: .post, path: "/v2/events", id: "applyCarrierEvents", bodyLimit: maximumEventBytes) { api, app, _, _, body in
            await api.applyEvents(app, body)
        },
        Operation(method: .get, path: "/v2/events", id: "listCarrierEvents") { api, app, request, _, _ in await api.listEvents(app, request) },
        Operation(method: .get, path: "/api/v1/disruptions", id: "listDisruptions") { api, app, request, _, _ in await api.listDisruptions(app, request) },
        Operation(method: .post, path: "/api/v1/disruptions/accept", id: "acceptOptions") { api, app, _, _, body in await api.acceptOptions(app, body) },
        Operation(method: .get, path: "/api/v1/customers", id: "listCustomers") { api, app, _, _, _ in await api.listCustomers(app) },
        Operation(method: .post, path: "/api/v1/customers", id: "registerCustomer") { api, app, _, _, body in await api.registerCustomer(app, body) },
        Operation(method: .get, path: "/api/v1/cargo", id: "listCargo") { api, app, request, _, _ in await api.listCargo(app, request) },
        Operation(method: .post, path: "/api/v1/cargo", id: "bookCargo") { api, app, _, _, body in await api.book(app, body) },
        Operation(method: .get, path: "/api/v1/cargo/:trackingId", id: "trackCargo") { api, app, _, context, _ in
            await api.track(app, trackingId(context))
        },
        Operation(method: .get, path: "/api/v1/cargo/:trackingId/options", id: "listOptions") { api, app, _, context, _ in
            await api.lastOptions(app, trackingId(context))
        },
        Operation(method: .post, path: "/api/v1/cargo/:trackingId/options", id: "findOptions") { api, app, _, context, body in
            await api.findOptions(app, trackingId(context), body)
        },
        Operation(method: .post, path: "/api/v1/cargo/:trackingId/route", id: "assignRoute") { api, app, _, context, body in
            await api.assign(app, trackingId(context), body)
        },
        Operation(method: .post, path: "/api/v1/cargo/:trackingId/events", id: "registerEvent") { api, app, _, context, body in
            await api.registerEvent(app, trackingId(context), body)
        },
        Operation(method: .post, path: "/api/v1/cargo/:trackingId/destination", id: "changeDestination") { api, app, _, context, body in
            await api.changeDestination(app, trackingId(context), body)
        },
        Operation(method: .post, path: "/api/v1/cargo/:trackingId/cancellation", id: "cancelBooking") { api, app, _, context, body in
            await api.cancelBooking(app, trackingId(context), body)
        },
        Operation(method: .post, path: "/api/v1/cargo/:trackingId/reroute", id: "rerouteCargo") { api, app, _, context, body in
            await api.reroute(app, trackingId(context), body)
        },
    ]

    /// Each path of ``operations`` with the methods it takes, in the order first declared: the other methods are 405.
    static var paths: [(path: String, methods: [HTTPRequest.Method])] {
        var paths: [(path: String, methods: [HTTPRequest.Method])] = []
        for operation in operations {
            if let index = paths.firstIndex(where: { $0.path == operation.path }) {
                paths[index].methods.append(operation.method)
            } else {
                paths.append((operation.path, [operation.method]))
            }
        }
        return paths
    }

    /// Adds the operations to a router.
    func add(to router: Hummingbird.Router<ServerRequestContext>) {
        for operation in Self.operations {
            router.on(RouterPath(operation.path), method: operation.method) { request, context in
                await answer(request, context, limit: operation.bodyLimit) { app, body in await operation.run(self, app, request, context, body) }
            }
        }
        for (path, methods) in Self.paths {
            for method in [HTTPRequest.Method.get, .post, .put, .patch, .delete] where !methods.contains(method) {
                router.on(RouterPath(path), method: method) { _, _ in
                    Self.response(
                        .methodNotAllowed, [APIProblem(field: nil, message: "This path takes \(methods.map(\.rawValue).joined(separator: " and ")) only.")],
                        extra: [.allow: methods.map(\.rawValue).joined(separator: ", ")])
                }
            }
        }
    }

    // MARK: The operations

    /// `GET /api/v1/customers`: the customers the user may see.
    private func listCustomers(_ app: RoutePlannerComposition) async -> APIAnswer {
        await run(app.listCustomers, ListCustomersForm()) { CustomerDocument.json($0.customers) }
    }

    /// `POST /api/v1/customers`: registers a customer (a planner's).
    private func registerCustomer(_ app: RoutePlannerComposition, _ bytes: [UInt8]) async -> APIAnswer {
        var body = APIBody<RegisterCustomerForm.Field>(bytes, accepting: [.id, .name, .renames])
        let form = RegisterCustomerForm(id: body.text(.id), name: body.text(.name), renames: body.flag(.renames))
        return await run(app.registerCustomer, form, body.problems, status: .created) { CustomerDocument.json($0.customer) }
    }

    /// `GET /api/v1/cargo?search=…&status=…&customer=…&standing=…&due=…&sort=…&page=…`: the cargo the user may see,
    /// found, filtered and sorted as the desk's list, a page at a time.
    private func listCargo(_ app: RoutePlannerComposition, _ request: Request) async -> APIAnswer {
        guard let query = FormData(encoded: Substring(request.uri.query ?? "")) else {
            return .problems(.badRequest, [APIProblem(field: nil, message: "The query cannot be read: give NAME=VALUE pairs joined by &.")])
        }
        typealias Field = ListCargoForm.Field
        let form = ListCargoForm(
            search: query[Field.search.rawValue], status: query[Field.status.rawValue], customer: query[Field.customer.rawValue],
            standing: query[Field.standing.rawValue], due: query[Field.due.rawValue], sort: query[Field.sort.rawValue], page: query[Field.page.rawValue])
        return await run(app.listCargo, form) { CargoDocument.json($0.cargo) }
    }

    /// `POST /api/v1/cargo`: books a cargo.
    private func book(_ app: RoutePlannerComposition, _ bytes: [UInt8]) async -> APIAnswer {
        var body = APIBody<BookCargoForm.Field>(bytes, accepting: BookCargoForm.Field.allCases)
        let form = BookCargoForm(
            origin: body.text(.origin), destination: body.text(.destination), ready: body.text(.ready), deadline: body.text(.deadline),
            teu: body.text(.teu).isEmpty ? "1" : body.text(.teu), customer: body.text(.customer), revenue: body.text(.revenue),
            cargoType: body.text(.cargoType), dangerousGoods: body.flag(.dangerousGoods), maxTransitDays: body.text(.maxTransitDays),
            weight: body.text(.weight), bookingReference: body.text(.bookingReference), option: body.text(.option))
        return await run(app.bookCargo, form, body.problems, status: .created, location: { "/api/v1/cargo/\($0.cargo.trackingId)" }) {
            CargoDocument.json($0)
        }
    }

    /// `GET /api/v1/cargo/{trackingId}`: where the cargo is, its route and events.
    private func track(_ app: RoutePlannerComposition, _ trackingId: String) async -> APIAnswer {
        await run(app.trackCargo, TrackCargoForm(trackingId: trackingId)) { CargoDocument.json($0) }
    }

    /// `GET /api/v1/cargo/{trackingId}/options`: the options last found, from which one may be assigned; none
    /// before any were found.
    private func lastOptions(_ app: RoutePlannerComposition, _ trackingId: String) async -> APIAnswer {
        await run(app.trackCargo, TrackCargoForm(trackingId: trackingId)) { response in
            RouteDocument.json(
                response.offer.map { RouteCargoResponse(trackingId: $0.trackingId, specification: $0.specification, itineraries: $0.itineraries) }
                    ?? RouteDocument.empty(response.cargo.specification))
        }
    }

    /// `POST /api/v1/cargo/{trackingId}/options`: finds the cargo's options from where it is now, within the
    /// budget, and keeps them to be assigned from.
    private func findOptions(_ app: RoutePlannerComposition, _ trackingId: String, _ bytes: [UInt8]) async -> APIAnswer {
        typealias Field = RouteCargoForm.Field
        var body = APIBody<Field>(bytes, accepting: [.limit, .maxTransshipments, .maxModeChanges, .via, .avoid, .avoidVoyages, .order, .criteria, .modes])
        let limit = body.text(.limit)
        let form = RouteCargoForm(
            trackingId: trackingId, limit: limit.isEmpty ? "5" : limit, maxTransshipments: body.text(.maxTransshipments),
            maxModeChanges: body.text(.maxModeChanges), via: body.list(.via),
            avoid: body.list(.avoid), avoidVoyages: body.list(.avoidVoyages), order: body.text(.order), criteria: body.list(.criteria),
            modes: body.list(.modes))
        let problems = body.problems, coordinator = app.routeCargo
        let answer = await TimeBudget.run(budget, on: CommercialSchedulesAPI.searches) {
            await run(coordinator, form, problems) { RouteDocument.json($0) }
        }
        return answer
            ?? .problems(
                .serviceUnavailable,
                [APIProblem(field: nil, message: "The search ran past its budget of \(TimeBudget.text(budget)) and was stopped; try again later.")])
    }

    /// `POST /api/v1/cargo/{trackingId}/route`: assigns one of the options last found (`candidate`, from 1).
    private func assign(_ app: RoutePlannerComposition, _ trackingId: String, _ bytes: [UInt8]) async -> APIAnswer {
        var body = APIBody<AssignToRouteForm.Field>(bytes, accepting: [.candidate])
        let form = AssignToRouteForm(trackingId: trackingId, candidate: body.text(.candidate))
        return await run(app.assignToRoute, form, body.problems) { CargoDocument.json($0.cargo) }
    }

    /// `POST /api/v1/cargo/{trackingId}/events`: registers a handling event (a planner's).
    private func registerEvent(_ app: RoutePlannerComposition, _ trackingId: String, _ bytes: [UInt8]) async -> APIAnswer {
        var body = APIBody<RegisterHandlingEventForm.Field>(bytes, accepting: [.event, .location, .voyage, .completionTime, .registrationTime])
        let form = RegisterHandlingEventForm(
            trackingId: trackingId, event: body.text(.event), location: body.text(.location), voyage: body.text(.voyage),
            completionTime: body.text(.completionTime), registrationTime: body.text(.registrationTime))
        return await run(app.registerHandlingEvent, form, body.problems, status: .created) { CargoDocument.json($0) }
    }

    /// `POST /api/v1/cargo/{trackingId}/cancellation`: cancels the booking of a cargo not yet loaded; its record stays.
    private func cancelBooking(_ app: RoutePlannerComposition, _ trackingId: String, _ bytes: [UInt8]) async -> APIAnswer {
        let body = APIBody<CancelBookingForm.Field>(bytes, accepting: [])
        return await run(app.cancelBooking, CancelBookingForm(trackingId: trackingId), body.problems) { CargoDocument.json($0.cargo) }
    }

    /// `POST /api/v1/cargo/{trackingId}/destination`: changes the destination, and the deadline when given.
    private func changeDestination(_ app: RoutePlannerComposition, _ trackingId: String, _ bytes: [UInt8]) async -> APIAnswer {
        var body = APIBody<ChangeDestinationForm.Field>(bytes, accepting: [.destination, .deadline])
        let form = ChangeDestinationForm(trackingId: trackingId, destination: body.text(.destination), deadline: body.text(.deadline))
        return await run(app.changeDestination, form, body.problems) { CargoDocument.json($0.cargo) }
    }

    /// `POST /api/v1/cargo/{trackingId}/reroute`: finds options again from where the cargo is, within the budget.
    private func reroute(_ app: RoutePlannerComposition, _ trackingId: String, _ bytes: [UInt8]) async -> APIAnswer {
        var body = APIBody<ReRouteCargoForm.Field>(bytes, accepting: [.limit, .avoidVoyages])
        let limit = body.text(.limit)
        let form = ReRouteCargoForm(trackingId: trackingId, limit: limit.isEmpty ? "5" : limit, avoidVoyages: body.list(.avoidVoyages))
        let problems = body.problems, coordinator = app.reRouteCargo
        let answer = await TimeBudget.run(budget, on: CommercialSchedulesAPI.searches) {
            await run(coordinator, form, problems) { CargoDocument.json($0) }
        }
        return answer
            ?? .problems(
                .serviceUnavailable,
                [APIProblem(field: nil, message: "The search ran past its budget of \(TimeBudget.text(budget)) and was stopped; try again later.")])
    }

    /// `POST /v2/events`: a batch of DCSA Track & Trace 2.2 events, as a subscription's callback posts them, or a
    /// vessel-schedules document publishing voyages again (a planner's): what they did, and each cargo they disrupt with
    /// its options; the server then routes on the schedule they changed.
    private func applyEvents(_ app: RoutePlannerComposition, _ bytes: [UInt8]) async -> APIAnswer {
        let form = ApplyCarrierEventsForm(events: CarrierEventsDocument(reading: Data(bytes)), source: "POST /v2/events by \(app.principal.name)")
        var moved = false
        let answer = await run(app.applyCarrierEvents, form) { response in
            moved = response.changedSchedule
            return CargoDocument.json(response)
        }
        if moved { await scheduleChanged() }
        return answer
    }

    /// `GET /api/v1/disruptions`: every cargo the schedule as it now sails disrupts (`?standing=late`, `at-risk` or
    /// `fine` for those that stand so), with what disrupts it, its ETA, delay and standing, and the options it was last
    /// offered beside its plan; and the last voyages published again (a planner's).
    private func listDisruptions(_ app: RoutePlannerComposition, _ request: Request) async -> APIAnswer {
        guard let query = FormData(encoded: Substring(request.uri.query ?? "")) else {
            return .problems(.badRequest, [APIProblem(field: nil, message: "The query cannot be read: give NAME=VALUE pairs joined by &.")])
        }
        let unknown = query.items.map(\.name).filter { $0 != ListDisruptionsForm.Field.standing.rawValue }
        guard unknown.isEmpty else {
            return .problems(.badRequest, unknown.map { APIProblem(field: $0, message: "The disruptions are filtered by standing alone.") })
        }
        return await run(app.listDisruptions, ListDisruptionsForm(standing: query[ListDisruptionsForm.Field.standing.rawValue])) {
            CargoDocument.json($0)
        }
    }

    /// `POST /api/v1/disruptions/accept`: the options chosen for disrupted cargo, `{"choices": ["RP000001=2"],
    /// "standing": "late", "confirm": true}`: what that would change, or, confirmed, what it changed (a planner's).
    private func acceptOptions(_ app: RoutePlannerComposition, _ bytes: [UInt8]) async -> APIAnswer {
        var body = APIBody<AcceptOptionsForm.Field>(bytes, accepting: AcceptOptionsForm.Field.allCases)
        let form = AcceptOptionsForm(choices: body.list(.choices), standing: body.text(.standing), confirm: body.flag(.confirm))
        let problems = body.problems, coordinator = app.acceptOptions, format = app.format
        let answer = await TimeBudget.run(budget, on: CommercialSchedulesAPI.searches) {
            await run(coordinator, form, problems) { CargoDocument.json($0, format: format) }
        }
        return answer
            ?? .problems(
                .serviceUnavailable,
                [APIProblem(field: nil, message: "The search ran past its budget of \(TimeBudget.text(budget)) and was stopped; try again later.")])
    }

    /// `GET /v2/events`: the carriers' events applied that DCSA Track & Trace 2.2's filters select, a page at a time
    /// from the first applied, as the specification writes them (a planner's). The page's cursor and the next page's
    /// come in `Current-Page` and `Next-Page-Cursor` (and `Next-Page`); a filter of what route-planner does not keep of
    /// an event, or a parameter the specification does not have, is refused with 400.
    private func listEvents(_ app: RoutePlannerComposition, _ request: Request) async -> APIAnswer {
        typealias Field = ListCarrierEventsForm.Field
        guard let query = FormData(encoded: Substring(request.uri.query ?? "")) else {
            return .problems(.badRequest, [APIProblem(field: nil, message: "The query cannot be read: give NAME=VALUE pairs joined by &.")])
        }
        var form = ListCarrierEventsForm()
        var problems: [APIProblem] = []
        for (name, value) in query.items {
            if let field = Field(rawValue: name) {
                switch field {
                case .limit: form.limit = value
                case .cursor: form.cursor = value
                default: form.filters[field] = form.filters[field].map { $0 + "," + value } ?? value
                }
            } else if name == "sort" {
                problems.append(APIProblem(field: name, message: "Events are listed in the order applied, which a cursor pages through; give no sort."))
            } else if Self.eventsNotKept.contains(name) {
                problems.append(APIProblem(field: name, message: "route-planner keeps no \(name) of the events it applies, so it cannot filter by it."))
            } else {
                problems.append(APIProblem(field: String(name.prefix(100)), message: "GET /v2/events has no parameter \(name.prefix(100))."))
            }
        }
        return await run(
            app.listCarrierEvents, form, problems,
            headers: { page in
                var headers: HTTPFields = [Self.currentPage: page.current]
                if let next = page.next { (headers[Self.nextPage], headers[Self.nextPageCursor]) = (next, next) }
                return headers
            }
        ) { TrackAndTraceDocument.json($0.events) }
    }

    /// The parameters of `GET /v2/events` that filter by what route-planner does not keep of an event.
    static let eventsNotKept: Set<String> = [
        "transportDocumentID", "transportDocumentReference", "scheduleID", "transportCallID", "vesselIMONumber", "carrierServiceCode",
        "equipmentReference",
    ]

    /// The headers of DCSA Track & Trace's answers.
    static let apiVersion = HTTPField.Name("API-Version")!, currentPage = HTTPField.Name("Current-Page")!
    static let nextPage = HTTPField.Name("Next-Page")!, nextPageCursor = HTTPField.Name("Next-Page-Cursor")!
    /// The version of DCSA Track & Trace that `/v2/events` speaks.
    static let trackAndTraceVersion = "2.2.0"

    // MARK: Reading and writing

    /// What an operation answers: its document, or the problems of the request.
    enum APIAnswer: Sendable {
        case document(HTTPResponse.Status, String, headers: HTTPFields)
        case problems(HTTPResponse.Status, [APIProblem])
    }

    /// Runs a use case through its coordinator's controller: the document of its response, or every problem of the
    /// request (the body's and the form's together), or the domain error with its status.
    private func run<Interactor: UseCase, Presentation: Presenter>(
        _ coordinator: Coordinator<Interactor, Presentation>, _ form: Interactor.Request.Form, _ problems: [APIProblem] = [],
        status: HTTPResponse.Status = .ok, location: (Interactor.Response) -> String? = { _ in nil },
        headers: (Interactor.Response) -> HTTPFields = { _ in [:] }, _ document: (Interactor.Response) -> String
    ) async -> APIAnswer {
        func fieldProblems(_ error: ValidationError<Interactor.Request.Field>) -> [APIProblem] {
            error.fields.sorted { $0.key.rawValue < $1.key.rawValue }.map { APIProblem(field: $0.key.rawValue, message: $0.value) }
        }
        if !problems.isEmpty {
            // A body that cannot be read is its one problem: the form, read from nothing, would only add noise.
            if case .failure(let error) = Interactor.Request.create(form), !problems.contains(where: { $0.field == nil }) {
                let named = Set(problems.compactMap(\.field))
                return .problems(.badRequest, problems + fieldProblems(error).filter { !named.contains($0.field ?? "") })
            }
            return .problems(.badRequest, problems)
        }
        switch await coordinator.controller.handle(form) {
        case .success(let response):
            var fields = headers(response)
            if let location = location(response) { fields[.location] = location }
            return .document(status, document(response), headers: fields)
        case .failure(.validation(let error)): return .problems(.badRequest, fieldProblems(error))
        case .failure(.domain(let error)):
            let failure = coordinator.presenter.format.failure(error)
            if let logged = failure.logged { Logger.current.error("lifecycle request failed", metadata: ["reason": .string(logged)]) }
            return .problems(Self.status(of: failure.kind), [APIProblem(field: nil, message: failure.message, code: error.code)])
        }
    }

    /// The status of a failure of each kind: the lifecycle API's one table of them.
    static func status(of kind: ViewFailure.Kind) -> HTTPResponse.Status {
        switch kind {
        case .notFound: .notFound
        case .conflict: .conflict
        case .forbidden: .forbidden
        case .unauthenticated: .unauthorized
        case .throttled: .tooManyRequests
        case .unavailable: .serviceUnavailable
        case .rejected: .unprocessableContent
        }
    }

    /// Answers a request with an operation, as the user of its token: 401 without a valid one, 415 and 413 for a
    /// body that is not JSON or too long. The operation runs on the searches' threads, where the store's reads and
    /// the searches block no thread of the pool that answers requests.
    private func answer(
        _ request: Request, _ context: ServerRequestContext, limit: Int = maximumBodyBytes,
        _ operation: @escaping @Sendable (RoutePlannerComposition, [UInt8]) async -> APIAnswer
    ) async -> Response {
        // Tokens and sessions by the real clock, whatever business time the server plans at (`--as-of`).
        let authentication = application.authentication()
        let token = request.headers[.authorization].flatMap { header -> String? in
            let parts = header.split(separator: " ", maxSplits: 1)
            return parts.count == 2 && parts[0].lowercased() == "bearer" ? String(parts[1]).trimmingCharacters(in: .whitespaces) : nil
        }
        let found: Principal?
        do {
            found = if let token { try await authentication.principal(token: token) } else { nil }
        } catch {
            Logger.current.error("lifecycle request failed", metadata: ["reason": .string("\(error)")])
            return Self.response(.serviceUnavailable, [APIProblem(field: nil, message: "The accounts cannot be read now; try again later.")])
        }
        guard let principal = found else {
            return Self.response(
                .unauthorized, [APIProblem(field: nil, message: "Send a valid token as Authorization: Bearer TOKEN (route-planner token create).")],
                extra: [.wwwAuthenticate: "Bearer realm=\"route-planner\""])
        }
        var bytes: [UInt8] = []
        if request.method == .post {
            let type = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
            guard type == nil || type == "application/json" else {
                return Self.response(.unsupportedMediaType, [APIProblem(field: nil, message: "Send the body as application/json.")])
            }
            do {
                bytes = Array(try await request.body.collect(upTo: limit).readableBytesView)
            } catch {
                return Self.response(.contentTooLarge, [APIProblem(field: nil, message: "The body is larger than \(limit / 1_048_576) MiB.")])
            }
        }
        let app = application.acting(as: principal)
        let answer = await withTaskExecutorPreference(CommercialSchedulesAPI.searches) { [bytes] in await operation(app, bytes) }
        // DCSA Track & Trace names its version in every answer of its operations.
        let isTrackAndTrace = request.uri.path.hasPrefix("/v2/")
        switch answer {
        case .document(let status, let text, let extra):
            var headers = Self.headers()
            headers.append(contentsOf: extra)
            if isTrackAndTrace { headers[Self.apiVersion] = Self.trackAndTraceVersion }
            return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text + "\n")))
        case .problems(let status, let problems):
            if status == .serviceUnavailable, let reason = problems.first?.message {
                Logger.current.error("lifecycle request failed", metadata: ["reason": .string(reason)])
            }
            return Self.response(status, problems, extra: isTrackAndTrace ? [Self.apiVersion: Self.trackAndTraceVersion] : [:])
        }
    }

    /// The path's tracking id, percent-decoded.
    private static func trackingId(_ context: ServerRequestContext) -> String {
        let given = context.parameters.get("trackingId") ?? ""
        return given.removingPercentEncoding ?? given
    }

    /// The headers of every answer: JSON, never cached.
    private static func headers() -> HTTPFields {
        [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
    }

    /// The problems document: `{ "version": 1, "problems": [{ "field": …, "message": …, "code": … }] }`.
    static func response(_ status: HTTPResponse.Status, _ problems: [APIProblem], extra: HTTPFields = [:]) -> Response {
        struct Document: Encodable {
            let version = 1
            let problems: [APIProblem]
        }
        var headers = headers()
        headers.append(contentsOf: extra)
        let data = (try? CommercialSchedulesAPI.json(Document(problems: problems))) ?? Data("{\"version\":1,\"problems\":[]}".utf8)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
