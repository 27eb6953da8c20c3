import Foundation
import RoutePlanner
import RoutePlannerApplication
@testable import RoutePlannerDesk
import RoutePlannerTestSupport

/// Every state of every view of the desk, drawn by its presenter from fixtures and rendered without a server: the
/// desk's previews. `DESK_PREVIEWS=DIR swift test --filter DeskPreviewTests` writes each as `DIR/NAME.html`, to open in
/// a browser (the stylesheet is written beside them).
enum DeskPreviews {
    /// A view in one state: its name, the status the desk answers it with, and the document it sends.
    struct Preview {
        let name: String
        let status: Int
        let html: String

        init(name: String, page: DeskPage, status: Int) {
            self.init(name: name, response: .page(page, status: status))
        }

        init(name: String, response: DeskResponse) {
            (self.name, status, html) = (name, response.status, response.body)
        }
    }

    static let format = PlannerFormat()
    static let network = SampleVoyages.network()
    /// Hong Kong to Stockholm, ready 1 March, due 15 April.
    static let specification = try! RouteSpecification(
        origin: "HKHKG", destination: "SESTO", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(4, 15))
    static let options = try! network.candidates(for: specification, limit: 3)

    /// Cargo RP000001 of ACME, routed on its fastest option and received, with the options found for it.
    static func tracking(routed: Bool = true, cancelled: Bool = false, misrouted: Bool = false) -> (DeskState<CargoTrackingView>, TrackCargoResponse) {
        var cargo = try! Cargo(trackingId: "RP000001", teu: 2, specification: specification, customerId: "ACME")
        if routed {
            try! cargo.assign(to: options[0])
            try! cargo.register(
                HandlingEvent(
                    kind: .receive, location: "HKHKG", voyage: nil, completionTime: SampleVoyages.day(3, 1), registrationTime: SampleVoyages.day(3, 1)))
        }
        if cancelled { try! cargo.cancel(at: SampleVoyages.day(2, 20)) }
        if misrouted {
            cargo.specifyNewRoute(
                try! RouteSpecification(origin: "HKHKG", destination: "DEHAM", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(4, 15)))
        }
        let response = TrackCargoResponse(
            cargo: CargoSummary(cargo, over: network),
            offer: RouteOffer(trackingId: "RP000001", specification: specification, itineraries: options))
        return (.success(TrackCargoPresenter(format: format).content(for: response)), response)
    }

    static var all: [Preview] {
        cargo + cargoList + booking + customers + schedules + home + login + disruptions + assignments + routes + failures
    }

    static var cargo: [Preview] {
        let presenter = CargoPresenter(format: format)
        func preview(_ name: String, customer: Bool = false, _ presented: Presented<CargoViewModel>) -> Preview {
            switch presented {
            case .screen(let model):
                Preview(name: name, page: customer ? CustomerCargoView(model: model).page() : CargoView(model: model).page(), status: model.status)
            case .failure(let failure): Preview(name: name, page: FailureView(model: failure).page(), status: failure.status)
            }
        }
        let (routed, response) = tracking()
        let (open, openResponse) = tracking(routed: false)
        let (cancelled, cancelledResponse) = tracking(routed: false, cancelled: true)
        typealias Submission = CargoViewModel.Submission
        return [
            preview("cargo", presenter.present(trackingId: "RP000001", routed, response: response, notice: "routed")),
            preview("cargo-customer", customer: true, presenter.present(trackingId: "RP000001", routed, response: response, notice: nil)),
            preview("cargo-not-routed", presenter.present(trackingId: "RP000001", open, response: openResponse, notice: "booked")),
            preview("cargo-cancelled", presenter.present(trackingId: "RP000001", cancelled, response: cancelledResponse, notice: "cancelled")),
            preview(
                "cargo-event-problems",
                presenter.present(
                    trackingId: "RP000001", routed, response: response, notice: nil,
                    submitted: Submission(
                        form: "event", values: FormData([("event", "LOAD"), ("location", "XX")]),
                        state: .validationFailure(["location": "\"XX\" is not a UN/LOCODE.", "completionTime": "Enter a date-time with a zone."])))),
            preview(
                "cargo-cancel-refused",
                presenter.present(
                    trackingId: "RP000001", routed, response: response, notice: nil,
                    submitted: Submission(form: "cancel", values: FormData(), state: .failure(ViewFailure(.rejected, "Cargo RP000001 was loaded."))))),
            preview(
                "cargo-search-stopped",
                presenter.present(
                    trackingId: "RP000001", open, response: openResponse, notice: nil,
                    submitted: Submission(form: "options", values: FormData(), state: .failure(ViewFailure(.unavailable, "The search ran past its budget."))))),
            preview(
                "cargo-not-found",
                presenter.present(
                    trackingId: "RP999999", .failure(ViewFailure(.notFound, "There is no cargo with tracking id RP999999.")), response: nil, notice: nil)),
            preview(
                "cargo-unavailable",
                presenter.present(trackingId: "RP000001", .failure(ViewFailure(.unavailable, "The store cannot be read now.")), response: nil, notice: nil)),
        ]
    }

