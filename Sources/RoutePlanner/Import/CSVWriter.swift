import Foundation

/// Writes networks and bookings in the CSV formats that ``CSVImporter`` reads, so that they read back equal.
public enum CSVWriter {
    /// The locations file of a network.
    public static func locations(of network: ScheduleNetwork) -> String {
        var lines = ["unlocode,name,country,transshipment_hours,latitude,longitude"]
        for location in network.locations {
            let hours = Double(location.transshipmentTime.wholeSeconds) / 3600
            lines.append([
                location.code.rawValue, field(location.name), String(location.code.country), number(hours),
                location.coordinates.map { number($0.latitude) } ?? "", location.coordinates.map { number($0.longitude) } ?? "",
            ].joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The schedule file of a network: one row per movement, voyage by voyage.
    public static func schedule(of network: ScheduleNetwork) -> String {
        var text = "voyage,from,to,departure,arrival,capacity_teu,vessel,service\n"
        for voyage in network.voyages {
            for movement in voyage.movements {
                text += [
                    field(voyage.number.rawValue), movement.departureLocation.rawValue, movement.arrivalLocation.rawValue,
                    timestamp(movement.departureTime), timestamp(movement.arrivalTime),
                    movement.capacity == Int(Int32.max) ? "" : String(movement.capacity),
                    field(voyage.vessel ?? ""), field(voyage.service ?? ""),
                ].joined(separator: ",") + "\n"
            }
        }
        return text
    }

    /// A bookings file.
    public static func bookings(_ bookings: [Booking]) -> String {
        var text = "booking,origin,destination,ready,deadline,teu,revenue_per_teu\n"
        for booking in bookings {
            let specification = booking.specification
            text += [
                field(booking.id), specification.origin.rawValue, specification.destination.rawValue,
                timestamp(specification.readyTime), timestamp(specification.arrivalDeadline), String(booking.teu),
                booking.revenuePerTEU.map(number) ?? "",
            ].joined(separator: ",") + "\n"
        }
        return text
    }

    /// A field, quoted when it holds a comma, a quote, a line break or surrounding spaces.
    public static func field(_ value: String) -> String {
        let needsQuotes = value.contains { $0 == "," || $0 == "\"" || $0.isNewline } || value.first?.isWhitespace == true
            || value.last?.isWhitespace == true
        return needsQuotes ? "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : value
    }

    /// A time as RFC 3339 in UTC, such as `2026-03-02T08:00:00Z`, rounded down to the second, in the proleptic
    /// Gregorian calendar the importer reads (so years 1 to 9999 read back as written); `-` for a time outside
    /// those years or not a number.
    public static func timestamp(_ date: Date) -> String {
        guard date.isSupported else { return "-" }
        return Timestamp.format(seconds: Int64(date.timeIntervalSince1970.rounded(.down)))
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
