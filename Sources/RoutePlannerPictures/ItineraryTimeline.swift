import Foundation
import RoutePlanner

/// Itineraries on a time line, one row each: every leg a bar from loading to unloading, labelled by voyage
/// and ports; a transshipment wait a dashed gap; the ready time, the deadline and the earliest arrival as
/// vertical lines; a tracked cargo's handling events as marks on its row.
///
/// A voyage keeps its colour on every row, so that shared voyages show. Times are in UTC.
public struct ItineraryTimeline: Sendable {
    /// One row: an itinerary, how a comparison changed it, and the handling events recorded against it.
    public struct Row: Sendable {
        public var label: String
        public var itinerary: Itinerary
        public var change: Change?
        public var events: [HandlingEvent]

        public init(label: String, itinerary: Itinerary, change: Change? = nil, events: [HandlingEvent] = []) {
            self.label = label
            self.itinerary = itinerary
            self.change = change
            self.events = events
        }
    }

    /// How a what-if comparison changed a row.
    public enum Change: String, Sendable {
        /// In the baseline, gone with the scenario.
        case gone
        /// New with the scenario.
        case new
    }

    public var title: String
    public var readyTime: Date?
    public var arrivalDeadline: Date?
    public var rows: [Row]

    public init(title: String, readyTime: Date? = nil, arrivalDeadline: Date? = nil, rows: [Row]) {
        self.title = title
        self.readyTime = readyTime
        self.arrivalDeadline = arrivalDeadline
        self.rows = rows
    }

    /// The itineraries of a route search, numbered as the presenter numbers them, with the search's window.
    public init(title: String, specification: RouteSpecification, itineraries: [Itinerary], changes: [Itinerary: Change] = [:]) {
        self.init(
            title: title, readyTime: specification.readyTime, arrivalDeadline: specification.arrivalDeadline,
            rows: itineraries.enumerated().map { Row(label: "\($0.offset + 1)", itinerary: $0.element, change: changes[$0.element]) })
    }

    static let width = 960.0
    static let plotLeft = 172.0
    static let plotRight = 940.0
    static let rowHeight = 50.0
    static let barHeight = 20.0
    static let top = 62.0

    /// The time axis: from the ready time or the first departure to the deadline or the last arrival.
    var axis: TimeAxis {
        let departures = rows.map(\.itinerary.departureTime) + rows.flatMap { $0.events.map(\.completionTime) }
        let arrivals = rows.map(\.itinerary.arrivalTime) + rows.flatMap { $0.events.map(\.completionTime) }
        let start = ([readyTime].compactMap { $0 } + departures).min() ?? Date(timeIntervalSince1970: 0)
        let end = ([arrivalDeadline].compactMap { $0 } + arrivals).max() ?? start
        let margin = max(end.timeIntervalSince(start), 86_400) * 0.02
        return TimeAxis(from: start - margin, to: end + margin, left: Self.plotLeft, right: Self.plotRight)
    }

    /// The earliest arrival of the rows still standing.
    var earliestArrival: Date? { rows.filter { $0.change != .gone }.map(\.itinerary.arrivalTime).min() }

    /// The picture.
    public func picture() -> Picture {
        let axis = self.axis
        var colourOfVoyage: [VoyageNumber: Int] = [:]
        for leg in rows.flatMap(\.itinerary.legs) where colourOfVoyage[leg.voyage.number] == nil {
            colourOfVoyage[leg.voyage.number] = colourOfVoyage.count
        }
        let bottom = Self.top + Self.rowHeight * Double(max(rows.count, 1))
        var content: [Markup] = [
            Markup("text", [("class", "title"), ("x", "12"), ("y", "22")], text: title),
            Markup("text", [("class", "subtitle"), ("x", "12"), ("y", "38")], text: "Times in UTC. Each bar is a leg: voyage, then ports."),
        ]
        content += axis.markup(top: Self.top - 6, bottom: bottom)
        content += windowLines(axis, bottom: bottom)
        for (index, row) in rows.enumerated() {
            content.append(self.row(row, y: Self.top + Self.rowHeight * Double(index), axis: axis, colourOfVoyage: colourOfVoyage))
        }
        if rows.isEmpty {
            content.append(Markup("text", [("class", "note"), ("x", Self.plotLeft.svg), ("y", (Self.top + 28).svg)], text: "No itinerary."))
        }
        let (legend, legendHeight) = self.legend(y: bottom + 52)
        content += legend
        let height = bottom + 52 + legendHeight
        let description = rows.map { row in
            "\(row.label): " + row.itinerary.legs.map { "\($0.voyage.number) \($0.loadLocation.code)→\($0.unloadLocation.code)" }.joined(separator: ", ")
        }.joined(separator: "; ")
        return Picture(width: Self.width, height: height, title: title, description: description, content: content)
    }

