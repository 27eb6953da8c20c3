import Foundation
import RoutePlanner

/// An assignment without and with a what-if scenario: what `assign --compare` prints.
public enum AssignmentComparison {
    /// What the what-if flags cost: revenue and the bookings that lose their route.
    public static func text(before: AssignmentPlan, after: AssignmentPlan) -> String {
        let carriedBefore = Set(before.carried.map(\.booking.id))
        let lost = after.assignments.filter { $0.itinerary == nil && carriedBefore.contains($0.booking.id) }.map(\.booking.id)
        let revenue = "  revenue \(String(format: "%.0f", before.revenue)) → \(String(format: "%.0f", after.revenue)) "
            + "(\(String(format: "%+.0f", after.revenue - before.revenue)))"
        let losing = "  \(lost.count) booking\(lost.count == 1 ? "" : "s") lose their route\(lost.isEmpty ? "" : ": " + lost.joined(separator: ", "))"
        return ["", "Compared with the schedule as it is:", revenue, losing].joined(separator: "\n")
    }
}
