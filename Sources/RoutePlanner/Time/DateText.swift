import Foundation

/// Reads the dates and times planners type (RFC 3339 date-times with a zone, and plain dates), and writes times as
/// every message, document and screen shows them.
///
/// The same rules as the CSV files (docs/CSV.md): a date means, in UTC, the start of the day or, for a
/// deadline, its end (23:59:59); a date-time without a zone is refused with a message that shows the fix.
public enum DateText {
    /// Why a text is not a date or a date-time.
    public enum Problem: Error, Hashable, Sendable {
        case malformed
        case missingZone
    }

    /// The calendar fields of a date shifted by `offset` seconds (a zone's offset from UTC), in the proleptic
    /// Gregorian calendar that ``date(from:endOfDay:)`` reads; weekday 0 is Sunday. `nil` for a time that is
    /// not a number or is beyond ten thousand years.
    public static func fields(of date: Date, offset: Int = 0)
        -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, weekday: Int)?
    {
        let local = date.timeIntervalSince1970 + Double(offset)
        guard local.isFinite, abs(local) < 4e11 else { return nil }
        let seconds = Int64(local.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let (year, month, day) = Timestamp.civil(daysSince1970: days)
        let second = Int(seconds - days * 86_400)
        return (year, month, day, second / 3600, second % 3600 / 60, second % 60, Int((days % 7 + 11) % 7))
    }

    /// Reads a date or a date-time with a zone.
    ///
    /// - Parameters:
    ///   - text: The text, with surrounding spaces ignored.
    ///   - endOfDay: Whether a plain date means the end of the day (for deadlines) or its start.
    /// - Returns: The date, or why the text is not one.
    public static func date(from text: String, endOfDay: Bool) -> Result<Date, Problem> {
        let trimmed = text.trimmingWhitespace()
        switch Timestamp.parse(ArraySlice(trimmed.utf8)) {
        case .success(.dateTime(let seconds)): return .success(Date(seconds: seconds))
        case .success(.date(let days)): return .success(Date(seconds: days * 86_400 + (endOfDay ? 86_399 : 0)))
        case .failure(.malformed): return .failure(.malformed)
        case .failure(.missingZone): return .failure(.missingZone)
        }
    }

    /// A message for a problem with a date's text, quoting it and showing the fix, such as `"soon" is not a date
    /// (2026-03-01) or a date-time with a zone (2026-03-01T08:00:00Z)`; whoever shows it names the field (a flag, a
    /// form's label).
    public static func message(for problem: Problem, value: String) -> String {
        let problem: Timestamp.Problem = problem == .malformed ? .malformed : .missingZone
        return String(Timestamp.message(for: problem, value: value.trimmingWhitespace(), column: "", allowsDate: true).drop { $0 == " " })
    }

    /// A time as RFC 3339 in UTC, such as `2026-03-02T08:00:00Z`, rounded down to the second, in the proleptic
    /// Gregorian calendar that ``date(from:endOfDay:)`` reads (so years 1 to 9999 read back as written); `-` for a time outside
    /// those years or not a number.
    public static func timestamp(_ date: Date) -> String {
        guard date.isSupported else { return "-" }
        return Timestamp.format(seconds: Int64(date.timeIntervalSince1970.rounded(.down)))
    }

    /// A time's day in UTC, such as `2026-03-02`; `-` as ``timestamp(_:)``.
    public static func day(_ date: Date) -> String {
        String(timestamp(date).prefix(10))
    }

    /// A time as RFC 3339 in the local time of an offset from UTC in seconds, such as
    /// `2026-03-02T16:00:00+08:00` (`Z` for no offset), rounded down to the second; `-` as ``timestamp(_:)``.
    /// Without an offset, the time is in UTC.
    public static func timestamp(_ date: Date, utcOffset: Int?) -> String {
        guard date.isSupported, let utcOffset, abs(utcOffset) < 86_400 else { return timestamp(date) }
        return Timestamp.format(seconds: Int64(date.timeIntervalSince1970.rounded(.down)), offset: utcOffset)
    }
}
