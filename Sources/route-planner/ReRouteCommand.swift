import ArgumentParser
import RoutePlannerApplication

/// `route-planner reroute [ID]`: the cargo whose journey no longer works, and its options from where it is.
struct ReRouteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reroute", abstract: "Show the cargo that needs routing again, and its options from where it is.",
        discussion: """
            Without a tracking id: every cargo that is not routed, misdirected, misrouted, or rides a leg the schedule \
            (with the what-if flags) no longer sails as planned. Example: route-planner reroute --cancel-voyage WS15-W09 \
            answers "which of my cargo lose their route, and what are their options?". Nothing changes but the options \
            listed; assign one with assign-route ID N.
            """)

    @Argument(help: "A cargo's tracking id; every cargo that needs it without one.") var trackingId: String?
    @OptionGroup var schedule: ScheduleOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup(title: "What if") var whatIf: ScenarioOptions
    @Option(name: .short, help: "The most options per cargo, 1 to 50.") var k = 5
    @Option(help: "A voyage the options must not ride; repeatable.") var avoidVoyage: [String] = []
    @Option(help: "Output format: table, json or csv (one row per leg of each option).") var format: OutputFormat = .table

    func validate() throws {
        if format == .dcsa || format.isPicture { throw ValidationError("--format: re-routings are written as table, json or csv.") }
    }

    func run() async throws {
        let coordinator = try schedule.composition(store: store.store, scenario: try whatIf.scenario()).reRouteCargo
        let form = ReRouteCargoForm(trackingId: trackingId ?? "", limit: String(k), avoidVoyages: avoidVoyage)
        let result = await coordinator.controller.handle(form)
        try whatIf.reject(result)
        if format == .csv, case .success(let response) = result { return print(CSVReport.reRoutings(response, format: coordinator.presenter.format)) }
        try show(coordinator.presenter.present(result), flags: ["limit": "k", "avoidVoyages": "avoid-voyage"]) { entries in
            guard format == .table else { return print(json(entries)) }
            guard !entries.isEmpty else { return print("Every cargo is on track and its itinerary still sails.") }
            for entry in entries {
                print("Cargo \(entry.cargo.trackingId) (\(entry.cargo.route), \(entry.cargo.size)): \(entry.reason)")
                if let problem = entry.problem { print("  " + problem) }
                if let from = entry.from, !entry.options.isEmpty {
                    print("  Options \(from); assign one with: route-planner assign-route \(entry.cargo.trackingId) N")
                    print(RouteOutput.table(entry.options).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
                }
            }
        }
    }
}
