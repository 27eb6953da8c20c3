import Foundation
import RoutePlanner

/// A horizontal time scale: where a moment falls between two x positions, and the ticks to label it by, at
/// UTC midnights.
struct TimeAxis {
    let start: Date
    let end: Date
    let left: Double
    let right: Double

    /// A scale from `start` to `end` (widened to a day when shorter) onto `left…right`.
    init(from start: Date, to end: Date, left: Double, right: Double) {
        self.start = start
        self.end = max(end, start + 86_400)
        self.left = left
        self.right = right
    }

    /// The x position of a moment.
    func x(_ date: Date) -> Double {
        left + (right - left) * date.timeIntervalSince(start) / end.timeIntervalSince(start)
    }

    /// The days between ticks: the shortest of 1, 2, 7, 14, 28 … that leaves at most `most` ticks.
    func tickDays(most: Int) -> Int {
        let days = end.timeIntervalSince(start) / 86_400
        return [1, 2, 7, 14, 28, 56, 91, 182, 364].first { days / Double($0) <= Double(most) } ?? 364
    }

    /// The ticks: UTC midnights `tickDays` apart (Mondays when a week or more apart), within the scale.
    func ticks(most: Int = 10) -> [Date] {
        let step = tickDays(most: most)
        guard start.timeIntervalSince1970.isFinite, end.timeIntervalSince1970.isFinite else { return [] }
        var day = (start.timeIntervalSince1970 / 86_400).rounded(.down)
        if step >= 7 { day = Self.monday(onOrBefore: day) }
        var ticks: [Date] = []
        var moment = Date(timeIntervalSince1970: day * 86_400)
        while moment <= end && ticks.count <= 400 {
            if moment >= start { ticks.append(moment) }
            moment += Double(step) * 86_400
        }
        return ticks
    }

    /// The Monday on or before a day, both counted in days since 1 January 1970 (a Thursday).
    static func monday(onOrBefore day: Double) -> Double {
        day - ((day + 3).truncatingRemainder(dividingBy: 7) + 7).truncatingRemainder(dividingBy: 7)
    }

    /// A tick's label: the day and month, such as "2 Mar", with the year on the first tick and each January.
    static func label(_ date: Date, first: Bool) -> String {
        guard let fields = DateText.fields(of: date) else { return "" }
        let day = "\(fields.day) \(months[fields.month - 1])"
        return first || fields.month == 1 ? day + " \(fields.year)" : day
    }

    /// A moment as the pictures write it, in UTC: "Mon 2 Mar 08:00".
    static func moment(_ date: Date) -> String {
        guard let fields = DateText.fields(of: date) else { return "-" }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekdays[fields.weekday]) \(fields.day) \(months[fields.month - 1]) \(two(fields.hour)):\(two(fields.minute))"
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The axis as SVG: a grid line per tick from `top` to `bottom`, and the labels below `bottom`.
    func markup(top: Double, bottom: Double) -> [Markup] {
        var parts: [Markup] = []
        for (index, tick) in ticks().enumerated() {
            let x = self.x(tick).svg
            parts.append(Markup("line", [("class", "grid"), ("x1", x), ("x2", x), ("y1", top.svg), ("y2", bottom.svg)]))
            parts.append(
                Markup(
                    "text", [("class", "tick"), ("x", x), ("y", (bottom + 14).svg), ("text-anchor", "middle")],
                    text: Self.label(tick, first: index == 0)))
        }
        return parts
    }
}
