import ArgumentParser
import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerFormats

/// `route-planner cargo`: the booked cargo with its status.
struct CargoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cargo", abstract: "List the booked cargo with where each is on its way.")

    @OptionGroup var schedule: ScheduleOptions
    @OptionGroup var store: StoreOptions
    @Option(help: "Only cargo with this status: not-routed, on-track, misdirected, misrouted or claimed.") var status = ""
    @Option(help: "Output format: table, json (data only, docs/schemas/cargo-list.schema.json) or csv.") var format: OutputFormat = .table

    func validate() throws { try CargoListRendering.check(format) }

    func run() async throws {
        let coordinator = try await schedule.composition(store: store).listCargo
        try await CargoListRendering(store: store.store).run(coordinator, ListCargoForm(status: status), as: format)
    }
}

/// The booked cargo, as `cargo` writes it.
struct CargoListRendering: Rendering {
    typealias Interactor = ListCargoInteractor
    typealias Presenter = ListCargoPresenter

    static let formats: [OutputFormat] = [.table, .json, .csv]
    static let subject = "cargo"
    let store: String

    func text(_ response: ListCargoResponse, as format: OutputFormat, presenter: ListCargoPresenter) async throws -> String {
        switch format {
        case .json: return CargoDocument.json(response.cargo) + "\n"
        case .csv: return CargoDocument.csv(response.cargo) + "\n"
        default: break
        }
        let cargo = presenter.content(for: response)
        guard !cargo.isEmpty else { return lines(["No cargo\(response.status.map { " with status \($0)" } ?? "") in \(store)."]) }
        return lines([
            Table.text(
                header: ["Tracking id", "Size", "Route", "Status", "Where", "ETA"],
                rows: cargo.map { each in
                    let place = [each.transportStatus, each.lastKnownLocation, each.currentVoyage.map { "on \($0)" }].compactMap { $0 }
                    return [each.trackingId.rawValue, each.size, each.route, each.status, place.joined(separator: ", "), each.estimatedTimeOfArrival ?? "-"]
                })
        ])
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
