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
        return (lines + changes(baseline: baseline, scenario: scenario, format: presenter.format)).joined(separator: "\n")
    }

    /// The baseline's itineraries that the scenario no longer finds, and the scenario's that the baseline did not.
    public static func marks(
        baseline: Result<RouteCargoResponse, RequestFailure<RouteCargoForm.Field>>, scenario: Result<RouteCargoResponse, RequestFailure<RouteCargoForm.Field>>
    ) -> (gone: [Itinerary], new: [Itinerary]) {
        let before = (try? baseline.get())?.itineraries ?? [], after = (try? scenario.get())?.itineraries ?? []
        let stayed = Set(before).intersection(after)
        return (before.filter { !stayed.contains($0) }, after.filter { !stayed.contains($0) })
    }

    /// What the scenario changed, in sentences: how many itineraries are gone and new, each of them by its ports,
    /// voyages and arrival ("Gone: CNSHA → MYTPP → NLRTM on WS15-W09, WS25-W07, arriving Mon 6 Apr 2026, 08:00 UTC"),
    /// and how the earliest arrival moves.
    public static func changes(
        baseline: Result<RouteCargoResponse, RequestFailure<RouteCargoForm.Field>>, scenario: Result<RouteCargoResponse, RequestFailure<RouteCargoForm.Field>>,
        format: PlannerFormat
    ) -> [String] {
        let before = (try? baseline.get())?.itineraries ?? [], after = (try? scenario.get())?.itineraries ?? []
        let (goneOnes, newOnes) = marks(baseline: baseline, scenario: scenario)
        let (gone, new) = (goneOnes.count, newOnes.count)
        func named(_ itinerary: Itinerary) -> String {
            ([itinerary.origin] + itinerary.legs.map(\.unloadLocation.code)).map(\.rawValue).joined(separator: " → ") + " on "
                + itinerary.legs.map(\.voyage.number.rawValue).joined(separator: ", ") + ", arriving " + format.dateTime(itinerary.arrivalTime)
        }
        var lines = [
            "Changed: \(gone) of \(before.count) baseline itineraries \(gone == 1 ? "is" : "are") gone, \(new) \(new == 1 ? "is" : "are") new."
        ]
        lines += goneOnes.map { "Gone: " + named($0) } + newOnes.map { "New: " + named($0) }
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
