import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerBcrypt
import RoutePlannerFormats
import RoutePlannerTestSupport
import Testing

/// Who may do what (`Principal`), held by the composition for every use case: a customer's user sees and changes
/// its own customer's cargo alone, and another's reads as not found.
@Suite struct AccessTests {
    /// The real clock, a day after the business time the tests book at.
    static let recordedAt = Sample.asOf() + 86_400

    let app: RoutePlannerComposition
    let acme = Principal(name: "bob", role: .customer("acme"))

    init() async throws {
        let customers = InMemoryCustomerRepository([Customer(id: "ACME", name: "Acme Shipping")!, Customer(id: "GLOBEX", name: "Globex")!])
        let cargo = InMemoryCargoRepository([
            try Sample.cargo("RP000001", routed: false, customerId: "ACME"), try Sample.cargo("RP000002", routed: false, customerId: "GLOBEX"),
            try Sample.cargo("RP000003", routed: false),
        ])
        app = RoutePlannerComposition(
            files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(), locations: Sample.schedule, voyages: Sample.schedule, cargo: cargo,
            customers: customers, now: Sample.asOf, realNow: { Self.recordedAt })
    }

    @Test func aCustomerSeesItsOwnCargoAndCustomerAlone() async throws {
        let customer = app.acting(as: acme)
        guard case .success(let listed) = await customer.listCargo.respond(ListCargoForm()).result else { Issue.record("no list"); return }
        #expect(listed.cargo.map(\.trackingId) == ["RP000001"])
        // Naming another customer in the filter does not widen it.
        guard case .success(let filtered) = await customer.listCargo.respond(ListCargoForm(customer: "GLOBEX")).result else { Issue.record("no list"); return }
        #expect(filtered.cargo.isEmpty)
        #expect(await customer.listCustomers(ListCustomersForm()).successValue?.map(\.response.id) == ["ACME"])
        #expect(try await customer.cargo.allCargo().map(\.trackingId) == ["RP000001"])
        guard case .success(let all) = await app.listCargo.respond(ListCargoForm()).result else { Issue.record("no list"); return }
        #expect(all.cargo.count == 3, "a planner sees every cargo")
    }

    @Test func anotherCustomersCargoIsNotFoundWhateverIsAsked() async throws {
        let customer = app.acting(as: acme)
        let missing = "There is no cargo with tracking id RP000002."
        #expect(await customer.trackCargo(TrackCargoForm(trackingId: "RP000002")).failureMessage == missing)
        #expect(await customer.trackCargo(TrackCargoForm(trackingId: "RP000003")).failureMessage == "There is no cargo with tracking id RP000003.")
        #expect(await customer.assignToRoute(AssignToRouteForm(trackingId: "RP000002", candidate: "1")).failureMessage == missing)
        #expect(await customer.changeDestination(ChangeDestinationForm(trackingId: "RP000002", destination: "DEHAM")).failureMessage == missing)
        #expect(await customer.reRouteCargo(ReRouteCargoForm(trackingId: "RP000002")).failureMessage == missing)
        let routed = await customer.routeCargo(RouteCargoForm(trackingId: "RP000002"))
        #expect(routed.failureMessage == missing)
        // The scoped repository refuses the write itself, whatever a use case would do.
        var other = try #require(try await app.cargo.cargo("RP000002"))
        other.specifyNewRoute(Sample.specification)
        await #expect(throws: DomainError.cargo(.notFound("RP000002"))) { try await customer.cargo.save(other) }
        await #expect(throws: DomainError.self) { try await customer.cargo.save([try Sample.cargo("RP000002", customerId: "ACME")]) }
        #expect(try await app.cargo.cargo("RP000002") == (try Sample.cargo("RP000002", routed: false, customerId: "GLOBEX")))
        // Its own cargo it may route and re-plan.
        #expect(await customer.trackCargo(TrackCargoForm(trackingId: "rp000001")).successValue != nil)
        #expect(await customer.routeCargo(RouteCargoForm(trackingId: "RP000001")).successValue?.isEmpty == false)
        #expect(try await customer.cargo.offer(for: "RP000001") != nil)
        #expect(try await customer.cargo.offer(for: "RP000002") == nil)
    }

    @Test func aCustomerBooksForItselfAlone() async throws {
        let customer = app.acting(as: acme)
        let form = { (id: String) in BookCargoForm(origin: "HKHKG", destination: "SESTO", ready: "2026-03-01", deadline: "2026-05-01", customer: id) }
        #expect(await customer.bookCargo(form("GLOBEX")).failureMessage == "There is no customer GLOBEX; register it first.")
        guard case .success(let booked) = await customer.bookCargo.respond(form("acme")).result else { Issue.record("not booked"); return }
        #expect(booked.cargo.customerId == "ACME")
    }

