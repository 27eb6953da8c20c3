/// What the assignments screen shows: the form that runs an assignment, with its input and problems; or that the
/// server has no solver.
struct AssignmentsViewModel {
    /// Whether the server has a solver: without one, the screen says the assignment is not available (503).
    let isAvailable: Bool
    /// The form's input, with the time limit and gap filled in when not given.
    let values: FormData
    /// The customers an upload's rows may be booked for.
    let customers: [(value: String, label: String)]
    let problems: FormProblems
    /// The run that is working, when one held this one back.
    let working: DeskRoute?
    /// The runs the store keeps, the last started first; or why they cannot be read.
    let runs: DeskState<[Run]>

    /// A run as the list shows it: when it started, how it stands, and what it came to.
    struct Run: Hashable {
        let route: DeskRoute
        let started: String
        /// "finished", "failed", "cancelled", "running" or "interrupted".
        let status: String
        /// What it came to in a line, or its last step while it works.
        let summary: String
    }

    var status: Int { isAvailable ? problems.status : 503 }
}
