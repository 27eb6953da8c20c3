import Foundation
import RoutePlanner

/// An assignment without and with a what-if scenario: what `assign --compare` prints.
public enum AssignmentComparison {
    /// What the what-if flags cost: revenue, handling cost, haulage cost (when either plan has trucks to pay), profit and
    /// CO2e, and the bookings that lose their route.
    public static func text(before: AssignmentPlan, after: AssignmentPlan) -> String {
        let carriedBefore = Set(before.carried.map(\.booking.id))
        let lost = after.assignments.filter { $0.itinerary == nil && carriedBefore.contains($0.booking.id) }.map(\.booking.id)
        func change(_ name: String, _ figure: (AssignmentPlan) -> Double, unit: String = "", decimals: Int = 0) -> String {
            let (plain, signed) = ("%.\(decimals)f", "%+.\(decimals)f")
            return "  \(name) \(String(format: plain, figure(before)))\(unit) → \(String(format: plain, figure(after)))\(unit) "
                + "(\(String(format: signed, figure(after) - figure(before)))\(unit))"
        }
        let losing =
            "  \(lost.count) \(lost.count == 1 ? "booking loses its" : "bookings lose their") route\(lost.isEmpty ? "" : ": " + lost.joined(separator: ", "))"
        let haulage = before.haulageCost > 0 || after.haulageCost > 0 ? [change("haulage cost", \.haulageCost)] : []
        return
            (["", "Compared with the schedule as it is:", change("revenue", \.revenue), change("handling cost", \.handlingCost)] + haulage + [
                change("profit", \.profit), change("CO2e", { $0.co2e / 1_000 }, unit: " t", decimals: 1), losing,
            ]).joined(separator: "\n")
    }
}
