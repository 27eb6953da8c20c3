import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerBcrypt
import RoutePlannerFormats
import RoutePlannerStore
import RoutePlannerTestSupport
import Synchronization
import Testing

/// A clock the test moves.
final class TestClock: Sendable {
    private let time: Mutex<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_780_000_000)) { time = Mutex(start) }

    var now: Date { time.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { time.withLock { $0 += seconds } }
    var function: @Sendable () -> Date { { self.now } }
}

/// What every account repository promises (see `AccountRepository`), on one that starts empty; the customer ACME
/// is registered first.
func checkAccountRepositoryContract(
    _ accounts: any AccountRepository, customers: any CustomerRepository, sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    try await customers.save(Customer(id: "ACME", name: "Acme Shipping")!)
    #expect(try await accounts.hasUsers() == false, sourceLocation: sourceLocation)
    let alice = StoredUser(account: UserAccount(name: "alice", role: .planner)!, passwordHash: "hash-a")
    let bob = StoredUser(account: UserAccount(name: "bob", role: .customer("ACME"))!, passwordHash: "hash-b")
    #expect(try await accounts.add(bob), sourceLocation: sourceLocation)
    #expect(try await accounts.add(alice), sourceLocation: sourceLocation)
    #expect(try await accounts.add(alice) == false, "a name is taken once", sourceLocation: sourceLocation)
    #expect(try await accounts.hasUsers(), sourceLocation: sourceLocation)
    #expect(try await accounts.allUsers() == [alice.account, bob.account], sourceLocation: sourceLocation)
    #expect(try await accounts.user(named: "bob") == bob, sourceLocation: sourceLocation)
    #expect(try await accounts.user(named: "carol") == nil, sourceLocation: sourceLocation)

    // Tokens: found by their hash only, listed by user, revoked once.
    let made = Date(timeIntervalSince1970: 1_780_000_000)
    try await accounts.add(AccessToken(id: "0123456789ab", userName: "bob", label: "import", createdAt: made), secretHash: "t1")
    try await accounts.add(AccessToken(id: "ba9876543210", userName: "alice", label: "", createdAt: made), secretHash: "t2")
    #expect(try await accounts.user(tokenHash: "t1") == bob.account, sourceLocation: sourceLocation)
    #expect(try await accounts.user(tokenHash: "t3") == nil, sourceLocation: sourceLocation)
    #expect(try await accounts.tokens(ofUser: nil).map(\.id) == ["ba9876543210", "0123456789ab"], sourceLocation: sourceLocation)
    #expect(try await accounts.tokens(ofUser: "bob").map(\.label) == ["import"], sourceLocation: sourceLocation)
    #expect(try await accounts.revokeToken(id: "ba9876543210"), sourceLocation: sourceLocation)
    #expect(try await accounts.revokeToken(id: "ba9876543210") == false, sourceLocation: sourceLocation)
    #expect(try await accounts.user(tokenHash: "t2") == nil, sourceLocation: sourceLocation)

    // Sessions: found by their hash, touched, ended alone or with every idle one.
    try await accounts.add(Session(userName: "bob", formToken: "f1", createdAt: made, lastSeen: made), idHash: "s1")
    try await accounts.add(Session(userName: "alice", formToken: "f2", createdAt: made, lastSeen: made), idHash: "s2")
    try await accounts.add(Session(userName: "alice", formToken: "f3", createdAt: made, lastSeen: made), idHash: "s3")
    #expect(try await accounts.session(idHash: "s1")?.user == bob.account, sourceLocation: sourceLocation)
    #expect(try await accounts.session(idHash: "s1")?.session.formToken == "f1", sourceLocation: sourceLocation)
    try await accounts.touchSession(idHash: "s2", at: made + 600)
    #expect(try await accounts.session(idHash: "s2")?.session.lastSeen == made + 600, sourceLocation: sourceLocation)
    try await accounts.removeSession(idHash: "s3", andIdleSince: made + 300)
    #expect(try await accounts.session(idHash: "s3") == nil, sourceLocation: sourceLocation)
    #expect(try await accounts.session(idHash: "s1") == nil, "idle since before the time", sourceLocation: sourceLocation)
    #expect(try await accounts.session(idHash: "s2") != nil, sourceLocation: sourceLocation)

    // A new password ends the user's sessions; removing a user ends its sessions and revokes its tokens.
    try await accounts.add(Session(userName: "bob", formToken: "f4", createdAt: made, lastSeen: made + 600), idHash: "s4")
    #expect(try await accounts.setPasswordHash("hash-a2", ofUser: "alice"), sourceLocation: sourceLocation)
    #expect(try await accounts.user(named: "alice")?.passwordHash == "hash-a2", sourceLocation: sourceLocation)
    #expect(try await accounts.session(idHash: "s2") == nil, sourceLocation: sourceLocation)
    #expect(try await accounts.session(idHash: "s4") != nil, sourceLocation: sourceLocation)
    #expect(try await accounts.setPasswordHash("x", ofUser: "carol") == false, sourceLocation: sourceLocation)
    #expect(try await accounts.removeUser(named: "bob"), sourceLocation: sourceLocation)
    #expect(try await accounts.removeUser(named: "bob") == false, sourceLocation: sourceLocation)
    #expect(try await accounts.session(idHash: "s4") == nil, sourceLocation: sourceLocation)
    #expect(try await accounts.user(tokenHash: "t1") == nil, sourceLocation: sourceLocation)
    #expect(try await accounts.tokens(ofUser: nil).isEmpty, sourceLocation: sourceLocation)
    #expect(try await accounts.allUsers() == [alice.account], sourceLocation: sourceLocation)

    // Failed logins: counted per key, up to the limit; older ones forgotten; a success forgets the account's and
    // its own attempt under the address.
    let keys = ["user alice", "address 192.0.2.7"]
    for (index, attempt) in ["a1", "a2", "a3"].enumerated() {
        let counted = try await accounts.countLoginAttempt(attempt, under: keys, at: made + Double(index), since: made - 900, limit: 3)
        #expect(counted.map(\.count) == [index, index], sourceLocation: sourceLocation)
    }
    #expect(
        try await accounts.countLoginAttempt("a4", under: keys, at: made + 5, since: made - 900, limit: 3) == [
            [made, made + 1, made + 2], [made, made + 1, made + 2],
        ], "at the limit: counted, not recorded", sourceLocation: sourceLocation)
    #expect(
        try await accounts.countLoginAttempt("b1", under: ["address 192.0.2.7"], at: made + 6, since: made + 1.5, limit: 9) == [[made + 2]],
        "failures before `since` are forgotten", sourceLocation: sourceLocation)
    try await accounts.forgetLoginAttempt("b1", andEveryFailureUnder: "user alice")
    #expect(
        try await accounts.countLoginAttempt("c1", under: keys, at: made + 7, since: made - 900, limit: 9).map(\.count) == [0, 1],
        sourceLocation: sourceLocation)
}

