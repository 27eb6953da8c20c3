import Foundation
import RoutePlannerApplication

/// The candidate itineraries as text for a terminal, or as JSON for programs.
enum RouteOutput {
    /// An aligned table, one row per itinerary, its legs and transshipments beneath.
    static func table(_ itineraries: [ItineraryViewModel]) -> String {
        let header = ["#", "Departs", "Arrives", "Transit", "Route", "Slack against the deadline"]
        let rows = itineraries.enumerated().map { index, itinerary in
            ["\(index + 1)", itinerary.departure, itinerary.arrival, itinerary.transitTime, itinerary.route, itinerary.slack]
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
        }
        return lines.joined(separator: "\n")
    }

    /// The documented JSON (schema version 1): the request and the itineraries, keys sorted.
    static func json(_ itineraries: [ItineraryViewModel], form: RouteCargoForm) -> String {
        struct Output: Encodable {
            let version = 1
            let request: Request
            let itineraries: [Itinerary]
        }
        struct Request: Encodable {
            let origin, destination, ready, deadline: String
            let maxTransshipments: Int?
            let via, avoid, avoidVoyages: [String]
        }
        struct Itinerary: Encodable {
            let departure, arrival, transitTime, route, slack: String
            let transitDays: Int
            let legs, transshipments: [String]
        }
        let output = Output(
            request: Request(
                origin: form.origin.uppercased(), destination: form.destination.uppercased(), ready: form.ready,
                deadline: form.deadline, maxTransshipments: Int(form.maxTransshipments), via: form.via, avoid: form.avoid,
                avoidVoyages: form.avoidVoyages),
            itineraries: itineraries.map {
                Itinerary(
                    departure: $0.departure, arrival: $0.arrival, transitTime: $0.transitTime, route: $0.route, slack: $0.slack,
                    transitDays: $0.transitDays, legs: $0.legs, transshipments: $0.transshipments)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try! encoder.encode(output), as: UTF8.self)
    }
}
