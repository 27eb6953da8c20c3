import Foundation
import RoutePlannerApplication

/// Draws the home screen from the schedule's summary and the cargo counts. A pure function of its input.
struct HomePresenter {
    let format: PlannerFormat

    /// The screen for the summary use case's state, the counts' (`nil` when the user sees no cargo list), business
    /// time, the sections the user may open, and whether the server keeps its cargo in memory only.
    func present(
        _ state: DeskState<Described<SummarizeNetworkResponse>>, counts: DeskState<Described<CountCargoResponse>>?, asOf: Date,
        sections: [DeskPage.Section], keepsCargoInMemory: Bool
    ) -> HomeViewModel {
        var facts: [(String, String)] = []
        switch state {
        case .success(let described):
            let summary = described.response.summary
            facts = [("Ports", PlannerFormat.count(summary.ports)), ("Voyages", PlannerFormat.count(summary.voyages))]
            if let span = summary.sailingSpan { facts.append(("Sailings", "from \(format.day(span.lowerBound)) to \(format.day(span.upperBound))")) }
        case .failure(let failure): facts = [("Schedule", failure.message)]
        case .idle, .loading, .validationFailure: break
        }
        var shown: [(String, String, DeskRoute)]?, failure: String?
        switch counts {
        case .success(let described)?:
            shown = described.response.counts.map { count in
                let form = count.form
                let query = FormData(
                    [("status", form.status), ("standing", form.standing), ("due", form.due), ("sort", form.sort)].filter { !$0.1.isEmpty })
                return (count.name.prefix(1).uppercased() + count.name.dropFirst(), PlannerFormat.count(count.count), DeskRoute.cargoList(query))
            }
        case .failure(let problem)?: failure = problem.message
        case nil, .idle?, .loading?, .validationFailure?: break
        }
        return HomeViewModel(
            clock: format.dateTime(asOf), counts: shown.map { $0.map { (name: $0.0, count: $0.1, route: $0.2) } }, countsFailure: failure,
            facts: facts.map { (name: $0.0, value: $0.1) }, sections: sections, keepsCargoInMemory: keepsCargoInMemory)
    }
}
