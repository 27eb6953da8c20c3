import Foundation
import RoutePlanner

/// One solve of ``CapacityAssignment``, in three stages over one ``MasterProblem``: ``ColumnGeneration``
/// seeds it and generates itineraries and cuts, which gives a bound and an ``LPSolution``; the
/// ``IntegerStage`` maps the two to a plan; the plan is then explained booking by booking. The
/// ``AssignmentBudget`` says when each stage ends, and ``AssignmentProgress`` tells the caller.
final class AssignmentRun {
    typealias Plan = MasterProblem.Plan

    let network: ScheduleNetwork
    let bookings: [Booking]
    let options: AssignmentOptions
    let master: MasterProblem
    let router: Router
    let budget: AssignmentBudget
    let report: AssignmentProgress
    /// How many LP solves GLPK's simplex method may make before the first-order solver takes over; tests
    /// lower it to check the hand-over at every point (see ``ColumnGeneration/simplexSolvesLeft``).
    var simplexSolvesLeft = Int.max
    /// The threads pricing runs on (see ``ColumnGeneration/pricingWorkers``); tests vary it to check that the plan
    /// does not depend on it.
    var pricingWorkers = min(4, ProcessInfo.processInfo.activeProcessorCount)

    init(network: ScheduleNetwork, bookings: [Booking], options: AssignmentOptions, progress: (@Sendable (String) -> Void)? = nil) {
        self.network = network
        self.bookings = bookings
        self.options = options
        budget = AssignmentBudget(limit: options.timeLimit, started: options.started ?? .now)
        report = AssignmentProgress(handler: progress, started: budget.started)
        router = Router(network: network)
        master = MasterProblem(network: network, bookings: bookings, penaltyPerTEU: options.penaltyPerTEU)
    }

    /// The column generation of this run, not yet seeded.
    func columnGeneration() -> ColumnGeneration {
        var generation = ColumnGeneration(
            master: master, router: router, options: options, budget: budget, report: report, pricingWorkers: pricingWorkers)
        generation.simplexSolvesLeft = simplexSolvesLeft
        return generation
    }

    func solve() throws(GLPKError) -> AssignmentPlan {
        var generation = columnGeneration()
        generation.seed()
        // A cancelled router finds nothing, which must not read as "no booking has an itinerary".
        guard !Task.isCancelled else { throw .cancelled }
        let greedy = greedyAssignment()
        report("\(master.groups.count) booking groups seeded, greedy baseline \(String(format: "%.0f", greedy.revenue))")
        guard !master.columns.isEmpty else {
            let unsearched = master.groups.filter(\.isUnsearched).reduce(0.0) { $0 + Double($1.members.count) * max(0, $1.value) }
            return plan(
                choice: Array(repeating: nil, count: bookings.count), status: unsearched > 0 ? .timeLimit : .optimal, bound: unsearched,
                greedy: greedy, rounds: 0)
        }
        // Should GLPK's simplex be too slow from the start, the first-order solver starts from the greedy plan.
        generation.firstOrderStart = [Double](repeating: 0, count: master.columns.count)
        for column in greedy.choice.compactMap({ $0 }) { generation.firstOrderStart[column.rawValue] += 1 }
        let outcome = try generation.run()
        guard !Task.isCancelled else { throw .cancelled }
        if let file = options.modelFile {
            try master.program.writeMPS(to: file, integer: true)
        }
        var stage = IntegerStage(master: master, router: router, options: options, budget: budget, report: report, solution: outcome.solution)
        stage.solverWorkers = max(1, pricingWorkers)
        let (choice, stoppedByTime) = stage.solve(
            converged: outcome.converged, bound: outcome.bound, greedy: greedy.choice, rounding: outcome.rounding)
        guard !Task.isCancelled else { throw .cancelled }
        let objective = master.objective(of: choice)
        let status: AssignmentStatus
        if !outcome.converged || stoppedByTime {
            status = .timeLimit
        } else if outcome.bound - objective <= 0.01 {
            // Within a cent of the bound: the whole transit tie-break weighs less than that.
            status = .optimal
        } else if outcome.bound - objective <= options.relativeGap * abs(outcome.bound) {
            status = .gapReached
        } else {
            // GLPK solved every component over the itineraries found; the rest is the LP relaxation's gap.
            status = .optimalOverGeneratedItineraries
        }
        return plan(choice: choice, status: status, bound: max(outcome.bound, objective), greedy: greedy, rounds: outcome.rounds)
    }

    /// The baseline a planner would get by hand: bookings by deadline, each on the best of its initial
    /// candidates that still fits.
    private func greedyAssignment() -> (choice: Plan, objective: Double, revenue: Double) {
        var load: [ScheduleNetwork.MovementID: Load] = [:]
        var choice = Plan(repeating: nil, count: bookings.count)
        let order = bookings.indices.sorted {
            (bookings[$0].specification.arrivalDeadline, $0) < (bookings[$1].specification.arrivalDeadline, $1)
        }
        var objective = 0.0, revenue = 0.0
        for booking in order {
            let group = master.groups[master.groupOf[booking]]
            for column in group.columns {
                guard master.fits(master.groupOf[booking], on: column, with: load) else { continue }
                for movement in master.columns[column].movements { load[movement, default: Load()] += group.demand }
                choice[booking] = column
                objective += master.columns[column].coefficient
                revenue += group.revenue
                break
            }
        }
        return (choice, objective, revenue)
    }

