import Foundation
import RoutePlanner
import RoutePlannerApplication

/// The pictures of an assignment: what `assign --format svg|html` writes, from the same
/// `AssignRoutesResponse` the `AssignRoutesPresenter` formats.
public enum AssignmentPictures {
    /// The most rows a heat map shows: the busiest, when there are more.
    static let heatMapRows = 60

    /// The load factor of every voyage leg, summed by service (or voyage) and week, as a heat map: each cell
    /// the TEU carried over the TEU offered on the legs departing that week, a mark where a leg is full.
    ///
    /// It covers the weeks from the earliest ready time to the latest deadline of the bookings, at most 40
    /// columns and `heatMapRows` rows, so it stays small (a few hundred kilobytes) for any plan.
    public static func heatMap(_ plan: AssignmentPlan, network: ScheduleNetwork) -> Picture {
        let grid = LoadGrid(plan: plan, network: network)
        let shown = grid.busiestRows(heatMapRows)
        var legend = Legend()
        let scale = Legend.scale(Palette.sequential, from: 0, to: 1, low: "0%")
        legend.add(scale.mark, "100% of the TEU offered carried", markWidth: scale.width)
        legend.add(Markup("path", [("d", "M0 0h9v9z"), ("class", "ink-fill"), ("fill", Palette.ink)]), "a leg that week is full", markWidth: 10)
        return HeatMap(
            title: "Load factor by \(grid.rowKind) and \(grid.columnDays == 7 ? "week" : "\(grid.columnDays / 7) weeks")",
            subtitle: "TEU carried over TEU offered on the legs departing in the \(grid.columnDays == 7 ? "week" : "period") (UTC); blank: no sailing.",
            rows: shown.map { grid.rows[$0] }, columns: grid.columns, columnDays: grid.columnDays,
            cell: { row, column in
                let cell = grid.cells[shown[row]][column]
                guard cell.legs > 0 else { return nil }
                let share = cell.utilisation
                return HeatMap.Cell(
                    fill: Palette.sequential(share), text: "\(Int((share * 100).rounded()))", textIsLight: Palette.needsLightText(share),
                    tooltip: "\(grid.rows[shown[row]]), \(grid.columnDays == 7 ? "week" : "period") of \(TimeAxis.label(grid.columns[column], first: true)): "
                        + "\(cell.load) of \(cell.capacity) TEU (\(percent(share))) on \(cell.legs) leg\(cell.legs == 1 ? "" : "s"); fullest leg \(percent(cell.fullest))",
                    isMarked: cell.fullest >= 1)
            },
            legend: legend,
            note: grid.rows.count > shown.count ? "The \(shown.count) \(grid.rowKind)s with the fullest legs of \(grid.rows.count)." : nil
        ).picture()
    }

    /// Revenue against the greedy baseline and the bound no plan can beat.
    public static func revenue(_ plan: AssignmentPlan) -> Picture {
        BarChart(
            title: "Revenue",
            bars: [
                .init(label: "greedy baseline", value: plan.greedyRevenue, colour: Palette.gone, text: number(plan.greedyRevenue)),
                .init(
                    label: "this plan", value: plan.revenue, colour: Palette.category(0),
                    text: number(plan.revenue)
                        + (plan.greedyRevenue > 0 ? String(format: " (%+.2f%%)", (plan.revenue - plan.greedyRevenue) / plan.greedyRevenue * 100) : "")),
                .init(
                    label: "bound", value: plan.bound, colour: Palette.category(4), text: number(plan.bound) + String(format: " (gap %.3f%%)", plan.gap * 100)),
            ]
        ).picture()
    }

    /// The bookings carried and not carried, by reason.
    public static func bookings(_ plan: AssignmentPlan) -> Picture {
        var counts: [(label: String, colour: String, count: Int, teu: Int)] = [
            ("carried", Palette.category(2), 0, 0), ("no room (capacity)", Palette.category(3), 0, 0),
            ("no itinerary in time", Palette.gone, 0, 0), ("not searched (time)", Palette.category(1), 0, 0),
            ("unprofitable", Palette.category(5), 0, 0), ("not placed (solve stopped)", Palette.category(4), 0, 0),
        ]
        for assignment in plan.assignments {
            let index =
                switch assignment.reason {
                case nil: assignment.itinerary == nil ? 2 : 0
                case .capacity?: 1
                case .noItinerary?: 2
                case .notSearched?: 3
                case .unprofitable?: 4
                case .notPlaced?: 5
                }
            counts[index].count += 1
            counts[index].teu += assignment.booking.teu
        }
        return BarChart(
            title: "Bookings",
            bars: counts.filter { $0.count > 0 || $0.label == "carried" }.map {
                .init(
                    label: $0.label, value: Double($0.count), colour: $0.colour,
                    text: "\(number(Double($0.count))) booking\($0.count == 1 ? "" : "s"), \(number(Double($0.teu))) TEU")
            }
        ).picture()
    }

