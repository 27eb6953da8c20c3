import Foundation
import RoutePlannerTestSupport
import Testing

/// `events apply`: a carrier's Track & Trace feed over a store, the story README.md and examples/events tell.
@Suite struct EventsCommandTests {
    static let examples = JSONSchemas.repository.appendingPathComponent("examples/events")

    /// A store with the example's three bookings, routed by `assign`.
    static func assignedStore() throws -> URL {
        let store = LifecycleCommandTests.temporaryStore()
        for arguments in [
            ["customer", "ACME", "Acme Shipping"],
            ["book", "--as-of", "2026-03-01", "--bookings", examples.appendingPathComponent("bookings.csv").path, "--customer", "ACME"],
            ["assign"],
        ] {
            let (_, error, status) = try LifecycleCommandTests.run(store, arguments)
            #expect(status == 0, "\(arguments): \(error)")
        }
        return store
    }

    @Test func theFeedDisruptsOneCargoWhoseBestOptionIsAcceptedOnceAndTheRestIsUntouched() throws {
        let store = try Self.assignedStore()
        defer { StoreFileCommandTests.remove(store) }
        let feed = Self.examples.appendingPathComponent("feed.json").path
        let before = try LifecycleCommandTests.run(store, ["track", "RP000002"]).output

        let first = try LifecycleCommandTests.run(store, ["events", "apply", feed])
        #expect(first.status == 0, "\(first.error)")
        let lines = first.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "316 events: 312 applied to the schedule, now version 1; 4 handlings registered.")
        #expect(lines.dropFirst().first == "1 cargo disrupted; 2 still arrive in time.")
        #expect(
            first.output.contains(
                "Cargo RP000003 (MAPTM → NLRTM, 1 TEU for ACME): misses the connection to leg 2 at NGAPP by 5 hours: "
                    + "WS00-W07 reaches NGAPP 3 days later than planned; planned to arrive Mon 13 Apr 2026, 04:00 UTC"), "\(first.output)")
        #expect(first.output.contains("  options from GHTKD, ready Sat 14 Mar 2026, 17:00 UTC:\n  1. GHTKD → NGAPP → ESALG → NLRTM"))

        // The handlings registered, as the event feed's; the cargo the events do not disrupt keeps its itinerary.
        let tracked = try LifecycleCommandTests.run(store, ["track", "RP000001"]).output
        #expect(
            try LifecycleCommandTests.run(store, ["track", "RP000003"]).output.contains(
                "Schedule:    version 1, as the carriers changed it: its itinerary misses the connection to leg 2 at NGAPP"))
        #expect(tracked.contains("on track (routed, on board carrier)") && tracked.contains("load at CNSHA on WS29-W09"))
        #expect(tracked.contains("handled load at CNSHA on WS29-W09, completed Thu 5 Mar 2026, 08:00 UTC, by event feed"))
        // Untouched, and says so.
        let after = try LifecycleCommandTests.run(store, ["track", "RP000002"]).output
        #expect(after.contains("Schedule:    version 1, as the carriers changed it: its itinerary still takes it there in time\n"))
        #expect(after.split(separator: "\n").filter { !$0.hasPrefix("Schedule:") } == before.split(separator: "\n"))

        // The disrupted cargo listed as the desk lists them, with the same words.
        let listed = try LifecycleCommandTests.run(store, ["events", "disrupted", "--as-of", "2026-03-06T12:00:00Z"])
        #expect(listed.status == 0 && listed.output.hasPrefix("1 cargo disrupted.\n\nCargo RP000003 (MAPTM → NLRTM, 1 TEU for ACME): misses"), "\(listed)")
        #expect(listed.output.contains("now none: its route no longer takes it there; delay: not known until it is re-routed"))
        #expect(listed.output.contains("against the deadline: at risk: its route is disrupted") && listed.output.contains("  1. GHTKD → NGAPP → ESALG → NLRTM"))
        let late = try LifecycleCommandTests.run(store, ["events", "disrupted", "--standing", "late", "--format", "json"])
        #expect(try late.status == 0 && JSONSchemas.problems([late.output], schema: "disruptions") == "", "\(late)")

        // Applied again, nothing is new; with --accept best, RP000003 was disrupted before this batch, so it is left, saying so.
        let again = try LifecycleCommandTests.run(store, ["events", "apply", feed, "--accept", "best", "--format", "json"])
        #expect(again.status == 0)
        let problems = try JSONSchemas.problems([again.output], schema: "events")
        #expect(problems == "")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(again.output.utf8)) as? [String: Any])
        #expect((document["events"] as? [String: Int]) == ["count": 316, "applied": 0, "outranked": 0, "appliedBefore": 316, "handled": 0])
        let disrupted = try #require(document["disrupted"] as? [[String: Any]])
        #expect(disrupted.count == 1 && disrupted[0]["accepted"] as? Bool == false && disrupted[0]["disruptedBefore"] as? Bool == true)
        let disruption = try #require(disrupted[0]["disruption"] as? [String: Any])
        #expect(disruption["kind"] as? String == "missesConnection" && disruption["leg"] as? Int == 2 && disruption["port"] as? String == "NGAPP")
        #expect(disruption["marginHours"] as? Double == 5 && (disruption["changes"] as? [[String: Any]])?.first?["shiftHours"] as? Double == 72)
        let told = try LifecycleCommandTests.run(store, ["events", "apply", feed, "--accept", "best"]).output
        #expect(
            told.contains(
                "1 cargo disrupted: 0 by this batch, 1 before it; 2 still arrive in time. 0 of those this batch disrupted took their best option; "
                    + "the 1 disrupted before it was left as it was"), "\(told)")

        // Accepted on purpose: previewed with nothing written, then confirmed; it takes its first option, once.
        let preview = try LifecycleCommandTests.run(store, ["events", "accept", "RP000003"])
        #expect(preview.status == 0 && preview.output.hasPrefix("1 cargo would be re-routed; 0 would be left as they are."), "\(preview)")
        let confirmation = try #require(preview.output.firstMatch(of: /--confirm and: (RP000003=RP-[0-9a-f]+)/)?.output.1)
        #expect(try LifecycleCommandTests.run(store, ["track", "RP000003"]).output.contains("Status:      disrupted"))
        let accepted = try LifecycleCommandTests.run(store, ["events", "accept", String(confirmation), "--confirm", "--format", "json"])
        #expect(try accepted.status == 0 && JSONSchemas.problems([accepted.output], schema: "accept") == "", "\(accepted)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(accepted.output.utf8)) as? [String: Any])
        #expect(result["confirmed"] as? Bool == true && result["rerouted"] as? Int == 1 && result["left"] as? Int == 0)
        let twice = try LifecycleCommandTests.run(store, ["events", "accept", String(confirmation), "--confirm"]).output
        #expect(twice.contains("0 cargo re-routed; 1 left as it was.") && twice.contains("the schedule does not disrupt it: it is on track"), "\(twice)")
        let track = try LifecycleCommandTests.run(store, ["track", "RP000003"]).output
        // Re-planned from aboard: the booking stays the customer's, and the leg of the vessel it is aboard stays in its
        // itinerary, up to the call where the new route goes on.
        #expect(track.hasPrefix("Cargo RP000003: 1 TEU for ACME, MAPTM → NLRTM, ready Sun 1 Mar 2026, 00:00 UTC, due Wed 15 Apr 2026"), "\(track)")
        #expect(track.contains("Itinerary:   MAPTM → NGAPP → ESALG → NLRTM") && track.contains("  WS00-W07: Tangier (MAPTM) → Apapa (NGAPP)"))
        #expect(track.contains("Status:      on track (routed, on board carrier)"))
        #expect(track.contains("Schedule:    version 1, as the carriers changed it: its itinerary still takes it there in time"))
        #expect(track.contains("routed MAPTM → NGAPP → ESALG → NLRTM on WS00-W07, WS05-W03, WS18-W08; schedule version 1, by command line"), "\(track)")
        // Asked for, a cargo's document says what the schedule as events moved it does to it.
        let json = try LifecycleCommandTests.run(store, ["track", "RP000002", "--format", "json"]).output
        let schedule = try #require((try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["schedule"] as? [String: Any])
        #expect(schedule["version"] as? Int == 1 && schedule["disruption"] == nil)
        #expect(try JSONSchemas.problems([json], schema: "cargo") == "")
        let third = try LifecycleCommandTests.run(store, ["events", "apply", feed])
        #expect(
            third.output.hasPrefix("316 events: 0 applied to the schedule, now version 1; 316 applied before.\n0 cargo disrupted; 3 still arrive in time.\n"))
    }

    /// The batch, the route it assigns and the options it offers are written together: the route names the schedule's
    /// version that the batch made, the one it was planned on.
    @Test func aRouteAcceptedFromABatchNamesTheVersionTheBatchMade() throws {
        let store = try Self.assignedStore()
        defer { StoreFileCommandTests.remove(store) }
        let applied = try LifecycleCommandTests.run(store, ["events", "apply", Self.examples.appendingPathComponent("feed.json").path, "--accept", "best"])
        #expect(applied.status == 0 && applied.output.hasPrefix("316 events: 312 applied to the schedule, now version 1;"), "\(applied.error)")
        let track = try LifecycleCommandTests.run(store, ["track", "RP000003"]).output
        #expect(track.contains("routed MAPTM → NGAPP → ESALG → NLRTM on WS00-W07, WS05-W03, WS18-W08; schedule version 1, by event feed"), "\(track)")
        #expect(track.contains("Schedule:    version 1, as the carriers changed it: its itinerary still takes it there in time"), "\(track)")
    }

    @Test func aVoyagePublishedAgainWithoutACallDisruptsTheCargoDischargedThere() throws {
        let store = try Self.assignedStore()
        defer { StoreFileCommandTests.remove(store) }
        let update = Self.examples.appendingPathComponent("schedule-update.json").path
        #expect(try LifecycleCommandTests.run(store, ["events", "apply", Self.examples.appendingPathComponent("feed.json").path]).status == 0)

        let first = try LifecycleCommandTests.run(store, ["events", "apply", update])
        #expect(first.status == 0, "\(first.error)")
        #expect(
            first.output.hasPrefix(
                """
                1 voyage published again: 1 changed the schedule, now version 2.
                published again: WS29-W09: omits NLRTM
                2 cargo disrupted: 1 by this batch, 1 before it; 1 still arrives in time.

                Cargo RP000001 (CNSHA → NLRTM, 2 TEU for ACME): can no longer take leg 1 on WS29-W09: WS29-W09 no longer calls at NLRTM; planned to arrive Fri 10 Apr 2026, 07:00 UTC
                  options from MYPKG, ready Thu 12 Mar 2026, 12:00 UTC:
                  1. MYPKG → GBFXT → NLRTM
                """), "\(first.output)")
        #expect(
            try LifecycleCommandTests.run(store, ["track", "RP000001"]).output.contains(
                "Schedule:    version 2, as the carriers changed it: its itinerary can no longer take leg 1 on WS29-W09"))

        // Published again as it is, it changes nothing; accepted, RP000001 stays aboard from Port Klang to Felixstowe.
        let again = try LifecycleCommandTests.run(store, ["events", "apply", update, "--format", "json"])
        #expect(again.status == 0)
        #expect(try JSONSchemas.problems([again.output], schema: "events") == "")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(again.output.utf8)) as? [String: Any])
        #expect(document["publishedVoyages"] as? Int == 1 && (document["republished"] as? [Any])?.isEmpty == true)
        #expect((document["events"] as? [String: Int])?["appliedBefore"] == 1 && document["scheduleVersion"] as? Int == 2)
        #expect(try LifecycleCommandTests.run(store, ["events", "accept", "RP000001", "--confirm"]).output.hasPrefix("1 cargo re-routed; 0 left"))
        let track = try LifecycleCommandTests.run(store, ["track", "RP000001"]).output
        #expect(track.contains("Itinerary:   MYPKG → GBFXT → NLRTM") && track.contains("its itinerary still takes it there in time"), "\(track)")
        #expect(track.contains("  WS29-W09: Port Klang (MYPKG) → Felixstowe (GBFXT)"), "\(track)")
    }

    @Test func aPublicationWithAnErrorPublishesNothing() throws {
        let store = try Self.assignedStore()
        defer { StoreFileCommandTests.remove(store) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("update-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        var document = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: Self.examples.appendingPathComponent("schedule-update.json"))) as? [[String: Any]])
        var schedules = try #require(document[0]["vesselSchedules"] as? [[String: Any]])
        var calls = try #require(schedules[0]["transportCalls"] as? [[String: Any]])
        calls[3]["location"] = ["UNLocationCode": "XXNOPE"]
        calls.append(["transportCallReference": "extra", "carrierImportVoyageNumber": "NOPE-1", "timestamps": []])
        schedules[0]["transportCalls"] = calls
        document[0]["vesselSchedules"] = schedules
        try JSONSerialization.data(withJSONObject: document).write(to: file)
        let result = try LifecycleCommandTests.run(store, ["events", "apply", file.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("0 voyages published again: 0 changed the schedule, now version 0; 5 refused.\n"), "\(result.output)")
        #expect(result.output.contains("refused: $[0].vesselSchedules[0].transportCalls[3].location.UNLocationCode: malformed UN/LOCODE"), "\(result.output)")
        #expect(result.output.contains("refused: $[0].vesselSchedules[0].transportCalls[12]: no timestamps"), "\(result.output)")
        #expect(result.output.hasSuffix("0 cargo disrupted; 3 still arrive in time.\n"), "\(result.output)")
    }

    @Test func aBadEventIsRefusedAtItsPathAndTheRestApplied() throws {
        let store = try Self.assignedStore()
        defer { StoreFileCommandTests.remove(store) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("events-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(
            """
            [{"eventID": "3b0c6a2e-1d4f-4e8a-9c7b-000000000001", "eventType": "TRANSPORT", "eventClassifierCode": "ACT", "eventCreatedDateTime": "2026-03-09T00:00:00Z",
              "eventDateTime": "2026-03-08T20:00:00Z", "transportEventTypeCode": "ARRI",
              "transportCall": {"transportCallID": "x", "modeOfTransport": "VESSEL", "UNLocationCode": "MYTPP", "importVoyageNumber": "WS15-W09"}},
             {"eventID": "3b0c6a2e-1d4f-4e8a-9c7b-000000000002", "eventType": "TRANSPORT", "eventClassifierCode": "ACT", "eventCreatedDateTime": "2026-03-09T00:00:00Z",
              "eventDateTime": "2026-03-08T20:00:00Z", "transportEventTypeCode": "ARRI",
              "transportCall": {"transportCallID": "x", "modeOfTransport": "VESSEL", "UNLocationCode": "MYTPP", "importVoyageNumber": "NOPE-1"}},
             {"eventID": "3b0c6a2e-1d4f-4e8a-9c7b-000000000003", "eventType": "EQUIPMENT", "eventClassifierCode": "ACT", "equipmentEventTypeCode": "GTIN", "emptyIndicatorCode": "LADEN",
              "eventCreatedDateTime": "2026-03-09T00:00:00Z", "eventDateTime": "2026-03-02T00:00:00Z", "eventLocation": {"UNLocationCode": "CNSHA"},
              "documentReferences": [{"documentReferenceType": "BKG", "documentReferenceValue": "NOT-BOOKED"}]}]
            """.utf8
        ).write(to: file)
        let result = try LifecycleCommandTests.run(store, ["events", "apply", file.path])
        #expect(result.status == 0)
        #expect(
            result.output.hasPrefix(
                """
                3 events: 1 applied to the schedule, now version 1; 2 refused.
                refused: $[1].transportCall: voyage NOPE-1 is not in the schedule
                refused: $[2].documentReferences: no cargo is booked under NOT-BOOKED

                """))
    }

    @Test(arguments: [
        (["not json"], "error: <file>: The events are not DCSA Track & Trace events: the document is not JSON", Int32(64)),
        (["{}"], "error: <file>: The events are not DCSA Track & Trace events: the document is not an array of events.", 64),
        (["[]", "--accept", "worst"], "error: --accept: Accept best, or leave it blank to offer the options only.", 64),
        (["[]", "-k", "0"], "error: -k: Enter a whole number from 1 to 50.", 64),
    ])
    func wrongInputIsRefusedNamingItsFlag(_ arguments: [String], _ message: String, _ status: Int32) throws {
        let store = try StoreFileCommandTests.bookedStore()
        defer { StoreFileCommandTests.remove(store) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("events-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(arguments[0].utf8).write(to: file)
        let result = try LifecycleCommandTests.run(store, ["events", "apply", file.path] + arguments.dropFirst())
        #expect(result.status == status && result.output.isEmpty)
        #expect(result.error.hasPrefix(message), "\(result.error)")
    }

    @Test func aFileThatCannotBeReadOrAStoreThatIsNotThereIsAnError() throws {
        let missing = try LifecycleCommandTests.run(LifecycleCommandTests.temporaryStore(), ["events", "apply", "/nonexistent/feed.json"])
        #expect(missing.status == 1 && missing.error.hasPrefix("error: /nonexistent/feed.json: "))
        let feed = Self.examples.appendingPathComponent("feed.json").path
        let noStore = try LifecycleCommandTests.run(LifecycleCommandTests.temporaryStore(), ["events", "apply", feed])
        #expect(noStore.status == 1 && noStore.error.contains("no store there"))
    }
}
