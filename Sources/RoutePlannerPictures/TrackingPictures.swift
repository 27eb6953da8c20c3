import Foundation
import RoutePlanner
import RoutePlannerApplication

/// The pictures of a tracked cargo: what `track --format svg|html` writes, from the same
/// `TrackCargoResponse` the `TrackCargoPresenter` formats.
public enum TrackingPictures {
    /// The cargo's itinerary on a time line, with its handling events marked on it; a note when it is not routed.
    public static func timeline(_ response: TrackCargoResponse) -> Picture {
        let cargo = response.cargo
        let rows = cargo.itinerary.map { [ItineraryTimeline.Row(label: cargo.trackingId.rawValue, itinerary: $0, events: cargo.handlingEvents)] } ?? []
        return ItineraryTimeline(
            title: "Cargo \(cargo.trackingId): \(cargo.specification.origin) → \(cargo.specification.destination)",
            readyTime: cargo.specification.readyTime, arrivalDeadline: cargo.specification.arrivalDeadline, rows: rows
        ).picture()
    }

    /// A page with the cargo's status, its time line, the map of its itinerary and its handling events.
    public static func page(_ response: TrackCargoResponse, locations: some Sequence<Location>, presenter: TrackCargoPresenter = TrackCargoPresenter())
        -> String
    {
        let cargo = response.cargo
        let view = presenter.content(for: response)
        let lastSeen = [view.lastKnownLocation, view.currentVoyage.map { "aboard \($0)" }].compactMap { $0 }.joined(separator: ", ")
        var page = Page(title: "Cargo \(cargo.trackingId)", subtitle: "\(view.size), \(view.route), \(view.window)")
        page.section(
            "Where it is",
            [
                Page.facts([
                    ("Status", "\(view.status) (\(view.routingStatus), \(view.transportStatus))"),
                    ("Last seen", lastSeen.isEmpty ? "-" : lastSeen),
                    ("Next", view.nextExpectedActivity ?? "-"),
                    ("ETA", view.estimatedTimeOfArrival ?? "-"),
                ])
            ])
        page.section(
            "Its itinerary and what happened", note: cargo.itinerary == nil ? "The cargo is not routed." : "Triangles mark the handling events. Times in UTC.",
            [Page.figure(timeline(response))])
        if let itinerary = cargo.itinerary {
            page.section(
                "Where it goes",
                [
                    Page.figure(
                        RouteMap(
                            title: "Cargo \(cargo.trackingId)", rows: [ItineraryTimeline.Row(label: cargo.trackingId.rawValue, itinerary: itinerary)],
                            locations: locations
                        ).picture())
                ])
        }
        page.section("Handling events", [view.events.isEmpty ? Markup("p", text: "None yet.") : Markup("ul", [], view.events.map { Markup("li", text: $0) })])
        return page.document()
    }
}
