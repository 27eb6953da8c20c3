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
    @Option(help: "Only cargo whose tracking id, booking reference, or a voyage or port of its route holds this text (any case).") var search = ""
    @Option(help: "Only cargo with this status: not-routed, on-track, disrupted, misdirected, misrouted or claimed.") var status = ""
    @Option(help: "Only this customer's cargo (its id, in any case).") var customer = ""
    @Option(help: "Only cargo that stands so against its deadline: late, at-risk or fine.") var standing = ""
    @Option(help: "Only cargo due within this many days from now (--as-of), not yet claimed.") var due = ""
    @Option(help: "The order: tracking-id, deadline, slack (least first) or eta (earliest first).") var sort = ""
    @Option(help: "Output format: table, json (data only, docs/schemas/cargo-list.schema.json) or csv.") var format: OutputFormat = .table
    @Option(help: "Business time that --due and --standing read, a date or a date-time with a zone (default: now).") var asOf: String?

    func validate() throws {
        try CargoListRendering.check(format)
        try BookCommand.check(asOf: asOf)
    }

    func run() async throws {
        let asOf = self.asOf.flatMap(BookCommand.date)
        let coordinator = try await schedule.composition(store: store, now: { asOf ?? Date() }).listCargo
        let form = ListCargoForm(search: search, status: status, customer: customer, standing: standing, due: due, sort: sort)
        try await CargoListRendering(store: store.store).run(coordinator, form, as: format)
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
                header: ["Tracking id", "Size", "Route", "Status", "Against the deadline", "Where", "Next", "ETA"],
                rows: cargo.map { each in
                    let place = [each.transportStatus, each.lastKnownLocation, each.currentVoyage.map { "on \($0)" }].compactMap { $0 }
                    return [
                        each.trackingId.rawValue, each.size, each.route, each.status, each.standing ?? "-", place.joined(separator: ", "),
                        each.nextExpectedActivity ?? each.advice ?? "-", each.estimatedTimeOfArrival ?? "-",
                    ]
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
