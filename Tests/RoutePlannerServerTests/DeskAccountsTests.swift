import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RoutePlanner
import RoutePlannerApplication
@testable import RoutePlannerDesk
@testable import RoutePlannerServer
import RoutePlannerBcrypt
import RoutePlannerFormats
import Testing

/// The desk once its store has users, as an attacker would try it: logins and sessions, form tokens, roles, and
/// one customer's user against another customer's cargo.
@Suite struct DeskAccountsTests {
    static let password = "correct horse battery"

    /// A desk on a public address whose accounts are a planner (alice) and two customers' users (bob of ACME, carol of
    /// GLOBEX), with a cargo of each customer booked: RP000001 for ACME, RP000002 for GLOBEX.
    static func server() async throws -> ScheduleServer {
        let customers = InMemoryCustomerRepository([Customer(id: "ACME", name: "Acme Shipping")!, Customer(id: "GLOBEX", name: "Globex")!])
        let cargo = InMemoryCargoRepository(), accounts = InMemoryAccountRepository()
        let schedule = InMemoryScheduleRepository(network: ServerTests.network)
        let app = RoutePlannerComposition(
            files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(cost: 4), locations: schedule, voyages: schedule, cargo: cargo, customers: customers,
            accounts: accounts, now: { DeskTests.now })
        for (name, role, customer) in [("alice", "planner", ""), ("bob", "customer", "ACME"), ("carol", "customer", "GLOBEX")] {
            guard case .success = await app.addUser(AddUserForm(name: name, role: role, customer: customer, password: password)) else { throw Unexpected() }
        }
        for customer in ["ACME", "GLOBEX"] {
            let form = BookCargoForm(origin: "CNSHA", destination: "NLRTM", ready: "2026-03-23", deadline: "2026-05-30", customer: customer)
            guard case .success = await app.bookCargo(form) else { throw Unexpected() }
        }
        let desk = DeskConfiguration(cargo: cargo, customers: customers, accounts: accounts, solver: nil, keepsCargo: true)
        return try await ScheduleServer(
            configuration: ServerConfiguration(host: "0.0.0.0", port: 0, searchBudget: .seconds(300)), source: "bundled", logger: ServerTests.logger,
            now: { DeskTests.now }, desk: desk
        ) { ServerTests.network }
    }

    struct Unexpected: Error {}

    /// A browser with a cookie jar of one cookie: the session's.
    final class Browser: @unchecked Sendable {
        let server: ScheduleServer
        var session: String?

        init(_ server: ScheduleServer) { self.server = server }

        func get(_ uri: String) async throws -> DeskTests.Answer { try await send(uri, method: .get) }

        func post(_ uri: String, _ fields: [(String, String)], token: Bool = true) async throws -> DeskTests.Answer {
            var fields = fields
            if token, let formToken = try await formToken() { fields.append(("_token", formToken)) }
            let body = fields.map { FormData.encoded($0.0) + "=" + FormData.encoded($0.1) }.joined(separator: "&")
            return try await send(uri, method: .post, contentType: "application/x-www-form-urlencoded", body: body)
        }

        /// The token the forms of the session's pages carry.
        func formToken() async throws -> String? {
            let page = try await get("/routes").body
            guard let range = page.range(of: "name=\"_token\" value=\"") else { return nil }
            return String(page[range.upperBound...].prefix { $0 != "\"" })
        }

        func logIn(_ name: String, password: String = DeskAccountsTests.password) async throws -> DeskTests.Answer {
            try await post("/login", [("username", name), ("password", password), ("next", "/cargo")], token: false)
        }

        func send(_ uri: String, method: HTTPRequest.Method, contentType: String? = nil, body: String = "") async throws -> DeskTests.Answer {
            var headers = HTTPFields()
            if let contentType { headers[.contentType] = contentType }
            if let session { headers[.cookie] = "\(DeskSession.cookieName)=\(session)" }
            let sent = headers
            let response = try await server.application().test(.router) { client in
                try await client.execute(uri: uri, method: method, headers: sent, body: body.isEmpty ? nil : ByteBuffer(string: body)) { $0 }
            }
            if let cookie = response.headers[.setCookie], cookie.hasPrefix(DeskSession.cookieName + "=") {
                let value = String(cookie.dropFirst(DeskSession.cookieName.count + 1).prefix { $0 != ";" })
                session = value.isEmpty ? nil : value
            }
            return DeskTests.Answer(status: Int(response.status.code), headers: response.headers, body: String(buffer: response.body))
        }
    }

