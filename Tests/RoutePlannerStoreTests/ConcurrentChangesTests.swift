import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerBcrypt
import RoutePlannerFormats
import RoutePlannerStore
import RoutePlannerTestSupport
import Testing

/// Two processes over one store, each acting as a user: a change made from a stale read is refused, never written
/// over the other's, and who made each change is kept.
@Suite struct ConcurrentChangesTests {
    @Test func aChangeFromAStaleReadIsAConflictAndTheOtherChangeIsKept() async throws {
        try await SQLiteRepositoryContractTests.withStore { path in
            func app(_ principal: Principal) throws -> RoutePlannerComposition {
                let store = try CargoStore(path: path)
                return RoutePlannerComposition(
                    files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(), locations: Sample.schedule, voyages: Sample.schedule,
                    cargo: store.cargoRepository(voyages: Sample.schedule),
                    customers: store.customerRepository, now: Sample.asOf
                ).acting(as: principal)
            }
            let bob = try app(Principal(name: "bob", role: .customer("ACME"))), alice = try app(Principal(name: "alice", role: .planner))
            try await alice.customers.save(Customer(id: "ACME", name: "Acme Shipping")!)
            let form = BookCargoForm(origin: "HKHKG", destination: "SESTO", ready: "2026-03-01", deadline: "2026-05-01", customer: "ACME")
            guard case .success(let booked) = await bob.bookCargo.respond(form).result else { Issue.record("not booked"); return }
            let id = booked.cargo.trackingId
            // bob reads the cargo; alice, in another process, registers its receipt; bob then writes from his read.
            let read = try #require(try await bob.cargo.cargo(id))
            #expect(
                await alice.registerHandlingEvent(
                    RegisterHandlingEventForm(
                        trackingId: id.rawValue, event: "RECEIVE", location: "HKHKG", completionTime: "2026-03-01T08:00:00Z",
                        registrationTime: "2026-03-01T09:00:00Z")
                ).failureMessage == nil)
            var stale = read
            stale.specifyNewRoute(
                try RouteSpecification(
                    origin: "HKHKG", destination: "DEHAM", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(5, 1)))
            await #expect(throws: StoreError.conflict(trackingId: id)) { try await bob.cargo.save(stale) }
            let kept = try #require(try await app(.commandLine).cargo.cargo(id))
            #expect(kept.handlingEvents.count == 1 && kept.specification.destination == "SESTO")
            #expect(kept.changes.map(\.by) == ["bob", "alice"] && kept.changes.map(\.kind) == [.booked, .handled])
            // Through the use case, the same race is a conflict in words, and a read again succeeds.
            let bobAgain = try app(Principal(name: "bob", role: .customer("ACME")))
            #expect(await bobAgain.changeDestination(ChangeDestinationForm(trackingId: id.rawValue, destination: "DEHAM")).failureMessage == nil)
            #expect(try await app(.commandLine).cargo.cargo(id)?.changes.map(\.by) == ["bob", "alice", "bob"])
        }
    }

    @Test func twoRequestsOfOneServerOnMemoryChangingOneCargoGiveOneConflict() async throws {
        try await checkRequestsChangingOneCargo(InMemoryCargoRepository(), customers: InMemoryCustomerRepository())
    }

    @Test func twoRequestsOfOneServerOnSQLiteChangingOneCargoGiveOneConflict() async throws {
        try await SQLiteRepositoryContractTests.withStore { path in
            let store = try CargoStore(path: path)
            try await checkRequestsChangingOneCargo(store.cargoRepository(voyages: Sample.schedule), customers: store.customerRepository)
        }
    }

    @Test func failedLoginsThroughTwoProcessesOverOneSQLiteStoreAreCountedTogether() async throws {
        try await SQLiteRepositoryContractTests.withStore { path in
            try await checkLoginFailuresAreShared(try CargoStore(path: path).accountRepository, try CargoStore(path: path).accountRepository)
        }
    }
}

/// Two requests of one server, each acting for its user over the one repository the server holds: a change made
/// from a read that another request's change made stale is a conflict, and the other change is kept.
func checkRequestsChangingOneCargo(
    _ repository: any CargoRepository, customers: any CustomerRepository, sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    let server = RoutePlannerComposition(
        files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(), locations: Sample.schedule, voyages: Sample.schedule, cargo: repository,
        customers: customers, now: Sample.asOf)
    try await customers.save(Customer(id: "ACME", name: "Acme Shipping")!)
    let alice = server.acting(as: Principal(name: "alice", role: .planner)), carol = server.acting(as: Principal(name: "carol", role: .planner))
    let form = BookCargoForm(origin: "HKHKG", destination: "SESTO", ready: "2026-03-01", deadline: "2026-05-01", customer: "ACME")
    guard case .success(let booked) = await alice.bookCargo.respond(form).result else {
        Issue.record("not booked", sourceLocation: sourceLocation)
        return
    }
    let id = booked.cargo.trackingId
    var stale = try #require(try await alice.cargo.cargo(id), sourceLocation: sourceLocation)
    #expect(
        await carol.registerHandlingEvent(
            RegisterHandlingEventForm(
                trackingId: id.rawValue, event: "RECEIVE", location: "HKHKG", completionTime: "2026-03-01T08:00:00Z",
                registrationTime: "2026-03-01T09:00:00Z")
        ).failureMessage == nil, sourceLocation: sourceLocation)
    stale.specifyNewRoute(
        try RouteSpecification(
            origin: "HKHKG", destination: "DEHAM", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(5, 1)))
    await #expect(sourceLocation: sourceLocation) {
        try await alice.cargo.save(stale)
    } throws: { error in
        if case DomainError.storage(.conflict) = error { true } else { (error as? any StoreFailure)?.isConflict == true }
    }
    let kept = try #require(try await server.cargo.cargo(id), sourceLocation: sourceLocation)
    #expect(kept.handlingEvents.count == 1 && kept.specification.destination == "SESTO", sourceLocation: sourceLocation)
    #expect(kept.changes.map(\.by) == ["alice", "carol"], sourceLocation: sourceLocation)
}

/// Two processes over one store, each with its own throttle, count one guesser's failures together: 2 through each
/// refuse the 5th through either (a throttle that refuses from the 4th failure).
func checkLoginFailuresAreShared(
    _ one: any AccountRepository, _ other: any AccountRepository, sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    func process(_ accounts: any AccountRepository) -> RoutePlannerComposition {
        RoutePlannerComposition(
            files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(cost: 4), locations: Sample.schedule, voyages: Sample.schedule,
            cargo: InMemoryCargoRepository(), accounts: accounts,
            loginThrottle: LoginThrottle(slowAfter: 100, refuseAfter: 4))
    }
    let first = process(one), second = process(other)
    #expect(
        await first.addUser(AddUserForm(name: "alice", role: "planner", password: "correct horse battery")).failureMessage == nil,
        sourceLocation: sourceLocation)
    for app in [first, second, first, second] {
        #expect(
            await app.logIn(LogInForm(username: "alice", password: "a wrong guess", address: "192.0.2.7")).failureMessage != nil,
            sourceLocation: sourceLocation)
    }
    for app in [first, second] {
        guard
            case .failure(.domain(.account(.tooManyAttempts))) = await app.logIn.respond(
                LogInForm(username: "alice", password: "correct horse battery", address: "198.51.100.1")
            ).result
        else {
            Issue.record("the 5th attempt is not refused", sourceLocation: sourceLocation)
            return
        }
    }
}
