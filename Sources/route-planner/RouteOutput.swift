import Foundation
import RoutePlanner
import RoutePlannerApplication

/// The candidate itineraries as a table for a terminal.
enum RouteOutput {
    /// An aligned table, one row per itinerary, its legs and transshipments beneath.
    static func table(_ itineraries: [ItineraryViewModel]) -> String {
        // Handling costs and CO2e are columns when the network has them.
        let costs = itineraries.contains { $0.handlingCost != nil }, emissions = itineraries.contains { $0.co2e != nil }
        let header =
            ["#", "Departs", "Arrives", "Transit", "Route", "Slack against the deadline"] + (costs ? ["Handling"] : [])
            + (emissions ? ["Emissions"] : [])
        let rows = itineraries.enumerated().map { index, itinerary in
            ["\(index + 1)", itinerary.departure, itinerary.arrival, itinerary.transitTime, itinerary.route, itinerary.slack]
                + (costs ? [itinerary.handlingCost ?? "-"] : []) + (emissions ? [itinerary.co2e ?? "-"] : [])
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max()! }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }
        var lines = [line(header), line(widths.map { String(repeating: "-", count: $0) })]
        for (row, itinerary) in zip(rows, itineraries) {
            lines.append(line(row))
            lines += itinerary.legs.map { "     " + $0 }
            lines += itinerary.transshipments.map { "     transshipment at " + $0 }
            lines += itinerary.truckHandovers.map { "     at " + $0 }
        }
        return lines.joined(separator: "\n")
    }
}