    @Test func withoutASessionEveryScreenGoesToTheLoginFormOnAnyAddress() async throws {
        let browser = Browser(try await Self.server())
        for uri in ["/", "/routes?from=CNSHA&to=NLRTM", "/cargo", "/cargo/RP000001", "/book", "/customers", "/assignments", "/schedules/ports"] {
            let answer = try await browser.get(uri)
            #expect(answer.status == 303 && answer.location?.hasPrefix("/login?next=") == true, "\(uri): \(answer.status)")
        }
        #expect(try await browser.get("/cargo?status=on-track").location == "/login?next=%2Fcargo%3Fstatus%3Don-track")
        #expect(try await browser.post("/cargo/RP000001/options", [], token: false).location == "/login?next=%2Fcargo%2FRP000001")
        let login = try await browser.get("/login")
        #expect(login.status == 200 && login.body.contains("type=\"password\"") && !login.body.contains("_token"))
        #expect(try await browser.get("/desk.css").status == 200)
        // A forged session is no session.
        browser.session = "forged-session-id"
        #expect(try await browser.get("/cargo").status == 303)
    }

    @Test func aLoginStartsANewSessionWithItsCookieAndLogoutEndsIt() async throws {
        let browser = Browser(try await Self.server())
        let wrong = try await browser.logIn("alice", password: "not the password")
        let unknown = try await browser.logIn("mallory", password: "not the password")
        #expect(wrong.status == 401 && unknown.status == 401 && wrong.body.contains("The user name or the password is wrong."))
        #expect(wrong.body.replacingOccurrences(of: "alice", with: "mallory") == unknown.body, "the same page for both")
        // A session planted before the login is not the one after it (session fixation).
        browser.session = "planted-by-an-attacker"
        let login = try await browser.logIn("alice")
        let cookie = try #require(login.headers[.setCookie])
        #expect(login.status == 303 && login.location == "/cargo")
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/") && !cookie.contains("Secure"))
        let session = try #require(browser.session)
        #expect(session != "planted-by-an-attacker" && session.count == 43)
        let cargo = try await browser.get("/cargo")
        #expect(cargo.status == 200 && cargo.body.contains("RP000001") && cargo.body.contains("RP000002") && cargo.body.contains("alice (planner)"))
        // Another login is another session.
        let other = Browser(browser.server)
        _ = try await other.logIn("alice")
        #expect(other.session != session)
        // Logging out ends it for good: the same cookie sent again is refused.
        let logout = try await browser.post("/logout", [])
        #expect(logout.status == 303 && logout.location == "/login" && logout.headers[.setCookie]?.contains("Max-Age=0") == true)
        browser.session = session
        #expect(try await browser.get("/cargo").status == 303)
        #expect(try await other.get("/cargo").status == 200)
    }

    @Test func aChangeWithoutItsSessionsFormTokenIsRefused() async throws {
        let browser = Browser(try await Self.server())
        _ = try await browser.logIn("alice")
        #expect(try await browser.post("/customers", [("id", "INITECH"), ("name", "Initech")], token: false).status == 403)
        #expect(try await browser.post("/customers", [("id", "INITECH"), ("name", "Initech"), ("_token", "guessed")], token: false).status == 403)
        // Another session's token is not this one's.
        let other = Browser(browser.server)
        _ = try await other.logIn("alice")
        let othersToken = try #require(try await other.formToken())
        #expect(try await browser.post("/customers", [("id", "INITECH"), ("name", "Initech"), ("_token", othersToken)], token: false).status == 403)
        #expect(try await browser.post("/customers", [("id", "INITECH"), ("name", "Initech")]).status == 303)
        #expect(try await browser.get("/customers").body.contains("Initech"))
    }

