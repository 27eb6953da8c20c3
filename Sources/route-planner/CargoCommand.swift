import ArgumentParser
import Foundation
import RoutePlanner
import RoutePlannerApplication

/// `route-planner cargo`: the booked cargo with its status.
struct CargoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cargo", abstract: "List the booked cargo with where each is on its way.")

    @OptionGroup var schedule: ScheduleOptions
    @OptionGroup var store: StoreOptions
    @Option(help: "Only cargo with this status: not-routed, on-track, misdirected, misrouted or claimed.") var status = ""
    @Option(help: "Output format: table, json or csv.") var format: OutputFormat = .table

    func validate() throws {
        if format == .dcsa || format.isPicture { throw ValidationError("--format: cargo is written as table, json or csv.") }
    }

    func run() async throws {
        let coordinator = try schedule.composition(store: store.store).listCargo
        try show(await coordinator(ListCargoForm(status: status))) { cargo in
            switch format {
            case .json: print(json(cargo))
            case .csv: print(CSVReport.cargo(cargo))
            case .table, .dcsa, .svg, .html:
                guard !cargo.isEmpty else { return print("No cargo\(status.isEmpty ? "" : " with status \(status)") in \(store.store).") }
                print(Table.text(
                    header: ["Tracking id", "Size", "Route", "Status", "Where", "ETA"],
                    rows: cargo.map { [$0.trackingId.rawValue, $0.size, $0.route, $0.status, [$0.transportStatus, $0.lastKnownLocation, $0.currentVoyage.map { "on \($0)" }].compactMap { $0 }.joined(separator: ", "), $0.estimatedTimeOfArrival ?? "-"] }))
            }
        }
    }
}

/// Aligned columns for a terminal.
enum Table {
    static func text(header: [String], rows: [[String]]) -> String {
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max()! }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }
        return ([line(header), line(widths.map { String(repeating: "-", count: $0) })] + rows.map(line)).joined(separator: "\n")
    }
}
