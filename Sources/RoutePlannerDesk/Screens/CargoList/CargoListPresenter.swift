import RoutePlannerApplication

/// Draws the cargo list from its use case's state and response. A pure function of its input.
struct CargoListPresenter {
    /// The list for the filter's input.
    ///
    /// - Parameters:
    ///   - query: The filter's input, as the address gives it.
    ///   - page: The page asked for, from 1.
    ///   - state: The list use case's state.
    ///   - response: Its response, which says how many cargo there are and whether a page follows.
    func present(query: FormData, page: String, _ state: DeskState<[CargoTrackingView]>, response: ListCargoResponse?) -> CargoListViewModel {
        typealias Field = ListCargoForm.Field
        let number = Int(page) ?? 1
        var rows: [CargoListViewModel.Row] = [], empty: (String, Bool)?, failure: String?, pages: [(String, DeskRoute)] = []
        var caption = ""
        switch state {
        case .success(let cargo) where cargo.isEmpty && page == "1":
            let filtered = !query[Field.status].isEmpty || !query[Field.customer].trimmingCharacters(in: .whitespaces).isEmpty
            empty = (filtered ? "No cargo matches these filters." : "No cargo is booked yet.", true)
        case .success(let cargo) where cargo.isEmpty:
            empty = ("No cargo on this page.", false)
        case .success(let cargo):
            let of = response?.total.map { " of \(($0 + ListCargoRequest.pageSize - 1) / ListCargoRequest.pageSize)" } ?? ""
            caption = (response?.total.map { "\($0) cargo; " } ?? "") + "page \(number)\(of)"
            rows = cargo.map { view in
                CargoListViewModel.Row(
                    trackingId: view.trackingId.description, onCargo: .cargo(view.trackingId, FormData()),
                    customer: view.cargo.customerId?.description ?? "—", size: view.size, route: view.route, window: view.window, status: view.status,
                    estimatedTimeOfArrival: view.estimatedTimeOfArrival ?? "—")
            }
        case .failure(let problem): failure = problem.message
        case .idle, .loading, .validationFailure: break
        }
        if !rows.isEmpty {
            for (label, target, shown) in [("Previous page", number - 1, number > 1), ("Next page", number + 1, response?.hasMore == true)] where shown {
                var pageQuery = FormData([(Field.status.name, query[Field.status]), (Field.customer.name, query[Field.customer])])
                pageQuery.append(Field.page, String(target))
                pages.append((label, .cargoList(pageQuery)))
            }
        }
        return CargoListViewModel(
            filter: query, errors: state.fieldErrors, rows: rows, caption: caption, empty: empty, failure: failure,
            pages: pages.map { (label: $0.0, route: $0.1) })
    }
}
