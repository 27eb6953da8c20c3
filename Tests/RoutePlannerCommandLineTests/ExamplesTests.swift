import Foundation
import Testing

/// The programs in examples/ build (the test target depends on them) and print what their comments say.
@Suite struct ExamplesTests {
    /// The folder with the built executables, where the test runner itself is.
    static var productsDirectory: URL {
        #if os(macOS)
            let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }!
            return bundle.bundleURL.deletingLastPathComponent()
        #else
            return Bundle.main.executableURL!.deletingLastPathComponent()
        #endif
    }

    /// The environment the tests run route-planner in: theirs, with the bundled schedule laid out as its files hold
    /// it (from 2026-01-05, not from the current week), the dates of the snapshots and of the docs' examples.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["ROUTE_PLANNER_FIRST_WEEK"] = "2026-01-05"
        return environment
    }

    static func run(_ name: String) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent(name)
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (output, process.terminationStatus)
    }

    @Test func routeCargo() throws {
        let (output, status) = try Self.run("route-cargo")
        #expect(status == 0)
        #expect(
            output == """
                Shanghai to Rotterdam, ready 2026-03-02, due 2026-04-30 (884 voyages, 6630 movements):
                  2026-03-02 → 2026-04-07, 37 days, 1 transshipment(s): WS15-W09 CNSHA→MYTPP, WS25-W07 MYTPP→NLRTM
                  2026-03-05 → 2026-04-10, 36 days, 0 transshipment(s): WS29-W09 CNSHA→NLRTM
                  2026-03-09 → 2026-04-14, 37 days, 1 transshipment(s): WS15-W10 CNSHA→MYTPP, WS25-W08 MYTPP→NLRTM
                  2026-03-12 → 2026-04-17, 36 days, 0 transshipment(s): WS29-W10 CNSHA→NLRTM
                  2026-03-16 → 2026-04-21, 37 days, 1 transshipment(s): WS15-W11 CNSHA→MYTPP, WS25-W09 MYTPP→NLRTM
                If WS15-W09 is cancelled:
                  2026-03-02 → 2026-04-07, 37 days, 2 transshipment(s): WS30-W09 CNSHA→SGSIN, WS29-W01 SGSIN→MYTPP, WS25-W07 MYTPP→NLRTM

                """)
    }

    @Test func reRouteCargo() throws {
        let (output, status) = try Self.run("reroute-cargo")
        #expect(status == 0)
        #expect(
            output == """
                Booked RP000001: 2 TEU for ACME, CNSHA → DEHAM, ready Mon 2 Mar 2026, 00:00 UTC, due Thu 30 Apr 2026, 23:59 UTC.
                Options for RP000001, Shanghai to Hamburg:
                  CNSHA → HKHKG → ITGIT → MAPTM → DEHAM: Mon 2 Mar 2026, 08:00 UTC → Mon 13 Apr 2026, 15:00 UTC, 42 days 7 hours; arrives 17 days 8 hours before the deadline
                  CNSHA → ITGIT → MAPTM → DEHAM: Thu 5 Mar 2026, 10:00 UTC → Mon 20 Apr 2026, 15:00 UTC, 46 days 5 hours; arrives 10 days 8 hours before the deadline
                  CNSHA → HKHKG → ITGIT → MAPTM → DEHAM: Mon 9 Mar 2026, 08:00 UTC → Mon 20 Apr 2026, 15:00 UTC, 42 days 7 hours; arrives 10 days 8 hours before the deadline
                Cargo RP000001 is routed CNSHA → HKHKG → ITGIT → MAPTM → DEHAM, arriving Mon 13 Apr 2026, 15:00 UTC; it arrives 17 days 8 hours before the deadline.
                Cargo RP000001: receive at CNSHA at Mon 2 Mar 2026, 02:00 UTC registered. Now in port, on track; next: load at CNSHA on WS30-W09, Mon 2 Mar 2026, 08:00 UTC.
                Cargo RP000001: load at CNSHA on WS30-W09 at Mon 2 Mar 2026, 08:00 UTC registered. Now on board carrier, on track; next: unload at HKHKG on WS30-W09, Wed 4 Mar 2026, 15:00 UTC.
                Cargo RP000001: unload at HKHKG on WS30-W09 at Wed 4 Mar 2026, 15:00 UTC registered. Now in port, on track; next: load at HKHKG on WS33-W10, Mon 9 Mar 2026, 08:00 UTC.
                If WS33-W10 is cancelled:
                RP000001 leg 2, WS33-W10 HKHKG → ITGIT, no longer sails as planned; options from HKHKG, ready Thu 5 Mar 2026, 15:00 UTC:
                  HKHKG → ITGIT → MAPTM → DEHAM: Mon 16 Mar 2026, 08:00 UTC → Mon 20 Apr 2026, 15:00 UTC, 35 days 7 hours; arrives 10 days 8 hours before the deadline
                  HKHKG → ITGIT → MAPTM → DEHAM: Mon 23 Mar 2026, 08:00 UTC → Mon 27 Apr 2026, 15:00 UTC, 35 days 7 hours; arrives 3 days 8 hours before the deadline
                Cargo RP000001 is routed CNSHA → HKHKG → ITGIT → MAPTM → DEHAM, arriving Mon 20 Apr 2026, 15:00 UTC; it arrives 10 days 8 hours before the deadline.
                RP000001: on track, next load at HKHKG on WS33-W11, Mon 16 Mar 2026, 08:00 UTC, ETA Mon 20 Apr 2026, 15:00 UTC

                """)
    }
}
