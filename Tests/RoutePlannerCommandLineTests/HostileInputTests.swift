import Foundation
import Testing

/// Flags no planner meant, given to the built binary: every one ends in exit 0, 1 or 64, never a trap, and
/// every failure says on standard error what was wrong, naming the flag or the file.
@Suite struct HostileInputTests {
    /// Runs the binary; a run killed by a signal (a trap) is reported as such.
    static func run(_ arguments: [String], store: URL? = nil) throws -> (output: String, error: String, status: Int32, trapped: Bool) {
        try CommandLineTests.execute(
            ExamplesTests.productsDirectory.appendingPathComponent("route-planner"), arguments + (store.map { ["--store", $0.path] } ?? []))
    }

    static let route = ["route", "--from", "CNSHA", "--to", "NLRTM", "--ready", "2026-03-02", "--deadline", "2026-04-30"]

    /// The examples of the issue that found them, with what they must say now.
    @Test(
        arguments: [
            (route + ["--close-port", "SGSIN@2026-03-10..2026-03-01"], 64, "--close-port: SGSIN would reopen (2026-03-01) before it closes (2026-03-10)"),
            (route + ["--delay", ""], 64, "--delay: Write VOYAGE:HOURS"),
            (route + ["--close-port", ""], 64, "--close-port: Write CODE or CODE@FROM..TO"),
            (route + ["--capacity", "WS15-W09=2147483648"], 64, "--capacity: Write VOYAGE=TEU with a whole number of TEU from 0 to 2147483647"),
            (
                route + ["--delay", "WS15-W09:-1000@MYTPP"], 1,
                "error: --delay: the changed schedule cannot sail: voyage WS15-W09, movement 2: departs before the previous movement arrives"
            ),
            (route + ["--delay", "WS15-W09:100000"], 64, "--delay: A delay of 100000 hours is more than a year"),
            (route + ["--cancel-voyage", ""], 64, "--cancel-voyage: Enter a voyage number"),
            (route + ["--cancel-voyage", "XX-1"], 1, "error: --cancel-voyage XX-1: voyage XX-1 is not in the schedule\n"),
            (["assign", "--time-limit", "1", "--close-port", "ZZZZZ"], 1, "error: --close-port ZZZZZ: ZZZZZ is not a port of the schedule\n"),
            (route + ["--close-port", "SGSIN@"], 64, "--close-port: Write CODE@FROM..TO"),
            (route + ["--delay", "WS15-W09:48@"], 64, "--delay: Write VOYAGE:HOURS"),
            (route + ["--delay", "WS15-W09:0x10"], 64, "--delay: Write VOYAGE:HOURS"),
            (route + ["-k", "0", "--compare"], 64, "error: -k: Enter a whole number from 1 to 50."),
            (
                ["route", "--from", "CNSHA", "--to", "NLRTM", "--ready", "9999-12-31"], 64,
                "--ready: The schedule sails from 2026-01-05 to 2026-10-11, its last departure at 2026-10-09T14:00:00Z: enter a ready time no later than that."
            ),
            (["route", "--from", "CNSHA", "--to", "NLRTM", "--ready", "0000-01-01"], 64, "--ready: Enter a date from 0001-01-01 to 9999-12-31."),
            (["assign", "--time-limit", "1e20"], 64, "--time-limit: Enter a time limit from 1 to 3600 seconds."),
            (["assign", "--time-limit", "0x10"], 64, "--time-limit: Enter a time limit from 1 to 3600 seconds."),
            (["assign", "--gap", "nan"], 64, "--gap: Enter a gap as a fraction"),
            (["validate", "--schedule", "/tmp", "--locations", "/tmp"], 1, "/tmp:1:1: error: is a directory, not a file"),
            (["validate", "--schedule", "/dev/zero", "--locations", "/dev/null"], 1, "/dev/zero:1:1: error: holds more than 256 MiB"),
            (
                ["route", "--schedule", "/nonexistent/s.csv", "--locations", "/nonexistent/l.csv", "--from", "CNSHA", "--to", "NLRTM"], 1,
                "/nonexistent/l.csv:1:1: error: no such file\n/nonexistent/s.csv:1:1: error: no such file"
            ),
        ] as [([String], Int32, String)])
    func theReportedExamplesAreErrorsNamingTheirFlag(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let result = try Self.run(arguments)
        #expect(!result.trapped && result.status == status, "\(arguments): \(result.error)")
        // `validate` lists the problems on standard output and counts them on standard error.
        #expect((result.output + result.error).contains(message), "\(arguments): \(result.error)")
    }

    static let values = [
        "", " ", "-1", "0", "-0", "2147483648", "9223372036854775808", "1e308", "-1e308", "nan", "inf", "0x10", "+5", "1_000",
        "9999-12-31", "0000-01-01", "10000-01-01", "2026-02-30", "2026-03-02T25:00:00Z", "/tmp", "/dev/zero", "/nonexistent",
        "@", "..", ":", "=", "WS15-W09:", "SGSIN@2026-03-10..2026-03-01", "\u{00A0}", "ÄÖÜ", String(repeating: "9", count: 400),
    ]