    static var cargoList: [Preview] {
        let presenter = CargoListPresenter(format: format)
        let (routed, response) = tracking()
        guard case .success(let view) = routed else { return [] }
        let list = ListCargoResponse(cargo: [response.cargo], status: nil, total: 120, hasMore: true, asOf: SampleVoyages.day(3, 1))
        func preview(_ name: String, customer: Bool = false, _ model: CargoListViewModel) -> Preview {
            Preview(name: name, page: customer ? CustomerCargoListView(model: model).page() : CargoListView(model: model).page(), status: model.status)
        }
        return [
            preview("cargo-list", presenter.present(query: FormData([("page", "2")]), page: "2", .success([view]), response: list)),
            preview("cargo-list-customer", customer: true, presenter.present(query: FormData(), page: "1", .success([view]), response: list)),
            preview(
                "cargo-list-none-booked",
                presenter.present(
                    query: FormData(), page: "1", .success([]), response: ListCargoResponse(cargo: [], status: nil, asOf: SampleVoyages.day(3, 1)))),
            preview(
                "cargo-list-none-matching",
                presenter.present(
                    query: FormData([("status", "misdirected")]), page: "1", .success([]),
                    response: ListCargoResponse(cargo: [], status: .misdirected, asOf: SampleVoyages.day(3, 1)))),
            preview(
                "cargo-list-problems",
                presenter.present(query: FormData([("status", "lost")]), page: "1", .validationFailure(["status": "Enter one of not-routed, …"]), response: nil)
            ),
            preview(
                "cargo-list-unavailable",
                presenter.present(query: FormData(), page: "1", .failure(ViewFailure(.unavailable, "The store cannot be read now.")), response: nil)),
        ]
    }

    static let customerList: DeskState<[Described<Customer>]> = .success([
        Described(Customer(id: "ACME", name: "Acme <Shipping> & Sons")!, "ACME: Acme <Shipping> & Sons")
    ])

    static var booking: [Preview] {
        let presenter = BookingPresenter()
        func preview(_ name: String, _ model: BookingViewModel) -> Preview {
            Preview(name: name, page: BookingView(model: model).page(), status: model.problems.status)
        }
        return [
            preview("book", presenter.present(customers: customerList, values: FormData([("from", "CNSHA"), ("to", "NLRTM")]))),
            preview("book-no-customers", presenter.present(customers: .success([]), values: FormData())),
            preview(
                "book-problems",
                presenter.present(
                    customers: customerList, values: FormData([("from", "cnsh"), ("teu", "0")]),
                    problems: FormProblems(errors: ["from": "\"cnsh\" is not a UN/LOCODE.", "teu": "Enter a whole number of TEU from 1."]))),
            preview(
                "book-refused",
                presenter.present(
                    customers: customerList, values: FormData([("customer", "GLOBEX")]),
                    problems: FormProblems(failure: ViewFailure(.rejected, "There is no customer GLOBEX; register it first.")))),
        ]
    }

    static var customers: [Preview] {
        let presenter = CustomersPresenter()
        func preview(_ name: String, _ model: CustomersViewModel) -> Preview {
            Preview(name: name, page: CustomersView(model: model).page(), status: model.problems.status)
        }
        return [
            preview("customers", presenter.present(customers: customerList, notice: "registered", values: FormData())),
            preview("customers-none", presenter.present(customers: .success([]), notice: nil, values: FormData())),
            preview(
                "customers-problems",
                presenter.present(
                    customers: customerList, notice: nil, values: FormData([("id", "ACME"), ("name", "Acme Ltd")]),
                    problems: FormProblems(failure: ViewFailure(.conflict, "Customer ACME is registered as Acme Shipping; ask for the rename.")))),
            preview(
                "customers-unavailable",
                presenter.present(customers: .failure(ViewFailure(.unavailable, "The store cannot be read now.")), notice: nil, values: FormData())),
        ]
    }

