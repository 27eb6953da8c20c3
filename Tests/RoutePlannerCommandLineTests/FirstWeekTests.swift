import Foundation
import Testing

/// The bundled schedule laid out from a chosen week (`--first-week`, `ROUTE_PLANNER_FIRST_WEEK`), and a store that
/// keeps the week its cargo was planned on.
@Suite struct FirstWeekTests {
    @Test func theBundledScheduleStartsInTheWeekAskedFor() throws {
        let asFiled = try CommandLineTests.run(["route", "--from", "CNSHA", "--to", "NLRTM", "-k", "1"])
        let weekLater = try CommandLineTests.run(["route", "--from", "CNSHA", "--to", "NLRTM", "-k", "1", "--first-week", "2026-01-14"])
        #expect(asFiled.status == 0 && weekLater.status == 0, "\(asFiled.error) \(weekLater.error)")
        // The same sailing, a week later, under the same voyage number; the default ready day moves with it.
        #expect(asFiled.output.contains("Mon 2 Mar 2026, 08:00 UTC") && asFiled.output.contains("WS15-W09"))
        #expect(weekLater.output.contains("Mon 9 Mar 2026, 08:00 UTC") && weekLater.output.contains("WS15-W09"))
    }

    @Test(arguments: [
        (["--first-week", "2026-02-30"], "--first-week: Enter a date"),
        (["--first-week", "2026-01-05", "--schedule", "examples/dcsa/vessel-schedules.json"], "--first-week lays out the bundled schedule"),
    ])
    func aWrongWeekIsNamed(_ flags: [String], _ message: String) throws {
        let result = try CommandLineTests.run(["route", "--from", "CNSHA", "--to", "NLRTM"] + flags)
        #expect(result.status == 64)
        #expect(result.error.contains(message), "\(result.error)")
    }

    /// A store's cargo keeps the dates it was booked on, whatever week the next command runs in.
    @Test func aStoreKeepsTheWeekItsCargoWasPlannedOn() throws {
        let store = LifecycleCommandTests.temporaryStore()
        defer { try? FileManager.default.removeItem(at: store) }
        let customer = try CommandLineTests.run(["customer", "ACME", "Acme Forwarding", "--store", store.path, "--first-week", "2026-01-12"])
        #expect(customer.status == 0, "\(customer.error)")
        let book = try CommandLineTests.run([
            "book", "--store", store.path, "--as-of", "2026-03-01", "--from", "CNSHA", "--to", "NLRTM", "--ready", "2026-03-02",
            "--deadline", "2026-04-30", "--teu", "2", "--customer", "ACME",
        ])
        #expect(book.status == 0, "\(book.error)")
        // Without --first-week (the tests' environment asks for 2026-01-05), the store's week holds: the Monday
        // 2 March sailing is week 8's.
        let route = try CommandLineTests.run(["route", "RP000001", "--store", store.path, "-k", "1"])
        #expect(route.status == 0, "\(route.error)")
        #expect(route.output.contains("WS15-W08") && !route.output.contains("WS15-W09"), "\(route.output)")
        let other = try CommandLineTests.run(["route", "RP000001", "--store", store.path, "--first-week", "2026-01-05"])
        #expect(other.status == 1)
        #expect(other.error.contains("planned on the bundled schedule from the week of 2026-01-12"), "\(other.error)")
    }
}
