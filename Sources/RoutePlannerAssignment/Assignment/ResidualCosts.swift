import RoutePlanner

/// Movement costs for routing a group through the capacity a load leaves: the capacity duals of an LP solution,
/// with the movements closed (an infinite cost) that are too small for the group (``PricingCosts``) or too full
/// to take it on top of the load; so too for the days of hauls with a capacity a day.
///
/// A movement can be too full for some group only once its load comes within the largest demand of its limit,
/// so only those movements are looked at for each search, in one array of what is left on each. (A cost array
/// made afresh for each search, from every loaded movement and every movement too small, took 2.7 ms a search,
/// 79 s for the 29,600 searches of the first rounding of 100,000 spread bookings.)
struct ResidualCosts {
    typealias MovementID = MasterProblem.MovementID

    private let master: MasterProblem
    private var costs: PricingCosts
    /// The largest demand of any group, in each measure.
    private let largest: Load
    /// The movements whose load is within `largest` of their limit, in the order they came so, and what their
    /// load leaves of it.
    private var nearlyFull: [MovementID] = []
    private var room: [Load] = []
    /// Each movement's position in `nearlyFull`, or -1.
    private var position: [Int32]

    /// What the load leaves of each haul's day (``MasterProblem/haulDay(_:)``) that it has, and the duals of those days.
    private var haulDayRoom: [MovementID: Int] = [:]
    private let haulDayDuals: [MovementID: Double]

    /// Costs for the capacity that `load` leaves, steering by `duals`.
    init(master: MasterProblem, duals: [MovementID: Double], load: [MovementID: Load]) {
        let movementCount = master.network.movementCount
        var base = [Double](repeating: 0, count: movementCount)
        for (movement, dual) in duals where movement.rawValue < movementCount { base[movement.rawValue] = dual }
        haulDayDuals = master.limitsHaulDays ? duals.filter { $0.key.rawValue >= movementCount } : [:]
        self.master = master
        costs = PricingCosts(duals: base, smallMovements: master.smallMovements)
        largest = master.largestDemand
        position = Array(repeating: -1, count: movementCount)
        loaded(load.keys, load: load)
    }

    /// Takes note that the load of `movements` changed to what `load` says.
    mutating func loaded(_ movements: some Sequence<MovementID>, load: [MovementID: Load]) {
        for movement in movements {
            let left = master.limit(movement) - load[movement, default: Load()]
            if movement.rawValue >= position.count {
                haulDayRoom[movement] = left.teu
            } else if position[movement.rawValue] >= 0 {
                room[Int(position[movement.rawValue])] = left
            } else if !largest.fits(in: left) {
                position[movement.rawValue] = Int32(nearlyFull.count)
                nearlyFull.append(movement)
                room.append(left)
            }
        }
    }

    /// The cheapest itinerary of a group through the capacity the load leaves, or `nil` when there is none.
    ///
    /// - Precondition: Every movement whose load changed since ``init(master:duals:load:)`` was passed to
    ///   ``loaded(_:load:)``.
    /// - Complexity: O(*f*) for *f* movements within the largest demand of full, plus the search.
    mutating func itinerary(for group: MasterProblem.Group, router: Router) -> Itinerary? {
        // Without an itinerary in the whole network there is none in what is left of it: no search (on 10,000
        // spread bookings, 1,440 of the 1,510 searches of the first rounding, 1.3 s).
        guard !group.isUnreachable else { return nil }
        costs.close(tooSmallFor: group.demand)
        for index in room.indices where !group.demand.fits(in: room[index]) { costs.surcharge(nearlyFull[index], by: .infinity) }
        defer { costs.removeSurcharges() }
        guard
            let (itinerary, cost) = try? router.cheapestItinerary(
                for: group.specification, costs: costs.values, transferCosts: master.transferCosts, handlingCosts: master.handlingCosts,
                haulDayCosts: master.limitsHaulDays ? haulDayCost(for: group.demand) : nil),
            cost.isFinite
        else {
            return nil
        }
        return itinerary
    }

    /// What a haul's day costs a group: closed where the load leaves too little of it, else its dual.
    private func haulDayCost(for demand: Load) -> (HaulDay) -> Double {
        { [master, haulDayRoom, haulDayDuals] day in
            master.cost(of: day, for: demand) { id in demand.teu <= haulDayRoom[id] ?? .max ? haulDayDuals[id] ?? 0 : .infinity }
        }
    }
}