    static var schedules: [Preview] {
        let port = PortSchedulePresenter(format: format), vessel = VesselSchedulePresenter(format: format)
        let voyage = network.voyages[0]
        let calls = PortCall.calls(of: voyage, in: network)
        let rotterdam = network.location("NLRTM")!
        let portResponse = ShowPortScheduleResponse(
            location: rotterdam, firstDay: "2026-03-02", lastDay: "2026-03-29", calls: calls.filter { $0.location.code == rotterdam.code })
        func preview(_ name: String, _ model: ScheduleViewModel) -> Preview {
            Preview(name: name, page: ScheduleView(model: model).page(), status: model.status)
        }
        return [
            preview("port-schedule", port.present(port: "NLRTM", form: FormData(), .success(Described(portResponse, lines: [])))),
            preview(
                "port-schedule-no-calls",
                port.present(
                    port: "NLRTM", form: FormData(),
                    .success(Described(ShowPortScheduleResponse(location: rotterdam, firstDay: "2027-03-02", lastDay: "2027-03-29", calls: []), lines: [])))),
            preview(
                "port-schedule-problems",
                port.present(port: "NLRTM", form: FormData([("from", "soon")]), .validationFailure(["from": "Enter a date, such as 2026-03-02."]))),
            preview(
                "port-schedule-unknown",
                port.present(port: "NLRTX", form: FormData(), .failure(ViewFailure(.rejected, "NLRTX is not a port of this network. Did you mean NLRTM?")))),
            preview(
                "vessel-schedule",
                vessel.present(voyage: voyage.number, .success([Described(VesselSchedule(voyage: voyage, calls: calls), lines: [])]))),
            preview("vessel-schedule-unknown", vessel.present(voyage: "XX-1", .success([]))),
            Preview(
                name: "schedules",
                page: ScheduleLookupView(model: ScheduleLookupViewModel(values: FormData(), errors: [:], ports: DeskForm.Suggestion.ports(network.locations)))
                    .page(),
                status: 200),
            Preview(
                name: "schedules-problems",
                page: ScheduleLookupView(
                    model: ScheduleLookupViewModel(values: FormData([("code", "x")]), errors: ["code": "\"x\" is not a UN/LOCODE."], ports: [])
                )
                .page(), status: 422),
        ]
    }

    static var home: [Preview] {
        let presenter = HomePresenter(format: format)
        let summary = SummarizeNetworkResponse(summary: NetworkSummary(network))
        let asOf = SampleVoyages.day(3, 1)
        let counts = CountCargoResponse(
            counts: CountCargoInteractor.lists.enumerated().map { CargoCount(name: $0.element.name, form: $0.element.form, count: $0.offset * 1_200) },
            total: 10_206, asOf: asOf)
        return [
            Preview(
                name: "home",
                page: HomeView(
                    model: presenter.present(
                        .success(Described(summary, lines: [])), counts: .success(Described(counts, lines: [])), asOf: asOf,
                        sections: DeskPage.Section.allCases, keepsCargoInMemory: false)
                ).page(),
                status: 200),
            Preview(
                name: "home-in-memory",
                page: HomeView(
                    model: presenter.present(
                        .success(Described(summary, lines: [])), counts: nil, asOf: asOf, sections: [.routes, .schedules], keepsCargoInMemory: true)
                )
                .page(),
                status: 200),
            Preview(
                name: "home-unavailable",
                page: HomeView(
                    model: presenter.present(
                        .failure(ViewFailure(.unavailable, "The schedule cannot be read now.")),
                        counts: .failure(ViewFailure(.unavailable, "The store cannot be read now.")), asOf: asOf, sections: [], keepsCargoInMemory: false)
                )
                .page(), status: 200),
        ]
    }

    static var login: [Preview] {
        func preview(_ name: String, _ problems: FormProblems = FormProblems(), hasNoAccounts: Bool = false) -> Preview {
            let model = LoginViewModel(values: FormData([("username", "alice"), ("next", "/cargo")]), problems: problems, hasNoAccounts: hasNoAccounts)
            return Preview(name: name, page: LoginView(model: model).page(), status: problems.status)
        }
        return [
            preview("login"), preview("login-no-accounts", hasNoAccounts: true),
            preview("login-failed", FormProblems(failure: ViewFailure(.unauthenticated, "The user name or the password is wrong."))),
            preview("login-throttled", FormProblems(failure: ViewFailure(.throttled(retryAfter: 30), "Too many failed logins: try again in 30 seconds."))),
        ]
    }

