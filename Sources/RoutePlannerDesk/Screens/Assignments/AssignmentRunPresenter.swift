import Foundation
import RoutePlannerApplication

/// Draws a run's screen from the run the store keeps, at a time (the real clock, which says whether it is alive). A
/// pure function of its input.
struct AssignmentRunPresenter {
    /// The screen for a run's id and the run the store keeps; the page that says why there is none.
    func present(id: String, _ run: DeskState<AssignmentRunRecord?>, at time: Date) -> Presented<AssignmentRunViewModel> {
        let record: AssignmentRunRecord
        switch run {
        case .failure(let failure):
            return .failure(
                FailureViewModel(
                    title: "The assignment cannot be read now", message: failure.message, status: DeskResponse.statusCode(of: failure.kind),
                    wayOn: ("Run an assignment", .assignments), section: .assignments))
        case .success(nil), .idle, .loading, .validationFailure:
            return .failure(
                FailureViewModel(
                    title: "Assignment not found",
                    message: "No assignment runs under this address: it may be an older one no longer kept, or from a store this server does not use.",
                    status: 404, wayOn: ("Run an assignment", .assignments), section: .assignments))
        case .success(let found?): record = found
        }
        let result = record.result.flatMap(AssignmentRunResult.init(text:))
        let stage: AssignmentRunViewModel.Stage =
            switch record.status {
            case .running where record.isInterrupted(at: time): .interrupted
            case .running:
                .running(progress: record.progress ?? "starting.", onCancel: record.cancellationRequested ? nil : .cancelAssignment(id))
            case .cancelled: .cancelled(result?.failure ?? "It was asked to stop.")
            case .failed: .failed(result?.failure ?? "It ended without a plan.")
            case .finished, .confirmed:
                .finished(
                    result ?? AssignmentRunResult(stopped: "Its result was written by another version of route-planner."),
                    downloads: result?.planCSV == nil
                        ? [] : DeskRoute.PlanFile.allCases.map { ("The plan as \($0 == .csv ? "CSV" : "JSON")", .assignmentPlan(id, $0)) },
                    onConfirm: record.status == .finished && result?.proposal != nil ? .confirmAssignment(id) : nil)
            }
        return .screen(AssignmentRunViewModel(stage: stage, onCheck: .assignmentRun(id)))
    }

    /// Where a run is, in a word for the list of runs: "running", "interrupted", "finished" (its line says whether its
    /// plan is a preview not written yet), "written" (confirmed), "failed" or "cancelled".
    static func status(of run: AssignmentRunRecord, at time: Date) -> String {
        switch run.status {
        case .running: run.isInterrupted(at: time) ? "interrupted" : "running"
        case .finished: "finished"
        case .confirmed: "written"
        case .failed, .cancelled: run.status.rawValue
        }
    }
}
