import Foundation
import RoutePlanner
import RoutePlannerApplication

/// The candidate itineraries as documents for programs: JSON (schema version 1) and CSV with times RFC 3339 in
/// UTC (docs/CLI.md), and DCSA Commercial Schedules 1.0.3 point-to-point routings in each port's local time
/// (``dcsa(_:)``, docs/DCSA.md).
///
/// A search with no route is a document too: its specification with no itineraries (``empty(_:)``), so that a
/// script parses every answer.
public enum RouteDocument {
    /// JSON, schema version 1 (docs/CLI.md): the specification and the itineraries with RFC 3339 UTC times.
    public static func json(_ response: RouteCargoResponse) -> String {
        struct Output: Encodable {
            let version = 1
            let specification: Specification
            let itineraries: [Route]
        }
        struct Specification: Encodable {
            let origin, destination, ready, deadline: String
        }
        struct Route: Encodable {
            let reference: String
            let departure, arrival: String
            let transitHours: Double
            let transitDays: Int
            let transshipments: Int
            let slackHours: Double
            let handlingCostPerTEU: Double?
            let co2eKgPerTEU: Double?
            let distanceNauticalMiles: Double?
            let legs: [CargoDocument.Leg]
        }
        let specification = response.specification
        let output = Output(
            specification: Specification(
                origin: specification.origin.rawValue, destination: specification.destination.rawValue,
                ready: timestamp(specification.readyTime), deadline: timestamp(specification.arrivalDeadline)),
            itineraries: response.itineraries.map { itinerary in
                Route(
                    reference: itinerary.reference, departure: timestamp(itinerary.departureTime), arrival: timestamp(itinerary.arrivalTime),
                    transitHours: itinerary.arrivalTime.timeIntervalSince(itinerary.departureTime) / 3600,
                    transitDays: transitDays(itinerary), transshipments: itinerary.transshipmentCount,
                    slackHours: specification.arrivalDeadline.timeIntervalSince(itinerary.arrivalTime) / 3600,
                    handlingCostPerTEU: itinerary.handlingCostPerTEU, co2eKgPerTEU: itinerary.co2ePerTEU,
                    distanceNauticalMiles: itinerary.distance,
                    legs: itinerary.legs.map(CargoDocument.Leg.init))
            })
        return encode(output)
    }

    /// The document of a search that found no route: the specification, no itineraries.
    public static func empty(_ specification: RouteSpecification) -> RouteCargoResponse {
        RouteCargoResponse(specification: specification, itineraries: [])
    }

    /// CSV, one row per leg: `itinerary,leg,voyage,vessel,from,to,departure,arrival,handling_cost_per_teu,`
    /// `co2e_kg_per_teu,distance_nm,co2e_estimate` (the handling cost is the itinerary's, on each of its rows; the CO2e and
    /// the distance are the leg's; each empty when not known; `co2e_estimate` what the CO2e rests on where it is the
    /// estimate, empty where the schedule gave it).
    public static func csv(_ response: RouteCargoResponse) -> String {
        var lines = ["itinerary,leg,voyage,vessel,from,to,departure,arrival,handling_cost_per_teu,co2e_kg_per_teu,distance_nm,co2e_estimate"]
        for (number, itinerary) in response.itineraries.enumerated() {
            for (position, leg) in itinerary.legs.enumerated() {
                lines.append(
                    [
                        "\(number + 1)", "\(position + 1)", field(leg.voyage.number.rawValue), field(leg.voyage.vessel ?? ""),
                        leg.loadLocation.code.rawValue, leg.unloadLocation.code.rawValue, timestamp(leg.loadTime), timestamp(leg.unloadTime),
                        itinerary.handlingCostPerTEU.map { "\($0)" } ?? "", leg.co2ePerTEU.map { "\($0)" } ?? "",
                        leg.distance.map { "\($0)" } ?? "", field(leg.co2ePerTEU == nil ? "" : leg.co2eEstimate ?? ""),
                    ].joined(separator: ","))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Whole days of transit, rounded up, as the DCSA `transitTime` counts them.
    public static func transitDays(_ itinerary: Itinerary) -> Int {
        Int((itinerary.arrivalTime.timeIntervalSince(itinerary.departureTime) / 86_400).rounded(.up))
    }

    static func timestamp(_ date: Date) -> String { DateText.timestamp(date) }

    private static func field(_ value: String) -> String { CSVWriter.field(value) }

    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // The values are strings, integers and finite numbers only, which always encode.
        guard let data = try? encoder.encode(value) else { preconditionFailure("a route document failed to encode") }
        return String(decoding: data, as: UTF8.self)
    }
}
