import ArgumentParser
import RoutePlannerApplication
import RoutePlannerFormats

/// `route-planner schedule port|vessel`: the calls of a port, or of the voyages a search finds.
struct ScheduleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule", abstract: "Show a port's calls, or the voyages a vessel-schedule search finds, in the ports' local times.",
        subcommands: [PortScheduleCommand.self, VesselScheduleCommand.self])
}

/// `route-planner schedule port CODE`: a port's calls on some days.
struct PortScheduleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "port",
        abstract: "Show a port's calls on some days, matched by their local dates as DCSA port schedules are.",
        discussion: "Example: route-planner schedule port SGSIN --days 7")

    @Argument(help: "The port's UN/LOCODE, such as SGSIN.") var port: String
    @Option(help: "The first day shown, such as 2026-03-02; today when not given.") var from: String?
    @Option(help: "How many days are shown, from 1 to \(ShowPortScheduleRequest.maximumDays).")
    var days = ShowPortScheduleRequest.defaultDays
    @OptionGroup var schedule: ScheduleOptions
    @Option(help: "Output format: table (a line a call) or dcsa (a DCSA Commercial Schedules 1.0.3 port schedule).") var format: OutputFormat = .table

    func validate() throws { try PortScheduleRendering.check(format) }

    func run() async throws {
        try await PortScheduleRendering().run(
            schedule.composition().showPortSchedule, ShowPortScheduleForm(port: port, from: from ?? "", days: String(days)), as: format)
    }
}

/// `route-planner schedule vessel`: the voyages a search finds, with their calls.
struct VesselScheduleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vessel",
        abstract: "Show the voyages of a voyage number, vessel, service or port, with their calls, as DCSA vessel schedules find them.",
        discussion: "Example: route-planner schedule vessel --voyage WS15-W09")

    @Option(help: "A voyage number, such as WS15-W09.") var voyage: String?
    @Option(help: "A vessel's name, as the schedule gives it.") var vesselName: String?
    @Option(name: .customLong("vessel-imo-number"), help: "A vessel's IMO number.") var vesselIMONumber: String?
    @Option(help: "A service's code.") var service: String?
    @Option(help: "A port's UN/LOCODE that the voyages call at.") var port: String?
    @Option(help: "The first day a matched call may fall on, such as 2026-03-02.") var startDate: String?
    @Option(help: "The last day a matched call may fall on.") var endDate: String?
    @Flag(help: "Show each voyage's matched calls only, rather than all of its calls.") var matchedCallsOnly = false
    @OptionGroup var schedule: ScheduleOptions
    @Option(help: "Output format: table (a voyage and its calls) or dcsa (DCSA Commercial Schedules 1.0.3 vessel schedules).")
    var format: OutputFormat = .table

    func validate() throws { try VesselScheduleRendering.check(format) }

    func run() async throws {
        let form = ShowVesselSchedulesForm(
            voyage: voyage ?? "", vesselName: vesselName ?? "", vesselIMONumber: vesselIMONumber ?? "", service: service ?? "", port: port ?? "",
            startDate: startDate ?? "", endDate: endDate ?? "", matchedCallsOnly: matchedCallsOnly)
        try await VesselScheduleRendering().run(schedule.composition().showVesselSchedules, form, as: format)
    }
}

/// A port's calls, as `schedule port` writes them.
struct PortScheduleRendering: Rendering {
    typealias Interactor = ShowPortScheduleInteractor
    typealias Presenter = ShowPortSchedulePresenter

    static let formats: [OutputFormat] = [.table, .dcsa]
    static let subject = "a port schedule"

    func text(_ response: ShowPortScheduleResponse, as format: OutputFormat, presenter: ShowPortSchedulePresenter) async throws -> String {
        format == .dcsa ? ScheduleDocument.dcsa(response) + "\n" : lines(presenter.content(for: response).lines)
    }
}

/// The voyages found, as `schedule vessel` writes them.
struct VesselScheduleRendering: Rendering {
    typealias Interactor = ShowVesselSchedulesInteractor
    typealias Presenter = ShowVesselSchedulesPresenter

    static let formats: [OutputFormat] = [.table, .dcsa]
    static let subject = "vessel schedules"

    func text(_ response: ShowVesselSchedulesResponse, as format: OutputFormat, presenter: ShowVesselSchedulesPresenter) async throws -> String {
        if format == .dcsa { return ScheduleDocument.dcsa(response) + "\n" }
        let schedules = presenter.content(for: response)
        return schedules.isEmpty ? lines(["No voyage matches."]) : lines(schedules.flatMap(\.lines))
    }
}