    @Test func whatOnlyAPlannerDoesIsRefusedBeforeTheFormIsRead() async throws {
        let customer = app.acting(as: acme)
        #expect(
            await customer.registerCustomer(RegisterCustomerForm(id: "", name: "")).failureMessage
                == "Your account may not register customers; a planner may.")
        #expect(
            await customer.registerHandlingEvent(RegisterHandlingEventForm(trackingId: "RP000001", event: "LOAD", location: "HKHKG", completionTime: "x"))
                .failureMessage == "Your account may not register handling events; a planner may.")
        #expect(
            await customer.assignRoutes(solver: NoSolver())(AssignRoutesForm()).failureMessage
                == "Your account may not assign routes to all open cargo; a planner may.")
        #expect(
            domainError(await customer.importHandlingReport.controller.handle(ImportHandlingReportForm(file: "")))
                == .account(.notPermitted(.importHandlingReport)))
        #expect(
            domainError(await customer.importBookings.controller.handle(ImportBookingsForm(file: "", customer: "ACME")))
                == .account(.notPermitted(.importBookings)))
        // And the policy is one table: a customer may do exactly these.
        #expect(
            Set(Permission.allCases.filter(acme.may)) == [
                .listCustomers, .bookCargo, .listCargo, .trackCargo, .routeCargo, .assignToRoute, .changeDestination, .cancelBooking, .reRouteCargo,
            ])
        #expect(Permission.allCases.allSatisfy(Principal.commandLine.may))
    }
}

extension AccessTests {
    @Test func everyChangeKeepsWhoMadeIt() async throws {
        let bob = app.acting(as: acme), alice = app.acting(as: Principal(name: "alice", role: .planner))
        let form = BookCargoForm(origin: "HKHKG", destination: "SESTO", ready: "2026-03-01", deadline: "2026-05-01", customer: "ACME")
        guard case .success(let booked) = await bob.bookCargo.respond(form).result else { Issue.record("not booked"); return }
        let id = booked.cargo.trackingId.rawValue
        _ = await bob.routeCargo(RouteCargoForm(trackingId: id))
        #expect(await bob.assignToRoute(AssignToRouteForm(trackingId: id, candidate: "1")).failureMessage == nil)
        #expect(
            await alice.registerHandlingEvent(
                RegisterHandlingEventForm(
                    trackingId: id, event: "RECEIVE", location: "HKHKG", completionTime: "2026-03-01T08:00:00Z", registrationTime: "2026-03-01T09:00:00Z")
            )
            .failureMessage == nil)
        #expect(await app.changeDestination(ChangeDestinationForm(trackingId: id, destination: "DEHAM")).failureMessage == nil)
        let changes = try #require(try await app.cargo.cargo(TrackingId(id)!)).changes
        #expect(changes.map(\.kind) == [.booked, .routed, .handled, .respecified])
        #expect(changes.map(\.by) == ["bob", "bob", "alice", "command line"])
        #expect(changes.map(\.party) == [.customer, .customer, .forwarder, .forwarder])
        // Stamped by the real clock, whatever business time the changes were made at (--as-of).
        #expect(changes.allSatisfy { $0.at == Self.recordedAt })
        #expect(changes[0].detail == "HKHKG → SESTO, due 2026-05-01T23:59:59Z" && changes[2].detail == "receive at HKHKG, completed 2026-03-01T08:00:00Z")
        #expect(changes[3].detail == "HKHKG → DEHAM, due 2026-05-01T23:59:59Z")
        // Saving a cargo in the state it is in records nothing.
        let cargo = try #require(try await app.cargo.cargo(TrackingId(id)!))
        try await app.cargo.save(cargo)
        #expect(try await app.cargo.cargo(TrackingId(id)!)?.changes.count == 4)
    }
}

