import ArgumentParser
import RoutePlannerApplication
import RoutePlannerFormats

/// `route-planner reroute [ID]`: the cargo whose journey no longer works, and its options from where it is.
struct ReRouteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reroute", abstract: "Show the cargo that needs routing again, and its options from where it is.",
        discussion: """
            Without a tracking id: every cargo that is not routed, misdirected, misrouted, or rides a leg the schedule \
            (with the what-if flags) no longer sails as planned. Example: route-planner reroute --cancel-voyage WS15-W09 \
            answers "which of my cargo lose their route, and what are their options?": with what-if flags, the cargo \
            not routed are left out and counted. Nothing changes but the options listed; assign one with \
            assign-route ID N.
            """)

    @Argument(help: "A cargo's tracking id; every cargo that needs it without one.") var trackingId: String?
    @OptionGroup var schedule: ScheduleOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup(title: "What if") var whatIf: ScenarioOptions
    @Option(name: .short, help: "The most options per cargo, 1 to 50.") var k = 5
    @Option(help: "A voyage the options must not ride; repeatable.") var avoidVoyage: [String] = []
    @Option(help: "Output format: table, json (data only, docs/schemas/reroute.schema.json) or csv (one row per leg of each option).")
    var format: OutputFormat = .table

    func validate() throws { try ReRouteRendering.check(format) }

    func run() async throws {
        let coordinator = try await schedule.composition(store: store, scenario: try whatIf.scenario()).reRouteCargo
        // A what-if question asks which cargo loses its route: the cargo that had none are counted, not listed.
        let form = ReRouteCargoForm(trackingId: trackingId ?? "", limit: String(k), avoidVoyages: avoidVoyage, includesNotRouted: !whatIf.isGiven)
        try await ReRouteRendering().run(coordinator, form, as: format, check: whatIf.reject)
    }
}

/// The cargo that needs routing again and its options, as `reroute` writes them.
struct ReRouteRendering: Rendering {
    typealias Interactor = ReRouteCargoInteractor
    typealias Presenter = ReRouteCargoPresenter

    static let formats: [OutputFormat] = [.table, .json, .csv]
    static let subject = "re-routings"

    func text(_ response: ReRouteCargoResponse, as format: OutputFormat, presenter: ReRouteCargoPresenter) async throws -> String {
        switch format {
        case .json: return CargoDocument.json(response) + "\n"
        case .csv: return CargoDocument.csv(response) + "\n"
        default: break
        }
        let entries = presenter.content(for: response)
        let leftOut =
            response.notRoutedLeftOut == 0
            ? []
            : [
                "Left out: \(response.notRoutedLeftOut) cargo not routed, which no what-if changes; reroute without what-if flags lists them."
            ]
        guard !entries.isEmpty else {
            return lines(
                [
                    response.notRoutedLeftOut == 0
                        ? "Every cargo is on track and its itinerary still sails." : "Every routed cargo is on track and its itinerary still sails."
                ] + leftOut)
        }
        var table: [String] = []
        for entry in entries {
            table.append("Cargo \(entry.cargo.trackingId) (\(entry.cargo.route), \(entry.cargo.size)): \(entry.reason)")
            if let problem = entry.problem { table.append("  " + problem) }
            if let from = entry.from, !entry.options.isEmpty {
                table.append("  Options \(from); assign one with: route-planner assign-route \(entry.cargo.trackingId) N")
                table += RouteOutput.table(entry.options).split(separator: "\n").map { "  " + $0 }
            }
        }
        return lines(table + leftOut)
    }
}
