import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RoutePlanner
import RoutePlannerApplication
@testable import RoutePlannerServer
import RoutePlannerBcrypt
import RoutePlannerFormats
import RoutePlannerTestSupport
import Testing

/// The lifecycle API (`/api/v1/`) through HTTP, as programs and attackers call it: tokens, one customer's user
/// against another's cargo, every problem of a request at once, and the statuses of what cannot be done.
@Suite struct LifecycleAPITests {
    /// A server whose accounts are a planner's token and one for a user of ACME, over cargo RP000001 (ACME) and
    /// RP000002 (GLOBEX); the tokens in that order, and one revoked.
    static func server() async throws -> (server: ScheduleServer, planner: String, acme: String, revoked: String) {
        let customers = InMemoryCustomerRepository([Customer(id: "ACME", name: "Acme Shipping")!, Customer(id: "GLOBEX", name: "Globex")!])
        let cargo = InMemoryCargoRepository(), accounts = InMemoryAccountRepository()
        let schedule = InMemoryScheduleRepository(network: ServerTests.network)
        let app = RoutePlannerComposition(
            files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(cost: 4), locations: schedule, voyages: schedule, cargo: cargo, customers: customers,
            accounts: accounts, now: { DeskTests.now })
        var tokens: [String] = []
        for (name, role, customer) in [("alice", "planner", ""), ("bob", "customer", "ACME"), ("carol", "customer", "GLOBEX")] {
            _ = await app.addUser(AddUserForm(name: name, role: role, customer: customer, password: "correct horse battery"))
            guard case .success(let made) = await app.createToken.respond(CreateTokenForm(user: name)).result else { throw Unexpected() }
            tokens.append(made.secret)
        }
        guard case .success = await app.revokeToken(RevokeTokenForm(id: String(tokens[2].dropFirst(3).prefix(12)))) else { throw Unexpected() }
        for customer in ["ACME", "GLOBEX"] {
            let form = BookCargoForm(origin: "CNSHA", destination: "NLRTM", ready: "2026-03-23", deadline: "2026-05-30", customer: customer)
            guard case .success = await app.bookCargo(form) else { throw Unexpected() }
        }
        let desk = DeskConfiguration(cargo: cargo, customers: customers, accounts: accounts, solver: nil, keepsCargo: true)
        let server = try await ScheduleServer(
            configuration: ServerConfiguration(host: "0.0.0.0", port: 0, searchBudget: .seconds(300)), source: "bundled", logger: ServerTests.logger,
            now: { DeskTests.now }, desk: desk
        ) { ServerTests.network }
        return (server, tokens[0], tokens[1], tokens[2])
    }

    struct Unexpected: Error {}