    /// The ready time, the deadline and the earliest arrival, with their labels.
    private func windowLines(_ axis: TimeAxis, bottom: Double) -> [Markup] {
        var parts: [Markup] = []
        var readyBox: LabelBox?
        if let readyTime {
            let x = axis.x(readyTime)
            let text = "ready " + TimeAxis.moment(readyTime)
            readyBox = LabelBox(text: text, x: x + 3, y: Self.top - 10, size: 11)
            parts.append(Markup("line", [("class", "ready"), ("x1", x.svg), ("x2", x.svg), ("y1", (Self.top - 20).svg), ("y2", bottom.svg)]))
            parts.append(Markup("text", [("class", "label"), ("x", (x + 3).svg), ("y", (Self.top - 10).svg)], text: text))
        }
        if let arrivalDeadline {
            let x = axis.x(arrivalDeadline)
            let text = "deadline " + TimeAxis.moment(arrivalDeadline)
            // Above the ready time's label when the two would meet.
            let clashes = readyBox.map { LabelBox(text: text, x: x - 3, y: Self.top - 10, size: 11, anchor: "end").overlaps($0) } ?? false
            let y = clashes ? Self.top - 22 : Self.top - 10
            parts.append(Markup("line", [("class", "deadline"), ("x1", x.svg), ("x2", x.svg), ("y1", (y - 10).svg), ("y2", bottom.svg)]))
            parts.append(Markup("text", [("class", "label"), ("x", (x - 3).svg), ("y", y.svg), ("text-anchor", "end")], text: text))
        }
        if let earliestArrival {
            let x = axis.x(earliestArrival)
            let text = "earliest arrival " + TimeAxis.moment(earliestArrival)
            let anchor = x > (Self.plotLeft + Self.plotRight) / 2 ? "end" : "start"
            parts.append(Markup("line", [("class", "earliest"), ("x1", x.svg), ("x2", x.svg), ("y1", (Self.top - 6).svg), ("y2", (bottom + 22).svg)]))
            parts.append(
                Markup(
                    "text", [("class", "label"), ("x", (x + (anchor == "end" ? -3 : 3)).svg), ("y", (bottom + 32).svg), ("text-anchor", anchor)],
                    text: text))
        }
        return parts
    }

    /// A row: its label, its bars and waits, the ports under them, its events.
    private func row(_ row: Row, y: Double, axis: TimeAxis, colourOfVoyage: [VoyageNumber: Int]) -> Markup {
        let itinerary = row.itinerary
        var group = Markup("g", [("class", "itinerary" + (row.change.map { " " + $0.rawValue } ?? "")), ("data-row", row.label)])
        let transit = itinerary.arrivalTime.timeIntervalSince(itinerary.departureTime)
        let transshipments = itinerary.transshipmentCount
        group.append(Markup("text", [("class", "label"), ("x", "12"), ("y", (y + 16).svg)], text: row.label + (row.change.map { " (\($0.rawValue))" } ?? "")))
        group.append(
            Markup(
                "text", [("class", "small"), ("x", "12"), ("y", (y + 30).svg)],
                text: "\(String(format: "%.1f", transit / 86_400)) d, \(transshipments) transshipment\(transshipments == 1 ? "" : "s")"))
        // Cost and emissions per TEU, when the network has them.
        let figures = [itinerary.handlingCostPerTEU.map { "USD \(Int($0.rounded()))" }, itinerary.co2ePerTEU.map { "\(Int($0.rounded())) kg CO2e" }]
            .compactMap { $0 }
        if !figures.isEmpty {
            group.append(Markup("text", [("class", "small"), ("x", "12"), ("y", (y + 42).svg)], text: figures.joined(separator: ", ") + "/TEU"))
        }
        let barTop = y + 6
        // The boxes of the port labels under the bars, so that none covers another.
        var placed: [LabelBox] = []
        func portLabel(_ text: String, x: Double, anchor: String) {
            let box = LabelBox(text: text, x: x, y: barTop + Self.barHeight + 12, size: 10, anchor: anchor)
            guard !placed.contains(where: box.overlaps) else { return }
            placed.append(box)
            group.append(Markup("text", [("class", "small"), ("x", x.svg), ("y", (barTop + Self.barHeight + 12).svg), ("text-anchor", anchor)], text: text))
        }
        for (index, leg) in itinerary.legs.enumerated() {
            let (start, end) = (axis.x(leg.loadTime), axis.x(leg.unloadTime))
            let colour = colourOfVoyage[leg.voyage.number] ?? 0
            let isGone = row.change == .gone
            var bar = Markup(
                "rect",
                [
                    ("class", row.change == .new ? "leg ink-stroke" : "leg"), ("x", start.svg), ("y", barTop.svg), ("width", max(end - start, 1).svg),
                    ("height", Self.barHeight.svg),
                    ("rx", "3"), ("fill", isGone ? Palette.gone : Palette.category(colour)),
                    ("stroke", row.change == .new ? Palette.ink : "none"), ("stroke-width", "2"),
                    ("data-voyage", leg.voyage.number.rawValue), ("data-load", DateText.timestamp(leg.loadTime)),
                    ("data-unload", DateText.timestamp(leg.unloadTime)),
                ])
            bar.append(
                Markup(
                    "title",
                    text:
                        "\(leg.voyage.number) \(leg.loadLocation.name) (\(leg.loadLocation.code)) \(TimeAxis.moment(leg.loadTime)) → \(leg.unloadLocation.name) (\(leg.unloadLocation.code)) \(TimeAxis.moment(leg.unloadTime))"
                ))
            group.append(bar)
            // A barge's, a train's or a truck's mark along the bar's foot, under its label.
            let foot = barTop + Self.barHeight - 3
            if let mark = ModeMark.overlay(leg.voyage.mode, path: "M\(start.svg) \(foot.svg)L\(max(end, start + 1).svg) \(foot.svg)", width: 5) {
                group.append(mark)
            }
            // Inside the bar: voyage and ports if they fit, else the voyage, else nothing (the tooltip has it).
            let long = "\(leg.voyage.number) \(leg.loadLocation.code)→\(leg.unloadLocation.code)"
            if let text = [long, leg.voyage.number.rawValue].first(where: { LabelBox.width(of: $0, size: 10.5) + 8 <= end - start }) {
                group.append(
                    Markup(
                        "text",
                        [("class", "bar-label"), ("x", (start + 4).svg), ("y", (barTop + 14).svg), ("fill", isGone ? Palette.ink : Palette.textOn(colour))],
                        text: text))
            }
            if index == 0 { portLabel(leg.loadLocation.code.rawValue, x: start, anchor: "start") }
            if index + 1 < itinerary.legs.count && !itinerary.changesVessel(before: index + 1) {
                // Aboard as the vessel goes on as its next voyage: no wait, no change.
                portLabel("\(leg.unloadLocation.code) aboard", x: end, anchor: "middle")
            } else if index + 1 < itinerary.legs.count {
                // The wait for the next leg, at the transshipment port.
                let next = axis.x(itinerary.legs[index + 1].loadTime)
                group.append(
                    Markup(
                        "line",
                        [
                            ("class", "wait"), ("x1", end.svg), ("x2", next.svg), ("y1", (barTop + Self.barHeight / 2).svg),
                            ("y2", (barTop + Self.barHeight / 2).svg),
                        ]))
                let wait = itinerary.legs[index + 1].loadTime.timeIntervalSince(leg.unloadTime)
                portLabel("\(leg.unloadLocation.code) \(String(format: "%.1f", wait / 86_400)) d", x: (end + next) / 2, anchor: "middle")
            } else {
                portLabel(leg.unloadLocation.code.rawValue, x: end, anchor: "end")
            }
        }
        for event in row.events {
            let x = axis.x(event.completionTime)
            var mark = Markup("g", [("class", "event"), ("data-kind", event.kind.rawValue)])
            mark.append(Markup("path", [("d", "M\(x.svg) \((barTop - 1).svg) l-5 -8 h10 z"), ("class", "ink-fill"), ("fill", Palette.ink)]))
            mark.append(
                Markup(
                    "title",
                    text: "\(event.kind.rawValue) at \(event.location)\(event.voyage.map { " on \($0)" } ?? "") \(TimeAxis.moment(event.completionTime))"))
            group.append(mark)
        }
        return group
    }

