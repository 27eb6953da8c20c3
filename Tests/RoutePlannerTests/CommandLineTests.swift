import Foundation
import Testing

/// The `route-planner` binary end to end: whole outputs and exit statuses.
@Suite struct CommandLineTests {
    static func run(_ arguments: [String]) throws -> (output: String, error: String, status: Int32) {
        let process = Process()
        process.executableURL = ExamplesTests.productsDirectory.appendingPathComponent("route-planner")
        process.arguments = arguments
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (out, err, process.terminationStatus)
    }

    static var fixtures: String { Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.path }

    @Test func routesOnTheBundledNetwork() throws {
        let (output, _, status) = try Self.run(["route", "--from", "CNSHA", "--to", "NLRTM", "-k", "2"])
        #expect(status == 0)
        #expect(output == """
            #  Departs                    Arrives                     Transit           Route                  Slack against the deadline
            -  -------------------------  --------------------------  ----------------  ---------------------  --------------------------------------------
            1  Mon 2 Mar 2026, 08:00 UTC  Tue 7 Apr 2026, 21:00 UTC   36 days 13 hours  CNSHA → MYTPP → NLRTM  arrives 23 days 3 hours before the deadline
                 WS15-W09: Shanghai (CNSHA) → Tanjung Pelepas (MYTPP)
                 WS25-W07: Tanjung Pelepas (MYTPP) → Rotterdam (NLRTM)
                 transshipment at Tanjung Pelepas (MYTPP): waits 5 days 2 hours
            2  Thu 5 Mar 2026, 10:00 UTC  Fri 10 Apr 2026, 07:00 UTC  35 days 21 hours  CNSHA → NLRTM          arrives 20 days 17 hours before the deadline
                 WS29-W09: Shanghai (CNSHA) → Rotterdam (NLRTM)

            """)
    }

    @Test func namesTheFlagOfEveryBadValue() throws {
        let (output, error, status) = try Self.run(["route", "--from", "cnsha", "--to", "NLRTM", "--ready", "2026-03-02T08:00", "-k", "0"])
        #expect(status == 64 && output.isEmpty)
        #expect(error == """
            error: -k: Enter a whole number from 1 to 50.
            error: --ready: Ready "2026-03-02T08:00" has no time zone; write "2026-03-02T08:00Z" for UTC or add the offset, as in "2026-03-02T08:00+01:00".

            """)
    }

    @Test func anUnknownPortIsAFailureWithASuggestion() throws {
        let (_, error, status) = try Self.run(["route", "--from", "CNSHA", "--to", "NLRTX"])
        #expect(status == 1)
        #expect(error == "error: NLRTX is not a port of this network. Did you mean NLRTM?\n")
    }

    @Test func summarisesTheNetwork() throws {
        let (output, _, status) = try Self.run(["network"])
        #expect(status == 0)
        #expect(output.hasPrefix("Ports:      46\nVoyages:    884\nMovements:  6630\nDates:      2026-01-05 to 2026-10-11\n"))
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

    @Test func flagsThatDoNotGoTogether() throws {
        let (_, error, status) = try Self.run(["network", "--schedule", "s.csv"])
        #expect(status == 64)
        #expect(error.contains("--schedule and --locations go together"))
    }

    @Test func answersWhatIfACancelledVoyage() throws {
        let (output, _, status) = try Self.run(["route", "--from", "CNSHA", "--to", "NLRTM", "-k", "1", "--cancel-voyage", "WS15-W09"])
        #expect(status == 0)
        #expect(output.split(separator: "\n")[2].hasSuffix("CNSHA → SGSIN → MYTPP → NLRTM  arrives 23 days 3 hours before the deadline"))
        #expect(!output.contains("WS15-W09"))
    }

    @Test func answersWhatIfAPortIsClosed() throws {
        let (output, _, status) = try Self.run(["route", "--from", "CNSHA", "--to", "NLRTM", "-k", "1", "--close-port", "MYTPP@2026-03-01..2026-03-31"])
        #expect(status == 0)
        #expect(output.contains("CNSHA → HKHKG → ITGIT → ESALG → NLRTM") && !output.contains("MYTPP"))
    }

    @Test func namesTheWhatIfFlagThatIsWrong() throws {
        let (_, error, status) = try Self.run(["route", "--from", "CNSHA", "--to", "NLRTM", "--delay", "WS15:x"])
        #expect(status == 64)
        #expect(error.hasPrefix("Error: --delay: write VOYAGE:HOURS or VOYAGE:HOURS@PORT, such as WS15-W09:48@MYTPP."))
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
        #expect(routing["transitTime"] as? Int == 37)
        #expect(((routing["placeOfReceipt"] as? [String: Any])?["location"] as? [String: Any])?["UNLocationCode"] as? String == "CNSHA")
        let legs = try #require(routing["legs"] as? [[String: Any]])
        #expect(legs.map { ($0["transport"] as? [String: Any])?["carrierExportVoyageNumber"] as? String } == ["WS15-W09", "WS25-W07"])
    }

    @Test func writesCSVOneRowPerLeg() throws {
        let (output, _, _) = try Self.run(["route", "--from", "CNSHA", "--to", "NLRTM", "-k", "1", "--format", "csv"])
        #expect(output == """
            itinerary,leg,voyage,vessel,from,to,departure,arrival
            1,1,WS15-W09,2400 FFE,CNSHA,MYTPP,2026-03-02T08:00:00Z,2026-03-08T11:00:00Z
            1,2,WS25-W07,4200 FFE,MYTPP,NLRTM,2026-03-13T13:00:00Z,2026-04-07T21:00:00Z

            """)
    }

    @Test func comparesTheBaselineWithTheScenario() throws {
        let (output, _, status) = try Self.run(["route", "--from", "CNSHA", "--to", "NLRTM", "-k", "2", "--cancel-voyage", "WS15-W09", "--compare"])
        #expect(status == 0)
        #expect(output == """
            Baseline:
              CNSHA → MYTPP → NLRTM  Mon 2 Mar 2026, 08:00 UTC → Tue 7 Apr 2026, 21:00 UTC
              CNSHA → NLRTM  Thu 5 Mar 2026, 10:00 UTC → Fri 10 Apr 2026, 07:00 UTC
            With the scenario:
              CNSHA → SGSIN → MYTPP → NLRTM  Mon 2 Mar 2026, 08:00 UTC → Tue 7 Apr 2026, 21:00 UTC
              CNSHA → NLRTM  Thu 5 Mar 2026, 10:00 UTC → Fri 10 Apr 2026, 07:00 UTC
            Changed: 1 of 2 baseline itineraries are gone, 1 are new.
            The earliest arrival does not move.

            """)
    }

    @Test func assignsBookingsFromFilesAndWritesTheAssignment() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("assignment-\(UUID()).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        let (output, _, status) = try Self.run([
            "assign", "--schedule", Self.fixtures + "/valid/schedule.csv", "--locations", Self.fixtures + "/valid/locations.csv",
            "--bookings", Self.fixtures + "/valid/bookings.csv", "--time-limit", "5", "--output", file.path,
        ])
        #expect(status == 0)
        #expect(output.contains("Carried: 2 of 2 bookings, 5 TEU"))
        #expect(try String(contentsOf: file, encoding: .utf8) == """
            booking,teu,carried,voyages,departure,arrival,reason
            B-1,4,yes,AE7-001,2026-02-01T00:00:00Z,2026-03-07T06:00:00Z,
            B-2,1,yes,JP-9 AE7-001,2026-01-25T00:00:00Z,2026-03-09T12:00:00Z,

            """)
    }
}
