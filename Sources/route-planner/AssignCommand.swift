import ArgumentParser
import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerAssignment
import RoutePlannerFormats
import RoutePlannerPictures
import RoutePlannerStore

/// `route-planner assign`: every booking an itinerary under the capacities, with GLPK.
struct AssignCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assign",
        abstract: "Assign every booking an itinerary under the TEU capacity of each voyage leg, maximising revenue.",
        discussion: "Prints one line per booking (its itinerary, or why it is not carried), then the totals and the busiest legs.")

    @OptionGroup var schedule: ScheduleOptions

    @OptionGroup(title: "What if") var whatIf: ScenarioOptions

    @Option(help: "The bookings CSV file. Default: the bundled sample bookings (with the bundled network only).")
    var bookings: String?

    @Option(
        help: ArgumentHelp(
            "Assign the cargo booked in this store (an SQLite file, or postgres://USER@HOST/DATABASE) instead of a bookings file, and write the itineraries back in one transaction.",
            valueName: "store"))
    var store: String?

    @Flag(
        help:
            "With --store: solve and print the plan without writing it, a preview; the totals say how many routes it would write. Run again without --preview to write a plan."
    )
    var preview = false

    @Option(help: "Seconds the whole command may take, reading the schedule and the bookings included: 1 to 3600.")
    var timeLimit = "60"

    @Option(help: "The relative gap to stop at: a fraction (0.005) or a percentage (0.5%).")
    var gap = "0.01%"

    @Option(help: "Write the integer program to this file in MPS, for any other solver to check.")
    var modelMPS = ""

    @Option(
        help: ArgumentHelp(
            "What each TEU left out costs, as LINER-LIB's published runs charge it: the solve maximises revenue less handling cost less this for every TEU not carried. Default: 0.",
            valueName: "per-TEU"))
    var penalty: String?

    func validate() throws {
        try AssignRendering.check(format, comparing: compare)
        if store != nil && bookings != nil { throw ValidationError("--store and --bookings exclude each other: assign booked cargo, or a bookings file.") }
        if store != nil && compare { throw ValidationError("--compare works with a bookings file, not with --store.") }
        if preview && store == nil { throw ValidationError("--preview works with --store: a bookings file's plan is never written.") }
        if schedule.schedule != nil && bookings == nil && store == nil {
            throw ValidationError("--bookings is needed with --schedule.")
        }
    }

    @Option(
        help:
            "Also write the assignment as CSV, one row per leg of each carried booking and one per booking left out: booking,teu,carried,leg,voyage,from,to,departure,arrival,reason."
    )
    var output: String?

    @Option(
        help:
            "Output format: table, json (schema version 2: every booking's legs or reason, every used movement's load and capacity), csv (as --output), svg (the load factor heat map) or html (a page with the totals, revenue, bookings by reason, the heat map and the busiest legs; with --compare, what the scenario changed)."
    )
    var format: OutputFormat = .table

    @Flag(
        help:
            "Solve without the what-if flags too (a second solve, with a time limit of its own), and show the bookings that lose their route and the change in revenue, handling cost, haulage cost (with trucks), profit and CO2e."
    )
    var compare = false

    func run() async throws {
        let scenario = try whatIf.scenario()
        let app =
            if let store { try await schedule.composition(store: store, scenario: scenario) } else {
                schedule.composition(bookings: bookings, scenario: scenario)
            }
        let assignRoutes = app.assignRoutes(solver: GLPKAssignmentSolver(), progress: terminalProgress)
        let form = AssignRoutesForm(timeLimit: timeLimit, gap: gap, modelFile: modelMPS, penalty: penalty ?? "", writes: !preview)
        let rendering = AssignRendering(voyages: app.voyages)
        guard compare else {
            let response = try await rendering.run(assignRoutes, form, as: format, check: reject)
            return try write(response)
        }
        let (state, result) = await assignRoutes.respond(form)
        try reject(result)
        guard case .success(let response) = result else {
            return try show(state) { _ in }
        }
        try write(response)
        // The table is the plan with the scenario, then what it changed; the page shows both.
        if format == .table { print(try await rendering.text(response, as: .table, presenter: assignRoutes.presenter), terminator: "") }
        let baseline = await schedule.composition(bookings: bookings).assignRoutes(solver: GLPKAssignmentSolver()).respond(form).result
        guard case .success(let before) = baseline else { return }
        guard format == .html else { return print(AssignmentComparison.text(before: before.plan, after: response.plan)) }
        print(
            AssignmentPictures.comparisonPage(
                before: before.plan, after: response.plan, baselineNetwork: try await schedule.composition().voyages.network(),
                network: try await app.voyages.network(), scenarioName: whatIf.summary), terminator: "")
    }

    /// Names the flag behind a failure that one flag caused: a what-if flag, or the missing `--capacities`.
    private func reject(_ result: Result<AssignRoutesResponse, RequestFailure<AssignRoutesForm.Field>>) throws {
        try whatIf.reject(result)
        guard case .failure(.domain(.schedule(.capacitiesUnknown))) = result else { return }
        printError(
            "error: --capacities: \(schedule.files.schedule.relativePath) is a DCSA vessel schedule, which carries no capacities; give the voyages' capacities in a CSV file (voyage or vessel_imo, capacity_teu) with --capacities FILE."
        )
        throw ExitCode.failure
    }

    /// Writes the assignment to `--output`, when given.
    private func write(_ response: AssignRoutesResponse) throws {
        guard let output else { return }
        do {
            try AssignmentDocument.csv(response.plan).write(toFile: output, atomically: true, encoding: .utf8)
        } catch {
            printError("error: --output \(output): \((error as NSError).localizedFailureReason ?? "cannot be written")")
            throw ExitCode.failure
        }
    }
}

/// An assignment, as `assign` writes it.
struct AssignRendering: Rendering {
    typealias Interactor = AssignRoutesInteractor
    typealias Presenter = AssignRoutesPresenter

    static let formats: [OutputFormat] = [.table, .json, .csv, .svg, .html]
    static let subject = "an assignment"
    /// The schedule the heat map draws.
    let voyages: any VoyageRepository

    func text(_ response: AssignRoutesResponse, as format: OutputFormat, presenter: AssignRoutesPresenter) async throws -> String {
        switch format {
        case .json: return AssignmentDocument.json(response.plan, notAssigned: response.leftOut, notStored: response.changedMeanwhile) + "\n"
        case .csv: return AssignmentDocument.csv(response.plan)
        case .svg: return AssignmentPictures.heatMap(response.plan, network: try await voyages.network()).svgDocument
        case .html: return AssignmentPictures.page(response, network: try await voyages.network())
        case .table, .dcsa:
            let report = presenter.content(for: response)
            return lines(report.bookings + [""] + report.totals + ["", "Busiest legs:"] + report.busiestLegs.map { "  " + $0 })
        }
    }
}