    /// The plan as the caller sees it: every booking's itinerary or the reason it has none, and the legs.
    private func plan(
        choice: Plan, status: AssignmentStatus, bound: Double, greedy: (choice: Plan, objective: Double, revenue: Double),
        rounds: Int
    ) -> AssignmentPlan {
        let load = master.load(of: choice)
        func utilisation(_ id: ScheduleNetwork.MovementID) -> LegUtilisation {
            let used = load[id, default: Load()]
            if let day = master.haulDay(id) {
                let haul = network.haulage[day.haul]
                return LegUtilisation(
                    movement: nil, haulDay: day, voyage: haul.voyageNumber, from: haul.from, to: haul.to, departure: network.start(of: day),
                    load: used.teu, capacity: master.capacity(id))
            }
            let details = network.movement(id)
            return LegUtilisation(
                movement: id, voyage: network.voyageNumber(of: id), from: details.departureLocation, to: details.arrivalLocation,
                departure: details.departureTime, load: used.teu, capacity: details.capacity, weightLoad: Double(used.kilograms) / 1_000,
                weightCapacity: details.weightCapacity, plugLoad: used.plugs, reeferPlugs: details.reeferPlugs)
        }
        var revenue = 0.0
        var reasons: [MasterProblem.GroupID: UnassignedReason] = [:]
        let assignments = bookings.enumerated().map { position, booking -> BookingAssignment in
            let index = master.groupOf[position]
            if let column = choice[position] {
                revenue += master.groups[index].revenue
                let itinerary = master.columns[column].itinerary
                return BookingAssignment(
                    booking: booking, itinerary: itinerary, reason: nil, haulageCost: Double(booking.teu) * network.haulageCostPerTEU(of: itinerary))
            }
            if reasons[index] == nil { reasons[index] = reason(index, load: load, utilisation: utilisation) }
            return BookingAssignment(booking: booking, itinerary: nil, reason: reasons[index])
        }
        let busiest = load.keys.map(utilisation).sorted {
            let (first, second) = (Self.order($0), Self.order($1))
            return ($1.utilisation, first.0, first.1, first.2) < ($0.utilisation, second.0, second.1, second.2)
        }
        let haulDays = load.keys.compactMap { id in master.haulDay(id).map { ($0, id) } }.sorted { $0.0 < $1.0 }.map { utilisation($0.1) }
        return AssignmentPlan(
            assignments: assignments, status: status, objective: master.objective(of: choice), bound: bound, revenue: revenue,
            greedyRevenue: greedy.revenue, greedyObjective: greedy.objective, busiestLegs: Array(busiest.prefix(10)), haulDays: haulDays,
            duration: budget.elapsed, columnCount: master.columns.count, rowCount: master.program.rowCount,
            pricingRounds: rounds)
    }

    /// Where a leg's load comes among others of the same figure: by movement, then by haul and day (the network's
    /// order, not the columns').
    private static func order(_ leg: LegUtilisation) -> (Int, Int, Int) {
        (leg.movement?.rawValue ?? .max, leg.haulDay?.haul ?? 0, leg.haulDay?.day ?? 0)
    }

    /// Why a group's bookings that `load` leaves out are not carried.
    ///
    /// A group none of whose itineraries pays is searched once more for its cheapest itinerary (the least
    /// handling and haulage cost, past the movements too small for it), which says whether carrying it would pay at all.
    private func reason(
        _ index: MasterProblem.GroupID, load: [ScheduleNetwork.MovementID: Load], utilisation: (ScheduleNetwork.MovementID) -> LegUtilisation
    ) -> UnassignedReason {
        let group = master.groups[index]
        if group.isUnsearched { return .notSearched }
        if group.columns.isEmpty && group.tooSmall.isEmpty { return .noItinerary }
        func fullLegs(_ movements: [ScheduleNetwork.MovementID]) -> [LegUtilisation] {
            Set(movements).map(utilisation).sorted {
                let (first, second) = (Self.order($0), Self.order($1))
                return ($0.departure, first.0, first.1, first.2) < ($1.departure, second.0, second.1, second.2)
            }
        }
        let isFull = { (movement: ScheduleNetwork.MovementID) in
            !(load[movement, default: Load()] + group.demand).fits(in: self.master.limit(movement))
        }
        // The itineraries on which the booking pays: the group's paying columns, or else its cheapest itinerary.
        var paying = group.columns.filter { master.columns[$0].coefficient > 0 }.map { master.columns[$0].movements }
        if paying.isEmpty {
            var costs = [Double](repeating: 0, count: network.movementCount)
            for small in master.tooSmall(for: group.demand) { costs[small.rawValue] = .infinity }
            let closed = { (day: HaulDay) in self.master.admits(group.demand, on: day) ? 0 : Double.infinity }
            guard
                case let (cheapest, cost)? = try? router.cheapestItinerary(
                    for: group.specification, costs: costs, transferCosts: master.transferCosts, handlingCosts: master.handlingCosts,
                    haulDayCosts: closed),
                cost.isFinite
            else {
                // Every itinerary rides a movement smaller than the booking.
                return group.tooSmall.isEmpty ? .noItinerary : .capacity(fullLegs: Array(fullLegs(Array(group.tooSmall)).prefix(5)))
            }
            guard master.coefficient(group, cheapest) > 0 else {
                return .unprofitable(
                    revenuePerTEU: group.revenue / Double(group.teu), handlingCostPerTEU: cheapest.knownHandlingCostPerTEU,
                    haulageCostPerTEU: network.haulageCostPerTEU(of: cheapest), penaltyPerTEU: options.penaltyPerTEU)
            }
            paying = [master.resources(of: cheapest)]
        }
        guard paying.allSatisfy({ $0.contains(where: isFull) }) else { return .notPlaced }
        return .capacity(fullLegs: Array(fullLegs(paying.flatMap { $0.filter(isFull) }).prefix(5)))
    }
}
