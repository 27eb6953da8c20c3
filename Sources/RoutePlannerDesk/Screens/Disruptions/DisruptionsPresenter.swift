import RoutePlannerApplication

/// Draws the disruptions screen from its use case's state, the counts a batch's address carries, and a batch sent that
/// was not applied. A pure function of its input.
struct DisruptionsPresenter {
    /// What a batch of events did, as the screen after it says, from the counts its address carries.
    static let appliedCounts = ["count", "applied", "appliedBefore", "handled", "refused", "setAside", "disrupted", "publishedVoyages", "republished"]

    func present(_ state: DeskState<DisruptionsView>, applied: FormData, values: FormData, problems: FormProblems = FormProblems()) -> DisruptionsViewModel {
        var cargo: [DisruptionsViewModel.Cargo] = [], events: ([String], Int)?, publications: ([String], Int)?, listFailure: String?
        switch state {
        case .success(let view):
            cargo = view.cargo.map {
                DisruptionsViewModel.Cargo(
                    trackingId: $0.tracking.trackingId.description, onCargo: .cargo($0.tracking.trackingId, FormData()),
                    route: $0.tracking.route, disruption: $0.disruption, plannedArrival: $0.plannedArrival, options: $0.entry.offer?.itineraries.count ?? 0)
            }
            events = (view.events, view.response.eventCount)
            publications = (view.publications, view.response.publicationCount)
        case .failure(let failure): listFailure = failure.message
        case .idle, .loading, .validationFailure: break
        }
        return DisruptionsViewModel(
            applied: Self.appliedSummary(applied), cargo: cargo, events: events.map { (shown: $0.0, total: $0.1) },
            publications: publications.map { (shown: $0.0, total: $0.1) }, listFailure: listFailure, values: values, problems: problems)
    }

    /// "316 events: 312 applied to the schedule; 4 handlings registered; 1 cargo disrupted.", from the address's counts;
    /// `nil` when it carries none (or not whole numbers).
    static func appliedSummary(_ query: FormData) -> String? {
        var counts: [String: Int] = [:]
        for name in appliedCounts {
            guard let value = Int(query[name]), value >= 0 else { return nil }
            counts[name] = value
        }
        func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        var parts: [String]
        if counts["count"]! == 0 && counts["publishedVoyages"]! > 0 {
            // A vessel-schedules document, which publishes voyages again and has no events.
            parts = ["\(plural(counts["publishedVoyages"]!, "voyage")) published again: \(counts["republished"]!) changed the schedule"]
            if counts["appliedBefore"]! > 0 { parts.append("\(counts["appliedBefore"]!) as published before") }
        } else {
            parts = ["\(plural(counts["count"]!, "event")): \(counts["applied"]!) applied to the schedule"]
            if counts["appliedBefore"]! > 0 { parts.append("\(counts["appliedBefore"]!) applied before") }
        }
        if counts["handled"]! > 0 { parts.append("\(plural(counts["handled"]!, "handling")) registered") }
        if counts["refused"]! > 0 { parts.append("\(counts["refused"]!) refused (route-planner events apply names each)") }
        if counts["setAside"]! > 0 { parts.append("\(counts["setAside"]!) set aside") }
        return parts.joined(separator: "; ") + "; \(counts["disrupted"]!) cargo disrupted."
    }
}
