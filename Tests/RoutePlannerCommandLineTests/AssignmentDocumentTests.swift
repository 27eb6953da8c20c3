import Foundation
import Testing
import RoutePlannerTestSupport

/// `assign --format json` checked by a program that knows nothing of the library: it reads the schedule's
/// CSV files itself and verifies every carried booking's legs against its specification and the schedule,
/// and every movement's load against its capacity.
@Suite struct AssignmentDocumentTests {
    struct Document: Decodable {
        struct Booking: Decodable {
            let booking: String
            let teu: Int
            let origin, destination, ready, deadline: String
            let carried: Bool
            let legs: [Leg]
            let reason: Reason?
        }
        struct Leg: Decodable { let voyage, from, to, departure, arrival: String }
        struct Reason: Decodable {
            let kind: String
            let fullMovements: [Movement]
            let revenuePerTEU, handlingCostPerTEU, haulageCostPerTEU, penaltyPerTEU: Double?
        }
        struct Movement: Decodable { let voyage, from, to, departure: String; let load, capacity: Int }
        let version: Int
        let status: String
        let carriedTEU: Int
        let bookings: [Booking]
        let movements: [Movement]
    }

    static func rows(_ name: String) throws -> [[String: String]] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Data/linerlib-worldsmall/\(name)")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(lines[0], $0)) }
    }

    @Test func everyCarriedBookingFitsItsSpecificationTheScheduleAndTheCapacities() throws {
        let (output, error, status) = try CommandLineTests.run(["assign", "--format", "json", "--time-limit", "30"])
        #expect(status == 0, "\(error)")
        let document = try JSONDecoder().decode(Document.self, from: Data(output.utf8))
        #expect(document.version == 2)
        let time = ISO8601DateFormatter()
        func date(_ text: String) throws -> Date { try #require(time.date(from: text), "\(text)") }
        let transshipment = Dictionary(
            uniqueKeysWithValues: try Self.rows("locations.csv").map { ($0["unlocode"]!, Double($0["transshipment_hours"]!)! * 3600) })
        // The schedule's movements by voyage, in sailing order.
        let movements = Dictionary(grouping: try Self.rows("schedule.csv"), by: { $0["voyage"]! }).mapValues {
            $0.sorted { $0["departure"]! < $1["departure"]! }
        }
        // The voyage each voyage goes on as, with its cargo aboard.
        let continuation = Dictionary(
            try Self.rows("schedule.csv").compactMap { row in row["continues_as"].flatMap { $0.isEmpty ? nil : (row["voyage"]!, $0) } }
        ) { first, _ in first }
        var load: [String: Int] = [:]  // "voyage from departure" → TEU
        var carriedTEU = 0
        var reasons: [String: Int] = [:]
        for booking in document.bookings {
            guard booking.carried else {
                #expect(booking.legs.isEmpty, "\(booking.booking)")
                // Every reason is true to its kind: a capacity reason names the full movements, an unprofitable one
                // says the handling cost is not below the revenue.
                let reason = try #require(booking.reason, "\(booking.booking)")
                reasons[reason.kind, default: 0] += 1
                switch reason.kind {
                case "noItinerary": break
                case "capacity":
                    #expect(!reason.fullMovements.isEmpty && reason.fullMovements.allSatisfy { $0.load + booking.teu > $0.capacity }, "\(booking.booking)")
                case "unprofitable":
                    let (revenue, handling, haulage, penalty) = (
                        try #require(reason.revenuePerTEU), try #require(reason.handlingCostPerTEU), try #require(reason.haulageCostPerTEU),
                        try #require(reason.penaltyPerTEU)
                    )
                    #expect(handling + haulage >= revenue + penalty && reason.fullMovements.isEmpty, "\(booking.booking)")
                case "notPlaced": #expect(document.status != "optimal", "\(booking.booking)")
                default: Issue.record("\(booking.booking): reason \(reason.kind)")
                }
                continue
            }
            carriedTEU += booking.teu
            let legs = booking.legs
            #expect(legs.first?.from == booking.origin && legs.last?.to == booking.destination, "\(booking.booking)")
            #expect(try date(legs[0].departure) >= date(booking.ready) && date(legs.last!.arrival) <= date(booking.deadline), "\(booking.booking)")
            for (previous, next) in zip(legs, legs.dropFirst()) {
                #expect(previous.to == next.from, "\(booking.booking)")
                // Staying aboard as the vessel goes on as its next voyage takes no transshipment time.
                let staysAboard = continuation[previous.voyage] == next.voyage && movements[next.voyage]?.first?["departure"] == next.departure
                #expect(
                    try date(next.departure) >= date(previous.arrival) + (staysAboard ? 0 : transshipment[next.from]!), "\(booking.booking) at \(next.from)")
            }
            for leg in legs {
                // The voyage sails from `from` at `departure` through consecutive movements to `to` at `arrival`.
                let sailing = try #require(movements[leg.voyage], "\(leg.voyage)")
                let start = try #require(sailing.firstIndex { $0["from"] == leg.from && $0["departure"] == leg.departure }, "\(booking.booking) \(leg)")
                let end = try #require(sailing[start...].firstIndex { $0["to"] == leg.to && $0["arrival"] == leg.arrival }, "\(booking.booking) \(leg)")
                for movement in sailing[start...end] {
                    load["\(leg.voyage) \(movement["from"]!) \(movement["departure"]!)", default: 0] += booking.teu
                }
            }
        }
        #expect(carriedTEU == document.carriedTEU && carriedTEU > 0)
        // The bundled bookings: some pay on no itinerary, and those are not said to lack room.
        #expect(reasons["unprofitable", default: 0] > 0 && reasons["noItinerary", default: 0] > 0, "\(reasons)")
        let capacity = Dictionary(
            uniqueKeysWithValues: movements.values.joined().map { ("\($0["voyage"]!) \($0["from"]!) \($0["departure"]!)", Int($0["capacity_teu"]!)!) })
        for (movement, teu) in load { #expect(teu <= capacity[movement]!, "\(movement): \(teu) TEU") }
        // The document's own loads agree.
        #expect(Dictionary(uniqueKeysWithValues: document.movements.map { ("\($0.voyage) \($0.from) \($0.departure)", $0.load) }) == load)
        #expect(document.movements.allSatisfy { $0.capacity == capacity["\($0.voyage) \($0.from) \($0.departure)"] })
    }
}