    struct Answer {
        let status: Int
        let headers: HTTPFields
        let body: String
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:] }
        /// Each problem as "field: message", or the message alone.
        var problems: [String] {
            (json["problems"] as? [[String: Any]] ?? []).map { problem in
                ((problem["field"] as? String).map { "\($0): " } ?? "") + (problem["message"] as? String ?? "")
            }
        }
        var fields: [String] { (json["problems"] as? [[String: Any]] ?? []).compactMap { $0["field"] as? String } }
    }

    static func send(
        _ server: ScheduleServer, _ method: HTTPRequest.Method, _ uri: String, token: String?, json: String? = nil, contentType: String = "application/json"
    ) async throws -> Answer {
        var headers = HTTPFields()
        if let token { headers[.authorization] = "Bearer \(token)" }
        if json != nil { headers[.contentType] = contentType }
        let sent = headers
        let response = try await server.application().test(.router) { client in
            try await client.execute(uri: uri, method: method, headers: sent, body: json.map { ByteBuffer(string: $0) }) { $0 }
        }
        return Answer(status: Int(response.status.code), headers: response.headers, body: String(buffer: response.body))
    }

    @Test func theOperationsAreDeclaredOnceForTheRouterTheirOtherMethodsAndTheOpenAPIFile() async throws {
        // The OpenAPI file documents the operations the router answers, and no others.
        let url = JSONSchemas.repository.appendingPathComponent("docs/api/lifecycle.openapi.json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var documented: Set<String> = []
        for (path, item) in paths {
            for (method, operation) in item where method != "parameters" {
                documented.insert("\(method.uppercased()) \(path) \((operation as? [String: Any])?["operationId"] ?? "none")")
            }
        }
        let declared = LifecycleAPI.operations.map { "\($0.method.rawValue) \($0.path.replacingOccurrences(of: ":trackingId", with: "{trackingId}")) \($0.id)" }
        #expect(Set(declared).count == declared.count && documented == Set(declared))
        // Every declared operation asks for a token, and every other method of its path is 405 with what it allows.
        let (server, _, _, _) = try await Self.server()
        for (path, methods) in LifecycleAPI.paths {
            let uri = path.replacingOccurrences(of: ":trackingId", with: "RP000001")
            for method in [HTTPRequest.Method.get, .post, .put, .patch, .delete] {
                let answer = try await Self.send(server, method, uri, token: nil, json: method == .get ? nil : "{}")
                if methods.contains(method) {
                    #expect(answer.status == 401, "\(method) \(uri)")
                } else {
                    #expect(
                        answer.status == 405 && answer.headers[HTTPField.Name("Allow")!] == methods.map(\.rawValue).joined(separator: ", "), "\(method) \(uri)")
                }
            }
        }
    }

    @Test func withoutAValidTokenEveryOperationIs401() async throws {
        let (server, _, _, revoked) = try await Self.server()
        for (method, uri) in [
            (HTTPRequest.Method.get, "/api/v1/customers"), (.get, "/api/v1/cargo"), (.get, "/api/v1/cargo/RP000001"),
            (.post, "/api/v1/cargo"), (.post, "/api/v1/cargo/RP000001/options"), (.post, "/api/v1/cargo/RP000002/events"),
        ] {
            for token in [nil, "rp_forged_token", revoked, ""] {
                let answer = try await Self.send(server, method, uri, token: token, json: method == .post ? "{}" : nil)
                #expect(answer.status == 401 && answer.headers[.wwwAuthenticate] == "Bearer realm=\"route-planner\"", "\(method) \(uri) \(token ?? "none")")
            }
        }
    }

    @Test func aCustomersTokenSeesItsOwnCargoAndAnothersIsNotFound() async throws {
        let (server, planner, acme, _) = try await Self.server()
        let all = try await Self.send(server, .get, "/api/v1/cargo", token: planner)
        #expect(all.status == 200 && (all.json["cargo"] as? [Any])?.count == 2)
        let own = try await Self.send(server, .get, "/api/v1/cargo", token: acme)
        #expect((own.json["cargo"] as? [[String: Any]])?.compactMap { $0["trackingId"] as? String } == ["RP000001"])
        #expect((try await Self.send(server, .get, "/api/v1/cargo?customer=GLOBEX", token: acme).json["cargo"] as? [Any])?.isEmpty == true)
        #expect((try await Self.send(server, .get, "/api/v1/customers", token: acme).json["customers"] as? [[String: Any]])?.count == 1)
        let missing = try await Self.send(server, .get, "/api/v1/cargo/RP000002", token: acme)
        #expect(missing.status == 404 && missing.problems == ["There is no cargo with tracking id RP000002."])
        for (uri, json) in [("options", "{}"), ("route", "{\"candidate\": 1}"), ("destination", "{\"destination\": \"DEHAM\"}"), ("reroute", "{}")] {
            #expect(try await Self.send(server, .post, "/api/v1/cargo/RP000002/\(uri)", token: acme, json: json).status == 404, "\(uri)")
        }
        #expect(try await Self.send(server, .get, "/api/v1/cargo/rp000002/options", token: acme).status == 404)
        // A planner's operations are refused, whoever's cargo they name.
        let event =
            "{\"event\": \"RECEIVE\", \"location\": \"CNSHA\", \"completionTime\": \"2026-03-23T08:00:00Z\", \"registrationTime\": \"2026-03-23T09:00:00Z\"}"
        #expect(try await Self.send(server, .post, "/api/v1/cargo/RP000001/events", token: acme, json: event).status == 403)
        #expect(try await Self.send(server, .post, "/api/v1/customers", token: acme, json: "{\"id\": \"X\", \"name\": \"Y\"}").status == 403)
        #expect(try await Self.send(server, .post, "/api/v1/cargo/RP000001/events", token: planner, json: event).status == 201)
        // Who changed it: by name to a planner, by party to the customer's token (booked by the command line, handled by
        // a planner).
        for (token, by) in [(planner, ["command line", "alice"]), (acme, ["the forwarder", "the forwarder"])] {
            let tracked = try await Self.send(server, .get, "/api/v1/cargo/RP000001", token: token).json["cargo"] as? [String: Any]
            let changes = tracked?["changes"] as? [[String: Any]] ?? []
            #expect(changes.compactMap { $0["by"] as? String } == by && changes.compactMap { $0["party"] as? String } == ["forwarder", "forwarder"])
        }
        // Booking for another customer finds no such customer.
        let other = try await Self.send(
            server, .post, "/api/v1/cargo", token: acme,
            json: """
                {"origin": "CNSHA", "destination": "NLRTM", "ready": "2026-03-23", "deadline": "2026-05-30", "customer": "GLOBEX"}
                """)
        #expect(other.status == 422 && other.problems == ["There is no customer GLOBEX; register it first."])
    }

    @Test func aProgramBooksRoutesAndTracksItsCargo() async throws {
        let (server, _, acme, _) = try await Self.server()
        let booked = try await Self.send(
            server, .post, "/api/v1/cargo", token: acme,
            json: """
                {"origin": "CNSHA", "destination": "NLRTM", "ready": "2026-03-23", "deadline": "2026-05-30", "customer": "acme", "teu": 2, "dangerousGoods": false, "weight": null}
                """)
        #expect(booked.status == 201 && booked.headers[.location] == "/api/v1/cargo/RP000003")
        #expect((booked.json["cargo"] as? [String: Any])?["teu"] as? Int == 2)
        #expect(booked.json["meetsDeadline"] as? Bool == true && booked.json["earliestPossibleArrival"] == nil)
        #expect(try JSONSchemas.problems([booked.body], schema: "cargo") == "")
        // A deadline no sailing meets is booked, and said so with the earliest arrival a sailing gives.
        let tooSoon = try await Self.send(
            server, .post, "/api/v1/cargo", token: acme,
            json: """
                {"origin": "CNSHA", "destination": "NLRTM", "ready": "2026-03-23", "deadline": "2026-03-25", "customer": "acme"}
                """)
        #expect(tooSoon.status == 201 && tooSoon.json["meetsDeadline"] as? Bool == false, "\(tooSoon.body)")
        #expect((tooSoon.json["earliestPossibleArrival"] as? String)?.hasPrefix("2026-") == true)
        #expect(try JSONSchemas.problems([tooSoon.body], schema: "cargo") == "")
        #expect(try await Self.send(server, .post, "/api/v1/cargo/RP000004/cancellation", token: acme, json: "{}").status == 200)
        #expect((try await Self.send(server, .get, "/api/v1/cargo/RP000003/options", token: acme).json["itineraries"] as? [Any])?.isEmpty == true)
        // By truck only, where the schedule has no hauls: no option; by vessel, as without modes.
        let byTruck = try await Self.send(server, .post, "/api/v1/cargo/RP000003/options", token: acme, json: "{\"modes\": \"truck\"}")
        #expect(byTruck.status == 422 && byTruck.body.contains("noRoute"), "\(byTruck.body)")
        let options = try await Self.send(
            server, .post, "/api/v1/cargo/RP000003/options", token: acme, json: "{\"limit\": 3, \"modes\": [\"vessel\"], \"maxModeChanges\": 0}")
        #expect(options.status == 200 && (options.json["itineraries"] as? [Any])?.count == 3)
        #expect((try await Self.send(server, .get, "/api/v1/cargo/RP000003/options", token: acme).json["itineraries"] as? [Any])?.count == 3)
        let routed = try await Self.send(server, .post, "/api/v1/cargo/RP000003/route", token: acme, json: "{\"candidate\": \"1\"}")
        #expect(routed.status == 200 && (routed.json["cargo"] as? [String: Any])?["routingStatus"] as? String == "routed")
        let tracked = try await Self.send(server, .get, "/api/v1/cargo/rp000003", token: acme)
        #expect(tracked.status == 200 && tracked.headers[.contentType] == "application/json; charset=utf-8" && tracked.headers[.cacheControl] == "no-store")
        let changed = try await Self.send(server, .post, "/api/v1/cargo/RP000003/destination", token: acme, json: "{\"destination\": \"DEHAM\"}")
        #expect(changed.status == 200 && (changed.json["cargo"] as? [String: Any])?["destination"] as? String == "DEHAM")
        let rerouted = try await Self.send(server, .post, "/api/v1/cargo/RP000003/reroute", token: acme, json: "{}")
        #expect(rerouted.status == 200 && ((rerouted.json["entries"] as? [[String: Any]])?.first?["options"] as? [Any])?.isEmpty == false)
    }

    @Test func aProgramCancelsABookingWhoseRecordStays() async throws {
        let (server, planner, acme, _) = try await Self.server()
        #expect(try await Self.send(server, .post, "/api/v1/cargo/RP000002/cancellation", token: acme, json: "{}").status == 404, "another customer's")
        let cancelled = try await Self.send(server, .post, "/api/v1/cargo/rp000001/cancellation", token: acme)
        let cargo = try #require(cancelled.json["cargo"] as? [String: Any])
        #expect(cancelled.status == 200 && cargo["status"] as? String == "cancelled" && cargo["cancelledAt"] is String)
        // Found by its tracking id, with who cancelled it; never listed.
        let tracked = try #require(try await Self.send(server, .get, "/api/v1/cargo/RP000001", token: planner).json["cargo"] as? [String: Any])
        #expect(tracked["status"] as? String == "cancelled")
        #expect((tracked["changes"] as? [[String: Any]])?.last?["kind"] as? String == "cancelled")
        let listed = try await Self.send(server, .get, "/api/v1/cargo", token: planner)
        #expect((listed.json["cargo"] as? [[String: Any]])?.compactMap { $0["trackingId"] as? String } == ["RP000002"])
        #expect(try await Self.send(server, .get, "/api/v1/cargo?status=cancelled", token: planner).status == 400)
        // Nothing more happens to it, and a second cancellation says why.
        let again = try await Self.send(server, .post, "/api/v1/cargo/RP000001/cancellation", token: acme, json: "{}")
        #expect(again.status == 422 && again.problems.first?.hasPrefix("The booking of cargo RP000001 was cancelled at ") == true)
        #expect(try await Self.send(server, .post, "/api/v1/cargo/RP000001/options", token: acme, json: "{}").status == 422)
        #expect(try await Self.send(server, .post, "/api/v1/cargo/RP000002/cancellation", token: planner, json: "{\"why\": 1}").status == 400)
        #expect(try await Self.send(server, .get, "/api/v1/cargo/RP000002/cancellation", token: planner).status == 405)
    }

    @Test func everyProblemOfARequestIsNamedAtOnce() async throws {
        let (server, _, acme, _) = try await Self.server()
        let answer = try await Self.send(
            server, .post, "/api/v1/cargo", token: acme,
            json: """
                {"origin": "XX", "ready": "soon", "teu": "a", "dangerousGoods": [1], "bogus": 1, "customer": {"id": 1}}
                """)
        #expect(answer.status == 400)
        #expect(Set(answer.fields) == ["bogus", "customer", "dangerousGoods", "deadline", "destination", "origin", "ready", "teu"])
        #expect(answer.problems.contains("origin: \"XX\" is not a UN/LOCODE: 2 letters for the country and 3 letters or digits for the place, such as NLRTM."))
        for body in ["[1]", "not json", "{\"a\":", "\"text\""] {
            let unreadable = try await Self.send(server, .post, "/api/v1/cargo/RP000001/reroute", token: acme, json: body)
            #expect(unreadable.status == 400 && unreadable.fields.isEmpty && unreadable.problems.count == 1, "\(body)")
        }
        #expect(try await Self.send(server, .post, "/api/v1/cargo/RP000001/reroute", token: acme, json: "{}", contentType: "text/plain").status == 415)
        let plane = try await Self.send(server, .post, "/api/v1/cargo/RP000001/options", token: acme, json: "{\"modes\": [\"vessel\", \"plane\"]}")
        #expect(plane.status == 400 && plane.fields == ["modes"], "\(plane.body)")
        let eleven = try await Self.send(server, .post, "/api/v1/cargo/RP000001/options", token: acme, json: "{\"maxModeChanges\": 11}")
        #expect(eleven.status == 400 && eleven.fields == ["maxModeChanges"], "\(eleven.body)")
        let large = "{\"avoidVoyages\": [" + Array(repeating: "\"WS15-W09\"", count: 120_000).joined(separator: ",") + "]}"
        #expect(try await Self.send(server, .post, "/api/v1/cargo/RP000001/reroute", token: acme, json: large).status == 413)
        #expect(try await Self.send(server, .get, "/api/v1/cargo?page=%zz", token: acme).status == 400)
        #expect(try await Self.send(server, .delete, "/api/v1/cargo/RP000001", token: acme).status == 405)
        let hostile = "<script>alert(1)</script>"
        let named = try await Self.send(server, .post, "/api/v1/cargo/RP000001/destination", token: acme, json: "{\"destination\": \"\(hostile)\"}")
        #expect(named.status == 400 && named.problems.first?.contains(hostile) == true, "quoted as text in JSON, which escapes what it must")
    }

    @Test func aChangeThatLostARaceIs409() {
        #expect(LifecycleAPI.status(of: DomainError.storage(.conflict("cargo RP000001 was changed by another process")).kind) == .conflict)
        #expect(LifecycleAPI.status(of: DomainError.cargo(.notFound("RP000001")).kind) == .notFound)
        #expect(LifecycleAPI.status(of: DomainError.account(.notPermitted(.registerHandlingEvent)).kind) == .forbidden)
        #expect(
            LifecycleAPI.status(
                of: DomainError.schedule(
                    .noRoute(
                        try! RouteSpecification(
                            origin: "CNSHA", destination: "NLRTM", readyTime: DeskTests.now, arrivalDeadline: DeskTests.now + 86_400),
                        earliestPossibleArrival: nil
                    )
                ).kind)
                == .unprocessableContent)
    }

    @Test func aBodyIsReadByJSONsGrammarStrictly() {
        let valid = ["{}", " [ ] ", "{\"a\": [1, -0.5e+3, 0, 10E-2, \"x\\u00e9\\n\", true, false, null, {}]}", "\"text\"", "-0"]
        for text in valid { #expect(JSONSyntax.isValid(Array(text.utf8)), "\(text)") }
        let invalid = [
            "", "{\"a\": 1,}", "[1,]", "{'a': 1}", "01", "1.", ".5", "NaN", "-", "1e", "\"\\x\"", "\"a\nb\"", "{\"a\" 1}", "{} {}", "[1 2]",
            "{\"a\": tru}", "\"\\u12G4\"", "{\"a\":", "[", String(repeating: "[", count: 65) + String(repeating: "]", count: 65),
        ]
        for text in invalid { #expect(!JSONSyntax.isValid(Array(text.utf8)), "\(text)") }
        #expect(JSONSyntax.isValid(Array((String(repeating: "[", count: 64) + String(repeating: "]", count: 64)).utf8)))
    }

    @Test func aBoxIsTrueOrFalseAndAnythingElseIsAProblem() {
        for (json, ticked) in [("true", true), ("false", false), ("\"yes\"", true), ("\"off\"", false), ("null", false)] {
            var body = APIBody<BookCargoForm.Field>(Array("{\"dangerousGoods\": \(json)}".utf8), accepting: [.dangerousGoods])
            #expect(body.flag(.dangerousGoods) == ticked && body.problems.isEmpty, "\(json)")
        }
        for json in ["\"<script>\"", "1", "[\"yes\"]", "{}"] {
            var body = APIBody<BookCargoForm.Field>(Array("{\"dangerousGoods\": \(json)}".utf8), accepting: [.dangerousGoods])
            _ = body.flag(.dangerousGoods)
            #expect(body.problems.map(\.field) == ["dangerousGoods"], "\(json)")
        }
    }
}

/// `POST /v2/events` and `GET /v2/events`: a carrier's feed posted to the server, which then routes on the schedule
/// the events moved.
@Suite struct CarrierEventsAPITests {
    /// `GET /v2/events` as DCSA's conformance toolkit reads it: `API-Version` on every answer, pages through
    /// `Next-Page-Cursor`, the specification's filters, and 400 for its nine bad requests and for what is not kept.
    @Test func theEventsAreListedAPageAtATimeByTrackAndTracesFilters() async throws {
        let cargo = InMemoryCargoRepository(), accounts = InMemoryAccountRepository(), events = cargo.carrierEvents
        let published = InMemoryScheduleRepository(network: ServerTests.network)
        let live = LiveScheduleRepository(published: published, events: events)
        let app = RoutePlannerComposition(
            files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(cost: 4), locations: live, voyages: live, cargo: cargo,
            customers: InMemoryCustomerRepository(), accounts: accounts, liveSchedule: live, now: { DeskTests.now })
        _ = await app.addUser(AddUserForm(name: "alice", role: "planner", customer: "", password: "correct horse battery"))
        guard case .success(let made) = await app.createToken.respond(CreateTokenForm(user: "alice")).result else { throw LifecycleAPITests.Unexpected() }
        let desk = DeskConfiguration(
            cargo: cargo, customers: InMemoryCustomerRepository(), accounts: accounts, solver: nil, keepsCargo: true, liveSchedule: live)
        let server = try await ScheduleServer(
            configuration: ServerConfiguration(host: "0.0.0.0", port: 0, searchBudget: .seconds(300)), source: "bundled", logger: ServerTests.logger,
            now: { DeskTests.now }, desk: desk
        ) { ServerTests.network }
        let day = Date(timeIntervalSince1970: 1_773_000_000)
        let calls = (1...5).map { number in
            VesselCallEvent(
                id: BruteForceDisruption.eventID(number), created: day + Double(number) * 3_600, kind: number % 2 == 0 ? .departure : .arrival,
                classifier: .actual, time: day, call: CallReference(voyage: number <= 3 ? "WS15-W09" : "WS29-W09", port: number == 1 ? "SGSIN" : "MYTPP"))
        }
        let load = EquipmentEvent(
            id: BruteForceDisruption.eventID(6), created: day + 6 * 3_600, kind: .load, time: day, port: "CNSHA", voyage: "WS29-W09", bookingReference: "ACME-1"
        )
        _ = events.record(CarrierEventBatch(vesselCalls: calls, equipment: [(load, "RP000001")], source: "test", recordedAt: day + 7 * 3_600))
        let all = calls.map(\.id) + [load.id]
        func list(_ query: String) async throws -> (answer: LifecycleAPITests.Answer, ids: [String]) {
            let answer = try await LifecycleAPITests.send(server, .get, "/v2/events?" + query, token: made.secret)
            #expect(answer.headers[HTTPField.Name("API-Version")!] == "2.2.0", "\(query)")
            let listed = (try? JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [[String: Any]]) ?? []
            return (answer, listed.compactMap { $0["eventID"] as? String })
        }

        // Every event, two at a time, in the order applied.
        var (seen, query, pages) = ([String](), "limit=2", 0)
        while true {
            let (page, ids) = try await list(query)
            #expect(page.status == 200 && page.headers[HTTPField.Name("Current-Page")!] != nil)
            (seen, pages) = (seen + ids, pages + 1)
            guard let next = page.headers[HTTPField.Name("Next-Page-Cursor")!] else { break }
            #expect(page.headers[HTTPField.Name("Next-Page")!] == next)
            query = "limit=2&cursor=\(next)"
        }
        #expect(seen == all && pages == 3)
        // A filtered list pages with its filters, given again with the cursor or not.
        let first = try await list("eventType=TRANSPORT&transportEventTypeCode=ARRI&limit=1")
        let cursor = try #require(first.answer.headers[HTTPField.Name("Next-Page-Cursor")!])
        #expect(first.ids == [calls[0].id])
        #expect(try await list("eventType=TRANSPORT&transportEventTypeCode=ARRI&limit=5&cursor=\(cursor)").ids == [calls[2].id, calls[4].id])
        #expect(try await list("cursor=\(cursor)").ids == [calls[2].id, calls[4].id])

        for (filter, expected) in [
            ("eventType=EQUIPMENT", [load.id]), ("eventType=TRANSPORT,EQUIPMENT", all), ("eventType=SHIPMENT", []), ("shipmentEventTypeCode=DRFT", []),
            ("transportEventTypeCode=DEPA", [calls[1].id, calls[3].id]), ("equipmentEventTypeCode=LOAD,DISC", [load.id]), ("equipmentEventTypeCode=STUF", []),
            ("carrierBookingReference=ACME-1", [load.id]), ("exportVoyageNumber=WS29-W09", [calls[3].id, calls[4].id, load.id]),
            ("UNLocationCode=SGSIN", [calls[0].id]), ("eventCreatedDateTime:gte=\(DateText.timestamp(day + 5 * 3_600))", [calls[4].id, load.id]),
            ("eventCreatedDateTime:gt=\(DateText.timestamp(day + 5 * 3_600))&eventCreatedDateTime:lt=\(DateText.timestamp(day + 7 * 3_600))", [load.id]),
            ("eventCreatedDateTime=\(DateText.timestamp(day + 2 * 3_600))", [calls[1].id]),
        ] {
            let (answer, ids) = try await list(filter)
            #expect(answer.status == 200 && ids == expected, "\(filter): \(answer.body)")
        }

        // The toolkit's nine bad requests; a filter of what is not kept, a parameter the specification lacks, a cursor
        // that is not the server's or is given with other filters.
        let other = try #require(try await list("eventType=EQUIPMENT&limit=1").answer.headers[HTTPField.Name("Current-Page")!])
        for (query, field) in [
            ("eventType=INVALID_SHIPMENT_EVENT", "eventType"), ("shipmentEventTypeCode=INVALID_SHIPMENT_EVENT_TYPE_CODE", "shipmentEventTypeCode"),
            ("documentTypeCode=INVALID_DOCUMENT_TYPE_CODE", "documentTypeCode"), ("eventType=SHIPMENT&transportEventTypeCode=ARRV", "transportEventTypeCode"),
            ("eventType=INVALID_TRANSPORT_EVENT", "eventType"), ("eventType=TRANSPORT&shipmentEventTypeCode=DRFT", "shipmentEventTypeCode"),
            ("eventType=INVALID_EQUIPMENT_EVENT", "eventType"), ("equipmentEventTypeCode=INVALID_EQUIPMENT_TYPE_CODE", "equipmentEventTypeCode"),
            ("eventType=EQUIPMENT&shipmentEventTypeCode=DRFT", "shipmentEventTypeCode"), ("vesselIMONumber=9321483", "vesselIMONumber"),
            ("sort=eventCreatedDateTime:DESC", "sort"), ("bogus=1", "bogus"), ("cursor=bm90LWEtY3Vyc29y", "cursor"),
            ("eventType=TRANSPORT&cursor=\(other)", "cursor"), ("eventCreatedDateTime:gte=yesterday", "eventCreatedDateTime:gte"),
        ] {
            let (answer, _) = try await list(query)
            let fields = (answer.json["problems"] as? [[String: Any]])?.compactMap { $0["field"] as? String }
            #expect(answer.status == 400 && fields?.contains(field) == true, "\(query): \(answer.body)")
        }
    }

    @Test func aPlannerPostsEventsAndTheServerRoutesOnTheScheduleTheyMoved() async throws {
        let customers = InMemoryCustomerRepository([Customer(id: "ACME", name: "Acme Shipping")!])
        let cargo = InMemoryCargoRepository(), accounts = InMemoryAccountRepository(), events = cargo.carrierEvents
        let published = InMemoryScheduleRepository(network: ServerTests.network)
        let live = LiveScheduleRepository(published: published, events: events)
        let app = RoutePlannerComposition(
            files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(cost: 4), locations: live, voyages: live, cargo: cargo, customers: customers,
            accounts: accounts, liveSchedule: live,
            now: { DeskTests.now })
        var tokens: [String] = []
        for (name, role, customer) in [("alice", "planner", ""), ("bob", "customer", "ACME")] {
            _ = await app.addUser(AddUserForm(name: name, role: role, customer: customer, password: "correct horse battery"))
            guard case .success(let made) = await app.createToken.respond(CreateTokenForm(user: name)).result else { throw LifecycleAPITests.Unexpected() }
            tokens.append(made.secret)
        }
        guard
            case .success = await app.bookCargo(
                BookCargoForm(origin: "CNSHA", destination: "NLRTM", ready: "2026-03-23", deadline: "2026-05-30", customer: "ACME")),
            case .success = await app.routeCargo(RouteCargoForm(trackingId: "RP000001", limit: "1")),
            case .success = await app.assignToRoute(AssignToRouteForm(trackingId: "RP000001", candidate: "1"))
        else { throw LifecycleAPITests.Unexpected() }
        let desk = DeskConfiguration(cargo: cargo, customers: customers, accounts: accounts, solver: nil, keepsCargo: true, liveSchedule: live)
        let server = try await ScheduleServer(
            configuration: ServerConfiguration(host: "0.0.0.0", port: 0, searchBudget: .seconds(300)), source: "bundled", logger: ServerTests.logger,
            now: { DeskTests.now }, desk: desk
        ) {
            events.scheduleChanges().liveSchedule(over: ServerTests.network).network()
        }
        // The first leg's vessel ten days late where the cargo leaves it.
        let leg = try #require(try await cargo.cargo("RP000001")?.itinerary?.legs.first)
        let ports = [leg.voyage.movements[0].departureLocation] + leg.voyage.movements.map(\.arrivalLocation)
        let call = leg.movementIndices.upperBound
        let feed = """
            [{"eventID": "7d1e0c52-3a9b-4f6e-8d2c-5b4a39e1f0a7", "eventType": "TRANSPORT", "eventClassifierCode": "EST", "eventCreatedDateTime": "2026-03-20T00:00:00Z",
              "eventDateTime": "\(DateText.timestamp(leg.unloadTime + 10 * 86_400))", "transportEventTypeCode": "ARRI",
              "transportCall": {"transportCallID": "x", "modeOfTransport": "VESSEL", "UNLocationCode": "\(leg.unloadLocation.code)",
                                "importVoyageNumber": "\(leg.voyage.number)", "transportCallSequenceNumber": \(ports[...call].count { $0 == ports[call] })}},
             {"eventID": "7d1e0c52-3a9b-4f6e-8d2c-5b4a39e1f0a8", "eventType": "SHIPMENT", "eventClassifierCode": "ACT", "eventCreatedDateTime": "2026-03-20T00:00:00Z", "eventDateTime": "2026-03-20T00:00:00Z"}]
            """

        // A customer's user may neither post nor read events; a body that is no array of events is a problem of the field.
        #expect(try await LifecycleAPITests.send(server, .post, "/v2/events", token: tokens[1], json: feed).status == 403)
        #expect(try await LifecycleAPITests.send(server, .get, "/v2/events", token: tokens[1]).status == 403)
        #expect(try await LifecycleAPITests.send(server, .post, "/v2/events", token: nil, json: feed).status == 401)
        let wrong = try await LifecycleAPITests.send(server, .post, "/v2/events", token: tokens[0], json: "{\"events\": []}")
        #expect(wrong.status == 400 && wrong.problems == ["events: The events are not DCSA Track & Trace events: the document is not an array of events."])
        #expect(
            try await LifecycleAPITests.send(server, .get, "/v2/events?limit=5000", token: tokens[0]).problems == [
                "limit: Enter a whole number from 1 to 1000."
            ])

        let applied = try await LifecycleAPITests.send(server, .post, "/v2/events", token: tokens[0], json: feed)
        #expect(applied.status == 200)
        #expect(applied.json["events"] as? [String: Int] == ["count": 2, "applied": 1, "outranked": 0, "appliedBefore": 0, "handled": 0])
        #expect((applied.json["setAside"] as? [[String: String]])?.first?["path"] == "$[1]")
        let disrupted = try #require(applied.json["disrupted"] as? [[String: Any]])
        #expect(disrupted.count == 1 && (disrupted[0]["cargo"] as? [String: Any])?["trackingId"] as? String == "RP000001")
        // The cargo reads as disrupted, with its times as the schedule now sails, on the API as on every front end.
        let tracked = try await LifecycleAPITests.send(server, .get, "/api/v1/cargo/RP000001", token: tokens[1])
        let trackedCargo = try #require(tracked.json["cargo"] as? [String: Any], "\(tracked.body)")
        #expect(trackedCargo["status"] as? String == "disrupted", "\(tracked.body)")
        let itinerary = try #require(try await cargo.cargo("RP000001")?.itinerary)
        if itinerary.legs.count == 1 { #expect(trackedCargo["eta"] as? String == DateText.timestamp(leg.unloadTime + 10 * 86_400)) }
        let listedCargo = try await LifecycleAPITests.send(server, .get, "/api/v1/cargo?status=disrupted", token: tokens[0])
        #expect((listedCargo.json["cargo"] as? [[String: Any]])?.compactMap { $0["trackingId"] as? String } == ["RP000001"], "\(listedCargo.body)")
        // The server routes on the moved schedule from now on.
        #expect(server.schedule.generation == 2)
        let moved = try #require(server.schedule.network.voyage(leg.voyage.number)?.movements[leg.movementIndices.upperBound - 1])
        #expect(moved.arrivalTime == leg.unloadTime + 10 * 86_400)

        let listed = try await LifecycleAPITests.send(server, .get, "/v2/events?limit=10", token: tokens[0])
        let recorded = try #require(try JSONSerialization.jsonObject(with: Data(listed.body.utf8)) as? [[String: Any]])
        #expect(listed.status == 200 && recorded.map { $0["eventID"] as? String } == ["7d1e0c52-3a9b-4f6e-8d2c-5b4a39e1f0a7"])
        // Posted again, nothing is new and the schedule is not loaded again.
        let again = try await LifecycleAPITests.send(server, .post, "/v2/events", token: tokens[0], json: feed)
        #expect((again.json["events"] as? [String: Int])?["appliedBefore"] == 1 && server.schedule.generation == 2)

        // The voyage published again without the call where the cargo leaves it: the server routes on the new calls.
        let voyage = try #require(server.schedule.network.voyage(leg.voyage.number))
        let publication = String(decoding: BruteForceDisruption.publicationDocument([BruteForceDisruption.omitting(call: call, of: voyage)]), as: UTF8.self)
        let republished = try await LifecycleAPITests.send(server, .post, "/v2/events", token: tokens[0], json: publication)
        #expect(republished.status == 200 && republished.json["publishedVoyages"] as? Int == 1, "\(republished.body)")
        let changes = try #require((republished.json["republished"] as? [[String: Any]])?.first)
        let omitted = try #require(changes["omitted"] as? [[String: Any]])
        #expect(omitted.count == 1 && omitted[0]["port"] as? String == leg.unloadLocation.code.rawValue && omitted[0]["call"] as? Int == leg.unloadCall)
        #expect(((republished.json["disrupted"] as? [[String: Any]])?.first?["disruption"] as? [String: Any])?["kind"] as? String == "legNoLongerSails")
        #expect(server.schedule.generation == 3 && server.schedule.network.sailing(leg) == nil)

        // The disruptions, listed for a planner: the cargo with its options, and the voyage published again.
        #expect(try await LifecycleAPITests.send(server, .get, "/api/v1/disruptions", token: tokens[1]).status == 403)
        let disruptions = try await LifecycleAPITests.send(server, .get, "/api/v1/disruptions", token: tokens[0])
        #expect(disruptions.status == 200, "\(disruptions.body)")
        #expect(try JSONSchemas.problems([disruptions.body], schema: "disruptions") == "")
        let entry = try #require((disruptions.json["disrupted"] as? [[String: Any]])?.first)
        #expect((entry["cargo"] as? [String: Any])?["trackingId"] as? String == "RP000001")
        #expect((entry["disruption"] as? [String: Any])?["kind"] as? String == "legNoLongerSails")
        #expect((entry["options"] as? [[String: Any]])?.first?["candidate"] as? Int == 1)
        let publications = try #require(disruptions.json["publications"] as? [[String: Any]])
        #expect(
            publications.count == 1 && publications[0]["voyage"] as? String == leg.voyage.number.rawValue && publications[0]["scheduleVersion"] as? Int == 2)
        #expect(disruptions.json["eventCount"] as? Int == 1 && disruptions.json["publicationCount"] as? Int == 1)
        #expect(disruptions.json["disruptedCount"] as? Int == 1 && entry["estimatedArrival"] is NSNull && entry["delayHours"] is NSNull)
        #expect(entry["standing"] as? String == "at risk" && ((entry["disruption"] as? [String: Any])?["changes"] as? [Any])?.count == 1)
        // Filtered by standing; a standing or a filter it does not have is refused, naming it.
        let fine = try await LifecycleAPITests.send(server, .get, "/api/v1/disruptions?standing=fine", token: tokens[0])
        #expect(fine.status == 200 && (fine.json["disrupted"] as? [Any])?.isEmpty == true && fine.json["disruptedCount"] as? Int == 1)
        let soon = try await LifecycleAPITests.send(server, .get, "/api/v1/disruptions?standing=soon", token: tokens[0])
        #expect(soon.status == 400 && soon.body.contains(#""field":"standing""#), "\(soon.body)")
        #expect(try await LifecycleAPITests.send(server, .get, "/api/v1/disruptions?sort=eta", token: tokens[0]).status == 400)

        // Its best option accepted: a customer may not; nothing chosen is a field error; a preview writes nothing; its
        // confirmation takes exactly the option previewed.
        let accept = "/api/v1/disruptions/accept"
        #expect(try await LifecycleAPITests.send(server, .post, accept, token: tokens[1], json: #"{"choices": ["RP000001"]}"#).status == 403)
        let nothing = try await LifecycleAPITests.send(server, .post, accept, token: tokens[0], json: #"{"choices": [], "standing": "soon"}"#)
        #expect(nothing.status == 400 && nothing.body.contains(#""field":"standing""#), "\(nothing.body)")
        let none = try await LifecycleAPITests.send(server, .post, accept, token: tokens[0], json: "{}")
        #expect(none.status == 400 && none.body.contains(#""field":"choices","message":"Choose at least one cargo"#), "\(none.body)")
        let preview = try await LifecycleAPITests.send(server, .post, accept, token: tokens[0], json: #"{"choices": ["RP000001", "RP000009=2"]}"#)
        #expect(try preview.status == 200 && JSONSchemas.problems([preview.body], schema: "accept") == "", "\(preview.body)")
        #expect(preview.json["confirmed"] as? Bool == false && preview.json["rerouted"] as? Int == 1 && preview.json["left"] as? Int == 1)
        #expect(try await cargo.cargo("RP000001")?.itinerary == itinerary)
        let chosen = try #require((preview.json["cargo"] as? [[String: Any]])?.first)
        let confirmation = try #require(chosen["confirmation"] as? String)
        #expect(confirmation.hasPrefix("RP000001=RP-") && (chosen["reason"] == nil))
        let confirmed = try await LifecycleAPITests.send(
            server, .post, accept, token: tokens[0], json: #"{"choices": ["\#(confirmation)"], "confirm": true}"#)
        #expect(confirmed.status == 200 && confirmed.json["confirmed"] as? Bool == true && confirmed.json["rerouted"] as? Int == 1, "\(confirmed.body)")
        #expect(try await cargo.cargo("RP000001")?.itinerary != itinerary)
        let after = try await LifecycleAPITests.send(server, .get, "/api/v1/cargo/RP000001", token: tokens[1])
        #expect((after.json["cargo"] as? [String: Any])?["status"] as? String == "onTrack", "\(after.body)")
    }
}