    static var disruptions: [Preview] {
        let presenter = DisruptionsPresenter()
        let (_, response) = tracking()
        let cause = DisruptionCause(
            disruption: .missesConnection(leg: 1, at: "NLRTM"), changes: [.init(voyage: "AE1-0100W", port: "NLRTM", kind: .arrival, shift: .seconds(93_600))],
            margin: .seconds(50_400))
        let entry = ListDisruptionsResponse.Entry(
            cargo: response.cargo, cause: cause, plannedArrival: SampleVoyages.day(4, 5), standing: .atRisk, offer: response.offer)
        let listed = ListDisruptionsPresenter(format: format).content(
            for: ListDisruptionsResponse(entries: [entry], asOf: SampleVoyages.day(3, 20), events: [], eventCount: 0))
        let none = ListDisruptionsPresenter(format: format).content(
            for: ListDisruptionsResponse(entries: [], asOf: SampleVoyages.day(3, 20), events: [], eventCount: 0))
        let applied = FormData(DisruptionsPresenter.appliedCounts.map { ($0, $0 == "count" || $0 == "applied" ? "3" : "0") })
        let planned = response.cargo.itinerary!
        func accepted(confirmed: Bool) -> DeskState<AcceptOptionsView> {
            let entries = [
                AcceptOptionsResponse.Entry(
                    trackingId: "RP000001", cargo: response.cargo, option: .position(0), change: OptionChange(options[1], against: planned),
                    after: response.cargo, reason: nil),
                AcceptOptionsResponse.Entry(
                    trackingId: "RP000002", cargo: nil, option: .best, change: nil, after: nil, reason: .notFound),
            ]
            return .success(
                AcceptOptionsPresenter(format: format).content(
                    for: AcceptOptionsResponse(entries: entries, confirmed: confirmed, asOf: SampleVoyages.day(3, 2))))
        }
        func preview(_ name: String, _ model: DisruptionsViewModel) -> Preview {
            Preview(name: name, page: DisruptionsScreenView(model: model).page(), status: model.problems.status)
        }
        let chosen = FormData([("preview", "yes"), ("choose-RP000001", "1")])
        return [
            preview("disruptions", presenter.present(.success(listed), accept: nil, query: applied, values: FormData())),
            preview("disruptions-none", presenter.present(.success(none), accept: nil, query: FormData(), values: FormData())),
            preview(
                "disruptions-late", presenter.present(.success(none), accept: nil, query: FormData([("standing", "late")]), values: FormData())),
            preview("disruptions-preview", presenter.present(.success(listed), accept: accepted(confirmed: false), query: chosen, values: FormData())),
            preview("disruptions-accepted", presenter.present(.success(listed), accept: accepted(confirmed: true), query: FormData(), values: FormData())),
            preview(
                "disruptions-compare",
                presenter.present(
                    .success(listed), accept: nil, query: FormData([("compare", "RP000001")]), values: FormData(),
                    locations: SampleVoyages.network().locations)),
            preview(
                "disruptions-compare-unlisted",
                presenter.present(.success(listed), accept: nil, query: FormData([("compare", "RP000009")]), values: FormData())),
            preview(
                "disruptions-choose-problems",
                presenter.present(
                    .success(listed),
                    accept: .validationFailure(["choice": "Choose at least one cargo, or a standing whose cargo all take their best option."]),
                    query: FormData([("preview", "yes")]), values: FormData())),
            preview(
                "disruptions-problems",
                presenter.present(
                    .success(none), accept: nil, query: FormData(), values: FormData(), problems: FormProblems(errors: ["events": "Choose a file of events."]))),
            preview(
                "disruptions-unavailable",
                presenter.present(.failure(ViewFailure(.unavailable, "The store cannot be read now.")), accept: nil, query: FormData(), values: FormData())),
        ]
    }

