import Foundation
import RoutePlanner

/// One solve of ``CapacityAssignment``: the groups of identical bookings, the itineraries found for them
/// (the columns) and the GLPK program over them.
final class AssignmentModel {
    /// Bookings that are the same but for their identifier share one row and general-integer columns.
    struct Group {
        var specification: RouteSpecification
        var teu: Int
        /// The revenue of one booking of the group.
        var revenue: Double
        var members: [Int]
        var columns: [Int] = []
        var columnKeys: Set<[Int32]> = []
        var isUnreachable = false
        /// Seeding ran out of time before searching the group's itineraries; pricing searches them.
        var isUnsearched = false
        /// Movements too small for the group's bookings on itineraries it could not take.
        var tooSmall: Set<Int32> = []
    }

    /// A cover inequality on one movement: of the single-booking `groups`, at most `limit` ride it.
    struct Cut {
        var movement: Int32
        var groups: Set<Int>
        var limit: Int
        var row: Int
    }

    struct Column {
        var group: Int
        var itinerary: Itinerary
        var movements: [Int32]
        var coefficient: Double
    }

    private struct GroupKey: Hashable {
        var specification: RouteSpecification
        var teu: Int
        var revenuePerTEU: Double?
    }

    let network: ScheduleNetwork
    let bookings: [Booking]
    let options: AssignmentOptions
    let router: Router
    let program = GLPKProblem(direction: .maximize)
    let started = ContinuousClock.now
    private(set) var groups: [Group] = []
    private(set) var columns: [Column] = []
    /// The group of each booking.
    let groupOf: [Int]
    private(set) var rowOfMovement: [Int32: Int] = [:]
    private(set) var columnsOfMovement: [Int32: [Int]] = [:]
    private var potentialLoad: [Int32: Int] = [:]
    /// The cover cuts in the program (see ``addViolatedCovers(values:limit:)``), by movement and by group.
    var cuts: [Cut] = []
    var cutsOfMovement: [Int32: [Int]] = [:]
    var cutsOfGroup: [Int: [Int]] = [:]
    /// The column values and the capacity duals of the last LP solved to optimality, or approximately.
    var lpValues: [Double] = []
    var lpDuals: [Int32: Double] = [:]
    /// How many more LP solves GLPK's simplex method may make before the first-order solver takes over (as
    /// it does when a solve is slow); tests lower it to check the hand-over at every point on instances
    /// small enough for brute force.
    var simplexSolvesLeft = Int.max
    /// Whether `lpValues` and `lpDuals` come from ``PrimalDualLP``, and so are only near the optimum.
    var lpIsApproximate = false
    /// That LP's solution rounded and repaired, once computed.
    var repairedRounding: [Int?]?
    /// The movements smaller than the largest booking, smallest first: closed to the bookings they cannot carry.
    lazy var smallMovements: [(capacity: Int, movement: Int32)] = {
        let largestBooking = groups.map(\.teu).max() ?? 0
        return (0..<network.movementCount).compactMap { m -> (capacity: Int, movement: Int32)? in
            let capacity = network.capacity(of: .init(m))
            return capacity < largestBooking ? (capacity, Int32(m)) : nil
        }.sorted { $0.capacity < $1.capacity }
    }()
    /// The weight of transit time against revenue: revenue per booking − λ · TEU · transit days, with λ so
    /// small that the whole transit term stays under 0.01 (a cent) for the whole plan.
    let lambda: Double

    private let progress: (@Sendable (String) -> Void)?

    init(network: ScheduleNetwork, bookings: [Booking], options: AssignmentOptions, progress: (@Sendable (String) -> Void)? = nil) {
        self.progress = progress
        self.network = network
        self.bookings = bookings
        self.options = options
        router = Router(network: network)
        var index: [GroupKey: Int] = [:]
        var groupOf: [Int] = []
        for (position, booking) in bookings.enumerated() {
            let key = GroupKey(specification: booking.specification, teu: booking.teu, revenuePerTEU: booking.revenuePerTEU)
            if let group = index[key] {
                groups[group].members.append(position)
                groupOf.append(group)
            } else {
                index[key] = groups.count
                groupOf.append(groups.count)
                groups.append(Group(
                    specification: booking.specification, teu: booking.teu,
                    revenue: Double(booking.teu) * (booking.revenuePerTEU ?? 1), members: [position]))
            }
        }
        let exposure = bookings.reduce(0.0) { total, booking in
            let specification = booking.specification
            return total + Double(booking.teu) * max(1, specification.arrivalDeadline.timeIntervalSince(specification.readyTime) / 86_400)
        }
        lambda = 0.01 / max(1, exposure)
        self.groupOf = groupOf
    }