@Suite struct AccountRepositoryContractTests {
    @Test func inMemory() async throws {
        try await checkAccountRepositoryContract(InMemoryAccountRepository(), customers: InMemoryCustomerRepository())
    }

    @Test func sqlite() async throws {
        try await SQLiteRepositoryContractTests.withStore { path in
            let store = try CargoStore(path: path)
            try await checkAccountRepositoryContract(store.accountRepository, customers: store.customerRepository)
            #expect(try store.integrityCheck() == ["ok"])
        }
    }
}

/// The accounts' use cases, on memory, with bcrypt's least cost.
///
/// Business time stands still, as `--as-of` holds it; security time is the clock the tests move: sessions go idle and
/// throttles count down by it alone.
@Suite struct AccountsTests {
    let clock = TestClock()
    let app: RoutePlannerComposition

    init() async throws {
        let customers = InMemoryCustomerRepository([Customer(id: "ACME", name: "Acme Shipping")!])
        app = RoutePlannerComposition(
            files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(cost: 4), locations: Sample.schedule, voyages: Sample.schedule,
            cargo: InMemoryCargoRepository(), customers: customers,
            loginThrottle: LoginThrottle(slowAfter: 2, refuseAfter: 4), now: { SampleVoyages.day(1, 1) }, realNow: clock.function)
    }

    static let password = "correct horse battery"