/// Every answer of `route` in a program's format parses, even when there is no route.
@Suite struct RouteDocumentTests {
    static let noRoute = ["route", "--from", "CNSHA", "--to", "NLRTM", "--ready", "2026-03-02", "--deadline", "2026-03-05"]
    static let message = "error: No sailing reaches NLRTM by 2026-03-05; the earliest possible arrival is 2026-04-07.\n"

    @Test func noRouteIsAnEmptyJSONDocument() throws {
        let (output, error, status) = try CommandLineTests.run(Self.noRoute + ["--format", "json"])
        #expect(status == 1 && error == Self.message)
        let document = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        #expect(document?["version"] as? Int == 1)
        #expect((document?["itineraries"] as? [Any])?.isEmpty == true)
        #expect((document?["specification"] as? [String: String])?["deadline"] == "2026-03-05T23:59:59Z")
    }

    @Test func noRouteIsAnEmptyDCSAListAndACSVHeader() throws {
        let dcsa = try CommandLineTests.run(Self.noRoute + ["--format", "dcsa"])
        #expect(dcsa.status == 1 && dcsa.error == Self.message)
        #expect((try JSONSerialization.jsonObject(with: Data(dcsa.output.utf8)) as? [Any])?.isEmpty == true)
        let csv = try CommandLineTests.run(Self.noRoute + ["--format", "csv"])
        #expect(csv.status == 1 && csv.error == Self.message)
        #expect(csv.output == "itinerary,leg,voyage,vessel,from,to,departure,arrival,handling_cost_per_teu,co2e_kg_per_teu,distance_nm,co2e_estimate\n")
    }