    /// Every option of `route` (with the what-if flags) and of `book` and `handle` over a store, with each value.
    static let cases: [(base: [String], flag: String, store: Bool)] =
        [
            "--from", "--to", "--ready", "--deadline", "-k", "--max-transshipments", "--max-mode-changes", "--modes", "--via", "--avoid", "--avoid-voyage",
            "--cancel-voyage", "--close-port", "--delay", "--capacity", "--format", "--max-transit", "--criteria", "--sort",
        ].map { (route, $0, false) }
        + ["--from", "--to", "--ready", "--deadline", "--teu", "--revenue", "--customer", "--bookings", "--max-transit", "--weight"].map {
            (
                [
                    "book", "--as-of", "2026-03-01", "--from", "CNSHA", "--to", "NLRTM", "--ready", "2026-03-02", "--deadline", "2026-04-30", "--customer",
                    "ACME",
                ], $0, true
            )
        }
        + ["--event", "--location", "--voyage", "--time", "--registered"].map {
            (["handle", "RP000001", "--event", "load", "--location", "CNSHA", "--voyage", "WS15-W09", "--time", "2026-03-02T08:00:00Z"], $0, true)
        }
        + ["--time-limit", "--gap", "--penalty"].map { (["assign", "--time-limit", "2", "--gap", "50%"], $0, false) }

    @Test(arguments: cases.indices)
    func everyValueOfEveryFlagEndsInAnExitStatusAndAMessage(_ index: Int) throws {
        let (base, flag, usesStore) = Self.cases[index]
        let store = usesStore ? LifecycleCommandTests.temporaryStore() : nil
        defer { if let store { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store.path + suffix) } } }
        if let store {
            _ = try Self.run(["customer", "ACME", "Acme"], store: store)
            _ = try Self.run(
                [
                    "book", "--as-of", "2026-03-01", "--from", "CNSHA", "--to", "NLRTM", "--ready", "2026-03-02", "--deadline", "2026-04-30", "--customer",
                    "ACME",
                ], store: store)
        }
        for value in Self.values {
            // The flag given last wins with argument-parser's single-value options; repeatable ones add it.
            var arguments = base
            if let position = arguments.firstIndex(of: flag),
                !["--via", "--avoid", "--avoid-voyage", "--cancel-voyage", "--close-port", "--delay", "--capacity", "--criteria"].contains(flag)
            {
                arguments.removeSubrange(position...position + 1)
            }
            if flag == "--bookings" { arguments = ["book", "--as-of", "2026-03-01", "--customer", "ACME"] }
            arguments += [flag, value]
            let result = try Self.run(arguments, store: store)
            #expect(!result.trapped, "route-planner \(arguments) trapped: \(result.error.prefix(300))")
            #expect([0, 1, 64].contains(result.status), "route-planner \(arguments): exit \(result.status)")
            if result.status != 0 {
                #expect(result.error.hasPrefix("error: ") || result.error.hasPrefix("Error: "), "route-planner \(arguments): \(result.error.prefix(300))")
            }
        }
    }

    /// The lifecycle commands' arguments and options over a store with one booked cargo; `{}` is the value.
    static let templates: [[String]] = [
        ["track", "{}"], ["route", "{}"], ["assign-route", "RP000001", "{}"], ["assign-route", "{}", "1"],
        ["change-destination", "RP000001", "--to", "{}"], ["change-destination", "RP000001", "--to", "SGSIN", "--deadline", "{}"],
        ["customer", "{}", "Name"], ["customer", "ACME", "{}"], ["cargo", "--status", "{}"], ["reroute", "{}"], ["reroute", "-k", "{}"],
        ["handle", "--events", "{}"], ["book", "--as-of", "2026-03-01", "--bookings", "{}", "--customer", "ACME"],
    ]

    @Test(arguments: templates.indices)
    func everyValueOfEveryArgumentEndsInAnExitStatusAndAMessage(_ index: Int) throws {
        let store = LifecycleCommandTests.temporaryStore()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store.path + suffix) } }
        _ = try Self.run(["customer", "ACME", "Acme"], store: store)
        _ = try Self.run(
            ["book", "--as-of", "2026-03-01", "--from", "CNSHA", "--to", "NLRTM", "--ready", "2026-03-02", "--deadline", "2026-04-30", "--customer", "ACME"],
            store: store)
        _ = try Self.run(["route", "RP000001", "-k", "2"], store: store)
        for value in Self.values {
            let arguments = Self.templates[index].map { $0 == "{}" ? value : $0 }
            let result = try Self.run(arguments, store: store)
            #expect(!result.trapped, "route-planner \(arguments) trapped: \(result.error.prefix(300))")
            #expect([0, 1, 64].contains(result.status), "route-planner \(arguments): exit \(result.status)")
            if result.status != 0 {
                #expect(result.error.hasPrefix("error: ") || result.error.hasPrefix("Error: "), "route-planner \(arguments): \(result.error.prefix(300))")
            }
        }
    }
}