extension AccessTests {
    @Test func aCustomerSeesTheForwardersChangesByItsPartyAndNeverLosesTheirNames() async throws {
        let bob = app.acting(as: acme), alice = app.acting(as: Principal(name: "alice", role: .planner))
        let feed = app.acting(as: .eventFeed)
        _ = await alice.routeCargo(RouteCargoForm(trackingId: "RP000001"))
        #expect(await alice.assignToRoute(AssignToRouteForm(trackingId: "RP000001", candidate: "1")).failureMessage == nil)
        #expect(
            await feed.registerHandlingEvent(
                RegisterHandlingEventForm(
                    trackingId: "RP000001", event: "RECEIVE", location: "HKHKG", completionTime: "2026-03-01T08:00:00Z",
                    registrationTime: "2026-03-01T09:00:00Z")
            )
            .failureMessage == nil)
        // The customer's user reads the forwarder's planner and the carriers' feed by their party, on every read.
        let shown = ["the forwarder", "the carriers' event feed"]
        let tracked = try #require(await bob.trackCargo(TrackCargoForm(trackingId: "RP000001")).successValue)
        #expect(tracked.cargo.changes.map(\.by) == shown)
        guard case .success(let listed) = await bob.listCargo.respond(ListCargoForm()).result else { Issue.record("no list"); return }
        #expect(listed.cargo.first { $0.trackingId == "RP000001" }?.changes.map(\.by) == shown)
        #expect(try await bob.cargo.cargo("RP000001")?.changes.map(\.by) == shown)
        let view = app.format.tracking(tracked.cargo)
        #expect(view.changes.allSatisfy { !$0.contains("alice") && !$0.contains("event feed,") } && view.changes[0].hasSuffix(", by the forwarder"))
        // A planner reads the names.
        let planners = try #require(await alice.trackCargo(TrackCargoForm(trackingId: "RP000001")).successValue)
        #expect(planners.cargo.changes.map(\.by) == ["alice", "event feed"])
        // What the customer's user writes keeps the names the store recorded, and adds its own.
        #expect(await bob.changeDestination(ChangeDestinationForm(trackingId: "RP000001", destination: "DEHAM")).failureMessage == nil)
        let stored = try #require(try await app.cargo.cargo("RP000001")).changes
        #expect(stored.map(\.by) == ["alice", "event feed", "bob"])
        #expect(stored.map(\.party) == [.forwarder, .carrier, .customer])
        // Routed once: not re-routed. Routed again: when, and by whom as each reader may see it.
        #expect(view.rerouted == nil)
        let cargo = try #require(try await app.cargo.cargo("RP000001"))
        let again = cargo.withChanges(
            cargo.changes + [CargoChange(kind: .routed, detail: "HKHKG → SESTO", by: "carol", party: .forwarder, at: Self.recordedAt + 3_600)])
        let planned = CargoSummary(again)
        #expect(app.format.tracking(planned).rerouted == "Mon 2 Feb 2026, 01:00 UTC, by carol")
        #expect(app.format.tracking(acme.shown(planned)).rerouted == "Mon 2 Feb 2026, 01:00 UTC, by the forwarder")
    }

    @Test func whoMadeAChangeIsShownByTheRuleOfOnePlace() {
        let time = Sample.asOf()
        let changes = CargoChange.Party.allCases.map { CargoChange(kind: .routed, detail: "HKHKG → SESTO", by: "someone", party: $0, at: time) }
        #expect(changes.map { Principal(name: "alice", role: .planner).shown($0).by } == ["someone", "someone", "someone"])
        #expect(changes.map { acme.shown($0).by } == ["the forwarder", "someone", "the carriers' event feed"])
        #expect(changes.map { acme.shown($0) }.map(\.party) == CargoChange.Party.allCases)
        #expect(Principal.eventFeed.party == .carrier && Principal.commandLine.party == .forwarder && acme.party == .customer)
    }
}

/// A solver that is never asked: the use case is refused before.
private struct NoSolver: AssignmentSolver {
    func assign(
        _ bookings: [Booking], on network: ScheduleNetwork, options: AssignmentOptions, progress: (@Sendable (String) -> Void)?
    ) throws(AssignmentError) -> AssignmentPlan {
        Issue.record("the solver was asked")
        throw .cancelled
    }
}

/// The domain error a request failed with, if it failed with one.
private func domainError<Value, Field>(_ result: Result<Value, RequestFailure<Field>>) -> DomainError? {
    if case .failure(.domain(let error)) = result { error } else { nil }
}

extension ViewState {
    /// The content, if the state is a success.
    var successValue: Content? {
        if case .success(let content) = self { content } else { nil }
    }
}

/// Logins made at once through one process, counted by its one throttle.
@Suite struct LoginThrottleTests {
    @Test func loginsMadeAtOnceAreCountedAtOnce() async throws {
        let throttle = LoginThrottle(slowAfter: 100, refuseAfter: 5)
        let app = RoutePlannerComposition(
            files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(cost: 4), locations: Sample.schedule, voyages: Sample.schedule,
            cargo: InMemoryCargoRepository(), loginThrottle: throttle)
        _ = await app.addUser(AddUserForm(name: "alice", role: "planner", password: "correct horse battery"))
        let results = await withTaskGroup(of: Result<LogInResponse, RequestFailure<LogInForm.Field>>.self) { group in
            for _ in 0..<40 { group.addTask { await app.logIn.controller.handle(LogInForm(username: "alice", password: "a wrong guess")) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let checked = results.filter { if case .failure(.domain(.account(.notAuthenticated))) = $0 { true } else { false } }.count
        let refused = results.filter { if case .failure(.domain(.account(.tooManyAttempts))) = $0 { true } else { false } }.count
        #expect(checked <= 5 && checked + refused == 40, "\(checked) checked, \(refused) refused")
    }
}
