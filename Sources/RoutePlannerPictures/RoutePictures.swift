import Foundation
import RoutePlanner
import RoutePlannerApplication

/// The pictures of a route search: what `route --format svg|html` writes, from the same
/// `RouteCargoResponse` the `RouteCargoPresenter` formats.
public enum RoutePictures {
    /// The candidate itineraries on a time line, numbered as the presenter numbers them.
    public static func timeline(_ response: RouteCargoResponse) -> Picture {
        ItineraryTimeline(title: title(response.specification), specification: response.specification, itineraries: response.itineraries)
            .picture()
    }

    /// The candidate itineraries on a map; `locations` gives the coordinates of their ports of call.
    public static func map(_ response: RouteCargoResponse, locations: some Sequence<Location>) -> Picture {
        RouteMap(title: title(response.specification), rows: rows(response.itineraries), locations: locations).picture()
    }

    /// A cargo's route beside the options it was offered, on one time line and one map: its route first, labelled
    /// "route", then each option by its number from 1.
    ///
    /// - Parameters:
    ///   - trackingId: The cargo, for the pictures' titles.
    ///   - specification: Its route specification, whose ready time and deadline the time line marks.
    ///   - route: Its itinerary as planned.
    ///   - options: Its options, in the order they were offered.
    ///   - locations: The coordinates of their ports of call.
    public static func beside(
        _ trackingId: TrackingId, specification: RouteSpecification, route: Itinerary, options: [Itinerary], locations: some Sequence<Location>
    ) -> (timeline: Picture, map: Picture) {
        let rows = [ItineraryTimeline.Row(label: "route", itinerary: route)] + Self.rows(options)
        let title = "Cargo \(trackingId): its route and \(options.count) option\(options.count == 1 ? "" : "s")"
        return (
            ItineraryTimeline(title: title, readyTime: specification.readyTime, arrivalDeadline: specification.arrivalDeadline, rows: rows).picture(),
            RouteMap(title: title, rows: rows, locations: locations).picture()
        )
    }

    /// A page with the time line, the map and the presenter's table of the candidates.
    public static func page(_ response: RouteCargoResponse, locations: some Sequence<Location>, presenter: RouteCargoPresenter = RouteCargoPresenter())
        -> String
    {
        var page = Page(title: title(response.specification), subtitle: window(response.specification, presenter.format))
        let models = presenter.content(for: response)
        page.section("When each option sails", note: "Times in UTC.", [Page.figure(timeline(response))])
        page.section("Where each option goes", [Page.figure(map(response, locations: locations))])
        page.section("The options", [table(models)])
        return page.document()
    }

    /// A page with the route search without and with a what-if scenario, side by side: what is gone and what
    /// is new highlighted, and how the earliest arrival moves.
    public static func comparisonPage(
        baseline: Result<RouteCargoResponse, RequestFailure<RouteCargoForm.Field>>, scenario: Result<RouteCargoResponse, RequestFailure<RouteCargoForm.Field>>,
        scenarioName: String,
        locations: some Sequence<Location>, presenter: RouteCargoPresenter = RouteCargoPresenter()
    ) -> String {
        let before = (try? baseline.get())?.itineraries ?? [], after = (try? scenario.get())?.itineraries ?? []
        let specification = (try? baseline.get())?.specification ?? (try? scenario.get())?.specification
        var page = Page(
            title: specification.map { "What if: " + title($0) } ?? "What if",
            subtitle: "Scenario: \(scenarioName). " + (specification.map { window($0, presenter.format) } ?? ""))
        page.section("What changed", RouteComparison.changes(baseline: baseline, scenario: scenario, format: presenter.format).map { Markup("p", text: $0) })
        let stayed = Set(before).intersection(after)
        var timelineRows = before.enumerated().map {
            ItineraryTimeline.Row(label: "baseline \($0.offset + 1)", itinerary: $0.element, change: stayed.contains($0.element) ? nil : .gone)
        }
        timelineRows += after.enumerated().map {
            ItineraryTimeline.Row(label: "what-if \($0.offset + 1)", itinerary: $0.element, change: stayed.contains($0.element) ? nil : .new)
        }
        var parts: [Markup] = []
        for (name, result) in [("Baseline", baseline), ("With the scenario", scenario)] {
            if case .failure = result, case .failure(let failure) = presenter.present(result) {
                parts.append(Markup("p", [("class", "note")], text: "\(name): \(failure.message)"))
            }
        }
        if let specification {
            parts.append(
                Page.figure(
                    ItineraryTimeline(
                        title: "Baseline above, with the scenario below", readyTime: specification.readyTime,
                        arrivalDeadline: specification.arrivalDeadline, rows: timelineRows
                    ).picture()))
        }
        page.section("Side by side", note: "On one time axis. Grey: gone with the scenario. Outlined: new with it. Times in UTC.", parts)
        var mapRows = rows(after).map { row in
            var row = row
            row.change = stayed.contains(row.itinerary) ? nil : .new
            return row
        }
        mapRows += before.enumerated().filter { !stayed.contains($0.element) }.map {
            ItineraryTimeline.Row(label: "baseline \($0.offset + 1)", itinerary: $0.element, change: .gone)
        }
        if !mapRows.isEmpty {
            page.section(
                "Where they go", note: "The scenario's options in colour; the baseline's options it loses in grey, dashed.",
                [
                    Page.figure(RouteMap(title: "With the scenario", rows: mapRows, locations: locations).picture())
                ])
        }
        return page.document()
    }

    /// The table of the presenter's candidates.
    static func table(_ models: [ItineraryViewModel]) -> Markup {
        // Handling costs and CO2e are columns when the network has them.
        let costs = models.contains { $0.handlingCost != nil }, emissions = models.contains { $0.co2e != nil }
        return Page.table(
            ["#", "departs", "arrives", "transit", "route", "slack"] + (costs ? ["handling"] : []) + (emissions ? ["emissions"] : []),
            models.enumerated().map { position, model in
                [String(position + 1), model.departure, model.arrival, model.transitTime, model.route, model.slack]
                    + (costs ? [model.handlingCost ?? "-"] : []) + (emissions ? [model.co2e ?? "-"] : [])
            },
            numeric: [0])
    }

    static func rows(_ itineraries: [Itinerary]) -> [ItineraryTimeline.Row] {
        itineraries.enumerated().map { ItineraryTimeline.Row(label: "\($0.offset + 1)", itinerary: $0.element) }
    }

    static func title(_ specification: RouteSpecification) -> String {
        "Candidate itineraries \(specification.origin) → \(specification.destination)"
    }

    static func window(_ specification: RouteSpecification, _ format: PlannerFormat) -> String {
        "Ready \(format.dateTime(specification.readyTime)); deadline \(format.dateTime(specification.arrivalDeadline))."
    }
}
