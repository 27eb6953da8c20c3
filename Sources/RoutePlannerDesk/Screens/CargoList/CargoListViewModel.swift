import RoutePlannerApplication

/// What the cargo list shows: the filter form, a page of cargo (or why there is none), the links to the pages around
/// it, and the file of every cargo found.
struct CargoListViewModel {
    /// The filter's input, and its problems.
    let filter: FormData
    let errors: [String: String]
    /// Each cargo listed: its tracking id with its link, its customer, where it is and what comes next.
    let rows: [Row]
    /// The table's caption: "1,204 cargo; page 2 of 25".
    let caption: String
    /// What the page says when it lists nothing, with a way on when there is one; or why the list cannot be shown.
    let empty: (message: String, onBook: Bool)?
    let failure: String?
    /// The links to the previous and the next page, where there are such pages.
    let pages: [(label: String, route: DeskRoute)]
    /// The link to every cargo found, on every page, as a CSV file, and its label; `nil` when none is found.
    let download: (label: String, route: DeskRoute)?

    struct Row {
        let trackingId: String
        let onCargo: DeskRoute
        let customer: String
        let size: String
        let route: String
        /// The arrival deadline.
        let due: String
        let status: String
        /// How it stands against its deadline: "at risk: 10 hours to spare"; "—" without a standing.
        let standing: String
        /// Where it was last handled, and the voyage it is aboard: "aboard WS15-W09, loaded at Shanghai (CNSHA)".
        let location: String
        /// What comes next: the next handling expected, or what to do about it ("Route it.").
        let next: String
        let estimatedTimeOfArrival: String
    }

    /// The status the page is answered with.
    var status: Int { errors.isEmpty ? 200 : 422 }
}