    /// A page with the totals, revenue, bookings by reason, the heat map, the busiest legs and the bookings
    /// not carried (the first 200).
    public static func page(_ response: AssignRoutesResponse, network: ScheduleNetwork, presenter: AssignRoutesPresenter = AssignRoutesPresenter()) -> String {
        let plan = response.plan
        let report = presenter.content(for: response)
        var page = Page(title: "Assignment of \(number(Double(plan.assignments.count))) bookings", subtitle: report.totals.first ?? "")
        page.section("Totals", [Page.facts(report.totals.map(fact))])
        page.section("Revenue and bookings", [Page.figure(revenue(plan)), Page.figure(bookings(plan))])
        page.section("Load factor", [Page.figure(heatMap(plan, network: network))])
        page.section("Busiest legs", [Markup("ul", [], report.busiestLegs.map { Markup("li", text: $0) })])
        let left = zip(plan.assignments, report.bookings).filter { $0.0.itinerary == nil }.map(\.1)
        page.section(
            "Bookings not carried", note: left.count > 200 ? "The first 200 of \(number(Double(left.count)))." : nil,
            [left.isEmpty ? Markup("p", text: "Every booking is carried.") : Markup("ul", [], left.prefix(200).map { Markup("li", text: $0) })])
        return page.document()
    }

    /// A page with the assignment without and with a what-if scenario: the totals side by side, the change
    /// in load factor by service and week, and the bookings that lose their route.
    ///
    /// - Parameters:
    ///   - before: The assignment without the scenario.
    ///   - after: The assignment with it.
    ///   - network: The network with the scenario, whose rows and weeks the change is drawn on (a service
    ///     the scenario cancels whole is marked where it sailed before).
    ///   - baselineNetwork: The network without it.
    ///   - scenarioName: The scenario in words, for the page's title.
    public static func comparisonPage(
        before: AssignmentPlan, after: AssignmentPlan, baselineNetwork: ScheduleNetwork, network: ScheduleNetwork, scenarioName: String
    ) -> String {
        var page = Page(title: "What if: assignment of \(number(Double(after.assignments.count))) bookings", subtitle: "Scenario: \(scenarioName).")
        let lost = Set(before.carried.map(\.booking.id)).subtracting(after.carried.map(\.booking.id))
        let gained = Set(after.carried.map(\.booking.id)).subtracting(before.carried.map(\.booking.id))
        page.section(
            "Totals",
            [
                Page.table(
                    ["", "baseline", "with the scenario", "change"],
                    [
                        [
                            "bookings carried", number(Double(before.carried.count)), number(Double(after.carried.count)),
                            signed(Double(after.carried.count - before.carried.count)),
                        ],
                        [
                            "TEU carried", number(Double(before.carriedTEU)), number(Double(after.carriedTEU)),
                            signed(Double(after.carriedTEU - before.carriedTEU)),
                        ],
                        ["revenue", number(before.revenue), number(after.revenue), signed(after.revenue - before.revenue)],
                    ], numeric: [1, 2, 3])
            ])
        page.section("Change in load factor", [Page.figure(changeMap(before: before, after: after, baselineNetwork: baselineNetwork, network: network))])
        let losing = after.assignments.filter { lost.contains($0.booking.id) }
        page.section(
            "Bookings that lose their route", note: "\(lost.count) lose their route; \(gained.count) carried only with the scenario.",
            [
                losing.isEmpty
                    ? Markup("p", text: "None.")
                    : Page.table(
                        ["booking", "TEU", "from", "to", "why"],
                        losing.prefix(500).map {
                            [
                                $0.booking.id, String($0.booking.teu), $0.booking.specification.origin.rawValue, $0.booking.specification.destination.rawValue,
                                reason($0.reason),
                            ]
                        },
                        numeric: [1])
            ])
        return page.document()
    }

