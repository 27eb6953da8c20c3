import ArgumentParser
import BundledData
import Foundation
import RoutePlanner
import RoutePlannerFormats

/// `route-planner validate`: every problem of the files, compiler style.
struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract:
            "Check schedule (CSV or DCSA JSON), locations, capacity, haulage and bookings files and list every problem as file:line:column: error: message (file: $.json.path: error: message in a JSON document).",
        discussion: "Exits with status 1 when there is an error; warnings alone leave it 0.")

    @OptionGroup var schedule: ScheduleOptions

    @Option(help: "A bookings CSV file to check against the schedule's ports.")
    var bookings: String?

    func run() async throws {
        let reference = try? BundledData.unlocodeDirectory()
        let importer = CSVImporter(reference: reference)
        var diagnostics: [ImportDiagnostic] = []
        var omitted = 0
        var network: ScheduleNetwork?
        if schedule.schedule != nil || schedule.inland {
            let files = schedule.files
            do {
                let result = try ScheduleImporter(csv: importer, reference: { reference })
                    .importSchedule(schedule: files.schedule, locations: files.locations, capacities: files.capacities, distances: files.distances)
                diagnostics += result.diagnostics
                network = result.value.network
            } catch {
                diagnostics += error.diagnostics
                omitted += error.omittedErrorCount
            }
        } else {
            network = try? BundledData.worldSmall().network
        }
        if let haulage = schedule.haulageFile {
            do {
                diagnostics += try importer.importHaulage(contentsOf: haulage, locations: network?.locations ?? []).diagnostics
            } catch {
                diagnostics += error.diagnostics
                omitted += error.omittedErrorCount
            }
        }
        if let bookings {
            do {
                diagnostics += try importer.importBookings(contentsOf: URL(fileURLWithPath: bookings), network: network).diagnostics
            } catch {
                diagnostics += error.diagnostics
                omitted += error.omittedErrorCount
            }
        }
        for diagnostic in diagnostics { print(diagnostic) }
        if omitted > 0 { print("and \(omitted) more error\(omitted == 1 ? "" : "s")") }
        let errors = diagnostics.filter { $0.severity == .error }.count + omitted
        let warnings = diagnostics.count - diagnostics.filter { $0.severity == .error }.count
        printError("\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        if errors > 0 { throw ExitCode.failure }
    }
}
