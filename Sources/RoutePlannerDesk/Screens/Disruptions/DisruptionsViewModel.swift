/// What the disruptions screen shows: what the last batch of events did, the cargo the schedule as it now sails
/// disrupts, the carriers' last events and voyages published again, and the form that applies a file of them.
struct DisruptionsViewModel {
    /// "316 events: 312 applied to the schedule; …", after a batch.
    let applied: String?
    /// Each disrupted cargo, with the link to its screen and how many options it has to choose from.
    let cargo: [Cargo]
    /// The last events and publications, with how many there are in all; `nil` when the list cannot be shown.
    let events: (shown: [String], total: Int)?
    let publications: (shown: [String], total: Int)?
    /// Why the list cannot be shown.
    let listFailure: String?
    /// The form's input, and why a batch sent was not applied.
    let values: FormData
    let problems: FormProblems

    struct Cargo {
        let trackingId: String
        let onCargo: DeskRoute
        let route: String
        let disruption: String
        let plannedArrival: String
        /// How many options it has: none until they are found.
        let options: Int
    }
}
