import Foundation
import Testing

/// The cargo lifecycle across separate `route-planner` processes, the state in one SQLite file: the story
/// README.md tells, on the bundled network.
@Suite struct LifecycleCommandTests {
    /// Runs the command on a store; standard output, standard error, exit status.
    static func run(_ store: URL, _ arguments: [String]) throws -> (output: String, error: String, status: Int32) {
        try CommandLineTests.run(arguments + ["--store", store.path])
    }

    static func temporaryStore() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("route-planner-\(UUID().uuidString).sqlite")
    }

    /// Removes a store file and its write-ahead log.
    static func remove(_ store: URL) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store.path + suffix) }
    }

    /// Runs the command on a store, expecting it to succeed; its standard output.
    static func succeeding(_ store: URL, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let (output, error, status) = try run(store, arguments)
        #expect(status == 0, "route-planner \(arguments.joined(separator: " ")): \(error)", sourceLocation: sourceLocation)
        return output
    }

    @Test func aBookingIsCancelledUntilItsCargoIsLoaded() throws {
        let store = Self.temporaryStore()
        defer { Self.remove(store) }
        func run(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
            try Self.succeeding(store, arguments, sourceLocation: sourceLocation)
        }
        _ = try run("customer", "ACME", "Acme Shipping")
        for _ in 0..<2 {
            _ = try run(
                "book", "--as-of", "2026-03-01", "--from", "CNSHA", "--to", "NLRTM", "--ready", "2026-03-02", "--deadline", "2026-04-30", "--customer", "ACME")
        }
        _ = try run("route", "RP000001", "-k", "1")
        _ = try run("assign-route", "RP000001", "1")
        #expect(try run("cancel", "rp000001").hasPrefix("The booking of cargo RP000001 is cancelled. Its route on "))
        #expect(try run("track", "RP000001").contains("Status:      cancelled"))
        #expect(!(try run("cargo")).contains("RP000001"))
        let again = try Self.run(store, ["cancel", "RP000001"])
        #expect(again.status == 1 && again.error.hasPrefix("error: The booking of cargo RP000001 was cancelled at "))
        // Loaded, the booking stands, and the refusal says why.
        _ = try run("route", "RP000002", "-k", "1")
        _ = try run("assign-route", "RP000002", "1")
        _ = try run("handle", "RP000002", "--event", "receive", "--location", "CNSHA", "--time", "2026-03-02T02:00:00Z")
        _ = try run("handle", "RP000002", "--event", "load", "--location", "CNSHA", "--voyage", "WS15-W09", "--time", "2026-03-02T08:00:00Z")
        let loaded = try Self.run(store, ["cancel", "RP000002"])
        #expect(loaded.status == 1 && loaded.error.contains("a booking is cancelled only before its cargo is loaded"))
        let missing = try Self.run(store, ["cancel", " "])
        #expect(missing.status == 64 && missing.error == "error: <tracking-id>: Enter a tracking id, such as RP000001.\n")
    }

    @Test func bookRouteAssignHandleTrackAndReRouteACargo() throws {
        let store = Self.temporaryStore()
        defer { Self.remove(store) }
        func run(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
            try Self.succeeding(store, arguments, sourceLocation: sourceLocation)
        }

        #expect(try run("customer", "ACME", "Acme Shipping") == "Customer ACME: Acme Shipping.\n")
        // Another name under the same id renames only when asked to.
        let renaming = try Self.run(store, ["customer", "ACME", "Acme Lines"])
        #expect(renaming.status == 1 && renaming.output.isEmpty)
        #expect(
            renaming.error
                == "error: Customer ACME is registered as Acme Shipping; to call it Acme Lines, ask for the rename (route-planner customer ACME 'Acme Lines' --rename).\n"
        )
        #expect(try run("customer", "ACME", "Acme Lines", "--rename") == "Customer ACME: Acme Lines.\n")
        let booked = try run(
            "book", "--as-of", "2026-03-01", "--from", "CNSHA", "--to", "NLRTM", "--ready", "2026-03-02", "--deadline", "2026-04-30", "--teu", "2",
            "--customer", "ACME", "--quiet")
        let id = booked.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(id == "RP000001")
        #expect(try run("track", id).contains("Status:      not routed (not routed, not received)"))

        let options = try run("route", id, "-k", "3")
        #expect(options.contains("1  Mon 2 Mar 2026, 08:00 UTC  Tue 7 Apr 2026, 21:00 UTC"))
        // The first option chosen by its reference, which the JSON list gives.
        let listed = try JSONSerialization.jsonObject(with: Data(try run("route", id, "-k", "3", "--format", "json").utf8)) as? [String: Any]
        let reference = try #require((listed?["itineraries"] as? [[String: Any]])?.first?["reference"] as? String)
        #expect(try run("assign-route", id, reference).hasPrefix("Cargo RP000001 is routed CNSHA → MYTPP → NLRTM"))

        _ = try run("handle", id, "--event", "receive", "--location", "CNSHA", "--time", "2026-03-02T02:00:00Z")
        _ = try run("handle", id, "--event", "load", "--location", "CNSHA", "--voyage", "WS15-W09", "--time", "2026-03-02T08:00:00Z")
        // The same report twice changes nothing.
        #expect(
            try run("handle", id, "--event", "load", "--location", "CNSHA", "--voyage", "WS15-W09", "--time", "2026-03-02T08:00:00Z")
                .contains("was already registered; nothing changed"))
        // The container stays aboard past Tanjung Pelepas and is discharged in Yantian: misdirected.
        _ = try run("handle", id, "--event", "unload", "--location", "CNYTN", "--voyage", "WS15-W09", "--time", "2026-03-13T13:00:00Z")
        let misdirected = try run("track", id)
        #expect(misdirected.contains("Status:      misdirected"))
        #expect(misdirected.contains("ETA:         -"))
        #expect(try run("cargo", "--status", "misdirected").contains("RP000001"))

        // Re-routed from Yantian, it is on track again.
        let reRouted = try run("reroute", id, "-k", "2")
        #expect(reRouted.contains("Options from CNYTN"))
        #expect(try run("assign-route", id, "1").hasPrefix("Cargo RP000001 is routed CNYTN → "))
        let onTrack = try run("track", id, "--format", "json")
        #expect(onTrack.contains("\"status\" : \"onTrack\""))
        #expect(onTrack.contains("\"event\" : \"load\"") && onTrack.contains("\"location\" : \"CNYTN\""))

        // The state is one SQLite file that sqlite3 reads.
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [store.path, "SELECT COUNT(*) FROM handlingEvent; SELECT COUNT(*) FROM itineraryLeg; PRAGMA integrity_check;"]
        let pipe = Pipe()
        sqlite.standardOutput = pipe
        try sqlite.run()
        sqlite.waitUntilExit()
        #expect(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).hasPrefix("3\n"))
    }

    /// Door to door through the store: a cargo from the factory in Jiangjin to the warehouse in Dortmund
    /// (examples/inland), its trucks kept with its itinerary, handled and tracked.
    @Test func cargoFromAFactoryIsRoutedHandledAndTrackedWithItsTrucks() throws {
        let store = Self.temporaryStore()
        defer { Self.remove(store) }
        let files = [
            "--schedule", "examples/inland/schedule.csv", "--locations", "examples/inland/locations.csv", "--haulage", "examples/inland/haulage.csv",
        ]
        #expect(try Self.run(store, ["customer", "ACME", "Acme"] + files).status == 0)
        let booked = try Self.run(
            store,
            ["book", "--as-of", "2026-03-01", "--from", "CNJGJ", "--to", "DEDTM", "--ready", "2026-03-02", "--deadline", "2026-04-30", "--teu", "2"]
                + ["--customer", "ACME"] + files)
        #expect(booked.status == 0 && booked.output.hasPrefix("Booked RP000001"), "\(booked.error)")
        // Without trains: the options keep to barges, vessels and trucks; a mode route-planner does not know is named.
        let noRail = try Self.run(store, ["route", "RP000001", "--criteria", "co2", "-k", "2", "--modes", "vessel,barge,truck"] + files)
        #expect(noRail.status == 0 && noRail.output.contains("TRUCK NLRTM-DEDTM") && !noRail.output.contains("RL-0411"), "\(noRail.output)")
        let ship = try Self.run(store, ["route", "RP000001", "--modes", "vessel,ship"] + files)
        #expect(ship.status != 0 && ship.error.contains("\"ship\" is none of them"), "\(ship.error)")
        let options = try Self.run(store, ["route", "RP000001", "--criteria", "co2", "-k", "2"] + files)
        #expect(options.status == 0 && options.output.contains("     RL-0411: Rotterdam (NLRTM) → Duisburg (DEDUI)\n     TRUCK DEDUI-DEDTM:"))
        #expect(try Self.run(store, ["assign-route", "RP000001", "2"] + files).status == 0)
        for (event, location, voyage, time) in [
            ("receive", "CNJGJ", nil, "2026-03-02T09:00:00Z"), ("load", "CNJGJ", "TRUCK CNJGJ-CNCQI", "2026-03-02T10:45:00Z"),
        ] {
            let handled = try Self.run(
                store, ["handle", "RP000001", "--event", event, "--location", location, "--time", time] + (voyage.map { ["--voyage", $0] } ?? []) + files)
            #expect(handled.status == 0, "\(handled.error)")
        }
        let aboard = try Self.run(store, ["track", "RP000001"] + files)
        #expect(aboard.output.contains("Last seen:   Jiangjin (CNJGJ), aboard TRUCK CNJGJ-CNCQI\n"), "\(aboard.output)")
        #expect(aboard.output.contains("Next:        unload at CNCQI on TRUCK CNJGJ-CNCQI, Mon 2 Mar 2026, 11:51 UTC\n"))
        #expect(aboard.output.contains("  TRUCK DEDUI-DEDTM: Duisburg (DEDUI) → Dortmund (DEDTM)\n"))
        // A load onto the truck somewhere it does not collect is refused.
        let wrong = try Self.run(
            store, ["handle", "RP000001", "--event", "load", "--location", "CNCQI", "--voyage", "TRUCK CNJGJ-CNCQI", "--time", "2026-03-02T14:00:00Z"] + files)
        #expect(wrong.status != 0 && wrong.error.contains("Voyage TRUCK CNJGJ-CNCQI does not depart from CNCQI."), "\(wrong.error)")
        // The truck delivers at 13:00, after the barge's cut-off at 12:00: the cargo misses the barge.
        let late = try Self.run(
            store,
            ["handle", "RP000001", "--event", "unload", "--location", "CNCQI", "--voyage", "TRUCK CNJGJ-CNCQI", "--time", "2026-03-02T13:00:00Z"] + files)
        #expect(late.status == 0 && late.output.contains("disrupted"), "\(late.output)")
        let reroute = try Self.run(store, ["reroute", "RP000001"] + files)
        #expect(
            reroute.output.hasPrefix("Cargo RP000001 (CNJGJ → DEDTM, 2 TEU for ACME): leg 2, YB-0301 CNCQI → CNSHA: misses the connection to leg 2 at CNCQI\n"))
        #expect(reroute.output.contains("Options from CNCQI, ready Mon 2 Mar 2026, 13:00 UTC"))
        #expect(try Self.run(store, ["assign-route", "RP000001", "1"] + files).status == 0)
        let rerouted = try Self.run(store, ["track", "RP000001", "--format", "json"] + files)
        let document = try JSONSerialization.jsonObject(with: Data(rerouted.output.utf8)) as? [String: Any]
        let itinerary = (document?["cargo"] as? [String: Any])?["itinerary"] as? [String: Any]
        let legs = try #require(itinerary?["legs"] as? [[String: Any]], "\(rerouted.output)")
        #expect(legs.map { $0["voyage"] as? String } == ["TRUCK CNJGJ-CNCQI", "YB-0305", "AE-12", "TRUCK NLRTM-DEDTM"])
        #expect(legs.map { $0["mode"] as? String } == ["truck", "barge", nil, "truck"])
        // The haulage table is one of the files the cargo was planned with: without it, the store warns.
        let withoutTrucks = try Self.run(store, ["track", "RP000001"] + files.prefix(4))
        #expect(withoutTrucks.error.hasPrefix("warning: the schedule (") && withoutTrucks.error.contains("haulage.csv)"), "\(withoutTrucks.error)")
        #expect(try Self.run(store, ["track", "RP000001"] + files).error.isEmpty)
    }

    /// Door to door on the bundled inland network (`--inland`): booked from a factory in Wuxi to a warehouse in Liestal,
    /// routed by train up the Rhine, tracked; the store knows the inland network from the bundled one.
    @Test func cargoOnTheBundledInlandNetworkGoesFromTheFactoryToTheWarehouse() throws {
        let store = Self.temporaryStore()
        defer { Self.remove(store) }
        #expect(try Self.run(store, ["customer", "ACME", "Acme", "--inland"]).status == 0)
        let booked = try Self.run(
            store,
            ["book", "--inland", "--as-of", "2026-03-01", "--from", "CNWXS", "--to", "CHLTL", "--ready", "2026-03-02", "--deadline", "2026-05-20"]
                + ["--teu", "2", "--customer", "ACME"])
        #expect(booked.status == 0 && booked.output.hasPrefix("Booked RP000001"), "\(booked.error)")
        let options = try Self.run(store, ["route", "RP000001", "--inland", "--modes", "vessel,rail,truck"])
        #expect(options.status == 0 && options.output.contains("Rotterdam (NLRTM) → Basel Schweizerhalle (CHBBS)\n"), "\(options.output)")
        // Wuxi to Liestal takes a truck at each end, and a train or a barge to the truck at Basel: three changes of mode.
        let twoChanges = try Self.run(store, ["route", "RP000001", "--inland", "--max-mode-changes", "2"])
        #expect(twoChanges.status != 0 && twoChanges.output.isEmpty, "\(twoChanges.output)")
        let threeChanges = try Self.run(store, ["route", "RP000001", "--inland", "--max-mode-changes", "3", "--format", "json"])
        let routed = try JSONSerialization.jsonObject(with: Data(threeChanges.output.utf8)) as? [String: Any]
        let modes = try #require(routed?["itineraries"] as? [[String: Any]], "\(threeChanges.output)").map {
            // A vessel's leg names no mode.
            ($0["legs"] as? [[String: Any]] ?? []).map { $0["mode"] as? String ?? "vessel" }
        }
        #expect(!modes.isEmpty && modes.allSatisfy { zip($0, $0.dropFirst()).count { $0 != $1 } == 3 && $0.last == "truck" }, "\(modes)")
        let eleven = try Self.run(store, ["route", "RP000001", "--inland", "--max-mode-changes", "11"])
        #expect(eleven.status == 64 && eleven.error.contains("--max-mode-changes: Enter a whole number from 0 to 10."), "\(eleven.error)")
        #expect(try Self.run(store, ["assign-route", "RP000001", "1", "--inland"]).status == 0)
        let tracked = try Self.run(store, ["track", "RP000001", "--inland", "--format", "json"])
        let document = try JSONSerialization.jsonObject(with: Data(tracked.output.utf8)) as? [String: Any]
        let itinerary = (document?["cargo"] as? [String: Any])?["itinerary"] as? [String: Any]
        let legs = try #require(itinerary?["legs"] as? [[String: Any]], "\(tracked.output)")
        #expect(legs.first?["voyage"] as? String == "TRUCK CNWXS-CNSHA" && legs.last?["voyage"] as? String == "TRUCK CHBBS-CHLTL")
        #expect(legs.compactMap { $0["mode"] as? String } == ["truck", "rail", "truck"], "\(legs)")
        // Without --inland the store warns: its cargo was planned on the inland network.
        let withoutInland = try Self.run(store, ["track", "RP000001"])
        #expect(withoutInland.error.hasPrefix("warning: the schedule (") && withoutInland.error.contains("inland places"), "\(withoutInland.error)")
        // --inland is the bundled network's: not with a schedule file, and it brings its own haulage table.
        for conflicting in [["--schedule", "examples/inland/schedule.csv"], ["--haulage", "examples/inland/haulage.csv"]] {
            #expect(try Self.run(store, ["track", "RP000001", "--inland"] + conflicting).status == 64)
        }
        let validated = try CommandLineTests.run(["validate", "--inland"])
        #expect(validated.status == 0 && (validated.output + validated.error).contains("0 errors, 0 warnings"), "\(validated.error)")
    }

    @Test func aVoyageCancelledInAWhatIfShowsTheCargoThatLoseTheirRoute() throws {
        let store = Self.temporaryStore()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store.path + suffix) } }
        _ = try Self.run(store, ["customer", "ACME", "Acme"])
        _ = try Self.run(
            store,
            ["book", "--as-of", "2026-03-01", "--from", "CNSHA", "--to", "NLRTM", "--ready", "2026-03-02", "--deadline", "2026-04-30", "--customer", "ACME"])
        _ = try Self.run(store, ["route", "RP000001", "-k", "1"])
        _ = try Self.run(store, ["assign-route", "RP000001", "1"])
        #expect(try Self.run(store, ["reroute"]).output == "Every cargo is on track and its itinerary still sails.\n")
        // A second cargo, booked under the customer's id in another case, is not routed: the what-if question
        // leaves it out and counts it.
        _ = try Self.run(
            store,
            ["book", "--as-of", "2026-03-01", "--from", "CNSHA", "--to", "NLRTM", "--ready", "2026-03-02", "--deadline", "2026-04-30", "--customer", "acme"])
        #expect(try Self.run(store, ["track", "RP000002"]).output.contains("for ACME"))
        let (output, _, status) = try Self.run(store, ["reroute", "--cancel-voyage", "WS25-W07", "-k", "1"])
        #expect(status == 0)
        #expect(output.contains("Cargo RP000001 (CNSHA → NLRTM, 1 TEU for ACME): leg 2, WS25-W07 MYTPP → NLRTM, no longer sails as planned"))
        #expect(!output.contains("RP000002"))
        #expect(output.hasSuffix("Left out: 1 cargo not routed, which no what-if changes; reroute without what-if flags lists them.\n"))
        #expect(try Self.run(store, ["reroute", "-k", "1"]).output.contains("Cargo RP000002 (CNSHA → NLRTM, 1 TEU for ACME): not routed"))
        let csv = try Self.run(store, ["reroute", "--cancel-voyage", "WS25-W07", "-k", "1", "--format", "csv"]).output.split(separator: "\n")
        #expect(csv.first == "tracking_id,reason,option,reference,leg,voyage,vessel,from,to,departure,arrival,problem")
        #expect(
            csv.dropFirst().allSatisfy { $0.hasPrefix("RP000001,disrupted,1,RP-") && $0.split(separator: ",", omittingEmptySubsequences: false).count == 12 })
        #expect(csv.count > 1)
        // A what-if question changes no cargo.
        #expect(try Self.run(store, ["track", "RP000001"]).output.contains("Status:      on track"))
        let tracked = try Self.run(store, ["track", "RP000001", "--format", "csv"]).output
        #expect(
            tracked.hasPrefix(
                "tracking_id,teu,customer_id,origin,destination,ready,deadline,cargo_type,dangerous_goods,status,transport_status,last_location,current_voyage,next_event,next_location,next_voyage,next_time,eta\n"
                    + "RP000001,1,ACME,CNSHA,NLRTM,2026-03-02T00:00:00Z,2026-04-30T23:59:59Z,DRY,false,onTrack,notReceived,,,receive,CNSHA,,,2026-"))
        #expect(try Self.run(store, ["cargo", "--format", "csv"]).output.hasPrefix(tracked))
    }

    @Test(
        arguments: [
            (
                [
                    "book", "--as-of", "2026-03-01", "--from", "CNSHA", "--to", "CNSHA", "--ready", "2026-03-02", "--deadline", "2026-03-01", "--teu", "0",
                    "--customer", " ",
                ], 64,
                "error: --customer: Enter the id of the customer who books, such as ACME.\nerror: --deadline: The deadline must be after the ready time.\nerror: --to: The destination must differ from the origin.\nerror: --teu: Enter a whole number from 1 to 100000.\n"
            ),
            (
                [
                    "book", "--as-of", "2026-03-01", "--from", "CNSHA", "--to", "NLRTM", "--ready", "2026-03-02", "--deadline", "2026-04-30", "--customer",
                    "NOBODY",
                ], 1,
                "error: There is no customer NOBODY; register it first (route-planner customer NOBODY NAME).\n"
            ),
            (["track", "RP999999"], 1, "error: There is no cargo with tracking id RP999999.\n"),
            (["book", "--as-of", "2026-03-01", "--bookings", "/nonexistent.csv"], 1, "error: /nonexistent.csv: no such file\n"),
            (
                [
                    "book", "--as-of", "2026-03-01", "--from", "CNSHA", "--to", "NLRTM", "--ready", "2026-03-02", "--deadline", "2026-04-30", "--customer",
                    "ACME", "--cargo-type", "FROZEN",
                ], 64,
                "error: --cargo-type: Enter DRY or REEFER.\n"
            ),
            (
                ["route", "RP000001", "--cargo-type", "REEFER"], 64,
                "error: --cargo-type: Leave this blank: a booked cargo is routed by its own specification.\n"
            ),
            (
                ["assign-route", "RP000001", "0"], 64,
                "error: <candidate>: Enter the option's number from 1 to 50 or its reference, such as RP-9b7b9e8e130ab9d2.\n"
            ),
            (
                ["handle", "RP000001", "--event", "lost", "--location", "CNSHA", "--time", "2026-03-02"], 64,
                "error: --time: Enter a date-time with a zone, such as 2026-03-02T08:00:00Z.\nerror: --event: Enter one of receive, load, unload, customs, claim.\n"
            ),
        ] as [([String], Int32, String)])
    func reportsWrongInputNamingTheFlag(_ arguments: [String], _ status: Int32, _ error: String) throws {
        let store = Self.temporaryStore()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store.path + suffix) } }
        #expect(try Self.run(store, ["customer", "ACME", "Acme"]).status == 0)
        let result = try Self.run(store, arguments)
        #expect(result.status == status)
        #expect(result.error == error)
    }

    @Test func aBookingIsCheckedAgainstTodayUnlessAsOfSaysOtherwise() throws {
        let store = Self.temporaryStore()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store.path + suffix) } }
        #expect(try Self.run(store, ["customer", "ACME", "Acme"]).status == 0)
        let booking = ["book", "--from", "CNSHA", "--to", "NLRTM", "--ready", "2026-03-02", "--deadline", "2026-04-30", "--customer", "ACME"]
        // Today is after the bundled schedule's 2026: the deadline has passed, and the error says how to plan as of then.
        let today = try Self.run(store, booking)
        #expect(today.status == 1)
        #expect(today.error.hasPrefix("error: The deadline, Thu 30 Apr 2026, 23:59 UTC, has passed: it is "))
        #expect(today.error.hasSuffix(" now (--as-of DATE books as of an earlier date).\n"))
        #expect(try Self.run(store, booking + ["--as-of", "2026-03-01T08:00:00+08:00"]).output.hasPrefix("Booked RP000001: "))
        let wrong = try Self.run(store, booking + ["--as-of", "March"])
        #expect(wrong.status == 64)
        #expect(wrong.error.contains("--as-of: Enter a date, such as 2026-03-01, or a date-time with a zone, such as 2026-03-01T08:00:00Z."))
    }

    @Test(arguments: [
        ["track", "RP000001"], ["cargo"], ["route", "RP000001"], ["reroute"],
        [
            "handle", "RP000001", "--event", "receive",
            "--location", "CNSHA", "--time", "2026-03-02T08:00:00Z",
        ], ["assign-route", "RP000001", "1"], ["assign"],
    ])
    func onlyCustomerAndBookCreateAStore(_ arguments: [String]) throws {
        let store = Self.temporaryStore()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store.path + suffix) } }
        let result = try Self.run(store, arguments)
        #expect(result.status == 1 && result.output.isEmpty)
        #expect(
            result.error
                == "error: --store \(store.path): no store there; `route-planner customer` or `route-planner book` creates one, or name another with --store\n")
        #expect(!FileManager.default.fileExists(atPath: store.path))
        // A directory is named as one.
        let directory = try Self.run(store.deletingLastPathComponent(), arguments)
        #expect(directory.status == 1)
        #expect(directory.error == "error: --store \(store.deletingLastPathComponent().path) is a directory; name the store's file\n")
    }
}
