import RoutePlanner

/// What cargo takes of a movement, or what a movement can take: TEU, kilograms and reefer plugs.
///
/// Weights are whole kilograms so that sums are exact; a measure a movement does not limit is `Int.max`.
struct Load: Hashable {
    var teu = 0
    var kilograms = 0
    var plugs = 0

    /// The measures beside TEU that a capacity row may limit.
    enum Measure: CaseIterable {
        case weight, plugs
    }

    /// The load of one booking: its TEU, its weight (0 when unknown) and the plugs a reefer needs.
    init(_ booking: Booking) {
        teu = booking.teu
        kilograms = booking.weight.map { Int(($0 * 1_000).rounded()) } ?? 0
        plugs = booking.reeferPlugs
    }

    /// The capacity of a movement of a network.
    init(capacityOf movement: ScheduleNetwork.MovementID, in network: ScheduleNetwork) {
        teu = network.capacity(of: movement)
        kilograms = network.weightCapacity(of: movement).map { $0 * 1_000 } ?? .max
        plugs = network.reeferPlugs(of: movement) ?? .max
    }

    init(teu: Int = 0, kilograms: Int = 0, plugs: Int = 0) {
        (self.teu, self.kilograms, self.plugs) = (teu, kilograms, plugs)
    }

    subscript(measure: Measure) -> Int {
        switch measure {
        case .weight: kilograms
        case .plugs: plugs
        }
    }

    /// A measure as the program's rows count it: tonnes for the weight, so that the rows' coefficients stay near
    /// the TEU rows' (GLPK's simplex fails on rows scaled a thousand times apart); plugs as they are.
    func inRow(_ measure: Measure) -> Double {
        measure == .weight ? Double(kilograms) / 1_000 : Double(plugs)
    }

    /// Whether this load fits in a capacity, each measure on its own.
    func fits(in capacity: Load) -> Bool { teu <= capacity.teu && kilograms <= capacity.kilograms && plugs <= capacity.plugs }

    static func + (lhs: Load, rhs: Load) -> Load {
        Load(teu: lhs.teu + rhs.teu, kilograms: lhs.kilograms + rhs.kilograms, plugs: lhs.plugs + rhs.plugs)
    }

    static func - (lhs: Load, rhs: Load) -> Load {
        Load(teu: lhs.teu - rhs.teu, kilograms: lhs.kilograms - rhs.kilograms, plugs: lhs.plugs - rhs.plugs)
    }

    static func += (lhs: inout Load, rhs: Load) { lhs = lhs + rhs }
    static func -= (lhs: inout Load, rhs: Load) { lhs = lhs - rhs }

    /// The load times a count.
    static func * (lhs: Load, count: Int) -> Load {
        Load(teu: lhs.teu * count, kilograms: lhs.kilograms * count, plugs: lhs.plugs * count)
    }
}
