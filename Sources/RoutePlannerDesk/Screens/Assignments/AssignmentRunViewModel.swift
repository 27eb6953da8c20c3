/// What a run's screen shows: its last step while it works, with the button that stops it; how it ended; or, once it
/// finished, its plan.
struct AssignmentRunViewModel {
    /// Where the run is.
    enum Stage {
        /// Working: its last step, and where the request to stop it is sent (`nil` once it was asked to stop).
        case running(progress: String, onCancel: DeskAction?)
        /// Left running by a server that stopped without ending it.
        case interrupted
        /// Stopped before its end, or ended without a plan: why.
        case cancelled(String)
        case failed(String)
        /// Done: its report, where its plan's files are, and where its confirmation is sent (`nil` when its plan writes
        /// nothing, or was written).
        case finished(AssignmentRunResult, downloads: [(label: String, route: DeskRoute)], onConfirm: DeskAction?)
    }

    let stage: Stage
    /// The run's own screen, which shows where it is now.
    let onCheck: DeskRoute

    var title: String {
        switch stage {
        case .running: "Assignment running"
        case .interrupted: "Assignment interrupted"
        case .cancelled: "Assignment cancelled"
        case .failed: "Assignment"
        case .finished(let result, _, let onConfirm): onConfirm != nil ? "Assignment preview" : result.written != nil ? "Assignment written" : "Assignment"
        }
    }
}
