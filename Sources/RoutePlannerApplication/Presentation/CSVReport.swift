import RoutePlanner

/// The CSV a program reads from the lifecycle's answers: a header line, then one row per record, fields
/// quoted as RFC 4180 says and times as ISO 8601 in UTC.
public enum CSVReport {
    /// One row per cargo: `tracking_id,size,route,status,transport_status,last_known_location,current_voyage,next_expected_activity,eta`.
    public static func cargo(_ cargo: [CargoTrackingView]) -> String {
        let rows = cargo.map { each in
            [each.trackingId.rawValue, each.size, each.route, each.status, each.transportStatus, each.lastKnownLocation ?? "", each.currentVoyage ?? "",
             each.nextExpectedActivity ?? "", each.estimatedTimeOfArrival ?? ""]
        }
        return text(
            header: ["tracking_id", "size", "route", "status", "transport_status", "last_known_location", "current_voyage", "next_expected_activity", "eta"],
            rows: rows)
    }

    /// One row per leg of every option, numbered from 1 as `assign-route` takes them; a cargo without options
    /// has one row with the option fields empty and the reason in `problem`:
    /// `tracking_id,reason,option,leg,voyage,vessel,from,to,departure,arrival,problem`.
    public static func reRoutings(_ response: ReRouteCargoResponse, format: PlannerFormat = PlannerFormat()) -> String {
        var rows: [[String]] = []
        for entry in response.entries {
            let head = [entry.cargo.trackingId.rawValue, entry.reason ?? "on track"]
            switch entry.options {
            case .success(let itineraries) where !itineraries.isEmpty:
                for (option, itinerary) in itineraries.enumerated() {
                    for (position, leg) in itinerary.legs.enumerated() {
                        rows.append(head + [
                            "\(option + 1)", "\(position + 1)", leg.voyage.number.rawValue, leg.voyage.vessel ?? "", leg.loadLocation.code.rawValue,
                            leg.unloadLocation.code.rawValue, CSVWriter.timestamp(leg.loadTime), CSVWriter.timestamp(leg.unloadTime), "",
                        ])
                    }
                }
            case .success:
                rows.append(head + Array(repeating: "", count: 8) + [entry.reason == nil ? "" : "no options"])
            case .failure(let error):
                rows.append(head + Array(repeating: "", count: 8) + [format.message(for: error)])
            }
        }
        return text(
            header: ["tracking_id", "reason", "option", "leg", "voyage", "vessel", "from", "to", "departure", "arrival", "problem"], rows: rows)
    }

    private static func text(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map { $0.map(CSVWriter.field).joined(separator: ",") }.joined(separator: "\n")
    }
}
