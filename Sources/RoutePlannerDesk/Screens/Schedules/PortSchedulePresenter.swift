import RoutePlanner
import RoutePlannerApplication

/// Draws a port's schedule from its use case's state: its calls on the days asked for, the form that moves them,
/// or why it cannot be shown. A pure function of its input.
struct PortSchedulePresenter {
    let format: PlannerFormat

    /// The screen for the port the address names, the form's input, and the use case's state.
    func present(port: UnLocode, form: FormData, _ state: DeskState<Described<ShowPortScheduleResponse>>) -> ScheduleViewModel {
        typealias Field = ShowPortScheduleForm.Field
        let target = DeskRoute.portSchedule(port, FormData())
        switch state {
        case .success(let described):
            let response = described.response
            let count = response.calls.count
            return ScheduleViewModel(
                title: "\(response.location.name) (\(response.location.code))",
                summary: "\(count) call\(count == 1 ? "" : "s") from \(response.firstDay) to \(response.lastDay), local times.",
                calls: response.calls.map { ScheduleViewModel.Call($0, format: format) }, showsVoyagesCalls: true,
                window: .init(target: target, values: FormData([(Field.from.name, response.firstDay)]), errors: [:]))
        case .validationFailure(let errors) where errors[Field.port.name] == nil:
            // The days are wrong, not the port: the form again, with its problem.
            return ScheduleViewModel(
                title: "Port \(port)", summary: "", calls: [], window: .init(target: target, values: form, errors: errors))
        case .validationFailure:
            return Self.notFound("No port \"\(port)\" in the schedule.")
        case .failure(let failure):
            // The schedule lacks the port (a rejection, with the codes closest to it), or cannot be read now.
            return ScheduleViewModel(
                title: "Schedule not found", summary: "", calls: [],
                failure: (failure.message, failure.kind == .rejected ? 404 : DeskResponse.statusCode(of: failure.kind)))
        case .idle, .loading:
            return ScheduleViewModel(title: "Port \(port)", summary: "", calls: [])
        }
    }

    /// A schedule that does not exist (404).
    static func notFound(_ message: String) -> ScheduleViewModel {
        ScheduleViewModel(title: "Schedule not found", summary: "", calls: [], failure: (message, 404))
    }
}
