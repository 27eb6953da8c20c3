import Foundation
import RoutePlanner

/// Improves a plan by exchanges over the columns already generated, without an integer program: a booking
/// left out is put on one of its columns, and on each movement that then overflows, the bookings in the way are
/// moved to another of their columns that fits, or else left out, the cheapest first; the exchange is kept when
/// the objective rises and undone otherwise. Bookings an exchange leaves out are tried again in the next pass,
/// so exchanges chain (Glover, "Ejection chains, reference structures and alternating path methods for
/// traveling salesman problems", 1996). Ruin and recreate then moves the plan further.
///
/// It finds in seconds, over every booking at once, what an integer program over a neighbourhood of a few groups
/// finds one neighbourhood at a time: on the 100,000-booking benchmark it takes the plan that rounding and placing
/// make from 0.96% below the bound to 0.47% within 10 s, where large-neighbourhood search gains about 0.05% a
/// minute.
///
/// - Complexity: An exchange costs O(*l*³ · *r*² · *c*) at most for columns of *l* movements, *r* bookings riding
///   each movement and *c* columns per group (each booking in the way is chosen among *r*, each trying its *c*
///   columns against *l* movements); a pass tries each column of each booking left out.
struct PlanExchanges {
    typealias Plan = MasterProblem.Plan
    typealias MovementID = MasterProblem.MovementID
    typealias ColumnID = MasterProblem.ColumnID

    /// The least gain an exchange must make to be kept: a smaller difference is within the rounding of the
    /// objective's sums (and the whole transit tie-break of a plan weighs less than a cent).
    static let leastGain = 1e-6

    let master: MasterProblem
    /// The plan as improved so far.
    private(set) var plan: Plan
    /// How many exchanges were made, counting those of a ruin-and-recreate try that was undone.
    private(set) var exchanges = 0
    /// How many times ``ruinAndRecreate(until:goal:patience:tries:report:)`` ruined a part of the plan and
    /// recreated it.
    private(set) var tries = 0
    /// The objective of ``plan``, kept as it changes.
    private(set) var objective = 0.0
    private var load: [MovementID: Load] = [:]
    /// The bookings riding each movement.
    private var riders: [MovementID: [Int]] = [:]
    /// The changes not yet kept, each booking with the column it had, to undo them.
    private var changes: [(booking: Int, column: ColumnID?)] = []

    init(master: MasterProblem, plan: Plan) {
        self.master = master
        self.plan = Plan(repeating: nil, count: plan.count)
        for (booking, column) in plan.enumerated() where column != nil { move(booking, to: column) }
    }

