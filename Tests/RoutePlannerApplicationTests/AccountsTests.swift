import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerBcrypt
import RoutePlannerFormats
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
        guard case .failure(.domain(.account(.tooManyAttempts(let seconds)))) = refused else { Issue.record("\(refused)"); return }
        #expect((1...900).contains(seconds))
        // Another account from another address is not.
        #expect(await app.logIn(LogInForm(username: "bob", password: Self.password, address: "10.0.1.1")).text() == .success("Logged in as bob (planner)."))
        // One address that fails on many accounts is refused on every one.
        for name in ["x1", "x2", "x3", "x4"] { _ = await app.logIn(LogInForm(username: name, password: "wrong password", address: "10.9.9.9")) }
        guard
            case .failure(.domain(.account(.tooManyAttempts))) = await app.logIn.respond(
                LogInForm(username: "bob", password: Self.password, address: "10.9.9.9")
            ).result
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
