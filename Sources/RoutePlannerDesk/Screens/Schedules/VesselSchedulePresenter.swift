import RoutePlanner
import RoutePlannerApplication

/// Draws a voyage's schedule from its use case's state: its calls, and the voyage it goes on as; or why it cannot be
/// shown. A pure function of its input.
struct VesselSchedulePresenter {
    let format: PlannerFormat

    /// The screen for the voyage the address names, and the use case's state.
    func present(voyage: VoyageNumber, _ state: DeskState<[Described<VesselSchedule>]>) -> ScheduleViewModel {
        switch state {
        case .success(let found):
            guard let schedule = found.first?.response else { return PortSchedulePresenter.notFound("No voyage \"\(voyage)\" in the schedule.") }
            let calls = schedule.calls
            var summary = "\(calls.count) calls, local times."
            if let vessel = schedule.voyage.vessel { summary = "\(vessel): " + summary }
            if let next = schedule.voyage.continuation { summary += " The vessel goes on as \(next)." }
            return ScheduleViewModel(
                title: "Voyage \(schedule.voyage.number)", summary: summary, calls: calls.map { ScheduleViewModel.Call($0, format: format) },
                continuation: schedule.voyage.continuation.map { ("The voyage it goes on as: \($0)", .vesselSchedule($0)) })
        case .validationFailure:
            return PortSchedulePresenter.notFound("No voyage \"\(voyage)\" in the schedule.")
        case .failure(let failure):
            return ScheduleViewModel(title: "Schedule not found", summary: "", calls: [], failure: (failure.message, DeskResponse.statusCode(of: failure.kind)))
        case .idle, .loading:
            return ScheduleViewModel(title: "Voyage \(voyage)", summary: "", calls: [])
        }
    }
}