    var remaining: Duration { options.timeLimit - (ContinuousClock.now - started) }

    func coefficient(_ group: Group, _ itinerary: Itinerary) -> Double {
        group.revenue - lambda * Double(group.teu) * itinerary.arrivalTime.timeIntervalSince(itinerary.departureTime) / 86_400
    }

    // MARK: Building

    /// Adds an itinerary for a group unless the group has it; adds the capacity rows it makes able to bind.
    @discardableResult
    func addColumn(group index: Int, _ itinerary: Itinerary) -> Bool {
        let movements = network.movementIDs(of: itinerary).map { Int32($0.rawValue) }
        // An itinerary with a movement smaller than the booking can never carry it.
        let small = movements.filter { network.capacity(of: .init(Int($0))) < groups[index].teu }
        guard small.isEmpty else {
            groups[index].tooSmall.formUnion(small)
            return false
        }
        guard groups[index].columnKeys.insert(movements).inserted else { return false }
        let group = groups[index]
        let column = columns.count
        // No upper bound: the group's row bounds the column, so the row's dual prices the group.
        program.addColumn(
            objective: coefficient(group, itinerary), upper: nil,
            entries: [(index, 1)] + capacityAndCutEntries(group: index, movements: movements))
        program.setName(column: column, "\(name(ofGroup: index))#\(group.columns.count + 1)")
        columns.append(Column(group: index, itinerary: itinerary, movements: movements, coefficient: coefficient(group, itinerary)))
        groups[index].columns.append(column)
        for movement in movements {
            columnsOfMovement[movement, default: []].append(column)
            potentialLoad[movement, default: 0] += group.teu * group.members.count
            // A capacity row is needed only once the movement could be overloaded.
            if rowOfMovement[movement] == nil && potentialLoad[movement]! > network.capacity(of: .init(Int(movement))) {
                let row = program.addRows(upperBounds: [Double(network.capacity(of: .init(Int(movement))))]).lowerBound
                program.setName(row: row, name(ofMovement: movement))
                rowOfMovement[movement] = row
                program.setEntries(columnsOfMovement[movement]!.map { ($0, Double(groups[columns[$0].group].teu)) }, ofRow: row)
            }
        }
        return true
    }

    /// The entries of a column of `group` riding `movements` in the capacity rows and cut rows of the program.
    func capacityAndCutEntries(group: Int, movements: [Int32]) -> [(row: Int, value: Double)] {
        var entries: [(row: Int, value: Double)] = []
        for movement in movements {
            if let row = rowOfMovement[movement] { entries.append((row, Double(groups[group].teu))) }
            for cut in cutsOfMovement[movement] ?? [] where cuts[cut].groups.contains(group) { entries.append((cuts[cut].row, 1)) }
        }
        return entries
    }

    // MARK: Solving

    /// Adds the group rows and each group's first itineraries.
    /// The model's name of a group's row and the stem of its columns' names: the group's number (which keeps
    /// names distinct whatever the ids hold), its first booking, and how many more share its specification,
    /// such as `B17:WS-W11-0001+2`.
    func name(ofGroup index: Int) -> String {
        let members = groups[index].members
        return "B\(index + 1):\(bookings[members[0]].id)" + (members.count > 1 ? "+\(members.count - 1)" : "")
    }

    /// The model's name of a movement's capacity row: voyage, ports and departure, such as
    /// `M:WS15-W09:CNSHA-MYTPP@2026-03-02T08:00Z`.
    func name(ofMovement movement: Int32) -> String {
        let id = ScheduleNetwork.MovementID(Int(movement)), details = network.movement(id)
        return "M:\(network.voyageNumber(of: id)):\(details.departureLocation)-\(details.arrivalLocation)@\(CSVWriter.timestamp(details.departureTime).dropLast(4))Z"
    }

    /// Records that a later step found an itinerary for a group seeding had no time for.
    func noteSearched(group index: Int) {
        groups[index].isUnsearched = false
    }