    @Test func wrongInputWithCompareNamesItsFlagOnce() throws {
        let (output, error, status) = try CommandLineTests.run(Self.noRoute + ["-k", "0", "--compare", "--cancel-voyage", "WS15-W09"])
        #expect(status == 64 && output.isEmpty)
        #expect(error == "error: -k: Enter a whole number from 1 to 50.\n")
    }

    @Test func aPortUnknownWithAndWithoutTheScenarioIsReportedOnceOnStandardError() throws {
        for scenario in [[], ["--cancel-voyage", "WS15-W09"]] {
            let (output, error, status) = try CommandLineTests.run(["route", "--from", "XXXXX", "--to", "NLRTM", "--compare"] + scenario)
            #expect(status == 1 && output.isEmpty)
            #expect(error.hasPrefix("error: XXXXX is not a port of this network.") && error.components(separatedBy: "\n").count == 2)
        }
    }
}

/// `assign` over the inland example with a capacity a day on the trucks from Rotterdam to Dortmund: the document is
/// valid against its schema, lists each day it loads within its room, and the table shows the days.
@Suite struct HaulCapacityDocumentTests {
    @Test func aHaulsDaysAreKeptListedAndShown() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("route-planner-haul-days-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let haulage = directory.appendingPathComponent("haulage.csv")
        try """
        from,to,hours,distance_km,cost_per_teu,co2e_kg_per_teu,capacity_teu_per_day
        CNJGJ,CNCQI,,,180,45,
        DEDUI,DEDTM,1.5,60,90,45,
        NLRTM,DEDTM,,,520,170,150

        """.write(to: haulage, atomically: true, encoding: .utf8)
        let arguments = [
            "assign", "--schedule", "examples/inland/schedule.csv", "--locations", "examples/inland/locations.csv", "--haulage", haulage.path,
            "--bookings", "examples/inland/bookings.csv", "--time-limit", "20",
        ]
        let (json, error, status) = try CommandLineTests.run(arguments + ["--format", "json"])
        #expect(status == 0, "\(error)")
        #expect(try JSONSchemas.problems([json], schema: "assign") == "")
        struct Document: Decodable {
            struct Day: Decodable { let voyage, from, to, day: String; let load, capacity: Int }
            let haulDays: [Day]?
        }
        let days = try #require(try JSONDecoder().decode(Document.self, from: Data(json.utf8)).haulDays)
        #expect(!days.isEmpty && days.allSatisfy { $0.voyage == "TRUCK NLRTM-DEDTM" && $0.capacity == 150 && $0.load <= 150 }, "\(days)")
        let (table, _, _) = try CommandLineTests.run(arguments)
        #expect(table.contains("TRUCK NLRTM-DEDTM NLRTM→DEDTM on \(days[0].day): \(days[0].load) of 150 TEU a day"), "\(table)")
    }
}

/// The examples of docs/CSV.md are files the command reads without a problem.
@Suite struct DocumentationExampleTests {
    @Test func theCSVExamplesValidate() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/CSV.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let blocks = text.components(separatedBy: "```csv\n").dropFirst().map { String($0.prefix { $0 != "`" }) }
        #expect(blocks.count == 4)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("route-planner-docs-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for (name, block) in zip(["locations.csv", "schedule.csv", "haulage.csv", "bookings.csv"], blocks) {
            let file = directory.appendingPathComponent(name)
            try block.write(to: file, atomically: true, encoding: .utf8)
            paths.append(file.path)
        }
        let (output, error, status) = try CommandLineTests.run(
            ["validate", "--locations", paths[0], "--schedule", paths[1], "--haulage", paths[2], "--bookings", paths[3]])
        #expect(status == 0 && output.isEmpty, "\(output)")
        #expect(error == "0 errors, 0 warnings\n")
    }
}
