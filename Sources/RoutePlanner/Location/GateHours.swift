import Foundation

/// The hours of the week a terminal's gate is open to trucks, in the terminal's local time.
///
/// A truck collects cargo at a place only while its gate is open, and delivers it only while the gate is open:
/// one that arrives at a closed gate waits for it to open. A place without gate hours is open at all times.
///
/// Written as days and hours, windows separated by semicolons: `Mon-Fri 06:00-22:00; Sat 06:00-14:00`. Days are
/// `Mon` to `Sun`, alone, in ranges or in lists (`Mon,Wed`); hours are `HH:MM` to `HH:MM`, with `24:00` for the end
/// of the day, and a window that ends before it starts goes on into the next day (`Sun 22:00-06:00` is open from
/// Sunday 22:00 to Monday 06:00). Local time is the place's time zone at that instant, else UTC; a local time that a change of clocks skips is read at
/// the offset before the change.
///
/// A what-if that closes the place for a while (`Scenario.Edit.closePort(_:from:until:)`) closes its gate too: the
/// gate is shut through each such closure, whatever the weekly hours say (``closed(from:until:)``).
public struct GateHours: Hashable, Sendable, CustomStringConvertible {
    /// One opening, from `opens` to `closes` minutes after the start of the week (Monday 00:00), `closes` after
    /// `opens` and at most a week.
    struct Window: Hashable, Sendable {
        var opens: Int
        var closes: Int
    }

    /// The openings of the week in order, none touching or overlapping another, none crossing the end of the week.
    let windows: [Window]

    /// The dated closures, in seconds since 1970, each shut from its lower to its upper bound inclusive; in order,
    /// none touching or overlapping another.
    private(set) var closures: [ClosedRange<Int64>] = []

    /// Gate hours open at all times, such as a place without gate hours has.
    public static let always = GateHours("Mon-Sun 00:00-24:00")!

    static let minutesPerWeek = 7 * 24 * 60
    static let dayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// Reads gate hours as ``GateHours`` describes them, or returns `nil` when the text is not in that form or opens
    /// the gate at no time.
    public init?(_ text: some StringProtocol) {
        var minutes: [(Int, Int)] = []
        for part in String(text).split(separator: ";") {
            let words = part.split(whereSeparator: \.isWhitespace)
            guard words.count == 2, let days = Self.days(words[0]), let (opens, closes) = Self.hours(words[1]) else { return nil }
            for day in days {
                let start = day * 1_440 + opens
                let end = day * 1_440 + (closes > opens ? closes : closes + 1_440)
                // A window into the next week's Monday wraps to this week's.
                if end > Self.minutesPerWeek {
                    minutes.append((start, Self.minutesPerWeek))
                    minutes.append((0, end - Self.minutesPerWeek))
                } else {
                    minutes.append((start, end))
                }
            }
        }
        guard !minutes.isEmpty else { return nil }
        var merged: [Window] = []
        for (opens, closes) in minutes.sorted(by: <) {
            if let last = merged.last, opens <= last.closes {
                merged[merged.count - 1].closes = max(last.closes, closes)
            } else {
                merged.append(Window(opens: opens, closes: closes))
            }
        }
        windows = merged
    }

