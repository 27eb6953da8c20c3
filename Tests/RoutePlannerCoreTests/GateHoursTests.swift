import Foundation
import RoutePlanner
import RoutePlannerTestSupport
import Testing

/// Gate hours: how they are written, and when a gate opens and last stood open, against a scan of every minute.
@Suite struct GateHoursTests {
    @Test func gateHoursAreReadAndWrittenInOneForm() throws {
        let hours = try #require(GateHours("Mon-Fri 06:00-22:00; Sat 06:00-14:00"))
        #expect(hours.description == "Mon 06:00-22:00; Tue 06:00-22:00; Wed 06:00-22:00; Thu 06:00-22:00; Fri 06:00-22:00; Sat 06:00-14:00")
        #expect(GateHours(hours.description) == hours)
        // Over midnight, over the end of the week, in lists, touching windows merged.
        #expect(GateHours("Sun 22:00-06:00")?.description == "Mon 00:00-06:00; Sun 22:00-24:00")
        #expect(GateHours("Sat-Mon 08:00-12:00")?.description == "Mon 08:00-12:00; Sat 08:00-12:00; Sun 08:00-12:00")
        #expect(GateHours("Mon,Wed 00:00-12:00; Mon 12:00-24:00")?.description == "Mon 00:00-24:00; Wed 00:00-12:00")
        // Windows merged over midnight are written day by day, and read back the same.
        for text in ["Mon-Sun 00:00-24:00", "Mon 06:00-24:00; Tue 00:00-06:00", "Mon-Tue 00:00-24:00", "Fri-Mon 20:00-08:00"] {
            let hours = try #require(GateHours(text))
            #expect(GateHours(hours.description) == hours, "\(text): \(hours)")
        }
        #expect(GateHours("Mon-Tue 00:00-24:00")?.description == "Mon 00:00-24:00; Tue 00:00-24:00")
        for text in [
            "", "Mon", "Mon 06:00", "Mon 06:00-06:00", "Mon 25:00-26:00", "Mon 06:60-07:00", "Mo 06:00-07:00", "Mon 6:00-7:00",
            "Mon 24:00-02:00", "Mon ０６:00-07:00",
        ] {
            #expect(GateHours(text) == nil, "\(text)")
        }
    }

    /// The next opening and the last open second, on random hours and times, with no time zone, one an hour ahead and
    /// one that changes to summer time, match a scan minute by minute (every window starts and ends on a minute).
    @Test func openingsMatchAScanOfEveryMinute() throws {
        let texts = [
            "Mon-Fri 06:00-18:00", "Mon-Sun 08:00-12:00; Mon-Sun 13:00-20:00", "Tue,Thu 00:00-24:00", "Sat-Mon 22:00-06:00",
            "Mon-Sun 09:00-09:30", "Wed 02:30-03:30", "Mon-Sun 00:00-24:00",
        ]
        let zones = [nil, TimeZone(secondsFromGMT: 3_600), TimeZone(identifier: "Europe/Amsterdam")]
        // Around the change to summer time in Amsterdam, 29 March 2026 01:00 UTC.
        let base = Date(timeIntervalSince1970: 1_774_656_000)
        var generator = SplitMix64(seed: 51)
        for _ in 0..<300 {
            let text = texts.randomElement(using: &generator)!
            let hours = try #require(GateHours(text))
            let zone = zones.randomElement(using: &generator)!
            let time = base.addingTimeInterval(Double(Int.random(in: 0...(10 * 86_400), using: &generator)))
            let context = Comment(rawValue: "\(hours) in \(zone?.identifier ?? "UTC") at \(time)")
            let isOpen = { (date: Date) in Self.isOpen(text, at: date, in: zone) }
            #expect(hours.isOpen(at: time, in: zone) == isOpen(time), context)
            var minute = (time.timeIntervalSince1970 / 60).rounded(.up) * 60
            var next = time
            if !isOpen(time) {
                while !isOpen(Date(timeIntervalSince1970: minute)) { minute += 60 }
                next = Date(timeIntervalSince1970: minute)
            }
            #expect(hours.opening(atOrAfter: time, in: zone) == next, context)
            var last = time
            if !isOpen(time) {
                minute = (time.timeIntervalSince1970 / 60).rounded(.down) * 60
                while !isOpen(Date(timeIntervalSince1970: minute - 1)) { minute -= 60 }
                last = Date(timeIntervalSince1970: minute - 1)
            }
            #expect(hours.lastOpenSecond(atOrBefore: time, in: zone) == last, context)
        }
    }