    static var assignments: [Preview] {
        let runs = [
            AssignmentsViewModel.Run(
                route: .assignmentRun("a1-b2"), started: "Wed 15 Jan 2027, 08:00 UTC", status: "finished",
                summary: "The store's open cargo: Carried: 1 of 1 bookings, 2 TEU; Revenue: USD 2,500; greedy baseline USD 2,500 (+0.00%)")
        ]
        func form(
            _ name: String, available: Bool = true, _ problems: FormProblems = FormProblems(), working: DeskRoute? = nil,
            runs: DeskState<[AssignmentsViewModel.Run]> = .success(runs)
        ) -> Preview {
            let model = AssignmentsViewModel(
                isAvailable: available, values: FormData([("timeLimit", "10"), ("gap", "0.01%")]), customers: [("ACME", "ACME: Acme Shipping")],
                problems: problems, working: working, runs: runs)
            return Preview(name: name, page: AssignmentsView(model: model).page(), status: model.status)
        }
        let presenter = AssignmentRunPresenter(), now = Date(timeIntervalSince1970: 1_800_000_000)
        func run(_ name: String, _ record: AssignmentRunRecord?) -> Preview {
            switch presenter.present(id: "a1-b2", .success(record), at: now) {
            case .screen(let model): Preview(name: name, page: AssignmentRunView(model: model).page(), status: 200)
            case .failure(let failure): Preview(name: name, page: FailureView(model: failure).page(), status: failure.status)
            }
        }
        var result = AssignmentRunResult(stopped: "")
        (result.failure, result.totals, result.busiestLegs) = (nil, ["Carried: 1 of 1 bookings, 2 TEU"], ["AE1-0100W HKHKG→NLRTM: 2 of 100 TEU (2%)"])
        (result.bookings, result.planCSV, result.planJSON) = (["RP000001  2 TEU  HKHKG → NLRTM → SESTO"], "booking,teu\n", "{}")
        let started = now - 5
        return [
            form("assignments"), form("assignments-no-solver", available: false), form("assignments-no-runs", runs: .success([])),
            form("assignments-runs-unreadable", runs: .failure(ViewFailure(.unavailable, "The runs cannot be read now: try again later."))),
            form("assignments-problems", FormProblems(errors: ["timeLimit": "Enter a time limit in seconds, from 1."])),
            form("assignments-busy", FormProblems(failure: ViewFailure(.conflict, "Another assignment is running.")), working: .assignmentRun("c3-d4")),
            run("assignment-running", AssignmentRunRecord(id: "a1-b2", progress: "Pricing round 3", startedAt: started)),
            run("assignment-stopping", AssignmentRunRecord(id: "a1-b2", progress: "Pricing round 3", startedAt: started, cancellationRequested: true)),
            run("assignment-interrupted", AssignmentRunRecord(id: "a1-b2", startedAt: now - 3_600)),
            run(
                "assignment-cancelled",
                AssignmentRunRecord(id: "a1-b2", status: .cancelled, startedAt: started, result: AssignmentRunResult(stopped: "It was asked to stop.").text)),
            run(
                "assignment-failed",
                AssignmentRunRecord(
                    id: "a1-b2", status: .failed, startedAt: started, result: AssignmentRunResult(stopped: "There are no bookings to assign.").text)),
            run("assignment-finished", AssignmentRunRecord(id: "a1-b2", status: .finished, startedAt: started, result: result.text)),
            run("assignment-not-found", nil),
        ]
    }

    static var routes: [Preview] {
        let presenter = RoutesPresenter(
            query: FormData([("from", "HKHKG"), ("to", "SESTO")]), ports: DeskForm.Suggestion.ports(network.locations), onBook: .book(FormData()),
            format: format)
        let response = RouteCargoResponse(specification: specification, itineraries: options)
        let found: RoutesPresenter.Search = (.success(RouteCargoPresenter(format: format).content(for: response)), .success(response))
        let stopped = ViewFailure(.unavailable, "The search ran past its budget of 10 s and was stopped.")
        func preview(_ name: String, _ model: RoutesViewModel) -> Preview { Preview(name: name, page: RoutesView(model: model).page(), status: model.status) }
        return [
            preview("routes", presenter.idle()),
            preview("routes-options", presenter.present(found, baseline: nil, locations: network.locations, overBudget: stopped)),
            preview("routes-what-if", presenter.present(found, baseline: .some(found), locations: network.locations, overBudget: stopped)),
            preview("routes-problems", presenter.problems(["from": "Enter a UN/LOCODE, such as NLRTM.", "cancelVoyage": "No voyage XX in the schedule."])),
            preview("routes-no-route", presenter.failure(ViewFailure(.rejected, "No sailing reaches SESTO by 2026-03-03."))),
            preview("routes-stopped", presenter.present(nil, baseline: nil, locations: [], overBudget: stopped)),
        ]
    }

    static var failures: [Preview] {
        [
            ("forbidden", Desk.forbidden()), ("not-permitted", Desk.notPermitted()), ("bad-request", Desk.badRequest("The form cannot be read.")),
            ("not-found", Desk.notFound()),
        ].map { Preview(name: $0, response: $1) }
    }
}
