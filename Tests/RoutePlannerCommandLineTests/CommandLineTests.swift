import Foundation
import RoutePlannerTestSupport
import Testing

/// The `route-planner` binary end to end: whole outputs and exit statuses.
@Suite struct CommandLineTests {
    static func run(_ arguments: [String]) throws -> (output: String, error: String, status: Int32) {
        let result = try execute(ExamplesTests.productsDirectory.appendingPathComponent("route-planner"), arguments)
        return (result.output, result.error, result.status)
    }

    /// Runs a program to its end, in the tests' environment (``ExamplesTests/environment``).
    ///
    /// - Returns: Its standard output and standard error, its exit status, and whether a signal ended it.
    static func execute(
        _ executable: URL, _ arguments: [String], in folder: URL? = nil
    ) throws -> (output: String, error: String, status: Int32, trapped: Bool) {
        let process = Process()
        process.executableURL = executable
        process.environment = ExamplesTests.environment
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (out, err, process.terminationStatus, process.terminationReason == .uncaughtSignal)
    }

    /// The format tests' CSV fixtures, read from the source tree.
    static var fixtures: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("RoutePlannerFormatsTests/Fixtures").path
    }

    /// Runs the command and compares its exit status, standard output and standard error with the snapshot
    /// `Snapshots/NAME.txt`; `RECORD_SNAPSHOTS=1 swift test` records them anew.
    static func expectSnapshot(_ name: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (output, error, status) = try run(arguments)
        let text = "$ route-planner \(arguments.joined(separator: " "))\nexit status \(status)\n--- standard output\n\(output)--- standard error\n\(error)"
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots/\(name).txt")
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != nil {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(text == expected, "snapshot \(name) differs; RECORD_SNAPSHOTS=1 swift test records it anew", sourceLocation: sourceLocation)
    }

    static let snapshotCases: [(String, [String])] = [
        ("route", ["route", "--from", "CNSHA", "--to", "NLRTM", "-k", "2"]),
        ("route-bad-values", ["route", "--from", "cnsha", "--to", "NLRTM", "--ready", "2026-03-02T08:00", "-k", "0"]),
        ("route-unknown-port", ["route", "--from", "CNSHA", "--to", "NLRTX"]),
        ("route-no-route", ["route", "--from", "CNSHA", "--to", "NLRTM", "--deadline", "2026-03-20"]),
        // Dates the schedule does not cover are field errors that say what it covers.
        ("route-before-schedule", ["route", "--from", "CNSHA", "--to", "NLRTM", "--ready", "2020-01-01"]),
        // A misspelt flag is named, not reported as a missing one.
        (
            "book-misspelt-flag",
            [
                "book", "--as-of", "2026-03-01", "--form", "CNSHA", "--to", "NLRTM", "--ready", "2026-03-02", "--deadline", "2026-04-30", "--customer", "ACME",
            ]
        ),
        ("route-csv", ["route", "--from", "CNSHA", "--to", "NLRTM", "-k", "1", "--format", "csv"]),
        ("route-compare", ["route", "--from", "CNSHA", "--to", "NLRTM", "-k", "2", "--cancel-voyage", "WS15-W09", "--compare"]),
        ("route-bad-delay", ["route", "--from", "CNSHA", "--to", "NLRTM", "--delay", "WS15:x"]),
        ("route-dcsa", ["route", "--from", "CNSHA", "--to", "NLRTM", "-k", "2", "--format", "dcsa"]),
        ("route-json", ["route", "--from", "CNSHA", "--to", "NLRTM", "-k", "2", "--format", "json"]),
        // The DCSA example: ready an hour after WS15-W09's documentation cut-off, the cargo takes WS29-W09.
        (
            "route-dcsa-schedule",
            [
                "route", "--schedule", "examples/dcsa/vessel-schedules.json", "--from", "CNSHA", "--to", "NLRTM",
                "--ready", "2026-02-28T09:00:00Z", "-k", "2", "--format", "dcsa",
            ]
        ),
        // With its distances, every option of the DCSA example has its CO2e; the cleanest first.
        (
            "route-dcsa-distances",
            [
                "route", "--schedule", "examples/dcsa/vessel-schedules.json", "--distances", "examples/dcsa/distances.csv",
                "--from", "CNSHA", "--to", "NLRTM", "--ready", "2026-02-28T08:00:00Z", "-k", "3", "--sort", "co2",
            ]
        ),
        ("network", ["network"]),
        ("network-half-files", ["network", "--locations", "l.csv"]),
        // A port's calls by local date, and the voyages a vessel-schedule search finds, as the API's use cases find them.
        ("schedule-port", ["schedule", "port", "SGSIN", "--from", "2026-03-02", "--days", "3"]),
        ("schedule-port-unknown", ["schedule", "port", "SGSIX"]),
        ("schedule-port-bad-values", ["schedule", "port", "sg", "--from", "2026-13-01", "--days", "0"]),
        ("schedule-vessel", ["schedule", "vessel", "--voyage", "WS15-W09"]),
        ("schedule-vessel-no-filter", ["schedule", "vessel"]),
        (
            "schedule-vessel-dcsa",
            [
                "schedule", "vessel", "--port", "SGSIN", "--start-date", "2026-03-02", "--end-date", "2026-03-02", "--matched-calls-only", "--format",
                "dcsa",
            ]
        ),
    ]

    @Test(arguments: snapshotCases)
    func matchesItsSnapshot(_ name: String, _ arguments: [String]) throws {
        try Self.expectSnapshot(name, arguments)
    }

    /// Every route case of the snapshots, written as DCSA routings, is valid against the vendored specification
    /// (a case refused for its flags or an unknown port writes no document).
    @Test func theDCSADocumentsOfEverySnapshotCaseAreValid() throws {
        var documents: [String] = []
        for (_, arguments) in Self.snapshotCases where arguments[0] == "route" && !arguments.contains("--compare") {
            var dcsa = arguments
            if let format = dcsa.firstIndex(of: "--format") { dcsa.removeSubrange(format...format + 1) }
            let (output, _, _) = try Self.run(dcsa + ["--format", "dcsa"])
            if !output.isEmpty { documents.append(output) }
        }
        // route, route-no-route (an empty list), route-csv, route-dcsa, route-json, route-dcsa-schedule and
        // route-dcsa-distances (whose routings carry footprints).
        #expect(documents.count == 7 && documents.filter { $0.contains("routingReference") }.count == 6)
        #expect(documents.contains { $0.contains("solutionFootprint") })
        let problems = try JSONSchemas.problems(documents)
        #expect(problems.isEmpty, "\(problems)")
    }

    /// README's example: an hour decides whether the container makes the documentation cut-off.
    @Test func aCutOffDecidesTheDCSAExamplesRoute() throws {
        func firstVoyage(ready: String) throws -> String? {
            let (output, error, status) = try Self.run([
                "route", "--schedule", "examples/dcsa/vessel-schedules.json", "--from", "CNSHA", "--to", "NLRTM", "--ready", ready,
                "-k", "1", "--format", "json",
            ])
            #expect(status == 0, "\(error)")
            let document = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
            let legs = (document?["itineraries"] as? [[String: Any]])?.first?["legs"] as? [[String: Any]]
            return legs?.first?["voyage"] as? String
        }
        #expect(try firstVoyage(ready: "2026-02-28T08:00:00Z") == "WS15-W09")
        #expect(try firstVoyage(ready: "2026-02-28T09:00:00Z") == "WS29-W09")
        // A reefer closes 30 hours before the departure, after the documentation cut-off, so the same hour decides.
        let (reefer, _, _) = try Self.run([
            "route", "--schedule", "examples/dcsa/vessel-schedules.json", "--from", "CNSHA", "--to", "NLRTM",
            "--ready", "2026-02-28T08:00:00Z", "-k", "1", "--cargo-type", "REEFER", "--dangerous-goods",
        ])
        #expect(!reefer.contains("WS15-W09"))
    }

    /// The DCSA schedules the repository ships are valid against the specification, and a schedule without
    /// capacities routes but does not assign.
    @Test func theShippedDCSASchedulesAreValidAndAssignNeedsCapacities() throws {
        let documents = try ["examples/dcsa/vessel-schedules.json", Self.fixtures + "/dcsa/vessel-schedules.json"].map {
            try String(contentsOfFile: $0, encoding: .utf8)
        }
        let problems = try JSONSchemas.problems(documents, dcsa: "ServiceSchedule")
        #expect(problems.isEmpty, "\(problems)")
        let bookings = FileManager.default.temporaryDirectory.appendingPathComponent("dcsa-bookings-\(UUID()).csv")
        defer { try? FileManager.default.removeItem(at: bookings) }
        try "booking,origin,destination,ready,deadline,teu,revenue_per_teu,cargo_type\nB-1,CNSHA,NLRTM,2026-02-27,2026-04-30,2,900,REEFER\n"
            .write(to: bookings, atomically: true, encoding: .utf8)
        let assign = ["assign", "--schedule", "examples/dcsa/vessel-schedules.json", "--bookings", bookings.path, "--time-limit", "5"]
        let (_, error, status) = try Self.run(assign)
        #expect(status == 1)
        #expect(error.hasPrefix("error: --capacities: examples/dcsa/vessel-schedules.json is a DCSA vessel schedule, which carries no capacities"))
        let (assigned, _, assignedStatus) = try Self.run(assign + ["--capacities", "examples/dcsa/capacities.csv", "--format", "csv"])
        #expect(assignedStatus == 0)
        #expect(assigned.contains("B-1,2,yes,1,"), "\(assigned)")
        let (validated, summary, validStatus) = try Self.run([
            "validate", "--schedule", "examples/dcsa/vessel-schedules.json", "--capacities", "examples/dcsa/capacities.csv",
        ])
        #expect(validStatus == 0 && validated.isEmpty && summary == "0 errors, 0 warnings\n")
    }

    @Test func validatesFilesCompilerStyle() throws {
        let (output, error, status) = try Self.run([
            "validate", "--schedule", Self.fixtures + "/invalid-schedule/schedule.csv",
            "--locations", Self.fixtures + "/invalid-schedule/locations.csv",
        ])
        #expect(status == 1)
        #expect(output.split(separator: "\n").count == 17)
        #expect(output.contains("/invalid-schedule/schedule.csv:12:4: error: voyage V7 does not connect"))
        #expect(error == "15 errors, 2 warnings\n")
    }

    @Test func answersWhatIfACancelledVoyage() throws {
        let (output, _, status) = try Self.run(["route", "--from", "CNSHA", "--to", "NLRTM", "-k", "1", "--cancel-voyage", "WS15-W09"])
        #expect(status == 0)
        #expect(output.split(separator: "\n")[2].contains("CNSHA → SGSIN → MYTPP → NLRTM  arrives 23 days 3 hours before the deadline"))
        #expect(!output.contains("WS15-W09"))
    }

    @Test func answersWhatIfAPortIsClosed() throws {
        let (output, _, status) = try Self.run(["route", "--from", "CNSHA", "--to", "NLRTM", "-k", "1", "--close-port", "MYTPP@2026-03-01..2026-03-31"])
        #expect(status == 0)
        #expect(output.contains("CNSHA → HKHKG → ITGIT → ESALG → NLRTM") && !output.contains("MYTPP"))
    }

    @Test func writesJSONWithMachineTimes() throws {
        let (output, _, status) = try Self.run(["route", "--from", "CNSHA", "--to", "NLRTM", "-k", "1", "--format", "json"])
        #expect(status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(json["version"] as? Int == 1)
        let itinerary = try #require((json["itineraries"] as? [[String: Any]])?.first)
        #expect(itinerary["departure"] as? String == "2026-03-02T08:00:00Z")
        #expect(itinerary["arrival"] as? String == "2026-04-07T21:00:00Z")
        #expect(itinerary["transshipments"] as? Int == 1 && itinerary["transitDays"] as? Int == 37)
        #expect((json["specification"] as? [String: Any])?["deadline"] as? String == "2026-05-01T00:00:00Z")
    }

    @Test func writesDCSAPointToPointRoutings() throws {
        let (output, _, status) = try Self.run(["route", "--from", "CNSHA", "--to", "NLRTM", "-k", "1", "--format", "dcsa"])
        #expect(status == 0)
        let routings = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        let routing = try #require(routings.first)
        #expect(routing["transitTime"] as? Int == 37 && routing["solutionNumber"] as? Int == 1)
        #expect((routing["routingReference"] as? String)?.hasPrefix("RP-") == true)
        let receipt = try #require(routing["placeOfReceipt"] as? [String: Any])
        #expect(receipt["facilityTypeCode"] as? String == "POTE")
        #expect((receipt["location"] as? [String: Any])?["UNLocationCode"] as? String == "CNSHA")
        // Shanghai's local time, from the bundled locations' time zones: 08:00 UTC is 16:00 there.
        #expect(receipt["dateTime"] as? String == "2026-03-02T16:00:00+08:00")
        let legs = try #require(routing["legs"] as? [[String: Any]])
        let partners = legs.map { (($0["transport"] as? [String: Any])?["servicePartners"] as? [[String: Any]])?.first }
        #expect(partners.map { $0?["carrierExportVoyageNumber"] as? String } == ["WS15-W09", "WS25-W07"])
        #expect(partners.map { $0?["carrierServiceCode"] as? String } == ["WS15", "WS25"])
        let problems = try JSONSchemas.problems([output])
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func assignsBookingsFromFilesAndWritesTheAssignment() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("assignment-\(UUID()).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        let (output, error, status) = try Self.run([
            "assign", "--schedule", Self.fixtures + "/valid/schedule.csv", "--locations", Self.fixtures + "/valid/locations.csv",
            "--bookings", Self.fixtures + "/valid/bookings.csv", "--time-limit", "5", "--output", file.path,
        ])
        #expect(status == 0)
        #expect(error.isEmpty)  // progress lines go to a terminal only, never to a pipe
        #expect(output.contains("Carried: 2 of 2 bookings, 5 TEU"))
        #expect(
            try String(contentsOf: file, encoding: .utf8) == """
                booking,teu,carried,leg,voyage,from,to,departure,arrival,reason
                B-1,4,yes,1,AE7-001,CNSHA,SEGOT,2026-02-01T00:00:00Z,2026-03-07T06:00:00Z,
                B-2,1,yes,1,JP-9,JPAMA,CNSHA,2026-01-25T00:00:00Z,2026-01-28T00:00:00Z,
                B-2,1,yes,2,AE7-001,CNSHA,DE9B0,2026-02-01T00:00:00Z,2026-03-09T12:00:00Z,

                """)
    }

    @Test func comparesAnAssignmentUnderLessCapacityAndADelay() throws {
        let (output, _, status) = try Self.run([
            "assign", "--schedule", Self.fixtures + "/valid/schedule.csv", "--locations", Self.fixtures + "/valid/locations.csv",
            "--bookings", Self.fixtures + "/valid/bookings.csv", "--time-limit", "5",
            "--capacity", "AE7-001=3", "--delay", "JP-9:12", "--compare",
        ])
        #expect(status == 0)
        #expect(output.contains("B-1  4 TEU  not carried: no room on AE7-001 CNSHA→NLRTM (1/3 TEU), AE7-001 NLRTM→SEGOT (1/3 TEU)"))
        #expect(
            output.hasSuffix(
                """
                Compared with the schedule as it is:
                  revenue 3251 → 1 (-3250)
                  handling cost 0 → 0 (+0)
                  profit 3251 → 1 (-3250)
                  CO2e 0.0 t → 0.0 t (+0.0 t)
                  1 booking loses its route: B-1

                """))
    }
}
