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

    var status: Int { isAvailable ? problems.status : 503 }
}
