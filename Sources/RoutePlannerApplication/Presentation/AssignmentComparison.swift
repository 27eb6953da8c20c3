import Foundation
import RoutePlanner

/// An assignment without and with a what-if scenario: what `assign --compare` prints.
public enum AssignmentComparison {
    /// What the what-if flags cost: revenue, handling cost, profit and CO2e, and the bookings that lose their route.
    public static func text(before: AssignmentPlan, after: AssignmentPlan) -> String {
        let carriedBefore = Set(before.carried.map(\.booking.id))
        let lost = after.assignments.filter { $0.itinerary == nil && carriedBefore.contains($0.booking.id) }.map(\.booking.id)
        func change(_ name: String, _ figure: (AssignmentPlan) -> Double, unit: String = "", decimals: Int = 0) -> String {
            let (plain, signed) = ("%.\(decimals)f", "%+.\(decimals)f")
            return "  \(name) \(String(format: plain, figure(before)))\(unit) → \(String(format: plain, figure(after)))\(unit) "
                + "(\(String(format: signed, figure(after) - figure(before)))\(unit))"
        }
        let losing = "  \(lost.count) booking\(lost.count == 1 ? "" : "s") lose their route\(lost.isEmpty ? "" : ": " + lost.joined(separator: ", "))"
        return [
            "", "Compared with the schedule as it is:", change("revenue", \.revenue), change("handling cost", \.handlingCost),
            change("profit", \.profit), change("CO2e", { $0.co2e / 1_000 }, unit: " t", decimals: 1), losing,
        ].joined(separator: "\n")
    }
}