    @Test func aUserIsAddedWithAHashedPassword() async throws {
        #expect(await app.addUser(AddUserForm(name: "Alice", role: "planner", password: Self.password)).text() == .success("User alice: planner."))
        #expect(
            await app.addUser(AddUserForm(name: "bob", role: "customer", customer: "acme", password: Self.password)).text()
                == .success("User bob: customer ACME."))
        let stored = try #require(try await app.accounts.user(named: "alice"))
        #expect(stored.passwordHash.hasPrefix("$2b$04$") && !stored.passwordHash.contains(Self.password))
        #expect(
            await app.addUser(AddUserForm(name: "alice", role: "planner", password: Self.password)).text()
                == .failure(ViewFailure(.conflict, "There is a user alice already; choose another name, or change its password.")))
        #expect(
            await app.addUser(AddUserForm(name: "carol", role: "customer", customer: "GLOBEX", password: Self.password)).text()
                == .failure(ViewFailure(.rejected, "There is no customer GLOBEX; register it first.")))
    }

    @Test func everyProblemOfANewUserIsNamedAtOnce() async throws {
        let state = await app.addUser(AddUserForm(name: "<b>x</b>", role: "admin", customer: "", password: "short"))
        #expect(Set(state.fieldErrors.keys) == [.name, .role, .password])
        #expect(
            await app.addUser(AddUserForm(name: "dave", role: "planner", customer: "ACME", password: Self.password)).fieldErrors.keys.sorted() == [.customer])
        #expect(await app.addUser(AddUserForm(name: "dave", role: "customer", password: Self.password)).fieldErrors.keys.sorted() == [.customer])
        for password in [String(repeating: "é", count: 37), "twelve chars\nmore"] {
            #expect(await app.addUser(AddUserForm(name: "dave", role: "planner", password: password)).fieldErrors.keys.sorted() == [.password], "\(password)")
        }
        #expect(try await app.accounts.hasUsers() == false)
    }

    @Test func aLoginStartsASessionUnderANewIdAndAWrongOneSaysNoMore() async throws {
        _ = await app.addUser(AddUserForm(name: "alice", role: "planner", password: Self.password))
        let wrong = await app.logIn(LogInForm(username: "alice", password: "not the password"))
        let unknown = await app.logIn(LogInForm(username: "mallory", password: "not the password"))
        #expect(wrong.text() == .failure(ViewFailure(.unauthenticated, "The user name or the password is wrong.")) && unknown.text() == wrong.text())
        guard case .success(let first) = await app.logIn.respond(LogInForm(username: " Alice ", password: Self.password)).result,
            case .success(let second) = await app.logIn.respond(LogInForm(username: "alice", password: Self.password)).result
        else { Issue.record("no login"); return }
        #expect(first.sessionId != second.sessionId && first.sessionId.count == 43 && first.session.formToken != second.session.formToken)
        let authentication = app.authentication(idleExpiry: .seconds(1800))
        #expect(try await authentication.session(first.sessionId)?.principal == Principal(name: "alice", role: .planner))
        #expect(try await authentication.session("forged") == nil)
        try await authentication.logOut(first.sessionId)
        #expect(try await authentication.session(first.sessionId) == nil)
        // Idle past its expiry, a session ends; used within it, it lasts.
        clock.advance(1700)
        #expect(try await authentication.session(second.sessionId) != nil)
        clock.advance(1700)
        #expect(try await authentication.session(second.sessionId) != nil)
        clock.advance(1801)
        #expect(try await authentication.session(second.sessionId) == nil)
    }

    @Test func failedLoginsAreRefusedPerAccountAndPerAddress() async throws {
        _ = await app.addUser(AddUserForm(name: "alice", role: "planner", password: Self.password))
        _ = await app.addUser(AddUserForm(name: "bob", role: "planner", password: Self.password))
        for _ in 0..<4 { _ = await app.logIn(LogInForm(username: "alice", password: "wrong password", address: "10.0.0.\(Int.random(in: 1...9))")) }
        // The account is refused even with its password, from any address, until the window has passed.
        let refused = await app.logIn.respond(LogInForm(username: "alice", password: Self.password, address: "10.0.0.99")).result
        guard case .failure(.domain(.tooManyAttempts(let seconds))) = refused else { Issue.record("\(refused)"); return }
        #expect((1...900).contains(seconds))
        // Another account from another address is not.
        #expect(await app.logIn(LogInForm(username: "bob", password: Self.password, address: "10.0.1.1")).text() == .success("Logged in as bob (planner)."))
        // One address that fails on many accounts is refused on every one.
        for name in ["x1", "x2", "x3", "x4"] { _ = await app.logIn(LogInForm(username: name, password: "wrong password", address: "10.9.9.9")) }
        guard
            case .failure(.domain(.tooManyAttempts)) = await app.logIn.respond(LogInForm(username: "bob", password: Self.password, address: "10.9.9.9")).result
        else { Issue.record("the address is not refused"); return }
        clock.advance(901)
        #expect(await app.logIn(LogInForm(username: "alice", password: Self.password, address: "10.9.9.9")).text() == .success("Logged in as alice (planner)."))
    }

    @Test func aNewPasswordOrARemovalEndsTheSessionsAndTokens() async throws {
        _ = await app.addUser(AddUserForm(name: "alice", role: "planner", password: Self.password))
        guard case .success(let login) = await app.logIn.respond(LogInForm(username: "alice", password: Self.password)).result,
            case .success(let token) = await app.createToken.respond(CreateTokenForm(user: "alice", label: "nightly import")).result
        else { Issue.record("no login"); return }
        let authentication = app.authentication()
        #expect(token.secret.hasPrefix("rp_\(token.token.id)_") && token.secret.count == 59)
        #expect(try await authentication.principal(token: token.secret)?.name == "alice")
        #expect(try await app.accounts.tokens(ofUser: nil).map(\.label) == ["nightly import"])
        #expect(
            await app.changePassword(ChangePasswordForm(name: "alice", password: "another good password")).text()
                == .success("The password of alice is changed; its sessions are ended."))
        #expect(try await authentication.session(login.sessionId) == nil)
        #expect(
            await app.logIn(LogInForm(username: "alice", password: Self.password)).text()
                == .failure(ViewFailure(.unauthenticated, "The user name or the password is wrong.")))
        #expect(try await authentication.principal(token: token.secret) != nil, "a token outlives a new password")
        #expect(await app.removeUser(RemoveUserForm(name: "alice")).text() == .success("User alice is removed, with its tokens and sessions."))
        #expect(try await authentication.principal(token: token.secret) == nil)
        #expect(await app.removeUser(RemoveUserForm(name: "alice")).text() == .failure(ViewFailure(.notFound, "There is no user alice.")))
    }

    @Test func aRevokedTokenIsRefused() async throws {
        _ = await app.addUser(AddUserForm(name: "bob", role: "customer", customer: "ACME", password: Self.password))
        guard case .success(let made) = await app.createToken.respond(CreateTokenForm(user: "bob")).result else { Issue.record("no token"); return }
        let authentication = app.authentication()
        #expect(try await authentication.principal(token: made.secret) == Principal(name: "bob", role: .customer("ACME")))
        for forged in ["", "rp_", made.secret + "x", String(made.secret.dropLast()), "Bearer " + made.secret, String(repeating: "rp_", count: 100)] {
            #expect(try await authentication.principal(token: forged) == nil, "\(forged)")
        }
        #expect(await app.revokeToken(RevokeTokenForm(id: made.token.id.uppercased())).text() == .success("Token \(made.token.id) is revoked."))
        #expect(try await authentication.principal(token: made.secret) == nil)
        #expect(await app.revokeToken(RevokeTokenForm(id: made.token.id)).text() == .failure(ViewFailure(.notFound, "There is no token \(made.token.id).")))
        #expect(await app.revokeToken(RevokeTokenForm(id: "../etc")).fieldErrors.keys.sorted() == [.id])
        #expect(await app.createToken(CreateTokenForm(user: "carol")).text() == .failure(ViewFailure(.notFound, "There is no user carol.")))
    }

    @Test func onlyAPlannerKeepsTheAccounts() async throws {
        let customer = app.acting(as: Principal(name: "bob", role: .customer("ACME")))
        let refusal = ViewFailure(.forbidden, "Your account may not keep the accounts; a planner may.")
        #expect(await customer.addUser(AddUserForm(name: "eve", role: "planner", password: Self.password)).text() == .failure(refusal))
        #expect(await customer.listUsers(ListUsersForm()).failureMessage == refusal.message)
        #expect(await customer.createToken(CreateTokenForm(user: "bob")).text() == .failure(refusal))
        #expect(await customer.revokeToken(RevokeTokenForm(id: "0123456789ab")).text() == .failure(refusal))
        #expect(try await app.accounts.hasUsers() == false)
    }
}