    /// The change in load factor from `before` to `after`, by service and week, blue for emptier and orange
    /// for fuller; a mark where a row sailed in the baseline and does not with the scenario.
    static func changeMap(before: AssignmentPlan, after: AssignmentPlan, baselineNetwork: ScheduleNetwork, network: ScheduleNetwork) -> Picture {
        let specifications = before.assignments.map(\.booking.specification)
        let start = specifications.map(\.readyTime).min() ?? Date(timeIntervalSince1970: 0)
        let end = specifications.map(\.arrivalDeadline).max() ?? start
        let old = LoadGrid(plan: before, network: baselineNetwork, from: start, to: end)
        let new = LoadGrid(plan: after, network: network, from: start, to: end)
        let oldRow = Dictionary(uniqueKeysWithValues: old.rows.enumerated().map { ($1, $0) })
        let newRow = Dictionary(uniqueKeysWithValues: new.rows.enumerated().map { ($1, $0) })
        let names = Set(old.rows).union(new.rows)
        // Each row's cells before and after, by column.
        let cells = Dictionary(
            uniqueKeysWithValues: names.map { name in
                (
                    name,
                    old.columns.indices.map { column in
                        (oldRow[name].map { old.cells[$0][column] } ?? LoadGrid.Cell(), newRow[name].map { new.cells[$0][column] } ?? LoadGrid.Cell())
                    }
                )
            })
        // The rows that changed most first, then by name, at most heatMapRows.
        let change = Dictionary(
            uniqueKeysWithValues: names.map { name in
                (name, cells[name]!.map { abs($0.1.utilisation - $0.0.utilisation) + ($0.0.legs > 0 && $0.1.legs == 0 ? 1 : 0) }.max() ?? 0)
            })
        let shown = names.sorted { (change[$1]!, $0) < (change[$0]!, $1) }.prefix(heatMapRows).filter { change[$0]! > 0 }.sorted()
        var legend = Legend()
        let scale = Legend.scale(Palette.diverging, from: -1, to: 1, low: "−100 points")
        legend.add(scale.mark, "+100 points", markWidth: scale.width)
        legend.add(
            Markup("path", [("d", "M0 0h9v9z"), ("class", "ink-fill"), ("fill", Palette.ink)]), "sailed in the baseline, not with the scenario", markWidth: 10)
        return HeatMap(
            title: "Change in load factor by \(new.rowKind) and week",
            subtitle: "Load factor with the scenario less the baseline's, in percentage points; only the rows that change.",
            rows: shown, columns: old.columns, columnDays: old.columnDays,
            cell: { row, column in
                let (was, now) = cells[shown[row]]![column]
                guard was.legs > 0 || now.legs > 0 else { return nil }
                let delta = now.utilisation - was.utilisation
                let points = Int((delta * 100).rounded())
                return HeatMap.Cell(
                    fill: Palette.diverging(delta), text: points == 0 ? nil : String(format: "%+d", points), textIsLight: abs(delta) > 0.6,
                    tooltip:
                        "\(shown[row]), week of \(TimeAxis.label(old.columns[column], first: true)): \(percent(was.utilisation)) → \(percent(now.utilisation))"
                        + (was.legs > 0 && now.legs == 0 ? "; no sailing with the scenario" : ""),
                    isMarked: was.legs > 0 && now.legs == 0)
            },
            legend: legend, note: shown.isEmpty ? "No load factor changes." : nil
        ).picture()
    }

    static func reason(_ reason: UnassignedReason?) -> String {
        switch reason {
        case .capacity(let legs)?:
            "no room on " + legs.prefix(3).map { "\($0.voyage) \($0.from)→\($0.to)" + ($0.haulDay.map { " on \($0.date)" } ?? "") }.joined(separator: ", ")
        case .noItinerary?: "no itinerary in time"
        case .notSearched?: "not searched in the time limit"
        case .unprofitable(let revenue, let handling, let haulage, let penalty)?:
            "unprofitable: cost \(number(handling + haulage)) per TEU, revenue \(number(revenue))" + (penalty > 0 ? " + penalty \(number(penalty))" : "")
                + " per TEU"
        case .notPlaced?: "not placed: the solve stopped first"
        case nil: "not carried"
        }
    }

    static func fact(_ line: String) -> (String, String) {
        guard let colon = line.firstIndex(of: ":") else { return ("", line) }
        return (String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
    }

    static func number(_ value: Double) -> String {
        value.isFinite ? value.formatted(.number.precision(.fractionLength(0)).locale(Locale(identifier: "en_US"))) : "-"
    }

    static func signed(_ value: Double) -> String { (value > 0 ? "+" : value < 0 ? "−" : "") + number(abs(value)) }

    static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded()))%" }
}