    private static func days(_ text: Substring) -> [Int]? {
        var days: [Int] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let ends = item.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(ends.count), let first = dayNames.firstIndex(of: String(ends[0])),
                let last = dayNames.firstIndex(of: String(ends[ends.count - 1]))
            else { return nil }
            // A range may wrap over the week's end: `Sat-Mon`.
            var day = first
            while true {
                days.append(day)
                if day == last { break }
                day = (day + 1) % 7
            }
        }
        return days
    }

    private static func hours(_ text: Substring) -> (Int, Int)? {
        let ends = text.split(separator: "-", omittingEmptySubsequences: false)
        guard ends.count == 2, let opens = minute(ends[0]), let closes = minute(ends[1]), opens < 1_440, opens != closes else { return nil }
        return (opens, closes)
    }

    private static func minute(_ text: Substring) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let hours = Int(parts[0]), let minutes = Int(parts[1]), minutes < 60, hours * 60 + minutes <= 1_440
        else { return nil }
        return hours * 60 + minutes
    }

    /// The weekly hours as ``GateHours`` describes them, day by day from Monday: a window over midnight is written as
    /// its part on each day, which reads back as the same hours. Dated closures are a what-if's, not written.
    public var description: String {
        func clock(_ minute: Int) -> String {
            let hours = minute / 60, minutes = minute % 60
            return (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
        }
        var parts: [String] = []
        for window in windows {
            var opens = window.opens
            while opens < window.closes {
                let day = opens / 1_440
                let closes = min(window.closes, (day + 1) * 1_440)
                parts.append("\(Self.dayNames[day]) \(clock(opens - day * 1_440))-\(clock(closes - day * 1_440))")
                opens = closes
            }
        }
        return parts.joined(separator: "; ")
    }

    /// The same gate hours with the gate shut from `start` to `end`, both included (from the earliest or to the latest
    /// date when `nil`).
    public func closed(from start: Date?, until end: Date?) -> GateHours {
        let first = start.map { Self.clamped($0).secondsRoundedUp } ?? Self.earliest, last = end.map { Self.clamped($0).seconds } ?? Self.latest
        guard first <= last else { return self }
        var merged = self
        merged.closures = []
        for closure in (closures + [first...last]).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let previous = merged.closures.last, closure.lowerBound <= previous.upperBound + 1 {
                merged.closures[merged.closures.count - 1] = previous.lowerBound...max(previous.upperBound, closure.upperBound)
            } else {
                merged.closures.append(closure)
            }
        }
        return merged
    }

    /// The first and last seconds of the dates the gate hours answer for, years 1 to 9999.
    private static let earliest = Int64(Date.supportedSeconds.lowerBound), latest = Int64(Date.supportedSeconds.upperBound)

    /// Whether the gate is open at `date`, in `timeZone` (UTC when `nil`); a date outside the years 1 to 9999 is taken
    /// as the nearest of them.
    public func isOpen(at date: Date, in timeZone: TimeZone?) -> Bool {
        let seconds = Self.clamped(date).seconds
        return opening(atOrAfter: seconds, in: timeZone) == seconds
    }

    /// The first second at or after `date` when the gate is open.
    public func opening(atOrAfter date: Date, in timeZone: TimeZone?) -> Date {
        Date(seconds: opening(atOrAfter: Self.clamped(date).secondsRoundedUp, in: timeZone))
    }

    /// The last second at or before `date` when the gate is open.
    public func lastOpenSecond(atOrBefore date: Date, in timeZone: TimeZone?) -> Date {
        Date(seconds: lastOpenSecond(atOrBefore: Self.clamped(date).seconds, in: timeZone))
    }

    /// The date within years 1 to 9999 (a date that is not a number, the first).
    private static func clamped(_ date: Date) -> Date {
        let seconds = date.timeIntervalSince1970
        guard !seconds.isNaN else { return Date(timeIntervalSince1970: Date.supportedSeconds.lowerBound) }
        return Date(timeIntervalSince1970: min(max(seconds, Date.supportedSeconds.lowerBound), Date.supportedSeconds.upperBound))
    }

    /// The first second at or after `time` (seconds since 1970) when the gate is open; after the latest date when a
    /// closure shuts it from then on.
    func opening(atOrAfter time: Int64, in timeZone: TimeZone?) -> Int64 {
        var time = time
        while true {
            let open = weeklyOpening(atOrAfter: time, in: timeZone)
            guard let closure = closures.first(where: { $0.contains(open) }) else { return open }
            time = closure.upperBound + 1
            if closure.upperBound >= Self.latest { return time }
        }
    }

    /// The last second at or before `time` (seconds since 1970) when the gate is open; before the earliest date when
    /// a closure shuts it until then.
    func lastOpenSecond(atOrBefore time: Int64, in timeZone: TimeZone?) -> Int64 {
        var time = time
        while true {
            let open = weeklyLastOpenSecond(atOrBefore: time, in: timeZone)
            guard let closure = closures.first(where: { $0.contains(open) }) else { return open }
            time = closure.lowerBound - 1
            if closure.lowerBound <= Self.earliest { return time }
        }
    }

    /// The first second at or after `time` when the weekly hours open the gate.
    private func weeklyOpening(atOrAfter time: Int64, in timeZone: TimeZone?) -> Int64 {
        for (opens, closes) in openings(around: time, in: timeZone) where closes > time { return max(opens, time) }
        preconditionFailure("gate hours have at least one window a week")
    }

    /// The last second at or before `time` when the weekly hours open the gate.
    private func weeklyLastOpenSecond(atOrBefore time: Int64, in timeZone: TimeZone?) -> Int64 {
        for (opens, closes) in openings(around: time, in: timeZone).reversed() where opens <= time { return min(closes - 1, time) }
        preconditionFailure("gate hours have at least one window a week")
    }

    /// The openings of the week of `time` (local time) and of the weeks either side, as UTC seconds, in order. Each
    /// window's local start and end are converted by the offset that holds at them, whatever `time` is, so that every
    /// question sees the same openings; a window that a change of clocks leaves empty is left out.
    private func openings(around time: Int64, in timeZone: TimeZone?) -> [(opens: Int64, closes: Int64)] {
        let weekStart = Self.weekStart(time + Self.offset(timeZone, at: time))
        var openings: [(opens: Int64, closes: Int64)] = []
        for week in -1...1 {
            for window in windows {
                let start = weekStart + Int64(week * Self.minutesPerWeek) * 60
                let opens = Self.utc(start + Int64(window.opens) * 60, timeZone), closes = Self.utc(start + Int64(window.closes) * 60, timeZone)
                let after = openings.last?.closes ?? Int64.min
                if closes > opens && closes > after { openings.append((max(opens, after), closes)) }
            }
        }
        return openings
    }

    /// The local time's offset from UTC in seconds at a UTC time.
    private static func offset(_ timeZone: TimeZone?, at time: Int64) -> Int64 {
        guard let timeZone else { return 0 }
        return Int64(timeZone.secondsFromGMT(for: Date(seconds: time)))
    }

    /// The UTC time of a local time: less the offset that holds at it (found from the offset at the same reading as UTC).
    private static func utc(_ local: Int64, _ timeZone: TimeZone?) -> Int64 {
        guard let timeZone else { return local }
        return local - offset(timeZone, at: local - offset(timeZone, at: local))
    }

    /// The local second that starts the week (Monday 00:00) of a local time; 1 January 1970 was a Thursday.
    private static func weekStart(_ local: Int64) -> Int64 {
        let week: Int64 = 7 * 86_400
        let sinceMonday = local + 3 * 86_400
        let weeks = sinceMonday >= 0 ? sinceMonday / week : -((-sinceMonday + week - 1) / week)
        return weeks * week - 3 * 86_400
    }
}
