/// What the home screen shows: what the schedule holds, the sections the user may open, and whether booked cargo
/// lasts only until the server stops.
struct HomeViewModel {
    /// The schedule's figures: its ports, voyages and sailing dates; or why it cannot be read.
    let facts: [(name: String, value: String)]
    let sections: [DeskPage.Section]
    /// Whether the page warns that cargo is kept in memory only.
    let keepsCargoInMemory: Bool
}
