/// Parses the times and dates of the CSV formats: RFC 3339 date-times with a zone, and plain dates.
///
/// `2026-03-01T08:00:00Z`, `2026-03-01T08:00+01:00`, `2026-03-01 08:00:00.5-05:00` and `2026-03-01` are
/// read; a date-time without a zone is refused, because it could mean any of 26 hours.
package enum Timestamp {
    package enum Parsed: Equatable {
        /// Seconds since 1970, rounded down.
        case dateTime(Int64)
        /// Days since 1970-01-01.
        case date(Int64)
    }

    package enum Problem: Error, Equatable {
        case malformed
        case missingZone
    }

    package static func parse<Text: RandomAccessCollection<UInt8>>(_ text: Text) -> Result<Parsed, Problem> where Text.Index == Int {
        parseWithOffset(text).map(\.parsed)
    }

    /// Parses a date or a date-time, with the offset from UTC in seconds that a date-time was written in
    /// (0 for `Z` and for a date).
    package static func parseWithOffset<Text: RandomAccessCollection<UInt8>>(_ text: Text) -> Result<(parsed: Parsed, offset: Int), Problem>
    where Text.Index == Int {
        if let (seconds, offset) = text.withContiguousStorageIfAvailable(commonDateTime) ?? nil { return .success((.dateTime(seconds), offset)) }
        return parseAnyWithOffset(text)
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` and `YYYY-MM-DDTHH:MM:SS+HH:MM` (or `-HH:MM`), the forms nearly every exported
    /// schedule and DCSA document write, in seconds since 1970 and the offset in seconds, read without the
    /// branches of the general parser; `nil` for any other text, which the general parser then reads, and
    /// reports on.
    package static func commonDateTime(_ b: UnsafeBufferPointer<UInt8>) -> (seconds: Int64, offset: Int)? {
        guard b.count == 20 || b.count == 25, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54, b[13] == 0x3A, b[16] == 0x3A else { return nil }
        for index in 0..<19 where index % 3 != 1 || index < 4 {  // every place but 4, 7, 10, 13 and 16
            guard (0x30...0x39).contains(b[index]) else { return nil }
        }
        func number(_ start: Int, _ count: Int) -> Int {
            (start..<(start + count)).reduce(0) { $0 * 10 + Int(b[$1] - 0x30) }
        }
        var offset = 0
        if b.count == 20 {
            guard b[19] == 0x5A else { return nil }
        } else {
            func isDigit(_ index: Int) -> Bool { (0x30...0x39).contains(b[index]) }
            guard b[19] == 0x2B || b[19] == 0x2D, b[22] == 0x3A, isDigit(20), isDigit(21), isDigit(23), isDigit(24) else { return nil }
            let (hours, minutes) = (number(20, 2), number(23, 2))
            guard hours < 24, minutes < 60 else { return nil }
            offset = (b[19] == 0x2B ? 1 : -1) * (hours * 3600 + minutes * 60)
        }
        let (year, month, day) = (number(0, 4), number(5, 2), number(8, 2))
        let (hour, minute, second) = (number(11, 2), number(14, 2), number(17, 2))
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60, second <= 60
        else { return nil }
        return (daysSince1970(year: year, month: month, day: day) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset), offset)
    }

    /// ``parseWithOffset(_:)`` for every form, without the shortcut for the common one.
    package static func parseAnyWithOffset<Text: RandomAccessCollection<UInt8>>(_ text: Text) -> Result<(parsed: Parsed, offset: Int), Problem>
    where Text.Index == Int {
        let b = Bytes(slice: text)
        func digits(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= b.count else { return nil }
            var value = 0
            for index in start..<(start + count) {
                guard (0x30...0x39).contains(b[index]) else { return nil }
                value = value * 10 + Int(b[index] - 0x30)
            }
            return value
        }
        guard let year = digits(0, 4), b.count >= 10, b[4] == 0x2D, let month = digits(5, 2), b[7] == 0x2D,
            let day = digits(8, 2), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return .failure(.malformed) }
        let days = daysSince1970(year: year, month: month, day: day)
        if b.count == 10 { return .success((.date(days), 0)) }
        guard b[10] == 0x54 || b[10] == 0x74 || b[10] == 0x20, let hour = digits(11, 2), b.count > 13, b[13] == 0x3A,
            let minute = digits(14, 2), hour < 24, minute < 60
        else { return .failure(.malformed) }
        var index = 16
        var second = 0
        if index < b.count && b[index] == 0x3A {
            guard let value = digits(index + 1, 2), value <= 60 else { return .failure(.malformed) }
            second = value
            index += 3
            if index < b.count && b[index] == 0x2E {
                index += 1
                let start = index
                while index < b.count && (0x30...0x39).contains(b[index]) { index += 1 }
                guard index > start else { return .failure(.malformed) }
            }
        }
        guard index < b.count else { return .failure(.missingZone) }
        var offset = 0
        switch b[index] {
        case 0x5A, 0x7A:  // Z z
            index += 1
        case 0x2B, 0x2D:  // + -
            let sign = b[index] == 0x2B ? 1 : -1
            guard let hours = digits(index + 1, 2), hours < 24 else { return .failure(.malformed) }
            var minutes = 0
            if index + 3 < b.count && b[index + 3] == 0x3A {
                guard let value = digits(index + 4, 2), value < 60 else { return .failure(.malformed) }
                minutes = value
                index += 6
            } else if let value = digits(index + 3, 2), index + 5 == b.count {
                guard value < 60 else { return .failure(.malformed) }
                minutes = value
                index += 5
            } else {
                index += 3
            }
            offset = sign * (hours * 3600 + minutes * 60)
        default:
            return .failure(.malformed)
        }
        guard index == b.count else { return .failure(.malformed) }
        return .success((.dateTime(days * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset)), offset))
    }

    /// A slice indexed from zero.
    private struct Bytes<Text: RandomAccessCollection<UInt8>> where Text.Index == Int {
        let slice: Text
        var count: Int { slice.count }
        subscript(index: Int) -> UInt8 { slice[slice.startIndex + index] }
        func contains(_ byte: UInt8) -> Bool { slice.contains(byte) }
    }

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The date of the proleptic Gregorian calendar that is a number of days from 1970-01-01 (Hinnant's
    /// `civil_from_days`), the inverse of ``daysSince1970(year:month:day:)``.
    package static func civil(daysSince1970 days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = Int(days) + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// A whole second as RFC 3339 in UTC, `YYYY-MM-DDTHH:MM:SSZ`, in the proleptic Gregorian calendar that
    /// ``parse(_:)`` reads, so that every time written reads back as itself (Foundation's calendar switches
    /// to the Julian one before 1582).
    package static func format(seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let (year, month, day) = civil(daysSince1970: days)
        let second = Int(seconds - days * 86_400)
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(second / 3600, 2)):\(pad(second % 3600 / 60, 2)):\(pad(second % 60, 2))Z"
    }

    /// A whole second as RFC 3339 in the local time of a UTC offset in seconds, such as
    /// `2026-03-02T16:00:00+08:00`; `Z` for an offset of zero.
    package static func format(seconds: Int64, offset: Int) -> String {
        guard offset != 0 else { return format(seconds: seconds) }
        let local = format(seconds: seconds + Int64(offset)).dropLast()
        let minutes = abs(offset) / 60
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return local + (offset < 0 ? "-" : "+") + pad(minutes / 60) + ":" + pad(minutes % 60)
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Hinnant's `days_from_civil`).
    package static func daysSince1970(year: Int, month: Int, day: Int) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return Int64(era * 146_097 + dayOfEra - 719_468)
    }

    /// The message for a value that is not a date-time, showing the fix.
    package static func message(for problem: Problem, value: String, column: String, allowsDate: Bool) -> String {
        switch problem {
        case .missingZone:
            "\(column) \(quoted(value)) has no time zone; write \(quoted(value + "Z")) for UTC or add the offset, as in \(quoted(value + "+01:00"))"
        case .malformed:
            allowsDate
                ? "\(column) \(quoted(value)) is not a date (2026-03-01) or a date-time with a zone (2026-03-01T08:00:00Z)"
                : "\(column) \(quoted(value)) is not a date-time with a zone, such as 2026-03-01T08:00:00Z"
        }
    }
}
