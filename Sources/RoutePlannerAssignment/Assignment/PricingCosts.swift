/// One pricing worker's cost per movement: the capacity duals, with the movements too small for the demand of
/// the group being priced closed (an infinite cost), and the group's own surcharges on top.
///
/// The movements too small for a demand are a prefix of each of ``MasterProblem/smallMovements``'s lists
/// (smallest first), so going from one demand to the next closes or reopens only the movements in between;
/// pricing the groups in order of demand makes a whole round's changes one pass over the lists. (Closing every
/// too-small movement afresh for each group, 37,600 movements for the average booking of 10,000 spread bookings,
/// cost more than the searches: a first pricing round took 2.6–3.1 s, and takes 0.7–1.0 s this way.)
struct PricingCosts {
    typealias MovementID = MasterProblem.MovementID

    /// The cost of each movement for the current demand, with the current surcharges.
    private(set) var values: [Double]
    private let duals: [Double]
    private let lists: [[(capacity: Int, movement: MovementID)]]
    /// For each list, how many of its first movements are closed.
    private var closedPrefix: [Int]
    /// For each movement, in how many lists it is closed.
    private var closedCount: [UInt8]
    /// The movements surcharged since the last ``removeSurcharges()``.
    private var surcharged: [MovementID] = []

    /// Costs equal to `duals`, nothing closed, for movements too small as `smallMovements` lists them.
    init(duals: [Double], smallMovements: [[(capacity: Int, movement: MovementID)]]) {
        values = duals
        self.duals = duals
        lists = smallMovements
        closedPrefix = Array(repeating: 0, count: smallMovements.count)
        closedCount = Array(repeating: 0, count: duals.count)
    }

    /// Closes the movements too small for `demand` in some measure, and opens the others.
    ///
    /// - Precondition: No surcharge is in place.
    /// - Complexity: O(*k*) for *k* movements of the lists whose capacity lies between the last demand and this
    ///   one.
    mutating func close(tooSmallFor demand: Load) {
        precondition(surcharged.isEmpty, "surcharges are removed before the demand changes")
        let wanted = [demand.teu, demand.kilograms, demand.plugs]
        for (index, list) in lists.enumerated() {
            var end = closedPrefix[index]
            while end < list.count && list[end].capacity < wanted[index] {
                let movement = list[end].movement.rawValue
                closedCount[movement] += 1
                values[movement] = .infinity
                end += 1
            }
            while end > 0 && list[end - 1].capacity >= wanted[index] {
                end -= 1
                let movement = list[end].movement.rawValue
                closedCount[movement] -= 1
                if closedCount[movement] == 0 { values[movement] = duals[movement] }
            }
            closedPrefix[index] = end
        }
    }

    /// Adds `amount` to an open movement's cost until ``removeSurcharges()``; a closed one stays closed.
    mutating func surcharge(_ movement: MovementID, by amount: Double) {
        guard values[movement.rawValue].isFinite else { return }
        values[movement.rawValue] += amount
        surcharged.append(movement)
    }

    /// Takes every surcharge off.
    mutating func removeSurcharges() {
        for movement in surcharged { values[movement.rawValue] = duals[movement.rawValue] }
        surcharged.removeAll(keepingCapacity: true)
    }
}
