import ArgumentParser
import BundledData
import Foundation
import RoutePlanner
import RoutePlannerApplication

/// The schedule files shared by every command; the bundled network without them.
struct ScheduleOptions: ParsableArguments {
    @Option(help: "The schedule CSV file (voyage, from, to, departure, arrival[, capacity_teu, vessel, service]).")
    var schedule: String?

    @Option(help: "The locations CSV file (unlocode, name[, country, transshipment_hours, latitude, longitude]).")
    var locations: String?

    func validate() throws {
        guard (schedule == nil) == (locations == nil) else {
            throw ValidationError("--schedule and --locations go together: give both, or neither for the bundled network.")
        }
    }

    /// The application wired to the files, or to the bundled network and bookings, with a what-if scenario.
    func composition(bookings: String? = nil, scenario: Scenario = Scenario()) -> RoutePlannerComposition {
        guard let schedule, let locations else {
            let bundled = BundledData.worldSmallDirectory
            return RoutePlannerComposition(
                locations: bundled.appendingPathComponent("locations.csv"), schedule: bundled.appendingPathComponent("schedule.csv"),
                bookings: URL(fileURLWithPath: bookings ?? bundled.appendingPathComponent("bookings.csv").path), scenario: scenario)
        }
        return RoutePlannerComposition(
            locations: URL(fileURLWithPath: locations), schedule: URL(fileURLWithPath: schedule),
            bookings: bookings.map { URL(fileURLWithPath: $0) }, scenario: scenario)
    }
}

/// How results are written.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, csv, dcsa
}

/// Writes to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