    /// The legend under the axis: what the marks mean, wrapped to the width; and its height.
    private func legend(y: Double) -> ([Markup], Double) {
        var legend = Legend()
        legend.add(Markup("rect", [("width", "18"), ("height", "10"), ("rx", "2"), ("fill", Palette.category(0))]), "leg (voyage, ports)")
        legend.add(Markup("line", [("class", "wait"), ("x1", "0"), ("x2", "18"), ("y1", "5"), ("y2", "5")]), "transshipment wait (port, days)")
        if readyTime != nil { legend.add(Markup("line", [("class", "ready"), ("x1", "9"), ("x2", "9"), ("y1", "-2"), ("y2", "12")]), "ready time") }
        if arrivalDeadline != nil { legend.add(Markup("line", [("class", "deadline"), ("x1", "9"), ("x2", "9"), ("y1", "-2"), ("y2", "12")]), "deadline") }
        if earliestArrival != nil {
            legend.add(Markup("line", [("class", "earliest"), ("x1", "9"), ("x2", "9"), ("y1", "-2"), ("y2", "12")]), "earliest arrival")
        }
        if rows.contains(where: { !$0.events.isEmpty }) {
            legend.add(Markup("path", [("d", "M9 10 l-5 -8 h10 z"), ("class", "ink-fill"), ("fill", Palette.ink)]), "handling event")
        }
        ModeMark.add(ModeMark.modes(of: rows.map(\.itinerary)), to: &legend)
        if rows.contains(where: { $0.change == .gone }) {
            legend.add(Markup("rect", [("width", "18"), ("height", "10"), ("rx", "2"), ("fill", Palette.gone)]), "gone with the scenario")
        }
        if rows.contains(where: { $0.change == .new }) {
            legend.add(
                Markup(
                    "rect",
                    [("width", "18"), ("height", "10"), ("rx", "2"), ("class", "ink-stroke"), ("fill", "none"), ("stroke", Palette.ink), ("stroke-width", "2")]),
                "new with the scenario")
        }
        return legend.markup(y: y, width: Self.width)
    }

}
