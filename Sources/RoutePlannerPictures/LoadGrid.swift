import Foundation
import RoutePlanner

/// The load of an assignment plan on a network, summed by row (a service, or a voyage when the network has
/// no services) and by week: what the capacity heat map draws.
struct LoadGrid {
    /// One row and week: the TEU carried and offered on the legs departing then, and the fullest leg.
    struct Cell: Equatable {
        var load = 0
        var capacity = 0
        var legs = 0
        var fullest = 0.0

        /// The share of the offered TEU carried.
        var utilisation: Double { capacity > 0 ? Double(load) / Double(capacity) : 0 }
    }

    /// The rows, by name.
    var rows: [String]
    /// The first moment of each column (a Monday at 00:00 UTC) and how many days a column spans.
    var columns: [Date]
    var columnDays: Int
    /// The cells, by row then column.
    var cells: [[Cell]]
    /// What a row is: "service" or "voyage".
    var rowKind: String

    /// The grid of `plan` on `network`, over the weeks from `start` to `end`, at most `columnLimit` columns
    /// (weeks are joined two, four … to a column beyond that).
    ///
    /// - Complexity: O(*m* + *l*) for *m* movements in the network and *l* legs ridden by the plan's bookings.
    init(plan: AssignmentPlan, network: ScheduleNetwork, from start: Date, to end: Date, columnLimit: Int = 40) {
        // The load on each voyage's movements, by position.
        var load: [VoyageNumber: [Int: Int]] = [:]
        for assignment in plan.carried {
            for leg in assignment.itinerary?.legs ?? [] {
                for index in leg.movementIndices { load[leg.voyage.number, default: [:]][index, default: 0] += assignment.booking.teu }
            }
        }
        let voyages = network.voyages
        let hasServices = voyages.contains { $0.service != nil }
        rowKind = hasServices ? "service" : "voyage"
        func row(_ voyage: Voyage) -> String { hasServices ? (voyage.service ?? voyage.number.rawValue) : voyage.number.rawValue }
        // Weeks from the Monday on or before `start`.
        let firstDay = (start.timeIntervalSince1970 / 86_400).rounded(.down)
        let monday = TimeAxis.monday(onOrBefore: firstDay)
        let span = ((end.timeIntervalSince1970 / 86_400 - monday) / 7).rounded(.up)
        let weeks = span.isFinite ? max(1, Int(min(span, 1e6))) : 1
        var weeksPerColumn = 1
        while (weeks + weeksPerColumn - 1) / weeksPerColumn > columnLimit { weeksPerColumn *= 2 }
        let columnDays = 7 * weeksPerColumn, columnCount = (weeks + weeksPerColumn - 1) / weeksPerColumn
        self.columnDays = columnDays
        columns = (0..<columnCount).map { Date(timeIntervalSince1970: (monday + Double($0 * columnDays)) * 86_400) }
        var cellsByRow: [String: [Cell]] = [:]
        for voyage in voyages {
            for (index, movement) in voyage.movements.enumerated() {
                let days = movement.departureTime.timeIntervalSince1970 / 86_400 - monday
                guard days >= 0, case let column = Int(days) / columnDays, column < columnCount else { continue }
                let carried = load[voyage.number]?[index] ?? 0
                var cell = cellsByRow[row(voyage)]?[column] ?? Cell()
                cell.load += carried
                cell.capacity += movement.capacity
                cell.legs += 1
                cell.fullest = max(cell.fullest, movement.capacity > 0 ? Double(carried) / Double(movement.capacity) : 0)
                if cellsByRow[row(voyage)] == nil { cellsByRow[row(voyage)] = Array(repeating: Cell(), count: columnCount) }
                cellsByRow[row(voyage)]![column] = cell
            }
        }
        rows = cellsByRow.keys.sorted()
        cells = rows.map { cellsByRow[$0]! }
    }

    /// The grid of `plan` over the weeks its bookings span, from the earliest ready time to the latest deadline.
    init(plan: AssignmentPlan, network: ScheduleNetwork) {
        let specifications = plan.assignments.map(\.booking.specification)
        let start = specifications.map(\.readyTime).min() ?? Date(timeIntervalSince1970: 0)
        let end = specifications.map(\.arrivalDeadline).max() ?? start
        self.init(plan: plan, network: network, from: start, to: end)
    }

    /// The `limit` rows with the fullest legs (then the highest utilisation), in name order.
    func busiestRows(_ limit: Int) -> [Int] {
        guard rows.count > limit else { return Array(rows.indices) }
        let fullest = cells.map { $0.map(\.fullest).max() ?? 0 }, busiest = cells.map { $0.map(\.utilisation).max() ?? 0 }
        return rows.indices.sorted { (fullest[$1], busiest[$1], $0) < (fullest[$0], busiest[$0], $1) }.prefix(limit).sorted()
    }
}