    @Test func aCustomersUserSeesItsOwnCargoAndAnothersIsNotFound() async throws {
        let bob = Browser(try await Self.server())
        #expect(try await bob.logIn("bob").status == 303)
        let list = try await bob.get("/cargo")
        #expect(list.status == 200 && list.body.contains("RP000001") && !list.body.contains("RP000002"))
        #expect(!list.body.contains("href=\"/customers\"") && !list.body.contains("href=\"/assignments\""), "no planner's sections")
        #expect(try await bob.get("/cargo?customer=GLOBEX").body.contains("RP000002") == false)
        let own = try await bob.get("/cargo/RP000001")
        #expect(own.status == 200 && !own.body.contains("Register a handling event"))
        // Booked at the forwarder: the customer's user reads its party, never who at the forwarder it was.
        #expect(own.body.contains(", by the forwarder</li>") && !own.body.contains("command line"))
        let alice = Browser(bob.server)
        _ = try await alice.logIn("alice")
        #expect(try await alice.post("/cargo/RP000001/destination", [("destination", "DEHAM")]).status == 303)
        #expect(try await alice.get("/cargo/RP000001").body.contains(", by alice</li>"))
        let changed = try await bob.get("/cargo/RP000001").body
        #expect(!changed.contains("alice") && changed.components(separatedBy: ", by the forwarder</li>").count == 3)
        // Another customer's cargo, by its page, its changes or its lower-case id: not found, never forbidden.
        let missing = try await bob.get("/cargo/RP000002")
        #expect(missing.status == 404)
        #expect(try await bob.get("/cargo/rp000002").status == 404)
        #expect(try await bob.get("/cargo/RP999999").body == missing.body.replacingOccurrences(of: "RP000002", with: "RP999999"))
        #expect(try await bob.post("/cargo/RP000002/options", []).status == 404)
        #expect(try await bob.post("/cargo/RP000002/route", [("candidate", "1")]).status == 404)
        #expect(try await bob.post("/cargo/RP000002/destination", [("destination", "DEHAM")]).status == 404)
        #expect(try await bob.post("/cargo/RP000002/reroute", []).status == 404)
        // Booking for another customer finds no such customer.
        let book = try await bob.post(
            "/book",
            [
                ("customer", "GLOBEX"), ("from", "CNSHA"), ("to", "NLRTM"), ("ready", "2026-03-23"), ("deadline", "2026-05-30"), ("teu", "1"),
            ])
        #expect(book.status == 422 && book.body.contains("There is no customer GLOBEX"))
        // What only a planner does is refused, whoever's cargo it names.
        for uri in ["/customers", "/assignments"] { #expect(try await bob.get(uri).status == 403, "\(uri)") }
        #expect(
            try await bob.post("/cargo/RP000001/events", [("event", "RECEIVE"), ("location", "CNSHA"), ("completionTime", "2026-03-23T08:00:00Z")]).status
                == 403)
        #expect(try await bob.post("/customers", [("id", "X"), ("name", "Y")]).status == 403)
        // Its own cargo it routes.
        #expect(try await bob.post("/cargo/RP000001/options", []).status == 303)
        #expect(try await bob.get("/cargo/RP000001").body.contains("Assign option 1"))
    }

    @Test func repeatedFailedLoginsAreRefusedWithRetryAfter() async throws {
        let browser = Browser(try await Self.server())
        var statuses: [Int] = []
        for _ in 0..<11 { statuses.append(try await browser.logIn("alice", password: "guess number one").status) }
        #expect(statuses == Array(repeating: 401, count: 10) + [429])
        let refused = try await browser.logIn("alice")
        #expect(refused.status == 429 && Int(refused.headers[HTTPField.Name("Retry-After")!] ?? "") ?? 0 > 0 && browser.session == nil)
    }

    @Test func theLoginGoesOnToADeskScreenOnly() {
        #expect(Desk.safeNext("/cargo/RP000001?notice=booked") == "/cargo/RP000001?notice=booked")
        for hostile in [
            "//evil.example/", "https://evil.example/", "/\\evil.example", "/login", "javascript:alert(1)", "/cargo/\u{0}", "", "/nowhere/at/all/x",
        ] {
            #expect(Desk.safeNext(hostile) == "/", "\(hostile)")
        }
    }

    @Test func failedLoginsBehindATrustedProxyCountUnderTheClientsAddress() {
        let proxy: Set<String> = ["10.0.0.2"]
        #expect(DeskMiddleware<ServerRequestContext>.clientAddress(peer: "10.0.0.2", forwardedFor: ["203.0.113.7"], trusted: proxy) == "203.0.113.7")
        // What the client wrote before the proxy's own entry is not believed.
        #expect(DeskMiddleware<ServerRequestContext>.clientAddress(peer: "10.0.0.2", forwardedFor: ["1.2.3.4, 203.0.113.7"], trusted: proxy) == "203.0.113.7")
        #expect(DeskMiddleware<ServerRequestContext>.clientAddress(peer: "10.0.0.2", forwardedFor: [], trusted: proxy) == "10.0.0.2")
        // Another peer's header is not believed at all.
        #expect(DeskMiddleware<ServerRequestContext>.clientAddress(peer: "198.51.100.9", forwardedFor: ["203.0.113.7"], trusted: proxy) == "198.51.100.9")
        #expect(DeskMiddleware<ServerRequestContext>.clientAddress(peer: nil, forwardedFor: ["203.0.113.7"], trusted: proxy) == nil)
    }
}
