import ArgumentParser
import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerFormats
import RoutePlannerPictures

/// `route-planner route`: the candidate itineraries between two ports, or for a booked cargo.
struct RouteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Show the candidate itineraries from one port to another, or for a booked cargo.",
        discussion: """
            The candidates are the itineraries that no other beats on later departure, earlier arrival and \
            fewer transshipments, earliest arrival first. Examples: route-planner route --from CNSHA --to NLRTM; \
            route-planner route RP000001 (a booked cargo, from where it is now; the options are numbered for \
            assign-route).
            """)

    @Argument(help: "A booked cargo's tracking id, instead of --from, --to, --ready and --deadline.")
    var trackingId: String?

    @OptionGroup var schedule: ScheduleOptions

    @OptionGroup var store: StoreOptions

    @OptionGroup(title: "What if") var whatIf: ScenarioOptions

    @Option(help: "The origin's UN/LOCODE, such as CNSHA: a port, or with --haulage any place of the locations.")
    var from: String?

    @Option(help: "The destination's UN/LOCODE, such as NLRTM: a port, or with --haulage any place of the locations.")
    var to: String?

    @Option(
        help:
            "When the cargo is ready: a date (start of the day, UTC) or a date-time with a zone. Default: the Monday of the bundled schedule's ninth week (2026-03-02 as its files hold it)."
    )
    var ready: String?

    @Option(help: "The arrival deadline, inclusive: a date (end of the day, UTC) or a date-time with a zone. Default: 60 days after --ready.")
    var deadline: String?

    @Option(name: .short, help: "The most itineraries to show, 1 to 50.")
    var k = 5

    @Option(help: "The most transshipments, 0 (direct only) to 10. Default: any number.")
    var maxTransshipments: Int?

    @Option(help: "The most changes of mode (a truck to a barge, a barge to a vessel), 0 (one mode only) to 10. Default: any number.")
    var maxModeChanges: Int?

    @Option(help: "A port the itinerary must call at; repeat for several, in order.")
    var via: [String] = []

    @Option(help: "A port the itinerary must not call at; repeatable.")
    var avoid: [String] = []

    @Option(help: "A voyage the itinerary must not ride; repeatable.")
    var avoidVoyage: [String] = []

    @OptionGroup(title: "Cargo (a booked cargo has its own)") var cargo: CargoTypeOptions

    @Option(
        help: ArgumentHelp(
            "The order of the options: arrival (earliest first), cost (cheapest handling per TEU first: loads, discharges and transshipments, from the locations' costs) or co2 (least CO2e per TEU first, from the schedule's or estimated from distance and vessel size).",
            valueName: "arrival|cost|co2"))
    var sort: String = ""

    @Option(
        help: ArgumentHelp(
            "Also keep the options that are best in cost or CO2e per TEU, not only in departure, arrival and transshipments: cost, co2 or cost,co2 (slower: more options stay undominated).",
            valueName: "cost,co2"))
    var criteria: [String] = []

    @Option(
        help: ArgumentHelp(
            "The modes the options may travel by: vessel, barge, rail, truck, or several comma-separated (vessel,rail: no barges, no trucks). Default: every mode.",
            valueName: "vessel,barge,rail,truck"))
    var modes: [String] = []

    @Option(
        help:
            "Output format: table (for people), json (schema version 1), csv (one row per leg), dcsa (DCSA Commercial Schedules 1.0.3 point-to-point routings, in local times), svg (the itineraries on a time line) or html (a page with the time line, a map and the table; with --compare, both side by side)."
    )
    var format: OutputFormat = .table

    @Flag(help: "Show the itineraries without the what-if flags and with them, side by side.")
    var compare = false

    func validate() throws {
        try RouteRendering.check(format, comparing: compare)
        if trackingId == nil && (from == nil || to == nil) {
            throw ValidationError("Give --from and --to, or a booked cargo's tracking id.")
        }
    }

    func run() async throws {
        let ready = trackingId == nil ? (self.ready ?? schedule.defaultReady) : (self.ready ?? "")
        let deadline = trackingId == nil ? (self.deadline ?? RouteCargoForm.defaultDeadline(after: ready)) : (self.deadline ?? "")
        let form = RouteCargoForm(
            trackingId: trackingId ?? "", origin: from ?? "", destination: to ?? "", ready: ready, deadline: deadline, limit: String(k),
            maxTransshipments: maxTransshipments.map(String.init) ?? "", maxModeChanges: maxModeChanges.map(String.init) ?? "", via: via, avoid: avoid,
            avoidVoyages: avoidVoyage,
            cargoType: cargo.cargoType ?? "", dangerousGoods: cargo.dangerousGoods, maxTransitDays: cargo.maxTransit ?? "", order: sort,
            criteria: criteria, modes: modes)
        let scenario = try whatIf.scenario()
        let app =
            trackingId == nil
            ? schedule.composition(scenario: scenario) : try await schedule.composition(store: store, scenario: scenario)
        let routeCargo = app.routeCargo
        let rendering = RouteRendering(trackingId: trackingId, locations: app.locations)
        guard compare else {
            try await rendering.run(routeCargo, form, as: format) { result in
                try whatIf.reject(result)
                // With no route, a program still reads a document: the specification and no itineraries.
                if case .failure(.domain(.schedule(.noRoute(let specification, _)))) = result,
                    let document = rendering.document(RouteDocument.empty(specification), format)
                {
                    print(document, terminator: "")
                }
            }
            return
        }
        let (state, result) = await routeCargo.respond(form)
        try whatIf.reject(result)
        let baseline = trackingId == nil ? schedule.composition().routeCargo : try await schedule.composition(store: store).routeCargo
        let before = await baseline.respond(form).result
        // Wrong input is wrong with or without the scenario, and so is a request the schedule cannot answer either
        // way (an unknown port or cargo): reported once, on standard error.
        if case .failure(.validation) = result { return try show(state) { _ in } }
        if case .failure(.domain(let error)) = result, case .failure(.domain(error)) = before {
            return try show(state) { _ in }
        }
        print(try await rendering.comparison(before, result, scenarioName: whatIf.summary, as: format, presenter: routeCargo.presenter), terminator: "")
        if case .failure = result, case .failure = before {
            // Neither answer has a route: the failure is said on standard error too, as every failure is.
            if case .failure(let failure) = state { printError("error: \(failure.message)") }
            throw ExitCode.failure
        }
    }

}

