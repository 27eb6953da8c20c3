import ArgumentParser
import RoutePlannerApplication
import RoutePlannerFormats

/// `route-planner handle`: registers a handling event, or a CSV handling report.
struct HandleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "handle", abstract: "Register what happened to a cargo (receive, load, unload, customs, claim), or a handling report.",
        discussion: """
            Examples: route-planner handle RP000001 --event load --location CNSHA --voyage WS15-W09 --time 2026-03-05T10:00:00Z; \
            route-planner handle --events report.csv (tracking_id,event,location,voyage,completion_time[,registration_time]; \
            every row is registered in one transaction, or none when any row is wrong).
            """)

    @Argument(help: "The cargo's tracking id (not with --events).") var trackingId: String?
    @OptionGroup var schedule: ScheduleOptions
    @OptionGroup var store: StoreOptions
    @Option(help: "receive, load, unload, customs or claim.") var event: String?
    @Option(help: "Where it happened: a UN/LOCODE.") var location: String?
    @Option(help: "The voyage, for load and unload.") var voyage = ""
    @Option(help: "When it happened: a date-time with a zone.") var time: String?
    @Option(help: "When it was reported: a date-time with a zone. Default: now.") var registered = ""
    @Option(help: "A handling report CSV file to register whole.") var events: String?
    @Option(help: "Output format: table, or json (data only: docs/schemas/handle.schema.json, with --events docs/schemas/handle-report.schema.json).")
    var format: OutputFormat = .table

    func validate() throws {
        try HandleRendering.check(format)
        if events != nil {
            guard trackingId == nil, event == nil, location == nil, time == nil else {
                throw ValidationError("--events registers a whole file: give no tracking id, --event, --location or --time with it.")
            }
        } else if trackingId == nil || event == nil || location == nil || time == nil {
            throw ValidationError("Give a tracking id with --event, --location and --time (and --voyage for load and unload), or --events FILE.")
        }
    }

    func run() async throws {
        let app = try await schedule.composition(store: store)
        if let events {
            try await HandlingReportRendering().run(app.importHandlingReport, ImportHandlingReportForm(file: events), as: format)
            return
        }
        let form = RegisterHandlingEventForm(
            trackingId: trackingId ?? "", event: event ?? "", location: location ?? "", voyage: voyage, completionTime: time ?? "",
            registrationTime: registered)
        try await HandleRendering().run(
            app.registerHandlingEvent, form, as: format)
    }
}

/// A registered handling event and the cargo after it, as `handle ID` writes them.
struct HandleRendering: Rendering {
    typealias Interactor = RegisterHandlingEventInteractor
    typealias Presenter = RegisterHandlingEventPresenter

    static let formats: [OutputFormat] = [.table, .json]
    static let subject = "a handling"

    func text(_ response: RegisterHandlingEventResponse, as format: OutputFormat, presenter: RegisterHandlingEventPresenter) async throws -> String {
        format == .json ? CargoDocument.json(response) + "\n" : lines(presenter.content(for: response).lines)
    }
}

/// What a handling report registered, as `handle --events` writes it.
struct HandlingReportRendering: Rendering {
    typealias Interactor = ImportHandlingReportInteractor
    typealias Presenter = ImportHandlingReportPresenter

    static let formats = HandleRendering.formats
    static let subject = HandleRendering.subject

    func text(_ response: ImportHandlingReportResponse, as format: OutputFormat, presenter: ImportHandlingReportPresenter) async throws -> String {
        format == .json ? CargoDocument.json(response) + "\n" : lines(presenter.content(for: response).lines)
    }
}
