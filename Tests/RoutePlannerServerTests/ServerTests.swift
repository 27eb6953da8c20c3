import BundledData
import DCSACommercialSchedules
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import RoutePlanner
import RoutePlannerFormats
import RoutePlannerApplication
@testable import RoutePlannerServer
import RoutePlannerTestSupport
import Synchronization
import Testing

/// The DCSA Commercial Schedules server's operations through Hummingbird's testing client, on the bundled
/// WorldSmall network; every body is checked against the vendored specification.
@Suite struct ServerTests {
    static let network = try! BundledData.worldSmall().network
    static let logger = Logger(label: "test")

    /// A server of the bundled network whose clock reads 2026-03-01, with a budget that a search on a machine
    /// busy with the other tests keeps.
    static func server(budget: Duration = .seconds(300)) async throws -> ScheduleServer {
        try await ScheduleServer(
            configuration: ServerConfiguration(port: 0, searchBudget: budget), source: "bundled", logger: logger,
            now: { Date(timeIntervalSince1970: 1_772_323_200) }
        ) { network }
    }

    /// The response to a GET of a path, after checking its body against the DCSA schema when one is named.
    static func get(
        _ uri: String, from server: ScheduleServer, schema: String? = nil, headers: HTTPFields = [:]
    ) async throws -> (status: HTTPResponse.Status, headers: HTTPFields, body: String) {
        let application = try server.application()
        let response = try await application.test(.router) { client in
            try await client.execute(uri: uri, method: .get, headers: headers) { $0 }
        }
        let body = String(buffer: response.body)
        if let schema {
            let problems = try JSONSchemas.problems([body], dcsa: schema)
            #expect(problems.isEmpty, "\(uri): \(problems)")
        }
        return (response.status, response.headers, body)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ body: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(body.utf8))
    }

    /// A schedule's two CSV files in a folder of their own, and a server that loads them at start and at each
    /// reload.
    struct ScheduleFiles {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("server-\(UUID())")
        var locations: URL { folder.appendingPathComponent("locations.csv") }
        var schedule: URL { folder.appendingPathComponent("schedule.csv") }

        init(locations: String, schedule: String) throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try locations.write(to: self.locations, atomically: true, encoding: .utf8)
            try write(schedule: schedule)
        }

        func write(schedule text: String) throws { try text.write(to: schedule, atomically: true, encoding: .utf8) }

        func remove() { try? FileManager.default.removeItem(at: folder) }

        func server(now: @escaping @Sendable () -> Date = { Date() }) async throws -> ScheduleServer {
            let (schedule, locations) = (self.schedule, self.locations)
            return try await ScheduleServer(
                configuration: ServerConfiguration(port: 0, searchBudget: .seconds(300)), source: "test", logger: ServerTests.logger, now: now
            ) { try ScheduleImporter().importSchedule(schedule: schedule, locations: locations).value.network }
        }
    }

    static let apiVersion = "api-version"
    static let nextPageCursor = "next-page-cursor"

    // MARK: Point-to-point

    @Test func pointToPointRoutingsAreTheRoutersCandidates() async throws {
        let server = try await Self.server()
        let response = try await Self.get(
            "/v1/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&departureStartDate=2026-03-02&limit=5", from: server,
            schema: "PointToPoint")
        #expect(response.status == .ok)
        #expect(response.headers.value(Self.apiVersion) == "1.0.3")
        let routings = try Self.decode([Components.Schemas.PointToPoint].self, response.body)
        let specification = try RouteSpecification(
            origin: "CNSHA", destination: "NLRTM", readyTime: Date(timeIntervalSince1970: 1_772_409_600),
            arrivalDeadline: Date(timeIntervalSince1970: 1_772_409_600 + 60 * 86_400))
        let candidates = try Self.network.candidates(for: specification, limit: 6)
        #expect(routings.map(\.routingReference) == candidates.prefix(5).map(\.reference))
        #expect(routings.map(\.solutionNumber) == [1, 2, 3, 4, 5])
        #expect(routings.allSatisfy { $0.placeOfReceipt.location.unLocationCode == "CNSHA" && $0.placeOfDelivery.location.unLocationCode == "NLRTM" })
        // Six candidates exist, so a next page is announced.
        #expect(response.headers.value(Self.nextPageCursor) != nil)
    }

    @Test func pagesWalkTheSameCollectionAsOnePage() async throws {
        let server = try await Self.server()
        let query = "/v1/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&departureStartDate=2026-03-02&maxTranshipment=2"
        let whole = try Self.decode([Components.Schemas.PointToPoint].self, try await Self.get(query + "&limit=100", from: server).body)
        #expect(whole.count > 4)
        var walked: [Components.Schemas.PointToPoint] = []
        var cursor: String?
        repeat {
            let response = try await Self.get(query + "&limit=3" + (cursor.map { "&cursor=\($0)" } ?? ""), from: server, schema: "PointToPoint")
            #expect(response.status == .ok)
            walked += try Self.decode([Components.Schemas.PointToPoint].self, response.body)
            cursor = response.headers.value(Self.nextPageCursor)
        } while cursor != nil && walked.count < 200
        #expect(walked.map(\.routingReference) == whole.map(\.routingReference))
        #expect(walked.map(\.solutionNumber) == whole.map(\.solutionNumber))
    }

    @Test func windowsFilterTheRoutings() async throws {
        let server = try await Self.server()
        let response = try await Self.get(
            "/v1/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&departureStartDate=2026-03-02&departureEndDate=2026-03-05&arrivalStartDate=2026-03-20&arrivalEndDate=2026-04-30",
            from: server, schema: "PointToPoint")
        #expect(response.status == .ok)
        let routings = try Self.decode([Components.Schemas.PointToPoint].self, response.body)
        #expect(!routings.isEmpty)
        for routing in routings {
            #expect(routing.placeOfReceipt.dateTime.prefix(10) >= "2026-03-02" && routing.placeOfReceipt.dateTime.prefix(10) <= "2026-03-05")
            #expect(routing.placeOfDelivery.dateTime.prefix(10) >= "2026-03-20" && routing.placeOfDelivery.dateTime.prefix(10) <= "2026-04-30")
        }
    }

    @Test func everyProblemOfARequestIsNamedInOneErrorResponse() async throws {
        let server = try await Self.server()
        let response = try await Self.get(
            "/v1/point-to-point-routes?placeOfReceipt=CNSHX&placeOfDelivery=NLRTM&departureStartDate=2026-13-01&arrivalStartDate=2026-05-01&arrivalEndDate=2026-04-01&limit=500&receiptTypeAtOrigin=SD&cargoType=FROZEN",
            from: server, schema: "ErrorResponse")
        #expect(response.status == .badRequest)
        #expect(response.headers.value(Self.apiVersion) == "1.0.3")
        let document = try Self.decode(Components.Schemas.ErrorResponse.self, response.body)
        #expect(document.statusCode == 400)
        #expect(document.requestUri.hasPrefix("/v1/point-to-point-routes?"))
        #expect(
            Set(document.errors.compactMap(\.property)) == [
                "placeOfReceipt", "departureStartDate", "arrivalEndDate", "limit", "receiptTypeAtOrigin", "cargoType",
            ])
        let unknown = try #require(document.errors.first { $0.property == "placeOfReceipt" })
        #expect(unknown.value == "CNSHX")
        #expect(unknown.errorCodeMessage.contains("CNSHA"))
    }

    @Test(arguments: [
        ("/v1/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&limit=abc", "limit"),
        ("/v1/point-to-point-routes?placeOfReceipt=CNSHA", "placeOfDelivery"),
        ("/v1/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&receiptTypeAtOrigin=XX", "receiptTypeAtOrigin"),
        ("/v1/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&maxTranshipment=-1", "maxTranshipment"),
        ("/v1/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=CNSHA", "placeOfDelivery"),
        ("/v1/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&cursor=bm90LWEtY3Vyc29y", "cursor"),
        ("/v1/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&departureStartDate=9999-12-31", "departureStartDate"),
        ("/v1/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&departureStartDate=2026-03-02&arrivalEndDate=2026-02-27", "arrivalEndDate"),
        ("/v1/port-schedules?UNLocationCode=NLRTM", "date"),
        ("/v1/port-schedules?UNLocationCode=nlrtm&date=2026-03-02", "UNLocationCode"),
        ("/v1/vessel-schedules?vesselIMONumber=123", "vesselIMONumber"),
        ("/v1/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&placeOfDelivery=DEHAM", "placeOfDelivery"),
        ("/v1/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&departureEndDate=2026-02-10", "departureEndDate"),
        ("/v1/vessel-schedules?vesselIMONumber=12&responseScope=SOME", "responseScope"),
    ])
    func aBadParameterIsA400NamingIt(uri: String, property: String) async throws {
        let server = try await Self.server()
        let response = try await Self.get(uri, from: server, schema: "ErrorResponse")
        #expect(response.status == .badRequest)
        let document = try Self.decode(Components.Schemas.ErrorResponse.self, response.body)
        #expect(document.errors.contains { $0.property == property }, "\(uri): \(response.body)")
    }

    @Test func aCursorOfAnotherQueryIsRefused() async throws {
        let server = try await Self.server()
        let first = try await Self.get(
            "/v1/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&departureStartDate=2026-03-02&limit=1", from: server)
        let cursor = try #require(first.headers.value(Self.nextPageCursor))
        let other = try await Self.get(
            "/v1/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=DEHAM&departureStartDate=2026-03-02&limit=1&cursor=\(cursor)",
            from: server, schema: "ErrorResponse")
        #expect(other.status == .badRequest)
        #expect(try Self.decode(Components.Schemas.ErrorResponse.self, other.body).errors.map(\.property) == ["cursor"])
    }

    @Test func workPastItsBudgetIsCancelled() async {
        let cancelled = Mutex<Bool?>(nil)
        let result = await TimeBudget.run(.milliseconds(20), on: CommercialSchedulesAPI.searches) { () -> Bool in
            let slept = (try? await Task.sleep(for: .seconds(600))) != nil
            cancelled.withLock { $0 = !slept }
            return slept
        }
        #expect(result == nil)
        // The work was cancelled rather than awaited to its end, or not started once its budget was spent. Not timed:
        // on a machine busy with the other tests the budget's timer can wait minutes for a thread, but the work it
        // cancels never sleeps out its 600 s.
        #expect(cancelled.withLock { $0 } != false)
        #expect(await TimeBudget.run(.seconds(30), on: CommercialSchedulesAPI.searches) { 42 } == 42)
    }

    /// A flag that threads outside Swift's concurrency set and read.
    final class Flag: Sendable {
        private let state = Mutex(false)
        func set() { state.withLock { $0 = true } }
        var isSet: Bool { state.withLock { $0 } }
    }

    /// The budget's timer fires on time while every thread of the cooperative pool is held, as it is under a burst of
    /// requests: the work, on the searches' threads, sees its cancellation rather than running on to its end (30 s here,
    /// after which it lets the pool go). A timer that needs a thread of the pool to fire never cancels it.
    @Test func aBudgetFiresWhileThePoolIsSaturated() async {
        let released = Flag()
        // Twice as many holders as the pool has threads, more urgent than the timer's task would be: they hold every
        // thread the pool has as soon as this test's task waits.
        for _ in 0..<(2 * ProcessInfo.processInfo.activeProcessorCount) {
            Task.detached(priority: .high) {
                while !released.isSet { usleep(1_000) }
            }
        }
        let start = ContinuousClock.now
        let result = await TimeBudget.run(.milliseconds(300), on: CommercialSchedulesAPI.searches) { () -> Bool in
            defer { released.set() }
            while !Task.isCancelled && ContinuousClock.now - start < .seconds(30) { usleep(1_000) }
            return Task.isCancelled
        }
        released.set()
        #expect(result == nil, "the work ran to its end: the budget's timer never cancelled it")
    }

    @Test func aSearchPastItsBudgetIsA503() async throws {
        // A search whose budget is spent before it starts is not started: with no budget at all, every search is a 503.
        let server = try await Self.server(budget: .zero)
        let response = try await Self.get(
            "/v1/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&departureStartDate=2026-01-05&arrivalEndDate=2026-07-01",
            from: server, schema: "ErrorResponse")
        #expect(response.status == .serviceUnavailable)
        let document = try Self.decode(Components.Schemas.ErrorResponse.self, response.body)
        #expect(document.statusCode == 503 && document.errors.first?.errorCode == 7010)
        let metrics = try await server.application().test(.router) { client in
            String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
        }
        #expect(metrics.contains(#"route_searches_total{result="over_budget"}"#))
    }

    /// Each operation reads the query parameters the specification gives it, and a request without a required one
    /// is told so by name.
    @Test func eachOperationReadsTheSpecificationsParameters() async throws {
        let script = """
            import yaml, sys
            spec = yaml.safe_load(open(sys.argv[1]))
            shared = spec["components"].get("parameters", {})
            for path, item in spec["paths"].items():
                operation = item["get"]
                for parameter in operation["parameters"]:
                    if "$ref" in parameter:
                        parameter = shared[parameter["$ref"].split("/")[-1]]
                    if parameter["in"] == "query":
                        print(path, operation["operationId"], parameter["name"], "required" if parameter.get("required") else "optional")
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, JSONSchemas.repository.appendingPathComponent("docs/dcsa/CS_v1.0.3.yaml").path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let lines = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").map {
            $0.split(separator: " ").map(String.init)
        }
        process.waitUntilExit()
        func names<Parameter: QueryParameter>(_: Parameter.Type) -> Set<String> { Set(Parameter.allCases.map(\.rawValue)) }
        func specified(_ operationID: String) -> Set<String> { Set(lines.filter { $0[1] == operationID }.map { $0[2] }) }
        #expect(specified(PointToPointParameter.operationID) == names(PointToPointParameter.self))
        #expect(specified(PortScheduleParameter.operationID) == names(PortScheduleParameter.self))
        #expect(specified(VesselScheduleParameter.operationID) == names(VesselScheduleParameter.self))
        let server = try await Self.server()
        for line in lines where line[3] == "required" {
            let response = try await Self.get("\(line[0])?limit=1", from: server, schema: "ErrorResponse")
            let document = try Self.decode(Components.Schemas.ErrorResponse.self, response.body)
            #expect(document.errors.contains { $0.property == line[2] && $0.errorCode == 7005 }, "\(line): \(response.body)")
        }
        #expect(lines.count(where: { $0[3] == "required" }) == 4)
    }

    // MARK: Port and vessel schedules

    @Test func aPortScheduleHoldsTheWeeksCalls() async throws {
        let server = try await Self.server()
        let response = try await Self.get("/v1/port-schedules?UNLocationCode=NLRTM&date=2026-03-02", from: server, schema: "PortSchedule")
        #expect(response.status == .ok)
        let schedules = try Self.decode([Components.Schemas.PortSchedule].self, response.body)
        let port = try #require(schedules.first)
        #expect(schedules.count == 1 && port.location.unLocationCode == "NLRTM")
        let calls = port.vesselSchedules ?? []
        let expected = Self.network.voyages.flatMap(\.movements).filter { movement in
            let day = String(DateText.timestamp(movement.departureTime).prefix(10))
            return movement.departureLocation == "NLRTM" && "2026-03-02" <= day && day <= "2026-03-08"
        }
        #expect(!calls.isEmpty)
        #expect(calls.filter { $0.timestamps.contains { $0.eventTypeCode == .depa } }.count >= expected.count)
        for call in calls {
            #expect(call.timestamps.contains { "2026-03-02" <= $0.eventDateTime.prefix(10) && $0.eventDateTime.prefix(10) <= "2026-03-08" })
        }
    }

    /// What the server publishes as vessel schedules, read back by the DCSA importer, is the same voyages.
    @Test func vesselSchedulesReadBackAsTheSameVoyages() async throws {
        let server = try await Self.server()
        let service = try #require(Self.network.voyages.first?.service)
        let response = try await Self.get(
            "/v1/vessel-schedules?carrierServiceCode=\(service)&startDate=2026-01-01&endDate=2026-12-31", from: server, schema: "ServiceSchedule")
        #expect(response.status == .ok)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("vessel-schedules-\(UUID()).json")
        try Data(response.body.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let imported = try BundledData.scheduleImporter.importSchedule(
            schedule: file, locations: BundledData.worldSmallDirectory.appendingPathComponent("locations.csv")
        ).value.network
        let published = Self.network.voyages.filter { $0.service == service }
        #expect(imported.voyageCount == published.count)
        for voyage in published {
            let read = try #require(imported.voyage(voyage.number))
            #expect(read.movements.map(\.departureLocation) == voyage.movements.map(\.departureLocation))
            #expect(read.movements.map(\.arrivalLocation) == voyage.movements.map(\.arrivalLocation))
            #expect(read.movements.map(\.departureTime) == voyage.movements.map(\.departureTime))
            #expect(read.movements.map(\.arrivalTime) == voyage.movements.map(\.arrivalTime))
        }
    }

    @Test func matchedCallsAreOnlyThePortsCalls() async throws {
        let server = try await Self.server()
        let response = try await Self.get(
            "/v1/vessel-schedules?UNLocationCode=NLRTM&startDate=2026-03-02&endDate=2026-03-08&responseScope=MATCHED_CALLS&limit=2",
            from: server, schema: "ServiceSchedule")
        #expect(response.status == .ok)
        let services = try Self.decode([Components.Schemas.ServiceSchedule].self, response.body)
        #expect((1...2).contains(services.count))
        let calls = services.flatMap(\.vesselSchedules).flatMap { $0.transportCalls ?? [] }
        #expect(!calls.isEmpty && calls.allSatisfy { $0.location?.unLocationCode == "NLRTM" })
    }

    // MARK: Health, metrics, reload

    @Test func healthAndMetricsReportTheServer() async throws {
        let server = try await Self.server()
        let application = try server.application()
        try await application.test(.router) { client in
            let health = try await client.execute(uri: "/health", method: .get)
            #expect(health.status == .ok)
            #expect(String(buffer: health.body).contains(#""status":"ready""#))
            _ = try await client.execute(
                uri: "/v1/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&departureStartDate=2026-03-02", method: .get)
            let metrics = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
            #expect(metrics.contains(#"http_requests_total{route="/v1/point-to-point-routes",status="200"} 1"#))
            #expect(metrics.contains(#"route_searches_total{result="found"} 1"#))
            #expect(metrics.contains("http_request_duration_seconds_bucket"))
            #expect(try await client.execute(uri: "/nowhere", method: .get).status == .notFound)
        }
    }

    @Test func aReloadServesTheNewScheduleAndAFailedOneKeepsTheOld() async throws {
        let header = "voyage,from,to,departure,arrival\n"
        let files = try ScheduleFiles(
            locations: "unlocode,name\nNLRTM,Rotterdam\nCNSHA,Shanghai\n", schedule: header + "V1,CNSHA,NLRTM,2026-03-02T00:00:00Z,2026-04-01T00:00:00Z\n")
        defer { files.remove() }
        let server = try await files.server()
        let query = "/v1/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&departureStartDate=2026-03-01"
        func voyages() async throws -> [String] {
            let routings = try Self.decode([Components.Schemas.PointToPoint].self, try await Self.get(query, from: server, schema: "PointToPoint").body)
            return routings.flatMap(\.legs).compactMap {
                if case .VesselTransport(let transport) = $0.transport { transport.servicePartners?.first?.carrierExportVoyageNumber } else { nil }
            }
        }
        #expect(try await voyages() == ["V1"])
        try files.write(schedule: header + "V2,CNSHA,NLRTM,2026-03-03T00:00:00Z,2026-03-30T00:00:00Z\n")
        #expect(await server.reload())
        #expect(server.schedule.generation == 2)
        #expect(try await voyages() == ["V2"])
        try files.write(schedule: "voyage,from,to\nV3,CNSHA\n")
        #expect(await server.reload() == false)
        #expect(server.schedule.generation == 2)
        #expect(try await voyages() == ["V2"])
    }

    /// A server over a store follows the schedule's version another process records: it loads the schedule again once
    /// it sees a new version, and only then.
    @Test func aServerLoadsTheScheduleAgainWhenTheStoresVersionChanges() async throws {
        let server = try await ScheduleServer(source: "bundled", logger: Self.logger) { Self.network }
        // The version the store has, and how often the server asked for it.
        let store = Mutex((version: 0, asked: 0))
        let follow = FollowScheduleVersion(
            server: server,
            version: {
                store.withLock {
                    $0.asked += 1; return $0.version
                }
            }, interval: .milliseconds(20))
        let task = Task { try await follow.run() }
        defer { task.cancel() }
        func waitUntil(_ condition: () -> Bool) async throws {
            let deadline = ContinuousClock.now + .seconds(60)
            while !condition() && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        }
        // Asked a few times with no change: nothing is loaded again.
        try await waitUntil { store.withLock { $0.asked } >= 4 }
        #expect(server.schedule.generation == 1)
        store.withLock { $0.version = 1 }
        try await waitUntil { server.schedule.generation > 1 }
        #expect(server.schedule.generation == 2)
        let asked = store.withLock { $0.asked }
        try await waitUntil { store.withLock { $0.asked } >= asked + 4 }
        #expect(server.schedule.generation == 2)
    }
}

extension HTTPFields {
    /// The value of the field of a lower-case name.
    func value(_ name: String) -> String? { first { $0.name.canonicalName == name }?.value }
}

extension ServerTests {
    @Test func anOverLongTargetIsA400Document() async throws {
        let server = try await Self.server()
        let cursor = String(repeating: "A", count: 9_000)
        let response = try await Self.get(
            "/v1/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&cursor=\(cursor)", from: server, schema: "ErrorResponse")
        #expect(response.status == .badRequest)
        #expect(try Self.decode(Components.Schemas.ErrorResponse.self, response.body).errors.first?.errorCodeMessage.contains("8192 bytes") == true)
    }
}

extension ServerTests {
    /// The properties a bad request's document names.
    static func properties(_ uri: String, from server: ScheduleServer) async throws -> Set<String?> {
        let response = try await get(uri, from: server, schema: "ErrorResponse")
        #expect(response.status == .badRequest, "\(uri)")
        return Set(try decode(Components.Schemas.ErrorResponse.self, response.body).errors.map(\.property))
    }

    @Test func aParameterOfTheWrongTypeHidesNoOtherProblem() async throws {
        let server = try await Self.server()
        #expect(
            try await Self.properties(
                "/v1/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&limit=abc&cargoType=Q&departureStartDate=bad", from: server)
                == ["limit", "cargoType", "departureStartDate"])
        #expect(
            try await Self.properties(
                "/v1/point-to-point-routes?placeOfDelivery=NLRTX&receiptTypeAtOrigin=XX&departureStartDate=bad", from: server)
                == ["placeOfReceipt", "placeOfDelivery", "receiptTypeAtOrigin", "departureStartDate"])
        #expect(
            try await Self.properties("/v1/port-schedules?limit=x&UNLocationCode=XXXXX&date=bad", from: server)
                == ["limit", "UNLocationCode", "date"])
        #expect(try await Self.properties("/v1/vessel-schedules?limit=x&vesselIMONumber=12", from: server) == ["limit", "vesselIMONumber"])
    }

    @Test func vesselSchedulesNeedAFilter() async throws {
        let server = try await Self.server()
        let response = try await Self.get("/v1/vessel-schedules?startDate=2026-03-01", from: server, schema: "ErrorResponse")
        #expect(response.status == .badRequest)
        #expect(try Self.decode(Components.Schemas.ErrorResponse.self, response.body).errors.map(\.errorCode) == [7005])
    }

    /// The dates of a point-to-point query are local days at the ports, as the routings show their times and as
    /// the port and vessel schedules match theirs.
    @Test func pointToPointDatesAreLocalDays() async throws {
        // Leaves Los Angeles on 21 January at 16:00 local time, reaches Shanghai on 10 February at 08:00 local time.
        let files = try ScheduleFiles(
            locations: "unlocode,name,time_zone\nUSLAX,Los Angeles,America/Los_Angeles\nCNSHA,Shanghai,Asia/Shanghai\n",
            schedule: "voyage,from,to,departure,arrival\nV1,USLAX,CNSHA,2026-01-22T00:00:00Z,2026-02-10T00:00:00Z\n")
        defer { files.remove() }
        let server = try await files.server(now: { Date(timeIntervalSince1970: 1_767_225_600) })
        func count(_ dates: String) async throws -> Int {
            let response = try await Self.get(
                "/v1/point-to-point-routes?placeOfReceipt=USLAX&placeOfDelivery=CNSHA&" + dates, from: server, schema: "PointToPoint")
            return try Self.decode([Components.Schemas.PointToPoint].self, response.body).count
        }
        #expect(try await count("departureStartDate=2026-01-21&departureEndDate=2026-01-21") == 1)
        #expect(try await count("departureStartDate=2026-01-22&departureEndDate=2026-01-22") == 0)
        #expect(try await count("departureStartDate=2026-01-20&arrivalStartDate=2026-02-10&arrivalEndDate=2026-02-10") == 1)
        #expect(try await count("departureStartDate=2026-01-20&arrivalEndDate=2026-02-09") == 0)
        // An arrival window alone moves the default deadline with it.
        #expect(try await count("departureStartDate=2026-01-01&arrivalStartDate=2026-02-10") == 1)
    }

    @Test func aScheduleWithoutVoyagesIsRefused() async throws {
        let files = try ScheduleFiles(
            locations: "unlocode,name\nNLRTM,Rotterdam\nCNSHA,Shanghai\n",
            schedule: "voyage,from,to,departure,arrival\nV1,CNSHA,NLRTM,2026-03-02T00:00:00Z,2026-04-01T00:00:00Z\n")
        defer { files.remove() }
        let server = try await files.server()
        try files.write(schedule: "voyage,from,to,departure,arrival\n")
        #expect(await server.reload() == false)
        #expect(server.schedule.network.voyageCount == 1)
        await #expect(throws: ScheduleServer.EmptySchedule.self) { try await files.server() }
    }
}

extension ServerTests {
    @Test(arguments: [HTTPRequest.Method.post, .put, .patch, .delete])
    func anotherMethodIsA405AllowingGETAndHEAD(method: HTTPRequest.Method) async throws {
        let server = try await Self.server()
        let response = try await server.application().test(.router) { client in
            try await client.execute(uri: "/v1/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM", method: method) { $0 }
        }
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers.value("allow") == "GET, HEAD")
        let body = String(buffer: response.body)
        #expect(try JSONSchemas.problems([body], dcsa: "ErrorResponse").isEmpty, "\(body)")
        #expect(try Self.decode(Components.Schemas.ErrorResponse.self, body).httpMethod.rawValue == method.rawValue)
    }
}

extension ServerTests {
    /// Each filter finds exactly the voyages a scan of the network finds (the server looks them up in indexes).
    @Test func eachVesselScheduleFilterFindsTheVoyagesAScanFinds() async throws {
        let server = try await Self.server()
        let voyage = try #require(Self.network.voyages.first { $0.vessel != nil && $0.service != nil })
        let window = "&startDate=2026-01-01&endDate=2026-12-31"
        for (filter, expected) in [
            ("vesselName=\(voyage.vessel!)", Self.network.voyages.filter { $0.vessel == voyage.vessel }),
            ("carrierServiceCode=\(voyage.service!)", Self.network.voyages.filter { $0.service == voyage.service }),
            ("carrierVoyageNumber=\(voyage.number.rawValue)", [voyage]),
            (
                "UNLocationCode=NLRTM",
                Self.network.voyages.filter { $0.movements.contains { $0.departureLocation == "NLRTM" || $0.arrivalLocation == "NLRTM" } }
            ),
        ] {
            let uri = "/v1/vessel-schedules?" + filter.replacingOccurrences(of: " ", with: "%20") + window + "&limit=100"
            let response = try await Self.get(uri, from: server, schema: "ServiceSchedule")
            #expect(response.status == .ok, "\(filter)")
            let services = try Self.decode([Components.Schemas.ServiceSchedule].self, response.body)
            // A vessel schedule holds a voyage and the voyages the vessel goes on as: its calls name them all.
            let found = services.flatMap(\.vesselSchedules).flatMap { schedule in
                Set((schedule.transportCalls ?? []).flatMap { [$0.carrierImportVoyageNumber, $0.carrierExportVoyageNumber].compactMap { $0 } })
            }
            #expect(Set(found) == Set(expected.map(\.number.rawValue)), "\(filter)")
            #expect(found.count == expected.count, "\(filter)")
            if filter.hasPrefix("carrierServiceCode") {
                // The bundled services' voyages go on as the same vessel's next round trip, in one vessel schedule.
                #expect(services.flatMap(\.vesselSchedules).count < expected.count, "\(filter)")
            }
        }
    }
}
