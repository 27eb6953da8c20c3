/// What the home screen shows: the desk's clock, the cargo that need a planner's eye, what the schedule holds, the
/// sections the user may open, and whether booked cargo lasts only until the server stops.
struct HomeViewModel {
    /// Business time, the time the desk plans at: "Fri 20 Mar 2026, 12:00 UTC".
    let clock: String
    /// Each count of cargo with the list that shows them: "Not routed", 12; `nil` when the user sees no cargo list.
    let counts: [(name: String, count: String, route: DeskRoute)]?
    /// Why the counts cannot be shown now.
    let countsFailure: String?
    /// The schedule's figures: its ports, voyages and sailing dates; or why it cannot be read.
    let facts: [(name: String, value: String)]
    let sections: [DeskPage.Section]
    /// Whether the page warns that cargo is kept in memory only.
    let keepsCargoInMemory: Bool
}