    /// Dated closures (a closed port's what-if) shut the gate whatever the weekly hours say: the next opening and the
    /// last open second match a scan of the minutes and of the seconds either side of each closure.
    @Test func closuresShutTheGateAgainstAScan() throws {
        let texts = ["Mon-Fri 06:00-18:00", "Sat-Mon 22:00-06:00", "Mon-Sun 00:00-24:00", "Wed 02:30-03:30"]
        let zones = [nil, TimeZone(identifier: "Europe/Amsterdam")]
        let base: Int64 = 1_774_656_000
        var generator = SplitMix64(seed: 52)
        for _ in 0..<300 {
            let text = texts.randomElement(using: &generator)!, zone = zones.randomElement(using: &generator)!
            var hours = try #require(GateHours(text))
            var closures: [ClosedRange<Int64>] = []
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let start = base + Int64.random(in: 0...(10 * 86_400), using: &generator)
                let closure = start...(start + Int64.random(in: 0...(3 * 86_400), using: &generator))
                closures.append(closure)
                hours = hours.closed(
                    from: Date(timeIntervalSince1970: Double(closure.lowerBound)), until: Date(timeIntervalSince1970: Double(closure.upperBound)))
            }
            let isOpen = { (second: Int64) in
                Self.isOpen(text, at: Date(timeIntervalSince1970: Double(second)), in: zone) && !closures.contains { $0.contains(second) }
            }
            let time = base + Int64.random(in: 0...(12 * 86_400), using: &generator)
            let context = Comment(rawValue: "\(text) in \(zone?.identifier ?? "UTC") at \(time), closed \(closures)")
            #expect(hours.isOpen(at: Date(timeIntervalSince1970: Double(time)), in: zone) == isOpen(time), context)
            // An opening starts at a minute or just after a closure; an opening ends before a minute or a closure.
            var next = isOpen(time) ? time : Int64.max
            var minute = (time / 60 + 1) * 60
            while minute < next && !isOpen(minute) { minute += 60 }
            next = min(next, minute)
            for closure in closures where closure.upperBound + 1 >= time && isOpen(closure.upperBound + 1) { next = min(next, closure.upperBound + 1) }
            #expect(hours.opening(atOrAfter: Date(timeIntervalSince1970: Double(time)), in: zone) == Date(timeIntervalSince1970: Double(next)), context)
            var last = isOpen(time) ? time : Int64.min
            minute = time / 60 * 60
            while minute - 1 > last && !isOpen(minute - 1) { minute -= 60 }
            last = max(last, minute - 1)
            for closure in closures where closure.lowerBound - 1 <= time && isOpen(closure.lowerBound - 1) { last = max(last, closure.lowerBound - 1) }
            #expect(hours.lastOpenSecond(atOrBefore: Date(timeIntervalSince1970: Double(time)), in: zone) == Date(timeIntervalSince1970: Double(last)), context)
        }
        // A closure without an end shuts the gate for good; without a start, it was never open before.
        let forever = GateHours.always.closed(from: Date(timeIntervalSince1970: Double(base)), until: nil)
        #expect(forever.opening(atOrAfter: Date(timeIntervalSince1970: Double(base)), in: nil) > Date(timeIntervalSince1970: 253_402_300_799))
        #expect(
            forever.lastOpenSecond(atOrBefore: Date(timeIntervalSince1970: Double(base + 86_400)), in: nil) == Date(timeIntervalSince1970: Double(base - 1)))
        let never = GateHours.always.closed(from: nil, until: Date(timeIntervalSince1970: Double(base)))
        #expect(never.opening(atOrAfter: Date(timeIntervalSince1970: 0), in: nil) == Date(timeIntervalSince1970: Double(base + 1)))
    }

    /// Whether gate hours written as `text` open the gate at `date`, read with a calendar in `zone` (UTC when `nil`):
    /// a window on day *d* from *a* to *b* is open on *d* from *a* to *b*, or where *b* is not after *a*, on *d* from *a*
    /// to midnight and on the next day to *b*.
    static func isOpen(_ text: String, at date: Date, in zone: TimeZone?) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone ?? TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.weekday, .hour, .minute], from: date)
        let day = (parts.weekday! + 5) % 7, minute = parts.hour! * 60 + parts.minute!
        let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        for window in text.split(separator: ";") {
            let words = window.split(separator: " ")
            var days: [Int] = []
            for item in words[0].split(separator: ",") {
                let ends = item.split(separator: "-").map { names.firstIndex(of: String($0))! }
                var current = ends[0]
                days.append(current)
                while current != ends[ends.count - 1] {
                    current = (current + 1) % 7
                    days.append(current)
                }
            }
            let clock = words[1].split(separator: "-").map { $0.split(separator: ":").map { Int($0)! } }
            let opens = clock[0][0] * 60 + clock[0][1], closes = clock[1][0] * 60 + clock[1][1]
            for start in days {
                if closes > opens {
                    if day == start && (opens..<closes).contains(minute) { return true }
                } else if (day == start && minute >= opens) || (day == (start + 1) % 7 && minute < closes) {
                    return true
                }
            }
        }
        return false
    }

    /// Whether a gate is open is read in the place's local time: 06:00 in Amsterdam is 05:00 UTC in winter and 04:00 in
    /// summer.
    @Test func gateHoursAreLocalTime() throws {
        let hours = try #require(GateHours("Mon-Sun 06:00-07:00"))
        let amsterdam = TimeZone(identifier: "Europe/Amsterdam")
        #expect(hours.isOpen(at: Date(timeIntervalSince1970: 1_767_243_600), in: amsterdam))  // 2026-01-01 05:00 UTC
        #expect(!hours.isOpen(at: Date(timeIntervalSince1970: 1_767_243_600), in: nil))
        #expect(hours.isOpen(at: Date(timeIntervalSince1970: 1_782_792_000), in: amsterdam))  // 2026-06-30 04:00 UTC
    }
}
