import Foundation
import RoutePlanner

/// An assignment as a planner reads it: one line per booking, then the totals.
public struct AssignmentReportView: Hashable, Sendable {
    /// "K00012  12 TEU  CNSHA → SGSIN → NLRTM  arrives Tue 7 Apr 2026, 21:00 UTC", or why it is not carried.
    public let bookings: [String]
    /// "Carried: 873 of 1,000 bookings, 8,652 TEU", solver status, objective, bound, gap, time, greedy baseline.
    public let totals: [String]
    /// The busiest legs, "WS15-W09 CNSHA→MYTPP dep Mon 2 Mar 2026, 08:00 UTC: 1,200 of 1,200 TEU (100%)".
    public let busiestLegs: [String]

    public init(bookings: [String], totals: [String], busiestLegs: [String]) {
        self.bookings = bookings
        self.totals = totals
        self.busiestLegs = busiestLegs
    }
}

/// Writes an assignment for a planner.
public struct AssignRoutesPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = AssignRoutesForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: AssignRoutesResponse) -> AssignmentReportView {
        let report = report(response.plan)
        let leftOut = response.leftOut.map { cargo in
            "\(cargo.trackingId)  \(cargo.teu) TEU  not assigned: handled without an itinerary (last \(cargo.lastMove), "
                + "\(format.dateTime(cargo.lastMove.completionTime))); route it from where it is"
        }
        var totals = report.totals
        if response.keptRouted > 0 { totals.append("Kept: \(response.keptRouted) cargo already routed, whose TEU the capacities leave out") }
        if !leftOut.isEmpty { totals.append("Not assigned: \(leftOut.count) cargo handled without an itinerary, to be routed from where they are") }
        let routes = response.plan.carried.count
        var changed: [String] = []
        if let written = response.written {
            changed = ConfirmAssignmentPresenter(format: format).content(for: written).notWritten
            if !changed.isEmpty {
                totals.append(
                    "Not stored: \(changed.count) of \(PlannerFormat.plural(routes, "route")), each named with why: what changed while the assignment ran is kept"
                )
            }
        } else if routes > 0 {
            totals.append("Preview: nothing is written; \(PlannerFormat.plural(routes, "route")) to write")
        }
        return AssignmentReportView(bookings: report.bookings + leftOut + changed, totals: totals, busiestLegs: report.busiestLegs)
    }

    public func report(_ plan: AssignmentPlan) -> AssignmentReportView {
        func number(_ value: Double) -> String { value.formatted(.number.precision(.fractionLength(0)).locale(Locale(identifier: "en_US"))) }
        /// "2,900 of 3,000 t, 40 of 40 plugs": the weight and plugs, where the movement limits them.
        func limits(_ leg: LegUtilisation, separator: String) -> String {
            let weight = leg.weightCapacity.map { ", \(number(leg.weightLoad))\(separator)\(number(Double($0))) t" } ?? ""
            return weight + (leg.reeferPlugs.map { ", \(number(Double(leg.plugLoad)))\(separator)\(number(Double($0))) plugs" } ?? "")
        }
        func leg(_ leg: LegUtilisation) -> String {
            let share = leg.capacity == 0 ? "" : " (\(Int((leg.utilisation * 100).rounded()))%)"
            let when = leg.haulDay.map { "on \($0.date)" } ?? "departing \(format.dateTime(leg.departure))"
            return "\(leg.voyage) \(leg.from)→\(leg.to) \(when): "
                + "\(number(Double(leg.load))) of \(number(Double(leg.capacity))) TEU\(leg.haulDay == nil ? "" : " a day")"
                + "\(limits(leg, separator: " of "))\(share)"
        }
        let lines = plan.assignments.map { assignment -> String in
            let head = "\(assignment.booking.id)  \(assignment.booking.teu) TEU  "
            if let itinerary = assignment.itinerary {
                let view = format.itinerary(assignment.booking.specification, itinerary)
                // The handling cost, the trucks' cost and the CO2e when the network has them.
                let figures =
                    ["revenue \(number(assignment.revenue))"]
                    + (itinerary.handlingCostPerTEU == nil ? [] : ["handling \(number(assignment.handlingCost))"])
                    + (assignment.haulageCost > 0 ? ["haulage \(number(assignment.haulageCost))"] : [])
                    + (assignment.co2e.map { ["\(PlannerFormat.kilograms($0)) CO2e"] } ?? [])
                return head + "\(view.route)  arrives \(view.arrival); \(view.slack); " + figures.joined(separator: ", ")
            }
            switch assignment.reason {
            case .noItinerary?:
                return head + "not carried: no itinerary reaches \(assignment.booking.specification.destination) by the deadline"
            case .notSearched?:
                return head + "not carried: the time limit ran out before its itineraries were searched"
            case .capacity(let legs)?:
                return head + "not carried: no room on "
                    + legs.map {
                        let day = $0.haulDay.map { " on \($0.date)" } ?? ""
                        return
                            "\($0.voyage) \($0.from)→\($0.to)\(day) (\($0.load)/\($0.capacity) TEU\(day.isEmpty ? "" : " a day")\(limits($0, separator: "/")))"
                    }
                    .joined(separator: ", ")
            case .unprofitable(let revenue, let handling, let haulage, let penalty)?:
                let parts = haulage > 0 ? " (handling \(number(handling)), trucks \(number(haulage)))" : ""
                return head
                    + "not carried: unprofitable: carrying it costs \(number(handling + haulage)) per TEU\(parts) against revenue of \(number(revenue)) per TEU"
                    + (penalty > 0 ? " and a penalty of \(number(penalty)) per TEU left out" : "")
            case .notPlaced?:
                return head + "not carried: an itinerary with room pays, but the solve stopped before it placed the booking"
            case nil:
                return head + "not carried"
            }
        }
        let carried = plan.carried
        let improvement = plan.greedyRevenue > 0 ? (plan.revenue - plan.greedyRevenue) / plan.greedyRevenue * 100 : 0
        let status =
            switch plan.status {
            case .optimal: "optimal"
            case .gapReached: "within the requested gap"
            case .optimalOverGeneratedItineraries: "optimal over the itineraries generated; the bound is the LP relaxation's"
            case .timeLimit: "stopped by the time limit"
            }
        let totals = [
            "Carried: \(number(Double(carried.count))) of \(number(Double(plan.assignments.count))) bookings, \(number(Double(plan.carriedTEU))) TEU",
            "Revenue: \(PlannerFormat.dollars(plan.revenue)); greedy baseline \(PlannerFormat.dollars(plan.greedyRevenue)) (\(improvement >= 0 ? "+" : "")\(String(format: "%.2f", improvement))%)",
            costs(of: plan)
                + (carried.contains { $0.co2e != nil && $0.itinerary?.co2ePerTEU != nil } ? "CO2e: \(number(plan.co2e / 1_000)) t; " : "")
                + "left out: \(number(Double(plan.leftOutTEU))) TEU",
            "Solver: \(status); objective \(String(format: "%.2f", plan.objective)), bound \(String(format: "%.2f", plan.bound)), gap \(String(format: "%.3f", plan.gap * 100))%, \(String(format: "%.1f", plan.duration / .seconds(1))) s",
            "Model: \(number(Double(plan.columnCount))) itineraries, \(number(Double(plan.rowCount))) rows, \(plan.pricingRounds) pricing rounds",
        ]
        return AssignmentReportView(bookings: lines, totals: totals, busiestLegs: plan.busiestLegs.prefix(5).map(leg))
    }

    /// "Handling cost: USD 1,200; haulage USD 900; profit USD 4,900; ": what the network gives costs for, or nothing.
    private func costs(of plan: AssignmentPlan) -> String {
        let handling = plan.carried.contains { $0.itinerary?.handlingCostPerTEU != nil }
        let parts =
            (handling ? ["Handling cost: \(PlannerFormat.dollars(plan.handlingCost))"] : [])
            + (plan.haulageCost > 0 ? ["\(handling ? "haulage" : "Haulage cost:") \(PlannerFormat.dollars(plan.haulageCost))"] : [])
        return parts.isEmpty ? "" : parts.joined(separator: "; ") + "; profit \(PlannerFormat.dollars(plan.profit)); "
    }
}

public typealias AssignRoutesCoordinator = Coordinator<AssignRoutesInteractor, AssignRoutesPresenter>
