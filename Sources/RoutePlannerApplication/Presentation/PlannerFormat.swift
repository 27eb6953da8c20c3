import Foundation
import RoutePlanner

/// Dates, times, durations, itineraries and domain errors written for people, the same on every machine
/// (no locale involved); every presenter writes with one.
///
/// Times are shown in ``timeZone`` with the zone written out (`UTC`, `UTC+05:30`); weekday and month names
/// are fixed English.
public struct PlannerFormat: Hashable, Sendable {
    /// The zone times are shown in; UTC unless the planner prefers their own.
    public var timeZone: TimeZone

    public init(timeZone: TimeZone = TimeZone(identifier: "UTC")!) {
        self.timeZone = timeZone
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The date's fields in the presenter's zone, in the proleptic Gregorian calendar that dates are read in
    /// (Foundation's calendar turns Julian before 1582, so year 1 would not print as it was read).
    private func fields(_ date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, weekday: Int)? {
        guard date.timeIntervalSince1970.isFinite else { return nil }
        return DateText.fields(of: date, offset: timeZone.secondsFromGMT(for: date))
    }

    /// "Mon 2 Mar 2026, 08:00 UTC", or with the offset of another zone, "Mon 2 Mar 2026, 09:00 UTC+01:00".
    public func dateTime(_ date: Date) -> String {
        guard let parts = fields(date) else { return "-" }
        return "\(Self.weekdays[parts.weekday]) \(parts.day) \(Self.months[parts.month - 1]) \(parts.year), "
            + "\(two(parts.hour)):\(two(parts.minute)) \(zone(at: date))"
    }

    /// "Wed 4 Mar 2026, 16:00 UTC+08:00": a time as ``dateTime(_:)`` writes it, in a port's local time when its offset
    /// from UTC is known (a schedule's call), else in the presenter's zone.
    public func dateTime(_ date: Date, utcOffset: Int?) -> String {
        guard let utcOffset, let zone = TimeZone(secondsFromGMT: utcOffset) else { return dateTime(date) }
        return PlannerFormat(timeZone: zone).dateTime(date)
    }

    /// The text with each RFC 3339 time in UTC it holds ("2026-04-30T23:59:59Z", as a cargo's recorded change words it)
    /// written as ``dateTime(_:)`` writes times, so that a screen reads every time alike.
    public func dateTimes(in text: String) -> String {
        // A scan of the bytes, leftmost first: a list writes this for every change of every cargo it shows, and a
        // regular expression made that most of a cargo list's time.
        let bytes = Array(text.utf8), length = Self.timestampShape.count
        var written = "", start = 0, index = 0
        while index + length <= bytes.count {
            let candidate = bytes[index..<index + length]
            if zip(candidate, Self.timestampShape).allSatisfy({ $1 == UInt8(ascii: "d") ? (48...57).contains($0) : $0 == $1 }),
                let date = try? Date(String(decoding: candidate, as: UTF8.self), strategy: .iso8601)
            {
                written += String(decoding: bytes[start..<index], as: UTF8.self) + dateTime(date)
                index += length
                start = index
            } else {
                index += 1
            }
        }
        return start == 0 ? text : written + String(decoding: bytes[start...], as: UTF8.self)
    }

    /// An RFC 3339 time in UTC, each `d` a digit.
    private static let timestampShape = Array("dddd-dd-ddTdd:dd:ddZ".utf8)

    /// "2026-04-06", the day in the presenter's zone.
    public func day(_ date: Date) -> String {
        guard let parts = fields(date) else { return "-" }
        return String(format: "%04d-%02d-%02d", parts.year, parts.month, parts.day)
    }

    /// "UTC", or "UTC+05:30".
    func zone(at date: Date) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        guard offset != 0 else { return "UTC" }
        return "UTC\(offset < 0 ? "-" : "+")\(two(abs(offset) / 3600)):\(two(abs(offset) % 3600 / 60))"
    }

    /// "36 days 16 hours", "5 hours", "40 minutes", "0 minutes"; a negative or non-finite value is "0 minutes",
    /// and durations are counted up to 10,000 years.
    public static func duration(_ seconds: TimeInterval) -> String {
        let minutes = seconds.isFinite ? Int((min(max(seconds, 0), 3.2e11) / 60).rounded(.down)) : 0
        let (days, hours, rest) = (minutes / 1440, minutes % 1440 / 60, minutes % 60)
        var parts: [String] = []
        if days > 0 { parts.append(plural(days, "day")) }
        if hours > 0 { parts.append(plural(hours, "hour")) }
        if days == 0 && (rest > 0 || parts.isEmpty) { parts.append(plural(rest, "minute")) }
        return parts.joined(separator: " ")
    }

    /// "812 kg", "1,234 kg": whole kilograms, thousands grouped; a negative or non-finite value is "0 kg".
    public static func kilograms(_ value: Double) -> String {
        count(value.isFinite ? Int(min(max(value, 0), 1e15).rounded()) : 0) + " kg"
    }

    /// "USD 1,234.50", "USD -35.00": an amount of US dollars, the currency every cost and revenue is in, to the cent,
    /// thousands grouped; a non-finite amount is "USD -".
    public static func money(_ amount: Double) -> String {
        guard amount.isFinite, abs(amount) < 1e15 else { return "USD -" }
        let cents = Int((amount * 100).rounded())
        let whole = count(abs(cents) / 100), fraction = abs(cents) % 100
        return "USD " + (cents < 0 ? "-" : "") + whole + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }

    /// "USD 1,235": an amount of US dollars to the dollar, thousands grouped, for totals.
    public static func dollars(_ amount: Double) -> String {
        guard amount.isFinite, abs(amount) < 1e15 else { return "USD -" }
        return "USD " + count(Int(amount.rounded()))
    }

    /// "812", "10,000", "-1,234": a whole number with its thousands grouped.
    public static func count(_ value: Int) -> String {
        var digits = String(value.magnitude), grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return (value < 0 ? "-" : "") + digits + grouped
    }

    static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    private func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
