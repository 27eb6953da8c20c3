import RoutePlanner
import RoutePlannerApplication
import RoutePlannerPictures

/// Draws the routes screen from what the searches came to: the options (with their pictures), the form's problems or
/// why there are none, and with a what-if, the options on the plain schedule and what the what-if changed. A pure
/// function of its input.
struct RoutesPresenter {
    /// What a search came to: its state and result; `nil` when it ran past its budget and was stopped.
    typealias Search = (state: DeskState<[ItineraryViewModel]>, result: Result<RouteCargoResponse, RequestFailure<RouteCargoForm.Field>>)?

    /// The form's input, the ports it suggests, where each option's "Book" leads, and how times are written.
    let query: FormData
    let ports: [DeskForm.Suggestion]
    let onBook: DeskRoute
    let format: PlannerFormat

    /// The blank form, before a port is given.
    func idle() -> RoutesViewModel {
        RoutesViewModel(query: query, state: .idle, baseline: nil, changes: [], gone: [], new: [], pictures: [], onBook: onBook, ports: ports, status: 200)
    }

    /// The form's problems, the what-if's and the search's together.
    func problems(_ fields: [String: String]) -> RoutesViewModel {
        RoutesViewModel(
            query: query, state: .validationFailure(fields), baseline: nil, changes: [], gone: [], new: [], pictures: [], onBook: onBook, ports: ports,
            status: 422)
    }

    /// A failure before any search: a what-if that cannot be applied, or a search stopped at its budget.
    func failure(_ failure: ViewFailure) -> RoutesViewModel {
        RoutesViewModel(
            query: query, state: .failure(failure), baseline: nil, changes: [], gone: [], new: [], pictures: [], onBook: onBook, ports: ports,
            status: failure.kind == .unavailable ? 503 : 200)
    }

    /// The options found over `locations`' schedule and, with a what-if, the search on the plain schedule.
    ///
    /// - Parameters:
    ///   - search: The search, on the what-if's schedule when one is asked.
    ///   - baseline: With a what-if, the same search on the plain schedule; `nil` without one.
    ///   - overBudget: What a search stopped at its budget says.
    func present(_ search: Search, baseline: Search?, locations: [Location], overBudget: ViewFailure) -> RoutesViewModel {
        guard let search else { return failure(overBudget) }
        var before: DeskState<[ItineraryViewModel]>?, changes: [String] = [], marks: (gone: [Itinerary], new: [Itinerary]) = ([], [])
        switch baseline {
        case .some(.some(let plain)):
            before = plain.state
            changes = RouteComparison.changes(baseline: plain.result, scenario: search.result, format: format)
            marks = RouteComparison.marks(baseline: plain.result, scenario: search.result)
        case .some(.none): changes = ["Without the what-if: " + overBudget.message]
        case .none: break
        }
        var pictures: [(Picture, String)] = []
        if case .success(let response) = search.result, !response.itineraries.isEmpty {
            pictures = [
                (RoutePictures.timeline(response), "The options on a time line: each leg's sailing, and the waits between them."),
                (RoutePictures.map(response, locations: locations), "The options on a map of their ports."),
            ]
        }
        let status = if case .validationFailure = search.state { 422 } else { 200 }
        return RoutesViewModel(
            query: query, state: search.state, baseline: before, changes: changes, gone: Set(marks.gone), new: Set(marks.new), pictures: pictures,
            onBook: onBook, ports: ports, status: status)
    }
}
