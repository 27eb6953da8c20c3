import Foundation
import RoutePlanner
import RoutePlannerFormats

// Imports a standard instance of Benchmarks/reference into a queryable network, end to end, from its CSV files or
// from the same schedule as DCSA vessel schedules (dcsa_instance.py writes them: vessel-schedules.json with
// locations.csv and capacities.csv), and reports the time and the process's peak memory against the size of
// the files. Run it in a process of its own so the peak is the import's.
// Usage: ImportBenchmark INSTANCE_DIR [csv|dcsa]

let format = CommandLine.arguments.count == 3 ? CommandLine.arguments[2] : "csv"
guard (2...3).contains(CommandLine.arguments.count), ["csv", "dcsa"].contains(format) else {
    FileHandle.standardError.write(Data("usage: ImportBenchmark DIR [csv|dcsa]\n".utf8))
    exit(2)
}
let directory = URL(fileURLWithPath: CommandLine.arguments[1])
let locations = directory.appendingPathComponent("locations.csv")
let schedule = directory.appendingPathComponent(format == "csv" ? "schedule.csv" : "vessel-schedules.json")
let capacities = directory.appendingPathComponent("capacities.csv")

/// A line of /proc/self/status, in kB.
func status(_ key: String) -> Double {
    let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = text.split(separator: "\n").first { $0.hasPrefix(key + ":") } ?? ""
    return Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
}

let fileBytes = (format == "csv" ? [locations, schedule] : [locations, schedule, capacities]).reduce(0.0) { total, url in
    total + Double((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0)
}
let baseline = status("VmRSS")
let start = DispatchTime.now().uptimeNanoseconds
let imported = try ScheduleImporter().importSchedule(
    schedule: schedule, locations: locations, capacities: format == "csv" ? nil : capacities)
let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
let network = imported.value.network
let peak = status("VmHWM")
let after = status("VmRSS")
precondition(imported.diagnostics.isEmpty, "\(imported.diagnostics.prefix(5))")

// It is queryable: one earliest arrival between the first two ports that have departures.
let ports = network.locations.map(\.code)
let ready = imported.value.voyages[0].movements[0].departureTime
let answer = try? network.earliestArrival(
    for: RouteSpecification(
        origin: ports[0], destination: ports[1], readyTime: ready, arrivalDeadline: ready + 200 * 86_400))

print(
    String(
        format:
            "| import %@ %@ (%.1f MB, %d movements) into a network | %.2f s | peak memory %.0f MB = %.2fx the files (%.0f MB before the import, %.0f MB after it) |",
        directory.lastPathComponent, format == "csv" ? "CSV" : "DCSA JSON", fileBytes / 1e6, network.movementCount, seconds, peak / 1024,
        peak * 1024 / fileBytes,
        baseline / 1024, after / 1024))
print("query \(ports[0]) → \(ports[1]): \(answer.map { "\($0.arrivalTime)" } ?? "no route")")
