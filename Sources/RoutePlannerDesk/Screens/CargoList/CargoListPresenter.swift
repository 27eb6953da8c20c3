import Foundation
import RoutePlannerApplication

/// Draws the cargo list from its use case's state and response. A pure function of its input.
struct CargoListPresenter {
    let format: PlannerFormat

    /// The list for the filter's input.
    ///
    /// - Parameters:
    ///   - query: The filter's input, as the address gives it.
    ///   - page: The page asked for, from 1.
    ///   - state: The list use case's state.
    ///   - response: Its response, which says how many cargo match and whether a page follows.
    func present(query: FormData, page: String, _ state: DeskState<[CargoTrackingView]>, response: ListCargoResponse?) -> CargoListViewModel {
        typealias Field = ListCargoForm.Field
        let number = Int(page) ?? 1
        var rows: [CargoListViewModel.Row] = [], empty: (String, Bool)?, failure: String?, pages: [(String, DeskRoute)] = []
        var caption = "", download: (String, DeskRoute)?
        // The filters as the address gives them, without the page: what every page, and the file, lists.
        let filters = FormData(Self.filterFields.map { ($0.name, query[$0]) }.filter { !$0.1.trimmingCharacters(in: .whitespaces).isEmpty })
        switch state {
        case .success(let cargo) where cargo.isEmpty && page == "1":
            empty = (filters.encoded.isEmpty ? "No cargo is booked yet." : "No cargo matches these filters.", filters.encoded.isEmpty)
        case .success(let cargo) where cargo.isEmpty:
            empty = ("No cargo on this page.", false)
        case .success(let cargo):
            let total = response?.total ?? cargo.count
            let count = (total + ListCargoRequest.pageSize - 1) / ListCargoRequest.pageSize
            caption = "\(PlannerFormat.count(total)) cargo; page \(number) of \(PlannerFormat.count(count))"
            download = ("Download these \(PlannerFormat.count(total)) cargo as CSV", .cargoListFile(filters))
            rows = cargo.map { view in
                let aboard = view.currentVoyage.map { "aboard \($0)" }
                let location = [aboard, view.lastKnownLocation.map { (aboard == nil ? "at " : "from ") + $0 }].compactMap { $0 }.joined(separator: ", ")
                return CargoListViewModel.Row(
                    trackingId: view.trackingId.description, onCargo: .cargo(view.trackingId, FormData()),
                    customer: view.cargo.customerId?.description ?? "—", size: "\(view.cargo.teu) TEU", route: view.route,
                    due: format.dateTime(view.cargo.specification.arrivalDeadline), status: view.status, standing: view.standing ?? "—",
                    location: location.isEmpty ? "not received" : location, next: view.nextExpectedActivity ?? view.advice ?? "—",
                    estimatedTimeOfArrival: view.estimatedTimeOfArrival ?? "—")
            }
        case .failure(let problem): failure = problem.message
        case .idle, .loading, .validationFailure: break
        }
        if !rows.isEmpty {
            for (label, target, shown) in [("Previous page", number - 1, number > 1), ("Next page", number + 1, response?.hasMore == true)] where shown {
                var pageQuery = filters
                pageQuery.append(Field.page, String(target))
                pages.append((label, .cargoList(pageQuery)))
            }
        }
        return CargoListViewModel(
            filter: query, errors: state.fieldErrors, rows: rows, caption: caption, empty: empty, failure: failure,
            pages: pages.map { (label: $0.0, route: $0.1) }, download: download.map { (label: $0.0, route: $0.1) })
    }

    /// The fields that choose which cargo are listed, in the order an address gives them.
    static let filterFields: [ListCargoForm.Field] = [.search, .status, .standing, .due, .customer, .sort]
}
