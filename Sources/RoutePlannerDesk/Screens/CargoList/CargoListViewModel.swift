import RoutePlannerApplication

/// What the cargo list shows: the filter form, a page of cargo (or why there is none), and the links to the pages
/// around it.
struct CargoListViewModel {
    /// The filter's input, and its problems.
    let filter: FormData
    let errors: [String: String]
    /// Each cargo listed: its tracking id with its link, its customer, and where it is.
    let rows: [Row]
    /// The table's caption: "120 cargo; page 2 of 3".
    let caption: String
    /// What the page says when it lists nothing, with a way on when there is one; or why the list cannot be shown.
    let empty: (message: String, onBook: Bool)?
    let failure: String?
    /// The links to the previous and the next page, where there are such pages.
    let pages: [(label: String, route: DeskRoute)]

    struct Row {
        let trackingId: String
        let onCargo: DeskRoute
        let customer: String
        let size: String
        let route: String
        let window: String
        let status: String
        let estimatedTimeOfArrival: String
    }

    /// The status the page is answered with.
    var status: Int { errors.isEmpty ? 200 : 422 }
}
