import Foundation
import RoutePlanner

/// A route search without and with a what-if scenario, side by side: what `route --compare` prints.
public enum RouteComparison {
    /// The two answers, the itineraries gone and new, and how the earliest arrival moves.
    public static func text(
        baseline: Result<RouteCargoResponse, RequestFailure<RouteCargoForm.Field>>, scenario: Result<RouteCargoResponse, RequestFailure<RouteCargoForm.Field>>,
        presenter: RouteCargoPresenter
    ) -> String {
        func describe(_ result: Result<RouteCargoResponse, RequestFailure<RouteCargoForm.Field>>) -> [String] {
            switch presenter.present(result) {
            case .success(let itineraries): itineraries.map { "\($0.route)  \($0.departure) → \($0.arrival)" }
            case .failure(let failure): [failure.message]
            case .validationFailure(let fields): fields.sorted { $0.key < $1.key }.map { "\($0.key.rawValue): \($0.value)" }
            case .idle, .loading: []
            }
        }
        let lines = ["Baseline:"] + describe(baseline).map { "  " + $0 } + ["With the scenario:"] + describe(scenario).map { "  " + $0 }
        return (lines + changes(baseline: baseline, scenario: scenario)).joined(separator: "\n")
    }

    /// What the scenario changed, in sentences: how many itineraries are gone and new, and how the earliest
    /// arrival moves.
    public static func changes(
        baseline: Result<RouteCargoResponse, RequestFailure<RouteCargoForm.Field>>, scenario: Result<RouteCargoResponse, RequestFailure<RouteCargoForm.Field>>
    ) -> [String] {
        let before = (try? baseline.get())?.itineraries ?? [], after = (try? scenario.get())?.itineraries ?? []
        let unchanged = Set(before).intersection(after).count
        let (gone, new) = (before.count - unchanged, after.count - unchanged)
        var lines = [
            "Changed: \(gone) of \(before.count) baseline itineraries \(gone == 1 ? "is" : "are") gone, \(new) \(new == 1 ? "is" : "are") new."
        ]
        switch (before.first, after.first) {
        case (let first?, let second?):
            let moved = second.arrivalTime.timeIntervalSince(first.arrivalTime)
            lines.append(
                moved == 0
                    ? "The earliest arrival does not move."
                    : "The earliest arrival moves \(moved > 0 ? "later" : "earlier") by \(PlannerFormat.duration(abs(moved))).")
        case (_?, nil): lines.append("With the scenario there is no route at all.")
        case (nil, _?): lines.append("With the scenario there is a route where there was none.")
        case (nil, nil): break
        }
        return lines
    }
}
