import RoutePlannerApplication

/// Draws the home screen from the schedule's summary. A pure function of its input.
struct HomePresenter {
    let format: PlannerFormat

    /// The screen for the summary use case's state, the sections the user may open, and whether the server keeps its
    /// cargo in memory only.
    func present(_ state: DeskState<Described<SummarizeNetworkResponse>>, sections: [DeskPage.Section], keepsCargoInMemory: Bool) -> HomeViewModel {
        var facts: [(String, String)] = []
        switch state {
        case .success(let described):
            let summary = described.response.summary
            facts = [("Ports", String(summary.ports)), ("Voyages", String(summary.voyages))]
            if let span = summary.sailingSpan { facts.append(("Sailings", "from \(format.day(span.lowerBound)) to \(format.day(span.upperBound))")) }
        case .failure(let failure): facts = [("Schedule", failure.message)]
        case .idle, .loading, .validationFailure: break
        }
        return HomeViewModel(facts: facts.map { (name: $0.0, value: $0.1) }, sections: sections, keepsCargoInMemory: keepsCargoInMemory)
    }
}
