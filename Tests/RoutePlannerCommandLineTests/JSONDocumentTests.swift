import Foundation
import RoutePlannerTestSupport
import Testing

/// Every JSON document the command writes is data only and valid against its schema in docs/schemas: the route
/// cases of the snapshots, and every document of a cargo's life in a store.
@Suite struct JSONDocumentTests {
    @Test func theJSONDocumentsOfEverySnapshotCaseAreValid() throws {
        var documents: [String] = []
        for (_, arguments) in CommandLineTests.snapshotCases where arguments[0] == "route" && !arguments.contains("--compare") {
            var json = arguments
            if let format = json.firstIndex(of: "--format") { json.removeSubrange(format...format + 1) }
            let (output, _, _) = try CommandLineTests.run(json + ["--format", "json"])
            if !output.isEmpty { documents.append(output) }
        }
        // route, route-no-route (no itineraries), route-csv, route-dcsa, route-json, route-dcsa-schedule and
        // route-dcsa-distances.
        #expect(documents.count == 7 && documents.filter { $0.contains("\"reference\"") }.count == 6)
        let problems = try JSONSchemas.problems(documents, schema: "route")
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func everyDocumentOfACargosLifeIsDataValidAgainstItsSchema() throws {
        let store = LifecycleCommandTests.temporaryStore()
        let bookings = try StoreProcessTests.bookings(2, prefix: "J-")
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("route-planner-\(UUID().uuidString)-report.csv")
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store.path + suffix) }
            try? FileManager.default.removeItem(at: bookings)
            try? FileManager.default.removeItem(at: report)
        }
        var documents: [String: [String]] = [:]
        func run(_ schema: String?, _ arguments: String...) throws {
            let (output, error, status) = try LifecycleCommandTests.run(store, arguments)
            #expect(status == 0, "route-planner \(arguments.joined(separator: " ")): \(error)")
            if let schema { documents[schema, default: []].append(output) }
        }
        try run(nil, "customer", "ACME", "Acme Shipping")
        try run(
            "cargo-list", "book", "--as-of", "2026-03-01", "--from", "CNSHA", "--to", "NLRTM", "--ready", "2026-03-02",
            "--deadline", "2026-04-30", "--teu", "2", "--customer", "ACME", "--format", "json")
        try run("cargo-list", "book", "--as-of", "2026-03-01", "--bookings", bookings.path, "--customer", "ACME", "--format", "json")
        try run("cargo", "track", "RP000001", "--format", "json")
        try run("route", "route", "RP000001", "-k", "2", "--format", "json")
        try run(nil, "assign-route", "RP000001", "1")
        try run("handle", "handle", "RP000001", "--event", "receive", "--location", "CNSHA", "--time", "2026-03-02T02:00:00Z", "--format", "json")
        try run(
            "handle", "handle", "RP000001", "--event", "load", "--location", "CNSHA", "--voyage", "WS15-W09",
            "--time", "2026-03-02T08:00:00Z", "--format", "json")
        // Discharged where the itinerary does not say: misdirected, with the event that did it.
        try run(
            "handle", "handle", "RP000001", "--event", "unload", "--location", "CNYTN", "--voyage", "WS15-W09",
            "--time", "2026-03-13T13:00:00Z", "--format", "json")
        try run("cargo", "track", "RP000001", "--format", "json")
        try run("reroute", "reroute", "--format", "json")
        // A report handles one of the booked file's cargo, which has no itinerary: assign names it, not routed.
        try "tracking_id,event,location,completion_time\nRP000002,receive,\(try firstOrigin(bookings)),2026-03-20T00:00:00Z\n"
            .write(to: report, atomically: true, encoding: .utf8)
        try run("handle-report", "handle", "--events", report.path, "--format", "json")
        try run("assign", "assign", "--time-limit", "10", "--format", "json")
        try run("cargo-list", "cargo", "--format", "json")
        try run("cargo-list", "cargo", "--status", "claimed", "--format", "json")

        #expect(documents.values.map(\.count).reduce(0, +) == 13)
        for (schema, texts) in documents.sorted(by: { $0.key < $1.key }) {
            let problems = try JSONSchemas.problems(texts, schema: schema)
            #expect(problems.isEmpty, "\(schema): \(problems)")
            // Data only: no presenter prose.
            for text in texts { #expect(!text.contains("TEU for") && !text.contains(" UTC"), "\(schema): \(text.prefix(300))") }
        }
        #expect(documents["cargo"]?.last?.contains("\"unexpectedEvent\"") == true)
        #expect(documents["reroute"]?.first?.contains("\"reason\" : \"misdirected\"") == true)
        #expect(documents["assign"]?.first?.contains("\"reason\" : \"handledWithoutItinerary\"") == true)
    }

    @Test func theOptionsCarryTheirHandlingCostAndSortByIt() throws {
        // The bundled ports carry LINER-LIB's handling costs: each option's is in its document.
        let (output, _, status) = try CommandLineTests.run(["route", "--from", "CNSHA", "--to", "NLRTM", "-k", "5", "--sort", "cost", "--format", "json"])
        #expect(status == 0)
        struct Document: Decodable {
            struct Option: Decodable { let handlingCostPerTEU: Double? }
            let itineraries: [Option]
        }
        let costs = try JSONDecoder().decode(Document.self, from: Data(output.utf8)).itineraries.map(\.handlingCostPerTEU)
        #expect(costs.count == 5 && costs.allSatisfy { $0 != nil })
        #expect(costs.compactMap { $0 } == costs.compactMap { $0 }.sorted())
        #expect(try JSONSchemas.problems([output], schema: "route").isEmpty)
        let wrong = try CommandLineTests.run(["route", "--from", "CNSHA", "--to", "NLRTM", "--sort", "fastest"])
        #expect(wrong.status == 64 && wrong.error == "error: --sort: Enter arrival, cost or co2.\n")
    }

    /// Door to door on the bundled inland network, whose schedule and haulage give no CO2e: every leg of the JSON and the
    /// CSV names the estimate of its mode, barge, rail, truck and vessel among them, and the JSON is valid.
    @Test func everyLegNamesTheEstimateOfItsMode() throws {
        let route = ["route", "--inland", "--from", "CNFLG", "--to", "DEDTM", "--criteria", "co2", "-k", "6"]
        let (output, error, status) = try CommandLineTests.run(route + ["--format", "json"])
        #expect(status == 0, "\(error)")
        #expect(try JSONSchemas.problems([output], schema: "route").isEmpty)
        struct Document: Decodable {
            struct Option: Decodable {
                struct Leg: Decodable { let mode, co2eEstimate: String? }
                let legs: [Leg]
            }
            let itineraries: [Option]
        }
        let legs = try JSONDecoder().decode(Document.self, from: Data(output.utf8)).itineraries.flatMap(\.legs)
        // docs/CSV.md's figures by mode, and the vessels' fuel model.
        let figures = [
            "barge": "38.6 g CO2 per tonne-km by inland waterway", "rail": "11.3 g CO2 per tonne-km by rail", "truck": "90.3 g CO2 per tonne-km by road",
            "vessel": "the fuel of LINER-LIB's vessel class at the sailing's speed",
        ]
        #expect(Set(legs.map { $0.mode ?? "vessel" }) == Set(figures.keys))
        for leg in legs { #expect(leg.co2eEstimate?.contains(figures[leg.mode ?? "vessel"]!) == true, "\(leg)") }
        let csv = try CommandLineTests.run(route + ["--format", "csv"]).output.split(separator: "\n").dropFirst()
        #expect(csv.count == legs.count && zip(csv, legs).allSatisfy { $0.hasSuffix("\"\($1.co2eEstimate ?? "")\"") })
    }

    @Test func theOptionsCarryTheirCO2eAndTheCriteriaAndTheTransitLimitChangeWhichThereAre() throws {
        struct Document: Decodable {
            struct Option: Decodable {
                let departure, arrival: String
                let transitHours: Double
                let handlingCostPerTEU, co2eKgPerTEU: Double?
            }
            let itineraries: [Option]
        }
        func options(_ flags: [String]) throws -> [Document.Option] {
            let (output, error, status) = try CommandLineTests.run(["route", "--from", "CNSHA", "--to", "NLRTM", "-k", "50", "--format", "json"] + flags)
            #expect(status == 0, "\(flags): \(error)")
            #expect(try JSONSchemas.problems([output], schema: "route").isEmpty)
            return try JSONDecoder().decode(Document.self, from: Data(output.utf8)).itineraries
        }
        let plain = try options([])
        #expect(plain.allSatisfy { $0.co2eKgPerTEU.map { $0 > 0 } ?? false })
        // The cheaper or cleaner options that arrive later are candidates too, and none is worse in everything.
        let criteria = try options(["--criteria", "cost,co2"])
        #expect(criteria.count > plain.count)
        let cleanest = try #require(criteria.compactMap(\.co2eKgPerTEU).min())
        #expect(cleanest < plain.compactMap(\.co2eKgPerTEU).min()!)
        let sorted = try options(["--criteria", "co2", "--sort", "co2"]).compactMap(\.co2eKgPerTEU)
        #expect(sorted == sorted.sorted() && sorted.first == cleanest)
        // At most 36 days from loading to discharge: only the direct sailings (35 days 21 hours) are left.
        let quick = try options(["--max-transit", "36"])
        #expect(!quick.isEmpty && quick.count < plain.count && quick.allSatisfy { $0.transitHours <= 36 * 24 })
    }

    @Test func aDocumentThatBreaksItsSchemaIsCaught() throws {
        // The schemas are strict: an unknown field, a time that is not UTC, or a missing field is a problem.
        let broken = [
            #"{"version": 1, "cargo": [], "note": "booked"}"#,
            #"{"version": 1}"#,
        ]
        let problems = try JSONSchemas.problems(broken, schema: "cargo-list")
        #expect(problems.contains("stdin#1: $: Additional properties are not allowed ('note' was unexpected)"))
        #expect(problems.contains("stdin#2: $: 'cargo' is a required property"))
        let local =
            #"{"version": 1, "specification": {"origin": "CNSHA", "destination": "NLRTM", "ready": "2026-03-02T08:00:00+08:00", "deadline": "2026-05-01T00:00:00Z"}, "itineraries": []}"#
        #expect(try JSONSchemas.problems([local], schema: "route").contains("$.specification.ready"))
    }

    private func firstOrigin(_ bookings: URL) throws -> String {
        let row = try String(contentsOf: bookings, encoding: .utf8).split(separator: "\n")[1]
        return String(row.split(separator: ",")[1])
    }
}
