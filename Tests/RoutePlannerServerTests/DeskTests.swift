import BundledData
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import RoutePlanner
import RoutePlannerApplication
@testable import RoutePlannerDesk
@testable import RoutePlannerServer
import RoutePlannerBcrypt
import RoutePlannerFormats
import RoutePlannerTestSupport
import ServiceLifecycle
import Synchronization
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The planner's desk through HTTP, on the bundled network as its files lay it out, with the clock at
/// 2026-03-20 12:00 UTC: every screen and state, the lifecycle of a cargo, hostile input, the headers.
@Suite struct DeskTests {
    /// A desk on loopback without accounts over the test network, its application over `cargo`, planning at ``now``.
    static func desk(cargo: any CargoRepository = InMemoryCargoRepository(), searchBudget: Duration) -> Desk {
        let schedule = InMemoryScheduleRepository(network: ServerTests.network)
        let application = RoutePlannerComposition(
            files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(), locations: schedule, voyages: schedule, cargo: cargo, now: { Self.now })
        return Desk(application: application, network: { ServerTests.network }, solver: nil, servesCargo: true, keepsCargo: false, searchBudget: searchBudget)
    }

    /// 2026-03-20T12:00:00Z: after the first sailings of the bundled files, before the deadlines the tests book.
    static let now = Date(timeIntervalSince1970: 1_774_008_000)

    /// A server with the desk over fresh, in-memory cargo and customers; its assignment runs kept in `runs`, which other
    /// servers may share as servers share a store.
    static func server(
        host: String = "127.0.0.1", solver: (any AssignmentSolver)? = nil, customers: [Customer] = [],
        runs: any AssignmentRunRepository = InMemoryAssignmentRunRepository(), cargo: InMemoryCargoRepository = InMemoryCargoRepository()
    ) async throws -> ScheduleServer {
        let desk = DeskConfiguration(
            cargo: cargo, customers: InMemoryCustomerRepository(customers), assignmentRuns: runs, solver: solver, keepsCargo: false)
        return try await ScheduleServer(
            configuration: ServerConfiguration(host: host, port: 0, searchBudget: .seconds(300)), source: "bundled", logger: ServerTests.logger,
            now: { now }, desk: desk
        ) { ServerTests.network }
    }

    /// An answer: its status, headers and body.
    struct Answer {
        let status: Int
        let headers: HTTPFields
        let body: String
        var location: String? { headers[.location] }
    }

    /// Requests in order against one server, as a browser would send them.
    struct Browser {
        let server: ScheduleServer

        func get(_ uri: String) async throws -> Answer { try await send(uri, method: .get) }

        func post(_ uri: String, _ fields: [(String, String)]) async throws -> Answer {
            // FormData.encoded leaves out blank values, which a browser sends: they are written here.
            let body = fields.map { FormData.encoded($0.0) + "=" + FormData.encoded($0.1) }.joined(separator: "&")
            return try await send(uri, method: .post, contentType: "application/x-www-form-urlencoded", body: body)
        }

        func send(
            _ uri: String, method: HTTPRequest.Method, contentType: String? = nil, body: String = "", headers extra: HTTPFields = [:]
        ) async throws -> Answer {
            let application = try server.application()
            var headers = extra
            if let contentType { headers[.contentType] = contentType }
            let sent = headers
            let response = try await application.test(.router) { client in
                try await client.execute(uri: uri, method: method, headers: sent, body: body.isEmpty ? nil : ByteBuffer(string: body)) { $0 }
            }
            return Answer(status: Int(response.status.code), headers: response.headers, body: String(buffer: response.body))
        }
    }

    /// Whether a page is well-formed XML once its doctype is set aside: every element closed and every text
    /// escaped, so that no input has broken it.
    static func isWellFormed(_ page: String) -> Bool {
        let xml = page.replacingOccurrences(of: "<!DOCTYPE html>", with: "")
        return XMLParser(data: Data(xml.utf8)).parse()
    }

    /// The screens of an empty desk, each with its status.
    static let screens: [(String, Int)] = [
        ("/", 200), ("/routes", 200), ("/routes?from=CNSHA&to=NLRTM&ready=2026-03-02", 200), ("/schedules/ports", 200),
        ("/schedules/ports/SGSIN?from=2026-03-02", 200), ("/schedules/vessels", 200), ("/schedules/vessels/WS15-W09", 200), ("/cargo", 200),
        ("/book", 200), ("/customers", 200), ("/assignments", 503), ("/desk.css", 200), ("/disruptions", 200),
    ]

    /// The home screen names the schedule by its dates, as `network` and `route`'s errors do: first departure to last
    /// arrival.
    @Test func theHomeScreenNamesTheScheduleByItsDates() async throws {
        let browser = Browser(server: try await Self.server())
        let span = try #require(ServerTests.network.sailingSpan)
        func day(_ date: Date) -> String { String(DateText.timestamp(date).prefix(10)) }
        let home = try await browser.get("/")
        #expect(home.body.contains("from \(day(span.lowerBound)) to \(day(span.upperBound))"), "\(home.body)")
    }

    @Test func everyScreenAnswersWithTheSecurityHeadersAndWellFormedHTML() async throws {
        let browser = Browser(server: try await Self.server())
        for (uri, status) in Self.screens {
            let answer = try await browser.get(uri)
            #expect(answer.status == status, "\(uri)")
            #expect(answer.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true, "\(uri)")
            #expect(answer.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true, "\(uri)")
            #expect(answer.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff", "\(uri)")
            #expect(answer.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin", "\(uri)")
            #expect(answer.body.utf8.count <= 150 * 1024, "\(uri): \(answer.body.utf8.count) bytes")
            guard uri != "/desk.css" else { continue }
            #expect(answer.headers[.contentType] == "text/html; charset=utf-8", "\(uri)")
            #expect(Self.isWellFormed(answer.body), "\(uri)")
            #expect(!answer.body.contains("<script"), "\(uri)")
        }
    }