/// Candidate itineraries, as `route` writes them; with `--compare`, without and with the what-if flags.
struct RouteRendering: Rendering {
    typealias Interactor = RouteCargoInteractor
    typealias Presenter = RouteCargoPresenter

    static let formats: [OutputFormat] = [.table, .json, .csv, .dcsa, .svg, .html]
    static let subject = "a route"
    /// The booked cargo routed, if any.
    let trackingId: String?
    /// Where the pages' maps find the ports.
    let locations: any LocationRepository

    func text(_ response: RouteCargoResponse, as format: OutputFormat, presenter: RouteCargoPresenter) async throws -> String {
        if let document = document(response, format) { return document }
        switch format {
        case .svg: return RoutePictures.timeline(response).svgDocument
        case .html: return RoutePictures.page(response, locations: (try? await locations.locations()) ?? [], presenter: presenter)
        default: break
        }
        let header = trackingId.map { ["Options for cargo \($0); assign one with: route-planner assign-route \($0) N"] } ?? []
        return lines(header + [RouteOutput.table(presenter.content(for: response))])
    }

    /// The document for programs in `format`, or `nil` for a format for people.
    func document(_ response: RouteCargoResponse, _ format: OutputFormat) -> String? {
        switch format {
        case .json: RouteDocument.json(response) + "\n"
        case .csv: RouteDocument.csv(response) + "\n"
        case .dcsa: RouteDocument.dcsa(response) + "\n"
        default: nil
        }
    }

    /// Both answers side by side: a table, or a page.
    func comparison(
        _ baseline: Result<RouteCargoResponse, RequestFailure<RouteCargoForm.Field>>,
        _ scenario: Result<RouteCargoResponse, RequestFailure<RouteCargoForm.Field>>, scenarioName: String,
        as format: OutputFormat, presenter: RouteCargoPresenter
    ) async throws -> String {
        guard format == .html else { return lines([RouteComparison.text(baseline: baseline, scenario: scenario, presenter: presenter)]) }
        return RoutePictures.comparisonPage(
            baseline: baseline, scenario: scenario, scenarioName: scenarioName, locations: (try? await locations.locations()) ?? [],
            presenter: presenter)
    }
}