    /// Seeds a group seeding had no time for, as seeding would have: its earliest arrival, or why it has none.
    func seedLate(group index: Int) {
        groups[index].isUnsearched = false
        addInitialColumns(group: index, starts: 0..<1)
    }

    /// Seeding searches every group's earliest arrival within half the time, and its later starts within a
    /// fifth; groups left when the time is out are searched by pricing, or reported as not searched.
    func seed() {
        program.addRows(upperBounds: groups.map { Double($0.members.count) })
        for index in groups.indices { program.setName(row: index, name(ofGroup: index)) }
        for index in groups.indices {
            guard ContinuousClock.now - started < options.timeLimit / 2, !Task.isCancelled else {
                groups[index].isUnsearched = true
                continue
            }
            addInitialColumns(group: index, starts: 0..<1)
        }
        for index in groups.indices where !groups[index].isUnsearched && !groups[index].isUnreachable {
            guard ContinuousClock.now - started < options.timeLimit / 5, !Task.isCancelled else { break }
            addInitialColumns(group: index, starts: 1..<max(1, options.initialCandidates))
        }
    }

    func solve() throws(GLPKError) -> AssignmentPlan {
        seed()
        // A cancelled router finds nothing, which must not read as "no booking has an itinerary".
        guard !Task.isCancelled else { throw .cancelled }
        let greedy = greedyAssignment()
        report("\(groups.count) booking groups seeded, greedy baseline \(String(format: "%.0f", greedy.revenue))")
        guard !columns.isEmpty else {
            let unsearched = groups.filter(\.isUnsearched).reduce(0.0) { $0 + Double($1.members.count) * $1.revenue }
            return plan(
                choice: Array(repeating: nil, count: bookings.count), status: unsearched > 0 ? .timeLimit : .optimal, bound: unsearched,
                greedy: greedy, rounds: 0)
        }
        let (bound, rounds, converged) = try generateColumns()
        guard !Task.isCancelled else { throw .cancelled }
        debug("column generation")
        if let file = options.modelFile {
            try program.writeMPS(to: file, integer: true)
        }
        let (choice, stoppedByTime) = solveIntegerProgram(converged: converged, bound: bound, greedy: greedy.choice)
        guard !Task.isCancelled else { throw .cancelled }
        debug("integer program")
        let objective = objective(of: choice)
        let status: AssignmentStatus
        if !converged || stoppedByTime {
            status = .timeLimit
        } else if bound - objective <= 0.01 {
            // Within a cent of the bound: the whole transit tie-break weighs less than that.
            status = .optimal
        } else if bound - objective <= options.relativeGap * abs(bound) {
            status = .gapReached
        } else {
            // GLPK solved every component over the itineraries found; the rest is the LP relaxation's gap.
            status = .optimalOverGeneratedItineraries
        }
        return plan(choice: choice, status: status, bound: max(bound, objective), greedy: greedy, rounds: rounds)
    }

    /// The earliest arrivals from the ready time and from later starts (3.5, 7, 14, 21 … days on), as
    /// assign_mip.py seeds its candidates; pricing adds whatever else pays.
    private func addInitialColumns(group index: Int, starts: Range<Int>) {
        let specification = groups[index].specification
        let offsets = [0, 3.5, 7, 14] + (4..<max(4, options.initialCandidates)).map { Double($0 - 1) * 7 }
        var found = false
        for offset in offsets[starts.clamped(to: 0..<min(offsets.count, options.initialCandidates))] {
            let ready = specification.readyTime + offset * 86_400
            guard ready < specification.arrivalDeadline,
                  let later = try? RouteSpecification(
                      origin: specification.origin, destination: specification.destination, readyTime: ready,
                      arrivalDeadline: specification.arrivalDeadline),
                  let itinerary = try? router.earliestArrival(for: later)
            else { break }
            found = true
            addColumn(group: index, itinerary)
        }
        guard starts.lowerBound == 0 else { return }
        if !found { groups[index].isUnreachable = true }
        if groups[index].columns.isEmpty && found {
            // Every candidate rides a movement too small for the booking: look past them.
            var costs = [Double](repeating: 0, count: network.movementCount)
            for small in smallMovements.prefix(while: { $0.capacity < groups[index].teu }) { costs[Int(small.movement)] = .infinity }
            if let (itinerary, cost) = try? router.cheapestItinerary(for: specification, costs: costs), cost.isFinite {
                addColumn(group: index, itinerary)
            }
        }
    }