    /// The desk logs each change by its action's name and status, never the form's data; a store's own words go to the
    /// log, never to the page.
    @Test func theDeskLogsActionsWithoutTheirDataAndAStoresWordsOnlyInTheLog() async throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "the disk caught fire" } }
        /// Customers that are kept, until the disk fails.
        final class FailingCustomers: CustomerRepository, Sendable {
            let kept = InMemoryCustomerRepository(), broken = Mutex(false)
            func customer(_ id: CustomerId) async throws -> Customer? { try check(); return try await kept.customer(id) }
            func allCustomers() async throws -> [Customer] { try check(); return try await kept.allCustomers() }
            func save(_ customer: Customer) async throws { try check(); try await kept.save(customer) }
            func check() throws { if broken.withLock({ $0 }) { throw Broken() } }
        }
        let lines = ServerTests.LogLines(), customers = FailingCustomers()
        let logger = Logger(label: "test") { StreamLogHandler(label: $0, stream: lines, metadataProvider: nil) }
        let desk = DeskConfiguration(cargo: InMemoryCargoRepository(), customers: customers, solver: nil, keepsCargo: false)
        let server = try await ScheduleServer(
            configuration: ServerConfiguration(host: "127.0.0.1", port: 0), source: "bundled", logger: logger, now: { Self.now }, desk: desk
        ) { ServerTests.network }
        let browser = Browser(server: server)
        #expect(try await browser.post("/customers", [("id", "SECRETCO"), ("name", "Secret Name Ltd")]).status == 303)
        customers.broken.withLock { $0 = true }
        let page = try await browser.get("/customers")
        #expect(page.body.contains("class=\"notice failure\"") && !page.body.contains("the disk caught fire"), "\(page.body)")
        let log = lines.text.withLock { $0 }
        #expect(log.contains("desk action") && log.contains("action=register-customer") && log.contains("status=303"), "\(log)")
        #expect(!log.contains("SECRETCO") && !log.contains("Secret Name"), "\(log)")
        #expect(log.contains("desk request failed") && log.contains("the disk caught fire"), "\(log)")
    }

    /// The desk leaves to the APIs every path under their paths' first segments, as their tables of operations declare
    /// them, known or not, and answers every other path itself.
    @Test func theDeskLeavesTheAPIsPathsToThem() async throws {
        let browser = Browser(server: try await Self.server())
        for uri in ["/v1/port-schedules-of-mars", "/api/v1/nothing", "/v2/nothing", "/api", "/health"] {
            let answer = try await browser.get(uri)
            #expect(answer.headers[.contentType]?.hasPrefix("text/html") != true, "\(uri): \(answer.status) \(answer.body.prefix(200))")
        }
        for uri in ["/apiary", "/v3/events", "/healthz", "/metrics-of-mars"] {
            let answer = try await browser.get(uri)
            #expect(answer.status == 404 && answer.headers[.contentType] == "text/html; charset=utf-8", "\(uri)")
        }
    }

    /// A link from another system or a bookmark that names a route but no date shows the options from the desk's date,
    /// as the blank form would; a date given blank is still a field to fill in.
    @Test func aDeepLinkWithoutADateShowsTheOptionsFromTheDesksDate() async throws {
        let browser = Browser(server: try await Self.server())
        let page = try await browser.get("/routes?from=CNSHA&to=NLRTM")
        #expect(page.status == 200 && page.body.contains("value=\"2026-03-20\"") && !page.body.contains("error-summary"), "\(page.body.prefix(3_000))")
        #expect(try await browser.get("/routes?from=CNSHA&to=NLRTM&ready=").status == 422)
    }

    /// Ports by their names: the search goes on at the link with their codes; a name of no port, or of several, is a
    /// field's problem; a code no port has is the use case's, with the nearest codes.
    @Test func theRoutesFormTakesAPortsNameOrItsCode() async throws {
        let browser = Browser(server: try await Self.server())
        let named = try await browser.get("/routes?from=shanghai&to=Rotterdam&ready=2026-03-02")
        #expect(named.status == 303 && named.location == "/routes?from=CNSHA&to=NLRTM&ready=2026-03-02", "\(named.location ?? named.body)")
        let unknown = try await browser.get("/routes?from=Atlantis&to=NLRTM&ready=2026-03-02")
        #expect(unknown.status == 422 && unknown.body.contains("No port is named ") && unknown.body.contains("Atlantis"), "\(unknown.body.prefix(3_000))")
        let several = try await browser.get("/routes?from=S&to=NLRTM&ready=2026-03-02")
        #expect(several.status == 422 && several.body.contains("ports match"), "\(several.body.prefix(3_000))")
        let code = try await browser.get("/routes?from=XXXXX&to=NLRTM&ready=2026-03-02")
        #expect(code.status != 303 && !code.body.contains("No port is named") && code.body.contains("XXXXX"), "\(code.body.prefix(3_000))")
    }

    /// The modes field keeps the options to the modes named, and the most changes of mode to that many; an unknown mode,
    /// or a number out of range, is the field's problem.
    @Test func theRoutesFormKeepsTheOptionsToTheModesNamed() async throws {
        let browser = Browser(server: try await Self.server())
        let vessels = try await browser.get("/routes?from=CNSHA&to=NLRTM&ready=2026-03-02&deadline=2026-04-30&k=3&modes=vessel")
        #expect(vessels.status == 200 && vessels.body.contains("3 options") && vessels.body.contains("value=\"vessel\""), "\(vessels.body.prefix(3_000))")
        let trucks = try await browser.get("/routes?from=CNSHA&to=NLRTM&ready=2026-03-02&deadline=2026-04-30&modes=truck")
        #expect(trucks.status == 200 && !trucks.body.contains("3 options") && !trucks.body.contains("error-summary"), "\(trucks.body.prefix(3_000))")
        let planes = try await browser.get("/routes?from=CNSHA&to=NLRTM&ready=2026-03-02&modes=vessel%2C%20plane")
        #expect(planes.status == 422 && planes.body.contains("plane"), "\(planes.body.prefix(3_000))")
        let oneMode = try await browser.get("/routes?from=CNSHA&to=NLRTM&ready=2026-03-02&deadline=2026-04-30&k=3&maxModeChanges=0")
        #expect(oneMode.status == 200 && oneMode.body.contains("3 options") && oneMode.body.contains("Most changes of mode"), "\(oneMode.body.prefix(3_000))")
        let eleven = try await browser.get("/routes?from=CNSHA&to=NLRTM&ready=2026-03-02&maxModeChanges=11")
        #expect(eleven.status == 422 && eleven.body.contains("Enter a whole number from 0 to 10."), "\(eleven.body.prefix(3_000))")
    }

    @Test func theRoutesScreenShowsTheOptionsAndTheirPictures() async throws {
        let browser = Browser(server: try await Self.server())
        let page = try await browser.get("/routes?from=CNSHA&to=NLRTM&ready=2026-03-02&deadline=2026-04-30&k=3")
        #expect(page.status == 200)
        #expect(page.body.contains("3 options"))
        #expect(page.body.components(separatedBy: "<svg").count == 3, "a time line and a map")
        // Each option books with the search's values and itself, to be booked and routed on it in one step.
        #expect(
            page.body.components(separatedBy: "href=\"/book?from=CNSHA&amp;to=NLRTM&amp;ready=2026-03-02&amp;deadline=2026-04-30&amp;option=RP-").count == 4)
        let idle = try await browser.get("/routes")
        #expect(idle.body.contains("Give an origin and a destination"))
        let none = try await browser.get("/routes?from=CNSHA&to=NLRTM&ready=2026-03-02&deadline=2026-03-03")
        #expect(none.status == 200 && none.body.contains("class=\"notice failure\""))
    }

    /// A port is looked up by its code or its name, a voyage by its number or its vessel's name; a name several match
    /// lists them, and a text none matches says so, in words.
    @Test func portsAndVoyagesAreLookedUpByCodeOrName() async throws {
        let browser = Browser(server: try await Self.server())
        for text in ["SGSIN", "sgsin", "Singapore", "singapore "] {
            let found = try await browser.get("/schedules/ports?code=\(FormData.encoded(text))&from=2026-03-02")
            #expect(found.status == 303 && found.location == "/schedules/ports/SGSIN?from=2026-03-02", "\(text)")
        }
        let several = try await browser.get("/schedules/ports?code=S")
        #expect(several.status == 422 && several.body.contains("ports match &quot;S&quot;: ") && several.body.contains("Singapore (SGSIN)"))
        let none = try await browser.get("/schedules/ports?code=Atlantis")
        #expect(none.status == 422 && none.body.contains("No port is named &quot;Atlantis&quot;"))
        let form = try await browser.get("/schedules/ports")
        #expect(form.body.contains("<option value=\"SGSIN\" label=\"Singapore\"/>"), "the ports are suggested by name")
        let voyage = try #require(ServerTests.network.voyages.first { $0.vessel != nil })
        let byNumber = try await browser.get("/schedules/vessels?voyage=\(voyage.number)")
        #expect(byNumber.status == 303 && byNumber.location == "/schedules/vessels/\(voyage.number)")
        let sameVessel = ServerTests.network.voyages.filter { $0.vessel == voyage.vessel }
        let byVessel = try await browser.get("/schedules/vessels?voyage=\(FormData.encoded(voyage.vessel!))")
        if sameVessel.count == 1 {
            #expect(byVessel.status == 303 && byVessel.location == "/schedules/vessels/\(voyage.number)")
        } else {
            #expect(byVessel.status == 422 && byVessel.body.contains("\(sameVessel.count) voyages match"))
        }
        let unknown = try await browser.get("/schedules/vessels?voyage=Ever%20Given")
        #expect(unknown.status == 303 && unknown.location == "/schedules/vessels/Ever%20Given")
        #expect(try await browser.get("/schedules/vessels?voyage=%20").body.contains("Enter a voyage number or a vessel&apos;s name"))
    }

    /// A port's schedule shows each call's vessel, and the port its voyage comes from and goes on to, each linked.
    @Test func aPortsScheduleShowsEachCallsVesselAndThePortsBeforeAndAfter() async throws {
        let browser = Browser(server: try await Self.server())
        let page = try await browser.get("/schedules/ports/SGSIN?from=2026-03-02")
        #expect(page.status == 200 && Self.isWellFormed(page.body))
        for header in ["Voyage", "Vessel", "From", "Arrives", "Leaves", "To", "Cut-offs"] {
            #expect(page.body.contains("<th scope=\"col\">\(header)</th>"), "\(header)")
        }
        let rows = page.body.matches(
            of: /<tr>\n<td>\n<a href="\/schedules\/vessels\/([^"]+)">[^<]*<\/a>\n<\/td>\n<td>([^<]*)<\/td>\n<td>(—<\/td>|\n<a href="[^"]+")/)
        #expect(rows.count > 3)
        var checked = 0
        for row in rows {
            let voyage = try #require(ServerTests.network.voyage(VoyageNumber(String(row.output.1))!))
            #expect(String(row.output.2) == (voyage.vessel ?? "—"))
            // The port before SGSIN on a voyage that calls there once, by its movements: the one arriving at SGSIN.
            let arriving = voyage.movements.filter { $0.arrivalLocation == "SGSIN" }
            guard arriving.count <= 1 else { continue }
            checked += 1
            let from = arriving.first.map { "\n<a href=\"/schedules/ports/\($0.departureLocation)\"" } ?? "—</td>"
            #expect(String(row.output.3) == from, "\(row.output.0)")
        }
        #expect(checked > 3)
    }

    @Test func aWhatIfIsComparedWithThePlainSchedule() async throws {
        let browser = Browser(server: try await Self.server())
        let page = try await browser.get("/routes?from=CNSHA&to=NLRTM&ready=2026-03-02&deadline=2026-04-30&k=3&delay=WS15-W09:72")
        #expect(page.status == 200)
        #expect(page.body.contains("Against the plain schedule"))
        #expect(page.body.contains("Changed:"))
        // Which options are gone and which are new, each with its voyages, in words and marked in the tables.
        #expect(page.body.contains("<li>Gone: CNSHA → MYTPP → NLRTM on WS15-W09, WS25-W07, arriving "))
        #expect(page.body.contains("<li>New: CNSHA → MYTPP → NLRTM on WS15-W09, WS25-W07, arriving "))
        #expect(page.body.contains("<th scope=\"col\">What-if</th>") && page.body.contains("<th scope=\"col\">Voyages</th>"))
        #expect(page.body.contains("<strong>gone</strong>") && page.body.contains("<strong>new</strong>") && page.body.contains("kept with the what-if"))
        let wrong = try await browser.get("/routes?from=CNSHA&to=NLRTM&ready=2026-03-02&cancelVoyage=%20&delay=nonsense&closePort=XX")
        #expect(wrong.status == 422)
        for field in ["search-delay-error", "search-closePort-error"] { #expect(wrong.body.contains("id=\"\(field)\""), "\(field)") }
    }

    @Test func aFormWithEveryFieldWrongNamesEachProblemNextToItsFieldAndKeepsTheInput() async throws {
        let browser = Browser(server: try await Self.server())
        let answer = try await browser.post(
            "/book",
            [
                ("customer", "NOBODY"), ("from", "XX"), ("to", "12345678"), ("ready", "tomorrow"), ("deadline", "soon"), ("teu", "-3"),
                ("cargoType", "GAS"), ("weight", "heavy"), ("revenue", "lots"), ("maxTransitDays", "forever"),
            ])
        #expect(answer.status == 422)
        for field in ["from", "to", "ready", "deadline", "teu", "cargoType", "weight", "revenue", "maxTransitDays"] {
            #expect(answer.body.contains("id=\"book-\(field)-error\""), "\(field)")
            #expect(answer.body.contains("aria-describedby=\"book-\(field)-hint book-\(field)-error\"") || field == "cargoType", "\(field)")
            #expect(answer.body.contains("href=\"#book-\(field)\""), "the summary links to \(field)")
        }
        #expect(answer.body.contains("value=\"tomorrow\""), "the input is kept")
        #expect(Self.isWellFormed(answer.body))
    }

    @Test func aBookingIsCancelledFromItsCargosScreenUntilTheCargoIsLoaded() async throws {
        let browser = Browser(server: try await Self.server())
        _ = try await browser.post("/customers", [("id", "ACME"), ("name", "Acme Shipping")])
        for _ in 0..<2 {
            _ = try await browser.post(
                "/book",
                [
                    ("customer", "ACME"), ("from", "CNSHA"), ("to", "NLRTM"), ("ready", "2026-03-02"), ("deadline", "2026-04-30"), ("teu", "2"),
                ])
        }
        var page = try await browser.get("/cargo/RP000001")
        #expect(page.body.contains("action=\"/cargo/RP000001/cancel\"") && page.body.contains("Cancel the booking"))
        var answer = try await browser.send("/cargo/RP000001/cancel", method: .post, contentType: "application/x-www-form-urlencoded")
        #expect(answer.status == 303 && answer.location == "/cargo/RP000001?notice=cancelled", "\(answer.body)")
        page = try await browser.get("/cargo/RP000001?notice=cancelled")
        #expect(page.body.contains("The booking is cancelled") && page.body.contains(">cancelled<"))
        // Its record stays, and nothing more is offered for it: no options, events, destination, re-route or cancellation.
        #expect(!page.body.contains("action=\"/cargo/RP000001/cancel\"") && !page.body.contains("action=\"/cargo/RP000001/options\""))
        #expect(Self.isWellFormed(page.body))
        // It leaves the list; the other stays.
        let list = try await browser.get("/cargo")
        #expect(!list.body.contains("href=\"/cargo/RP000001\"") && list.body.contains("href=\"/cargo/RP000002\""))
        // Sent again (a second tab), the refusal says why, on the cargo's screen.
        answer = try await browser.send("/cargo/RP000001/cancel", method: .post, contentType: "application/x-www-form-urlencoded")
        // A refusal is answered by its kind, as every front end answers it: 422.
        #expect(answer.status == 422 && answer.body.contains("was cancelled at") && answer.body.contains("class=\"notice failure\""))
        // A loaded cargo's screen offers no cancellation.
        _ = try await browser.post("/cargo/RP000002/events", [("event", "receive"), ("location", "CNSHA"), ("completionTime", "2026-03-02T08:00:00Z")])
        #expect(try await browser.get("/cargo/RP000002").body.contains("action=\"/cargo/RP000002/cancel\""))
    }

    /// The booking form takes a port's name or its code; a name of no port, or of several, is shown with every other problem.
    @Test func theBookingFormTakesAPortsName() async throws {
        let browser = Browser(server: try await Self.server())
        _ = try await browser.post("/customers", [("id", "ACME"), ("name", "Acme Shipping")])
        let booking: [(String, String)] = [("customer", "ACME"), ("ready", "2026-03-21"), ("deadline", "2026-06-30"), ("teu", "1")]
        let wrong = try await browser.post("/book", booking.dropLast() + [("from", "S"), ("to", "Rotterdam"), ("teu", "none")])
        #expect(wrong.status == 422 && wrong.body.contains("ports match") && wrong.body.contains("book-teu-error"), "\(wrong.body.prefix(3_000))")
        let booked = try await browser.post("/book", booking + [("from", "shanghai"), ("to", "Rotterdam")])
        #expect(booked.status == 303 && booked.location?.hasPrefix("/cargo/RP000001") == true, "\(booked.body.prefix(3_000))")
        #expect(try await browser.get("/cargo/RP000001").body.contains("CNSHA → NLRTM"))
    }

    /// "Book" on a route option books and routes the cargo in one step; an option the schedule no longer offers is
    /// refused with the form kept; a deadline no sailing meets is booked and flagged.
    @Test func aRouteOptionIsBookedAndRoutedInOneStep() async throws {
        let browser = Browser(server: try await Self.server())
        _ = try await browser.post("/customers", [("id", "ACME"), ("name", "Acme Shipping")])
        let routes = try await browser.get("/routes?from=CNSHA&to=NLRTM&ready=2026-03-02&deadline=2026-04-30&k=3")
        let link = try #require(routes.body.components(separatedBy: "href=\"").dropFirst().first { $0.hasPrefix("/book?") }?.split(separator: "\"").first)
        let form = try await browser.get(String(link).replacingOccurrences(of: "&amp;", with: "&"))
        #expect(form.body.contains("Book and route") && form.body.contains("id=\"book-option\""))
        let option = try #require(String(link).components(separatedBy: "option=").last)
        let search: [(String, String)] = [
            ("customer", "ACME"), ("from", "CNSHA"), ("to", "NLRTM"), ("ready", "2026-03-02"), ("deadline", "2026-04-30"), ("teu", "1"),
        ]
        var answer = try await browser.post("/book", search + [("option", option), ("bookingReference", "BK-1")])
        #expect(answer.status == 303 && answer.location == "/cargo/RP000001?notice=booked-routed", "\(answer.body)")
        let cargo = try await browser.get("/cargo/RP000001?notice=booked-routed")
        #expect(cargo.body.contains("Booked and routed on the option chosen.") && cargo.body.contains(">on track<") && cargo.body.contains("BK-1"))
        answer = try await browser.post("/book", search + [("option", "RP-0000000000000000")])
        #expect(answer.status == 422 && answer.body.contains("is not one the schedule offers this booking now") && answer.body.contains("RP-0000000000000000"))
        answer = try await browser.post("/book", search + [("bookingReference", "BK-1")])
        #expect(answer.status == 422 && answer.body.contains("BK-1 is already booked as cargo RP000001"))
        answer = try await browser.post(
            "/book", [("customer", "ACME"), ("from", "CNSHA"), ("to", "NLRTM"), ("ready", "2026-03-21"), ("deadline", "2026-03-23"), ("teu", "1")])
        #expect(answer.status == 303 && answer.location == "/cargo/RP000002?notice=booked-late")
    }

    @Test func aCargoIsBookedRoutedHandledTrackedAndReRoutedThroughTheDesk() async throws {
        let browser = Browser(server: try await Self.server())
        var answer = try await browser.post("/customers", [("id", "ACME"), ("name", "Acme Shipping")])
        #expect(answer.status == 303 && answer.location == "/customers?notice=registered")
        answer = try await browser.post(
            "/book",
            [
                ("customer", "ACME"), ("from", "CNSHA"), ("to", "NLRTM"), ("ready", "2026-03-02"), ("deadline", "2026-04-30"), ("teu", "2"),
            ])
        #expect(answer.status == 303 && answer.location == "/cargo/RP000001?notice=booked")
        answer = try await browser.send("/cargo/RP000001/options", method: .post, contentType: "application/x-www-form-urlencoded")
        #expect(answer.status == 303 && answer.location == "/cargo/RP000001?notice=options")
        var page = try await browser.get("/cargo/RP000001?notice=options")
        let candidate = try #require(page.body.firstMatch(of: /name="candidate" value="([^"]+)"/)?.1)
        answer = try await browser.post("/cargo/RP000001/route", [("candidate", String(candidate))])
        #expect(answer.status == 303 && answer.location == "/cargo/RP000001?notice=routed")
        page = try await browser.get("/cargo/RP000001")
        #expect(page.body.contains("Route: "))
        // The event form offers the next expected activity: receive at the origin.
        #expect(page.body.contains("<option value=\"receive\" selected=\"selected\">"))
        answer = try await browser.post("/cargo/RP000001/events", [("event", "receive"), ("location", "CNSHA"), ("completionTime", "2026-03-02T08:00:00Z")])
        #expect(answer.status == 303, "\(answer.body)")
        page = try await browser.get("/cargo/RP000001")
        let voyage = try #require(page.body.firstMatch(of: /id="event-voyage"[^>]*value="([^"]+)"/)?.1)
        let time = try #require(page.body.firstMatch(of: /id="event-completionTime"[^>]*value="([^"]+)"/)?.1)
        answer = try await browser.post(
            "/cargo/RP000001/events", [("event", "load"), ("location", "CNSHA"), ("voyage", String(voyage)), ("completionTime", String(time))])
        #expect(answer.status == 303, "\(answer.body)")
        page = try await browser.get("/cargo/RP000001")
        #expect(page.body.contains("on board carrier"))
        // A load from a voyage it is not on is refused in words, and the form keeps its input.
        answer = try await browser.post(
            "/cargo/RP000001/events", [("event", "unload"), ("location", "NLRTM"), ("voyage", "WS15-W01"), ("completionTime", "2026-03-03T08:00:00Z")])
        #expect(answer.status == 422 && answer.body.contains("class=\"notice failure\""))
        // The refusal, low on the page by its form, is also where the page opens, announced there once.
        #expect(answer.body.contains("<h1>Cargo RP000001</h1>\n<div class=\"notice failure\" role=\"alert\" id=\"page-problems\">"), "\(answer.body)")
        #expect(answer.body.components(separatedBy: "role=\"alert\"").count == 2 && Self.isWellFormed(answer.body))
        // So is a form's error summary, its links to the fields kept.
        answer = try await browser.post("/cargo/RP000001/destination", [("destination", "nowhere"), ("deadline", "soon")])
        #expect(answer.status == 422 && answer.body.contains("<h1>Cargo RP000001</h1>\n<div class=\"error-summary\" role=\"alert\" id=\"page-problems\">"))
        #expect(answer.body.components(separatedBy: "href=\"#destination-destination\"").count == 3, "\(answer.body)")
        answer = try await browser.post("/cargo/RP000001/destination", [("destination", "DEHAM"), ("deadline", "")])
        #expect(answer.status == 303 && answer.location == "/cargo/RP000001?notice=destination")
        answer = try await browser.send("/cargo/RP000001/reroute", method: .post, contentType: "application/x-www-form-urlencoded")
        #expect(answer.status == 303 && answer.location == "/cargo/RP000001?notice=rerouted", "\(answer.body)")
        page = try await browser.get("/cargo/RP000001?notice=rerouted")
        #expect(page.body.contains("DEHAM"))
        let list = try await browser.get("/cargo?customer=acme")
        #expect(list.body.contains("href=\"/cargo/RP000001\""))
        let other = try await browser.get("/cargo?customer=OTHER")
        #expect(other.body.contains("No cargo matches these filters."))
    }

    @Test(arguments: ["<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>"])
    func hostileTextIsShownAsText(text: String) async throws {
        let browser = Browser(server: try await Self.server())
        let registered = try await browser.post("/customers", [("id", "EVIL"), ("name", text)])
        #expect(registered.status == 303)
        let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
        var pages = [try await browser.get("/customers"), try await browser.get("/book")]
        let encoded = FormData.encoded(text)
        for uri in [
            "/routes?from=\(encoded)&to=\(encoded)&ready=\(encoded)", "/cargo?customer=\(encoded)", "/schedules/ports/\(encoded)",
            "/schedules/vessels/\(encoded)", "/cargo/\(encoded)", "/schedules/ports?code=\(encoded)", "/book?from=\(encoded)&customer=\(encoded)",
        ] {
            pages.append(try await browser.get(uri))
        }
        pages.append(try await browser.post("/book", [("customer", text), ("from", text), ("to", text), ("ready", text), ("deadline", text), ("teu", text)]))
        pages.append(try await browser.post("/customers", [("id", text), ("name", "")]))
        for page in pages {
            #expect(!page.body.contains(text), "\(page.status)")
            #expect(!page.body.contains("<img") && !page.body.contains("<script"))
            #expect(Self.isWellFormed(page.body))
        }
        #expect(pages.contains { $0.body.contains(escaped) })
    }

    @Test func anUnknownPathIsTheDesks404PageAndTheAPIIsUnchanged() async throws {
        let browser = Browser(server: try await Self.server())
        let missing = try await browser.get("/nowhere")
        #expect(missing.status == 404 && missing.body.contains("Page not found") && missing.headers[.contentSecurityPolicy] != nil)
        let cargo = try await browser.get("/cargo/RP999999")
        #expect(cargo.status == 404 && cargo.body.contains("RP999999"))
        let api = try await browser.get("/v1/port-schedules?UNLocationCode=SGSIN&date=2026-03-02")
        #expect(api.status == 200 && api.headers[.contentType]?.hasPrefix("application/json") == true)
        let health = try await browser.get("/health")
        #expect(health.status == 200)
    }

    @Test func whatNoBrowserSendsIsRefusedWithAPage() async throws {
        let browser = Browser(server: try await Self.server())
        #expect(try await browser.get("/routes?from=%zz").status == 400)
        #expect(try await browser.send("/book", method: .post, contentType: "application/json", body: "{}").status == 415)
        #expect(try await browser.send("/book", method: .post, contentType: "application/x-www-form-urlencoded", body: "a=%zz").status == 400)
        #expect(try await browser.send("/book", method: .post, contentType: "multipart/form-data; boundary=X", body: "garbage").status == 400)
        let put = try await browser.send("/book", method: .put)
        #expect(put.status == 405 && put.headers[.allow] == "GET, HEAD, POST")
        let head = try await browser.send("/routes", method: .head)
        #expect(head.status == 200 && head.body.isEmpty && Int(head.headers[.contentLength] ?? "") ?? 0 > 0)
        let large = String(repeating: "a", count: Desk.maximumBodyBytes + 1)
        #expect(try await browser.send("/book", method: .post, contentType: "application/x-www-form-urlencoded", body: "x=" + large).status == 413)
    }

    @Test func theCargoScreensAnswerOnlyOnALoopbackAddress() async throws {
        let browser = Browser(server: try await Self.server(host: "0.0.0.0"))
        for uri in ["/cargo", "/cargo/RP000001", "/book", "/customers", "/assignments"] {
            let answer = try await browser.get(uri)
            #expect(answer.status == 404 && answer.body.contains("loopback"), "\(uri)")
        }
        #expect(try await browser.post("/customers", [("id", "A"), ("name", "B")]).status == 404)
        #expect(try await browser.get("/routes").status == 200)
        #expect(try await browser.get("/schedules/vessels/WS15-W09").status == 200)
        // The home screen says nothing of the cargo either.
        let home = try await browser.get("/")
        #expect(home.status == 200 && !home.body.contains("Cargo to look at") && home.body.contains("The desk plans as of"))
        #expect(ServerConfiguration.isLoopback("127.0.0.1") && ServerConfiguration.isLoopback("::1") && ServerConfiguration.isLoopback("localhost"))
        #expect(
            !ServerConfiguration.isLoopback("0.0.0.0") && !ServerConfiguration.isLoopback("192.168.1.2") && !ServerConfiguration.isLoopback("127.0.0.1.evil"))
    }

    @Test func aChangeFromAnotherSiteOrACargoScreenUnderAnotherNameIsRefused() async throws {
        let browser = Browser(server: try await Self.server())
        let form = "application/x-www-form-urlencoded"
        // A form of another site, as its browser says (the testing client sends no Host: the origin names one).
        let elsewhere = try await browser.send("/customers", method: .post, contentType: form, body: "id=A&name=B", headers: [.origin: "http://evil.example"])
        #expect(elsewhere.status == 403)
        let crossSite = try await browser.send(
            "/customers", method: .post, contentType: form, body: "id=A&name=B", headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"])
        #expect(crossSite.status == 403)
        let own = try await browser.send(
            "/customers", method: .post, contentType: form, body: "id=A&name=B", headers: [HTTPField.Name("Sec-Fetch-Site")!: "same-origin"])
        #expect(own.status == 303)
        // A page elsewhere whose name now points at this machine (DNS rebinding) asks under its own name.
        let desk = Self.desk(searchBudget: .seconds(300))
        #expect(await desk.refusal(of: Desk.Request(method: "GET", path: "/cargo", host: "evil.example:8080"))?.status == 403)
        #expect(await desk.refusal(of: Desk.Request(method: "GET", path: "/routes", host: "evil.example:8080")) == nil)
        let home = await desk.respond(to: Desk.Request(method: "GET", path: "/", host: "evil.example:8080"))
        #expect(home?.status == 200 && home?.body.contains("Cargo to look at") == false, "the counts are shown under another name")
        let local = await desk.respond(to: Desk.Request(method: "GET", path: "/", host: "127.0.0.1:8080"))
        #expect(local?.body.contains("Cargo to look at") == true && local?.body.contains("/cargo?status=not-routed&amp;sort=deadline") == true)
        #expect(
            await desk.refusal(
                of: Desk.Request(
                    method: "POST", path: "/book", host: "127.0.0.1:8080", origin: "http://127.0.0.1:8080", fetchSite: "same-origin")) == nil)
        #expect(await desk.refusal(of: Desk.Request(method: "POST", path: "/book", host: "127.0.0.1:8080", origin: "http://localhost:8080"))?.status == 403)
        for host in ["localhost:8080", "[::1]:8080", "127.0.0.1", "127.1.2.3:80", "LOCALHOST"] {
            #expect(await desk.refusal(of: Desk.Request(method: "GET", path: "/cargo", host: host)) == nil, "\(host)")
        }
        for host in ["127.0.0.1.evil.example", "evil.example", "[::2]:8080", "0.0.0.0:8080"] {
            #expect(await desk.refusal(of: Desk.Request(method: "GET", path: "/cargo/RP000001", host: host))?.status == 403, "\(host)")
        }
    }

    /// A route search past the budget (the API's, `serve --search-budget`) is stopped, and the screen says so.
    @Test func aSearchPastTheBudgetIsStoppedAndSaysSo() async throws {
        let desk = Self.desk(searchBudget: .zero)
        let answer = try #require(
            await desk.respond(
                to: Desk.Request(
                    method: "GET", path: "/routes", query: "from=CNSHA&to=NLRTM&ready=2026-03-02&cancelVoyage=WS15-W09", host: "127.0.0.1")))
        #expect(answer.status == 503)
        #expect(answer.body.contains("The search ran past its budget of 0 milliseconds and was stopped"), "\(answer.body)")
        #expect(!answer.body.contains("Options with the what-if"))
        let plain = Self.desk(searchBudget: .seconds(300))
        #expect(
            await plain.respond(to: Desk.Request(method: "GET", path: "/routes", query: "from=CNSHA&to=NLRTM&ready=2026-03-02", host: "127.0.0.1"))?.status
                == 200)

        // A cargo's "find options" and "re-route" stop too, say so, and leave no offer behind.
        let cargo = InMemoryCargoRepository([
            try Cargo(
                trackingId: "RP000001", teu: 1,
                specification: try RouteSpecification(
                    origin: "CNSHA", destination: "NLRTM", readyTime: Self.now, arrivalDeadline: Self.now + 60 * 86_400))
        ])
        let stopped = Self.desk(cargo: cargo, searchBudget: .zero)
        for change in ["options", "reroute"] {
            let answer = try #require(
                await stopped.respond(
                    to: Desk.Request(
                        method: "POST", path: "/cargo/RP000001/\(change)"[...], host: "127.0.0.1:8080", origin: "http://127.0.0.1:8080",
                        fetchSite: "same-origin", contentType: "application/x-www-form-urlencoded")))
            #expect(answer.status == 503, "\(change)")
            #expect(answer.body.contains("The search ran past its budget"), "\(change)")
        }
        #expect(try await cargo.offer(for: "RP000001") == nil)
    }

    @Test func anUploadWithErrorsIsRefusedWithEachProblemLocated() async throws {
        let browser = Browser(server: try await Self.server(solver: UnusedSolver()))
        let file =
            "booking,origin,destination,ready,deadline,teu,revenue_per_teu\nK1,CNSHA,XXXXX,2026-03-02,2026-04-30,2,1000\nK2,CNSHA,NLRTM,someday,2026-04-30,2,1000\n"
        let body =
            "--B\r\nContent-Disposition: form-data; name=\"source\"\r\n\r\nfile\r\n--B\r\nContent-Disposition: form-data; name=\"bookings\"; filename=\"mine.csv\"\r\nContent-Type: text/csv\r\n\r\n\(file)\r\n--B\r\nContent-Disposition: form-data; name=\"timeLimit\"\r\n\r\n5\r\n--B--\r\n"
        let answer = try await browser.send("/assignments", method: .post, contentType: "multipart/form-data; boundary=B", body: body)
        #expect(answer.status == 422)
        #expect(answer.body.contains("mine.csv:2:") && answer.body.contains("mine.csv:3:"), "\(answer.body)")
        let none = try await browser.send(
            "/assignments", method: .post, contentType: "multipart/form-data; boundary=B",
            body:
                "--B\r\nContent-Disposition: form-data; name=\"source\"\r\n\r\nfile\r\n--B\r\nContent-Disposition: form-data; name=\"timeLimit\"\r\n\r\nsoon\r\n--B--\r\n"
        )
        #expect(none.status == 422 && none.body.contains("id=\"assign-timeLimit-error\""))
        let binary = try await browser.send(
            "/assignments", method: .post, contentType: "multipart/form-data; boundary=B",
            body:
                "--B\r\nContent-Disposition: form-data; name=\"source\"\r\n\r\nfile\r\n--B\r\nContent-Disposition: form-data; name=\"bookings\"; filename=\"x.csv\"\r\n\r\n\u{0}\u{1}\r\n--B\r\nContent-Disposition: form-data; name=\"timeLimit\"\r\n\r\n5\r\n--B--\r\n"
        )
        #expect(binary.status == 422 || binary.body.contains("assign-bookings-error"), "\(binary.status)")
        #expect(try await browser.get("/assignments/unknown").status == 404)
    }

    /// The disruptions screen over a live schedule: a file of events uploaded, the cargo it disrupts listed with a way to
    /// its options, the carriers' events shown, and the server routing on the moved schedule.
    @Test func aFileOfEventsUploadedAtTheDeskListsTheCargoItDisrupts() async throws {
        let cargo = InMemoryCargoRepository(), customers = InMemoryCustomerRepository([Customer(id: "ACME", name: "Acme Shipping")!])
        let events = cargo.carrierEvents
        let live = LiveScheduleRepository(published: InMemoryScheduleRepository(network: ServerTests.network), events: events)
        let app = RoutePlannerComposition(
            files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(), locations: live, voyages: live, cargo: cargo, customers: customers,
            liveSchedule: live, now: { Self.now })
        guard
            case .success = await app.bookCargo(
                BookCargoForm(origin: "CNSHA", destination: "NLRTM", ready: "2026-03-23", deadline: "2026-05-30", customer: "ACME")),
            case .success = await app.routeCargo(RouteCargoForm(trackingId: "RP000001", limit: "1")),
            case .success = await app.assignToRoute(AssignToRouteForm(trackingId: "RP000001", candidate: "1"))
        else { throw LifecycleAPITests.Unexpected() }
        let server = try await ScheduleServer(
            configuration: ServerConfiguration(host: "127.0.0.1", port: 0, searchBudget: .seconds(300)), source: "bundled", logger: ServerTests.logger,
            now: { Self.now }, desk: DeskConfiguration(cargo: cargo, customers: customers, solver: nil, keepsCargo: true, liveSchedule: live)
        ) {
            events.scheduleChanges().liveSchedule(over: ServerTests.network).network()
        }
        let browser = Browser(server: server)
        let before = try await browser.get("/disruptions")
        #expect(before.status == 200 && before.body.contains("No cargo is disrupted") && Self.isWellFormed(before.body))

        func upload(_ file: String) async throws -> Answer {
            let body =
                "--B\r\nContent-Disposition: form-data; name=\"events\"; filename=\"feed.json\"\r\nContent-Type: application/json\r\n\r\n\(file)\r\n--B--\r\n"
            return try await browser.send("/disruptions", method: .post, contentType: "multipart/form-data; boundary=B", body: body)
        }
        let wrong = try await upload("{\"not\": \"events\"}")
        #expect(wrong.status == 422 && wrong.body.contains("id=\"apply-events-events-error\"") && wrong.body.contains("not an array of events"))

        // The first leg's vessel ten days late where the cargo leaves it.
        let leg = try #require(try await cargo.cargo("RP000001")?.itinerary?.legs.first)
        let ports = [leg.voyage.movements[0].departureLocation] + leg.voyage.movements.map(\.arrivalLocation)
        let call = leg.movementIndices.upperBound
        let applied = try await upload(
            """
            [{"eventID": "7d1e0c52-3a9b-4f6e-8d2c-5b4a39e1f0a7", "eventType": "TRANSPORT", "eventClassifierCode": "EST", "eventCreatedDateTime": "2026-03-20T00:00:00Z",
              "eventDateTime": "\(DateText.timestamp(leg.unloadTime + 10 * 86_400))", "transportEventTypeCode": "ARRI",
              "transportCall": {"transportCallID": "x", "modeOfTransport": "VESSEL", "UNLocationCode": "\(leg.unloadLocation.code)",
                                "importVoyageNumber": "\(leg.voyage.number)", "transportCallSequenceNumber": \(ports[...call].count { $0 == ports[call] })}}]
            """)
        #expect(applied.status == 303)
        let after = try await browser.get(try #require(applied.location))
        #expect(after.status == 200 && Self.isWellFormed(after.body))
        #expect(after.body.contains("1 event: 1 applied to the schedule; 1 cargo disrupted."))
        #expect(after.body.contains("<a href=\"/cargo/RP000001\">RP000001</a>") && after.body.contains("name=\"choose-RP000001\""))
        #expect(after.body.contains("Option 1: ") && after.body.contains("Leave as it is") && after.body.contains("later than planned"))
        #expect(after.body.contains("EST arrival of \(leg.voyage.number) at \(leg.unloadLocation.code)"))
        #expect(server.schedule.generation == 2)
        // Its cargo page says it is disrupted, and why, as the disruption screen does.
        let page = try await browser.get("/cargo/RP000001")
        #expect(page.status == 200 && page.body.contains("disrupted") && page.body.contains("Re-route it: as the schedule now sails, it "), "\(page.body)")
        #expect(!page.body.contains(">on track<"))

        // The voyage published again without the call where the cargo leaves it.
        let voyage = try #require(server.schedule.network.voyage(leg.voyage.number))
        let republished = try await upload(
            String(decoding: BruteForceDisruption.publicationDocument([BruteForceDisruption.omitting(call: call, of: voyage)]), as: UTF8.self))
        #expect(republished.status == 303)
        let shown = try await browser.get(try #require(republished.location))
        #expect(
            shown.body.contains("1 voyage published again: 1 changed the schedule; 1 cargo disrupted: 0 by this batch, 1 before it.")
                && Self.isWellFormed(shown.body), "\(shown.body)")
        #expect(shown.body.contains("can no longer take leg 1 on \(leg.voyage.number): \(leg.voyage.number) no longer calls at \(leg.unloadLocation.code)"))
        #expect(
            shown.body.contains("Voyages published again") && shown.body.contains("\(leg.voyage.number): omits \(leg.unloadLocation.code)"), "\(shown.body)")
        #expect(server.schedule.generation == 3)

        // "Choose the best option of every cargo at risk" chooses the first option of each cargo at risk, and of no other.
        let checked = "name=\"choose-RP000001\" value=\"1\" checked=\"checked\""
        let atRisk = try await browser.get("/disruptions?select=at-risk"), late = try await browser.get("/disruptions?select=late")
        #expect(shown.body.contains("at risk: its route is disrupted"), "\(shown.body)")
        #expect(atRisk.status == 200 && atRisk.body.contains(checked) && !late.body.contains(checked) && !shown.body.contains(checked))
        #expect(late.body.contains("name=\"choose-RP000001\" value=\"\" checked=\"checked\""))

        // Chosen, its first option is previewed with nothing written, then confirmed: the cargo is re-routed.
        let none = try await browser.get("/disruptions?preview=yes")
        #expect(none.status == 422 && none.body.contains("Choose at least one cargo") && Self.isWellFormed(none.body))
        let preview = try await browser.get("/disruptions?preview=yes&choose-RP000001=1")
        #expect(preview.status == 200 && Self.isWellFormed(preview.body), "\(preview.body)")
        #expect(preview.body.contains("What will change") && preview.body.contains("1 cargo would be re-routed; 0 would be left as they are."))
        #expect(try await cargo.cargo("RP000001")?.itinerary?.legs.first == leg)
        let confirmation = try #require(preview.body.firstMatch(of: /name="choice" value="(RP000001=RP-[0-9a-f]+)"/)?.output.1)
        let confirmed = try await browser.post("/disruptions/accept", [("choice", String(confirmation))])
        #expect(confirmed.status == 200 && confirmed.body.contains("1 cargo re-routed; 0 left as they were.") && Self.isWellFormed(confirmed.body))
        #expect(confirmed.body.contains("No cargo is disrupted"), "\(confirmed.body)")
        let rerouted = try #require(try await cargo.cargo("RP000001"))
        #expect(rerouted.itinerary?.legs.first != leg && rerouted.changes.last?.kind == .routed)
        // Confirmed again, the cargo is no longer disrupted and is left as it is, saying why.
        let again = try await browser.post("/disruptions/accept", [("choice", String(confirmation))])
        #expect(again.body.contains("0 cargo re-routed; 1 left as it was.") && again.body.contains("the schedule does not disrupt it: it is on track"))
    }

    /// A form's field over its limit is refused whole, naming the field without echoing its value, in a page of a few
    /// KiB. (A query cannot hold one: the server refuses a request target over 8 KiB.)
    @Test func anOverLongFieldIsRefusedWithoutBeingEchoed() async throws {
        let browser = Browser(server: try await Self.server(customers: [Customer(id: "ACME", name: "Acme Shipping")!]))
        func book(customer: String) async throws -> (status: Int, body: String) {
            let booked = try await browser.post(
                "/book",
                [
                    ("from", "CNSHA"), ("to", "NLRTM"), ("ready", "2026-03-02"), ("deadline", "2026-04-30"), ("teu", "2"), ("customer", customer),
                ])
            return (booked.status, booked.body)
        }
        let long = try await book(customer: String(repeating: "x", count: 100 * 1_024))
        #expect(long.status == 413 && long.body.utf8.count < 16_384 && !long.body.contains(String(repeating: "x", count: 100)))
        #expect(long.body.contains("“customer”") && Self.isWellFormed(long.body), "\(long.body.prefix(2_000))")
        // A form without a file over its limit is refused before it is read further, let alone parsed.
        let huge = try await book(customer: String(repeating: "x", count: 1_024 * 1_024))
        #expect(huge.status == 413 && huge.body.contains("larger than its limit of 256 KiB") && !huge.body.contains("xxxxxxxxxx"))
        // Up to the limit, a value is read as usual.
        #expect(try await browser.get("/routes?from=CNSHA&to=" + String(repeating: "N", count: 8_000)).status == 422)
    }

    /// An assignment run from an uploaded file: its screen shows the solver's last step while it works, then the plan.
    /// (The release build crashed here when the steps were handed on as a task-local value.)
    @Test func anAssignmentRunShowsItsStepsThenItsPlan() async throws {
        let solver = SteppingSolver()
        let browser = Browser(server: try await Self.server(solver: solver, customers: [Customer(id: "ACME", name: "Acme Shipping")!]))
        let file = "booking,customer,origin,destination,ready,deadline,teu,revenue_per_teu\nK1,ACME,CNSHA,NLRTM,2026-03-02,2026-04-30,2,1000\n"
        let body =
            "--B\r\nContent-Disposition: form-data; name=\"source\"\r\n\r\nfile\r\n--B\r\nContent-Disposition: form-data; name=\"bookings\"; filename=\"mine.csv\"\r\nContent-Type: text/csv\r\n\r\n\(file)\r\n--B\r\nContent-Disposition: form-data; name=\"timeLimit\"\r\n\r\n30\r\n--B--\r\n"
        let started = try await browser.send("/assignments", method: .post, contentType: "multipart/form-data; boundary=B", body: body)
        #expect(started.status == 303)
        let run = try #require(started.location)
        func page(until text: String) async throws -> String {
            for _ in 0..<3_000 {
                let page = try await browser.get(run).body
                if page.contains(text) { return page }
                try await Task.sleep(for: .milliseconds(10))
            }
            return try await browser.get(run).body
        }
        let running = try await page(until: "Last step: pricing round 1")
        #expect(running.contains("Last step: pricing round 1"), "\(running)")
        // Listed while it works, with its last step.
        let listed = try await browser.get("/assignments").body
        #expect(listed.contains("<a href=\"\(run)\">") && listed.contains("<td>running</td>\n<td>pricing round 1</td>"), "\(listed)")
        solver.finish()
        let finished = try await page(until: "Totals")
        #expect(finished.contains("Carried: 1 of 1 bookings") && Self.isWellFormed(finished), "\(finished)")
        // Then with what it came to.
        let done = try await browser.get("/assignments").body
        #expect(done.contains("<td>finished</td>\n<td>Bookings file mine.csv: Carried: 1 of 1 bookings, 2 TEU; Revenue: "), "\(done)")
        #expect(Self.isWellFormed(done))
        // A file's plan is never written to the store: there is nothing to confirm.
        #expect(!finished.contains("/confirm\""))
    }

    /// A run on the store's open cargo is a preview: nothing is written until the planner confirms it, and then only once.
    @Test func anAssignmentRunOnTheStoreWritesItsPlanOnlyWhenConfirmed() async throws {
        let specification = try RouteSpecification(
            origin: "CNSHA", destination: "NLRTM", readyTime: Self.now, arrivalDeadline: Self.now + 40 * 86_400)
        let cargo = InMemoryCargoRepository([try Cargo(trackingId: "RP000001", teu: 2, specification: specification, revenuePerTEU: 1_000)])
        let browser = Browser(server: try await Self.server(solver: SteppingSolver(finished: true), cargo: cargo))
        let body =
            "--B\r\nContent-Disposition: form-data; name=\"source\"\r\n\r\nstore\r\n--B\r\nContent-Disposition: form-data; name=\"timeLimit\"\r\n\r\n30\r\n--B--\r\n"
        let started = try await browser.send("/assignments", method: .post, contentType: "multipart/form-data; boundary=B", body: body)
        let run = try #require(started.location, "\(started.body)")
        var preview = ""
        for _ in 0..<1_000 where !preview.contains("Totals") {
            preview = try await browser.get(run).body
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(
            preview.contains("<h1>Assignment preview</h1>") && preview.contains("action=\"\(run)/confirm\"") && preview.contains("Write the 1 route"),
            "\(preview)")
        #expect(Self.isWellFormed(preview))
        #expect(try await cargo.cargo("RP000001")?.itinerary == nil)
        #expect(
            try await browser.get("/assignments").body.contains(
                "<td>finished</td>\n<td>The store&apos;s open cargo (a preview, not written yet): Carried: 1 of 1 bookings"))

        #expect(try await browser.post(run + "/confirm", []).location == run)
        let written = try await browser.get(run).body
        #expect(written.contains("<h1>Assignment written</h1>") && written.contains("Written: 1 of 1 route.") && !written.contains("/confirm\""), "\(written)")
        #expect(try await cargo.cargo("RP000001")?.routingStatus == .routed)
        #expect(try await browser.get("/assignments").body.contains("<td>written</td>\n<td>The store&apos;s open cargo: Carried: 1 of 1 bookings"))
        #expect(try await browser.get("/assignments").body.contains("Written: 1 of 1 route.</td>"))
        // Confirmed again (a second tab), nothing more is written and the run says what the first wrote.
        #expect(try await browser.post(run + "/confirm", []).location == run)
        #expect(try await browser.get(run).body == written)
    }

    /// A run is kept in its store: its screen opens on another server over the store while it works, and stops it from
    /// there; once it ends, its plan opens after a restart; and a server that shuts down stops its runs, saying so.
    @Test func anAssignmentRunIsKeptInTheStoreForEveryServerOverIt() async throws {
        let runs = InMemoryAssignmentRunRepository(), acme = [Customer(id: "ACME", name: "Acme Shipping")!]
        let first = try await Self.server(solver: StoppableSolver(), customers: acme, runs: runs)
        let second = Browser(server: try await Self.server(solver: StoppableSolver(), customers: acme, runs: runs))
        let file = "booking,customer,origin,destination,ready,deadline,teu,revenue_per_teu\nK1,ACME,CNSHA,NLRTM,2026-03-02,2026-04-30,2,1000\n"
        let body =
            "--B\r\nContent-Disposition: form-data; name=\"source\"\r\n\r\nfile\r\n--B\r\nContent-Disposition: form-data; name=\"bookings\"; filename=\"mine.csv\"\r\nContent-Type: text/csv\r\n\r\n\(file)\r\n--B\r\nContent-Disposition: form-data; name=\"timeLimit\"\r\n\r\n30\r\n--B--\r\n"
        func start(on server: ScheduleServer) async throws -> String {
            let started = try await Browser(server: server).send("/assignments", method: .post, contentType: "multipart/form-data; boundary=B", body: body)
            #expect(started.status == 303, "\(started.body)")
            return try #require(started.location)
        }
        func page(_ run: String, on browser: Browser, until text: String) async throws -> String {
            for _ in 0..<1_000 {
                let page = try await browser.get(run).body
                if page.contains(text) { return page }
                try await Task.sleep(for: .milliseconds(10))
            }
            return try await browser.get(run).body
        }
        // Started on the first server, followed and stopped on the second.
        let run = try await start(on: first)
        let working = try await page(run, on: second, until: "Last step: pricing round 1")
        #expect(working.contains("Last step: pricing round 1") && working.contains("action=\"\(run)/cancel\""), "\(working)")
        // One run works at a time over the store, whichever server is asked.
        let refused = try await second.send("/assignments", method: .post, contentType: "multipart/form-data; boundary=B", body: body)
        #expect(refused.status == 409 && refused.body.contains("Another assignment is running") && refused.body.contains("href=\"\(run)\""))
        #expect(try await second.post(run + "/cancel", []).location == run)
        let stopped = try await page(run, on: second, until: "Assignment cancelled")
        #expect(stopped.contains("Assignment cancelled") && Self.isWellFormed(stopped), "\(stopped)")

        // A run that ends with a plan: its screen and its files open on a server started after it ended.
        let finished = try await start(on: try await Self.server(solver: SteppingSolver(finished: true), customers: acme, runs: runs))
        let restarted = Browser(server: try await Self.server(solver: nil, customers: acme, runs: runs))
        let plan = try await page(finished, on: restarted, until: "Totals")
        #expect(plan.contains("Carried: 1 of 1 bookings") && plan.contains("plan.csv"), "\(plan)")
        let csv = try await restarted.get(finished + "/plan.csv")
        #expect(csv.status == 200 && csv.body.hasPrefix("booking,teu,carried,") && csv.body.split(separator: "\n").count > 1, "\(csv.body)")

        // A server that shuts down stops its runs, and the store says so: its service waits for the shutdown, then stops them.
        let third = try await Self.server(solver: StoppableSolver(), customers: acme, runs: runs)
        let last = try await start(on: third)
        _ = try await page(last, on: Browser(server: third), until: "Last step: pricing round 1")
        let desk = try #require(third.desk)
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [CancelRunsOnShutdown(desk: desk)], logger: ServerTests.logger))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            #expect(try await Browser(server: third).get(last).body.contains("Assignment running"))
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        #expect(try await second.get(last).body.contains("Assignment cancelled"))
    }

    /// A run left running by a server that stopped without ending it says so once it has not been alive for a while.
    @Test func anAssignmentRunLeftByAStoppedServerIsInterrupted() async throws {
        let runs = InMemoryAssignmentRunRepository()
        let long = Double(AssignmentRunRecord.aliveWindow.components.seconds) + 1
        _ = await runs.start(AssignmentRunRecord(id: "gone", startedAt: Date() - long), at: Date() - long)
        let browser = Browser(server: try await Self.server(solver: StoppableSolver(), runs: runs))
        let page = try await browser.get("/assignments/gone")
        #expect(page.status == 200 && page.body.contains("Assignment interrupted") && !page.body.contains("/cancel"), "\(page.body)")
    }

    /// A solver that reports a step, then works until its task is cancelled.
    struct StoppableSolver: AssignmentSolver {
        func assign(
            _ bookings: [Booking], on network: ScheduleNetwork, options: AssignmentOptions, progress: (@Sendable (String) -> Void)?
        ) throws(AssignmentError) -> AssignmentPlan {
            progress?("pricing round 1")
            while !Task.isCancelled { Thread.sleep(forTimeInterval: 0.01) }
            throw .cancelled
        }
    }

    /// A solver that reports a step, then waits to be told to finish, and carries each booking on its earliest arrival.
    final class SteppingSolver: AssignmentSolver, Sendable {
        private let finishing = DispatchSemaphore(value: 0)

        /// A solver told to finish from the start, with `finished`.
        init(finished: Bool = false) {
            if finished { finishing.signal() }
        }

        func finish() { finishing.signal() }

        func assign(
            _ bookings: [Booking], on network: ScheduleNetwork, options: AssignmentOptions, progress: (@Sendable (String) -> Void)?
        ) throws(AssignmentError) -> AssignmentPlan {
            progress?("pricing round 1")
            _ = finishing.wait(timeout: .now() + 60)
            let assignments = bookings.map { booking in
                BookingAssignment(booking: booking, itinerary: try? network.earliestArrival(for: booking.specification), reason: nil)
            }
            return AssignmentPlan(
                assignments: assignments, status: .optimal, objective: 2_000, bound: 2_000, revenue: 2_000, greedyRevenue: 2_000,
                greedyObjective: 2_000, busiestLegs: [], duration: .milliseconds(1), columnCount: 1, rowCount: 1, pricingRounds: 1)
        }
    }

    /// A solver for the tests that never reach it: the form or the file is refused first.
    struct UnusedSolver: AssignmentSolver {
        func assign(
            _ bookings: [Booking], on network: ScheduleNetwork, options: AssignmentOptions, progress: (@Sendable (String) -> Void)?
        ) throws(AssignmentError) -> AssignmentPlan {
            Issue.record("the solver was reached")
            throw AssignmentError.cancelled
        }
    }
}