    /// Makes passes over the bookings left out, most valuable first, each put on whichever of its columns gains
    /// most by an exchange, until a pass keeps no exchange.
    ///
    /// - Parameter deadline: When to stop even so.
    mutating func improve(until deadline: ContinuousClock.Instant) {
        var kept = true
        while kept && ContinuousClock.now < deadline && !Task.isCancelled {
            kept = false
            for (count, booking) in waiting().enumerated() where plan[booking] == nil {
                if count % 64 == 0 && ContinuousClock.now >= deadline { break }
                if insertOnBestColumn(booking) { kept = true }
                changes.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Ruins and recreates (Schrimpf, Schneider, Stamm-Wilbrandt and Dueck, "Record breaking optimization results
    /// using the ruin and recreate principle", 2000): a booking left out, drawn at random, takes one of its
    /// columns, drawn at random; every booking riding a movement of that column which it overflows is left out;
    /// they are put back in a random order, each by the exchange that gains most (``improve(until:)``'s); the
    /// result is kept unless the objective falls, so that moves along a plateau are kept too.
    ///
    /// A random order of putting back, rather than the most valuable first, ends higher: on the dense benchmark
    /// 72,799 TEU against 72,698 from the same plan (72,451 after the exchanges), both within 2 s.
    ///
    /// - Parameters:
    ///   - deadline: When to stop.
    ///   - goal: An objective at which the search may stop (the bound less the gap asked for).
    ///   - patience: How many tries in a row without a gain end the search; by default a thousand for each
    ///     booking left out, at most 100,000 (on the 100,000-booking benchmark the last gain came after about
    ///     222,000 tries, on the dense benchmark after 11,000 to 46,000).
    ///   - tries: The most tries in all.
    mutating func ruinAndRecreate(
        until deadline: ContinuousClock.Instant, goal: Double = .infinity, patience: Int? = nil, tries limit: Int = .max,
        report: AssignmentProgress? = nil
    ) {
        let groups = master.groups
        // A fixed seed, so that a solve given the same time repeats itself.
        var random: UInt64 = 0x9E37_79B9_7F4A_7C15
        func draw(_ count: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((random >> 33) % UInt64(count))
        }
        var left = waiting()
        let patience = patience ?? min(100_000, 1_000 * left.count)
        var (draws, tries, lastGain) = (0, 0, 0)
        var lastReport = ContinuousClock.now
        while !left.isEmpty && tries < limit && tries - lastGain < patience && objective < goal
            && ContinuousClock.now < deadline && !Task.isCancelled
        {
            draws += 1
            if draws % 256 == 0 {
                left = waiting()
                guard !left.isEmpty else { break }
                if let report, ContinuousClock.now - lastReport > .seconds(10) {
                    report("ruin and recreate: \(String(format: "%.2f", objective)) after \(tries) tries, \(left.count) bookings left out")
                    lastReport = .now
                }
            }
            let booking = left[draw(left.count)]
            guard plan[booking] == nil else { continue }
            tries += 1
            let group = master.groupOf[booking], demand = groups[group].demand
            let column = groups[group].columns[draw(groups[group].columns.count)]
            let (before, mark) = (objective, changes.count)
            var ruined: [Int] = []
            for movement in master.columns[column].movements
            where !(load[movement, default: Load()] + demand).fits(in: master.limit(movement)) {
                for rider in riders[movement] ?? [] {
                    ruined.append(rider)
                    change(rider, to: nil)
                }
            }
            change(booking, to: column)
            for index in ruined.indices.dropLast() { ruined.swapAt(index, index + draw(ruined.count - index)) }
            for other in ruined where plan[other] == nil { _ = insertOnBestColumn(other) }
            if objective < before - Self.leastGain {
                undo(to: mark)
            } else if objective > before + Self.leastGain {
                lastGain = tries
            }
            changes.removeSubrange(mark...)
        }
        self.tries += tries
    }

    /// The bookings left out that have a column, most valuable first.
    private func waiting() -> [Int] {
        let groups = master.groups
        func value(_ booking: Int) -> Double { groups[master.groupOf[booking]].value }
        return plan.indices.filter { plan[$0] == nil && !groups[master.groupOf[$0]].columns.isEmpty }
            .sorted { (value($1), $0) < (value($0), $1) }
    }

    /// Puts a booking left out on whichever of its columns gains most by an exchange, if one gains.
    private mutating func insertOnBestColumn(_ booking: Int) -> Bool {
        var best: (gain: Double, column: ColumnID)?
        for column in master.groups[master.groupOf[booking]].columns {
            let mark = changes.count
            if let gain = insert(booking, on: column) {
                if best.map({ gain > $0.gain }) ?? true { best = (gain, column) }
                undo(to: mark)
            }
        }
        guard let best, insert(booking, on: best.column) != nil else { return false }
        exchanges += 1
        return true
    }

    /// Puts a booking left out on a column, making room on each movement it overflows, and returns the gain;
    /// undoes it and returns `nil` when it does not gain.
    private mutating func insert(_ booking: Int, on column: ColumnID) -> Double? {
        let mark = changes.count
        var gain = master.columns[column].coefficient
        change(booking, to: column)
        var moved: Set<Int> = [booking]
        for movement in master.columns[column].movements {
            let limit = master.limit(movement)
            while !load[movement]!.fits(in: limit) {
                guard let way = cheapestWayOut(on: movement, over: load[movement]! - limit, excluding: moved),
                    gain - way.cost > Self.leastGain
                else {
                    undo(to: mark)
                    return nil
                }
                moved.insert(way.booking)
                change(way.booking, to: way.destination)
                gain -= way.cost
            }
        }
        guard gain > Self.leastGain else {
            undo(to: mark)
            return nil
        }
        return gain
    }

    /// Of the bookings riding an overflowing movement, the one whose leaving costs least for the room it frees:
    /// moved to its most valuable other column that fits, or else left out.
    private func cheapestWayOut(on movement: MovementID, over excess: Load, excluding moved: Set<Int>)
        -> (booking: Int, destination: ColumnID?, cost: Double)?
    {
        let groups = master.groups, columns = master.columns
        var best: (booking: Int, destination: ColumnID?, cost: Double, score: Double, teu: Int)?
        for rider in riders[movement] ?? [] where !moved.contains(rider) {
            let group = master.groupOf[rider], demand = groups[group].demand
            // How much of the excess it frees, in TEU where the TEU overflow; else any load of an overflowing measure.
            let freed: Int
            if excess.teu > 0 {
                freed = min(demand.teu, excess.teu)
            } else if (excess.kilograms > 0 && demand.kilograms > 0) || (excess.plugs > 0 && demand.plugs > 0) {
                freed = 1
            } else {
                continue
            }
            let current = plan[rider]!
            var destination: ColumnID?
            var cost = columns[current].coefficient
            for other in groups[group].columns where other != current && columns[current].coefficient - columns[other].coefficient < cost {
                if fits(demand, movingFrom: current, to: other) {
                    (destination, cost) = (other, columns[current].coefficient - columns[other].coefficient)
                }
            }
            let score = cost / Double(freed)
            if best == nil || (score, -demand.teu, rider) < (best!.score, -best!.teu, best!.booking) {
                best = (rider, destination, cost, score, demand.teu)
            }
        }
        return best.map { ($0.booking, $0.destination, $0.cost) }
    }

    /// Whether a booking that takes `demand` and rides `current` fits on `other` instead.
    private func fits(_ demand: Load, movingFrom current: ColumnID, to other: ColumnID) -> Bool {
        let leaving = master.columns[current].movements
        return master.columns[other].movements.allSatisfy { movement in
            let now = load[movement, default: Load()]
            return (leaving.contains(movement) ? now : now + demand).fits(in: master.limit(movement))
        }
    }

    /// Moves a booking to a column, or leaves it out, and notes the change.
    private mutating func change(_ booking: Int, to column: ColumnID?) {
        changes.append((booking, plan[booking]))
        move(booking, to: column)
    }

    /// Undoes the changes noted since `mark`.
    private mutating func undo(to mark: Int) {
        while changes.count > mark {
            let (booking, column) = changes.removeLast()
            move(booking, to: column)
        }
    }

    private mutating func move(_ booking: Int, to column: ColumnID?) {
        let demand = master.groups[master.groupOf[booking]].demand
        if let old = plan[booking] {
            objective -= master.columns[old].coefficient
            for movement in master.columns[old].movements {
                load[movement]! -= demand
                let position = riders[movement]!.firstIndex(of: booking)!
                riders[movement]!.swapAt(position, riders[movement]!.count - 1)
                riders[movement]!.removeLast()
            }
        }
        plan[booking] = column
        if let column {
            objective += master.columns[column].coefficient
            for movement in master.columns[column].movements {
                load[movement, default: Load()] += demand
                riders[movement, default: []].append(booking)
            }
        }
    }
}
