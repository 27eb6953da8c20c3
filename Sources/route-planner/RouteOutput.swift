import Foundation
import RoutePlanner
import RoutePlannerApplication

/// The candidate itineraries as a table for a terminal, or as JSON, CSV or DCSA point-to-point routings for
/// programs.
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

    /// JSON, schema version 1 (docs/CLI.md): the specification and the itineraries with RFC 3339 UTC times.
    static func json(_ response: RouteCargoResponse) -> String {
        struct Output: Encodable {
            let version = 1
            let specification: Specification
            let itineraries: [Route]
        }
        struct Specification: Encodable {
            let origin, destination, ready, deadline: String
        }
        struct Route: Encodable {
            let departure, arrival: String
            let transitHours: Double
            let transitDays: Int
            let transshipments: Int
            let slackHours: Double
            let legs: [Leg]
        }
        struct Leg: Encodable {
            let voyage: String
            let vessel: String?
            let from, to, departure, arrival: String
        }
        let specification = response.specification
        let output = Output(
            specification: Specification(
                origin: specification.origin.rawValue, destination: specification.destination.rawValue,
                ready: timestamp(specification.readyTime), deadline: timestamp(specification.arrivalDeadline)),
            itineraries: response.itineraries.map { itinerary in
                Route(
                    departure: timestamp(itinerary.departureTime), arrival: timestamp(itinerary.arrivalTime),
                    transitHours: itinerary.arrivalTime.timeIntervalSince(itinerary.departureTime) / 3600,
                    transitDays: transitDays(itinerary), transshipments: itinerary.transshipmentCount,
                    slackHours: specification.arrivalDeadline.timeIntervalSince(itinerary.arrivalTime) / 3600,
                    legs: itinerary.legs.map {
                        Leg(voyage: $0.voyage.number.rawValue, vessel: $0.voyage.vessel, from: $0.loadLocation.code.rawValue,
                            to: $0.unloadLocation.code.rawValue, departure: timestamp($0.loadTime), arrival: timestamp($0.unloadTime))
                    })
            })
        return encode(output)
    }

    /// CSV, one row per leg: `itinerary,leg,voyage,vessel,from,to,departure,arrival`.
    static func csv(_ response: RouteCargoResponse) -> String {
        var lines = ["itinerary,leg,voyage,vessel,from,to,departure,arrival"]
        for (number, itinerary) in response.itineraries.enumerated() {
            for (position, leg) in itinerary.legs.enumerated() {
                lines.append([
                    "\(number + 1)", "\(position + 1)", field(leg.voyage.number.rawValue), field(leg.voyage.vessel ?? ""),
                    leg.loadLocation.code.rawValue, leg.unloadLocation.code.rawValue, timestamp(leg.loadTime), timestamp(leg.unloadTime),
                ].joined(separator: ","))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// An array of DCSA Commercial Schedules 1.0 point-to-point routings.
    static func dcsa(_ response: RouteCargoResponse) -> String {
        struct Location: Encodable { let UNLocationCode: String }
        struct Place: Encodable { let location: Location; let dateTime: String }
        struct Vessel: Encodable { let name: String? }
        struct Transport: Encodable {
            let modeOfTransport = "VESSEL"
            let vessel: Vessel
            let carrierExportVoyageNumber: String
            let carrierServiceCode: String?
        }
        struct Leg: Encodable {
            let sequenceNumber: Int
            let transport: Transport
            let departure: Place
            let arrival: Place
        }
        struct Routing: Encodable {
            let placeOfReceipt: Place
            let placeOfDelivery: Place
            let transitTime: Int
            let legs: [Leg]
        }
        let routings = response.itineraries.map { itinerary in
            Routing(
                placeOfReceipt: Place(location: Location(UNLocationCode: itinerary.origin.rawValue), dateTime: timestamp(itinerary.departureTime)),
                placeOfDelivery: Place(location: Location(UNLocationCode: itinerary.destination.rawValue), dateTime: timestamp(itinerary.arrivalTime)),
                transitTime: transitDays(itinerary),
                legs: itinerary.legs.enumerated().map { position, leg in
                    Leg(
                        sequenceNumber: position + 1,
                        transport: Transport(
                            vessel: Vessel(name: leg.voyage.vessel), carrierExportVoyageNumber: leg.voyage.number.rawValue,
                            carrierServiceCode: leg.voyage.service),
                        departure: Place(location: Location(UNLocationCode: leg.loadLocation.code.rawValue), dateTime: timestamp(leg.loadTime)),
                        arrival: Place(location: Location(UNLocationCode: leg.unloadLocation.code.rawValue), dateTime: timestamp(leg.unloadTime)))
                })
        }
        return encode(routings)
    }

    static func transitDays(_ itinerary: Itinerary) -> Int {
        Int((itinerary.arrivalTime.timeIntervalSince(itinerary.departureTime) / 86_400).rounded(.up))
    }

    static func timestamp(_ date: Date) -> String { CSVWriter.timestamp(date) }

    private static func field(_ value: String) -> String { CSVWriter.field(value) }

    private static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try! encoder.encode(value), as: UTF8.self)
    }
}