    /// Tells the progress handler, if any, a step and the time so far; ASSIGN_DEBUG=1 prints the finer steps.
    func report(_ step: String) {
        progress?("\(seconds(ContinuousClock.now - started)): \(step)")
    }

    /// A duration in seconds, to a tenth.
    func seconds(_ duration: Duration) -> String { String(format: "%.1f s", duration / .seconds(1)) }

    func debug(_ step: String) {
        guard ProcessInfo.processInfo.environment["ASSIGN_DEBUG"] != nil else { return }
        FileHandle.standardError.write(Data("\(step) done after \(ContinuousClock.now - started)\n".utf8))
    }

    /// The baseline a planner would get by hand: bookings by deadline, each on the best of its initial
    /// candidates that still fits.
    private func greedyAssignment() -> (choice: [Int?], objective: Double, revenue: Double) {
        var load: [Int32: Int] = [:]
        var choice = [Int?](repeating: nil, count: bookings.count)
        let order = bookings.indices.sorted {
            (bookings[$0].specification.arrivalDeadline, $0) < (bookings[$1].specification.arrivalDeadline, $1)
        }
        var objective = 0.0, revenue = 0.0
        for booking in order {
            let group = groups[groupOf[booking]]
            for column in group.columns {
                let fits = columns[column].movements.allSatisfy {
                    load[$0, default: 0] + group.teu <= network.capacity(of: .init(Int($0)))
                }
                guard fits else { continue }
                for movement in columns[column].movements { load[movement, default: 0] += group.teu }
                choice[booking] = column
                objective += columns[column].coefficient
                revenue += group.revenue
                break
            }
        }
        return (choice, objective, revenue)
    }

    private func plan(
        choice: [Int?], status: AssignmentStatus, bound: Double, greedy: (choice: [Int?], objective: Double, revenue: Double),
        rounds: Int
    ) -> AssignmentPlan {
        let load = load(of: choice)
        func utilisation(_ movement: Int32) -> LegUtilisation {
            let id = ScheduleNetwork.MovementID(Int(movement))
            let details = network.movement(id)
            return LegUtilisation(
                movement: id, voyage: network.voyageNumber(of: id), from: details.departureLocation, to: details.arrivalLocation,
                departure: details.departureTime, load: load[movement, default: 0], capacity: details.capacity)
        }
        var revenue = 0.0
        let assignments = bookings.enumerated().map { position, booking -> BookingAssignment in
            let group = groups[groupOf[position]]
            if let column = choice[position] {
                revenue += group.revenue
                return BookingAssignment(booking: booking, itinerary: columns[column].itinerary, reason: nil)
            }
            if group.isUnsearched { return BookingAssignment(booking: booking, itinerary: nil, reason: .notSearched) }
            guard !group.columns.isEmpty else {
                // Itineraries exist but ride movements smaller than the booking, or none exists at all.
                guard !group.tooSmall.isEmpty else { return BookingAssignment(booking: booking, itinerary: nil, reason: .noItinerary) }
                let legs = group.tooSmall.map(utilisation).sorted { ($0.departure, $0.movement) < ($1.departure, $1.movement) }
                return BookingAssignment(booking: booking, itinerary: nil, reason: .capacity(fullLegs: Array(legs.prefix(5))))
            }
            let full = Set(group.columns.flatMap { columns[$0].movements }.filter {
                load[$0, default: 0] + group.teu > network.capacity(of: .init(Int($0)))
            })
            let legs = full.map(utilisation).sorted { ($0.departure, $0.movement) < ($1.departure, $1.movement) }
            return BookingAssignment(booking: booking, itinerary: nil, reason: .capacity(fullLegs: Array(legs.prefix(5))))
        }
        let busiest = load.keys.map(utilisation).sorted { ($1.utilisation, $0.movement) < ($0.utilisation, $1.movement) }
        let objective = objective(of: choice)
        return AssignmentPlan(
            assignments: assignments, status: status, objective: objective, bound: bound, revenue: revenue,
            greedyRevenue: greedy.revenue, greedyObjective: greedy.objective, busiestLegs: Array(busiest.prefix(10)),
            duration: ContinuousClock.now - started, columnCount: columns.count, rowCount: program.rowCount,
            pricingRounds: rounds)
    }
}
