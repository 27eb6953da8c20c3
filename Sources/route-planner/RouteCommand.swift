import ArgumentParser
import Foundation
import RoutePlanner
import RoutePlannerApplication

/// `route-planner route`: the candidate itineraries between two ports.
struct RouteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Show the candidate itineraries from one port to another.",
        discussion: """
            The candidates are the itineraries that no other beats on later departure, earlier arrival and \
            fewer transshipments, earliest arrival first. Example: route-planner route --from CNSHA --to NLRTM
            """)

    @OptionGroup var schedule: ScheduleOptions

    @OptionGroup(title: "What if") var whatIf: ScenarioOptions

    @Option(help: "The origin port's UN/LOCODE, such as CNSHA.")
    var from: String

    @Option(help: "The destination port's UN/LOCODE, such as NLRTM.")
    var to: String

    @Option(help: "When the cargo is ready: a date (start of the day, UTC) or a date-time with a zone. Default: 2026-03-02.")
    var ready = "2026-03-02"

    @Option(help: "The arrival deadline, inclusive: a date (end of the day, UTC) or a date-time with a zone. Default: 60 days after --ready.")
    var deadline: String?

    @Option(name: .short, help: "The most itineraries to show, 1 to 50.")
    var k = 5

    @Option(help: "The most transshipments, 0 (direct only) to 10. Default: any number.")
    var maxTransshipments: Int?

    @Option(help: "A port the itinerary must call at; repeat for several, in order.")
    var via: [String] = []

    @Option(help: "A port the itinerary must not call at; repeatable.")
    var avoid: [String] = []

    @Option(help: "A voyage the itinerary must not ride; repeatable.")
    var avoidVoyage: [String] = []

    @Option(help: "Output format: table (for people), json (schema version 1), csv (one row per leg) or dcsa (DCSA Commercial Schedules 1.0 point-to-point routings).")
    var format: OutputFormat = .table

    @Flag(help: "Show the itineraries without the what-if flags and with them, side by side.")
    var compare = false

    func run() async throws {
        let deadline = try deadline ?? Self.sixtyDays(after: ready)
        let form = RouteCargoForm(
            origin: from, destination: to, ready: ready, deadline: deadline, limit: String(k),
            maxTransshipments: maxTransshipments.map(String.init) ?? "", via: via, avoid: avoid, avoidVoyages: avoidVoyage)
        let app = schedule.composition(scenario: try whatIf.scenario())
        let result = await app.routeCargo.controller.route(form)
        if compare {
            let baseline = await schedule.composition().routeCargo.controller.route(form)
            print(RouteComparison.text(baseline: baseline, scenario: result, presenter: app.routeCargo.presenter))
            if case .failure = result, case .failure = baseline { throw ExitCode.failure }
            return
        }
        switch (result, format) {
        case (.success(let response), .json): print(RouteOutput.json(response))
        case (.success(let response), .csv): print(RouteOutput.csv(response))
        case (.success(let response), .dcsa): print(RouteOutput.dcsa(response))
        case (.success, .table), (.failure, _):
            switch app.routeCargo.presenter.present(result) {
            case .success(let itineraries):
                print(RouteOutput.table(itineraries))
            case .validationFailure(let fields):
                for (field, message) in fields.sorted(by: { $0.key < $1.key }) {
                    let flag = Self.flag(for: field)
                    printError("error: \(flag.count == 1 ? "-" : "--")\(flag): \(message)")
                }
                throw ExitCode(64)
            case .failure(let message):
                printError("error: \(message)")
                throw ExitCode.failure
            case .idle, .loading:
                break
            }
        }
    }

    /// The default deadline: 60 days after a ready date or date-time, as a date-time in UTC. (When --ready
    /// is wrong, its own error says so; the default then only has to be well formed.)
    static func sixtyDays(after ready: String) throws -> String {
        guard case .success(let date) = DateText.date(from: ready, endOfDay: false) else { return "2100-01-01" }
        return (date + 60 * 86_400).formatted(.iso8601)
    }

    /// The flag a form field comes from.
    static func flag(for field: String) -> String {
        ["origin": "from", "destination": "to", "limit": "k", "maxTransshipments": "max-transshipments",
         "avoidVoyages": "avoid-voyage"][field] ?? field
    }
}
