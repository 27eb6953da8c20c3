/// The room a cargo takes aboard each movement it rides: its TEU, its weight in whole tonnes and its reefer plugs.
///
/// A search with a space (``RoutingOptions/space``) boards only movements with at least that much of each capacity
/// left: a network's TEU, and its weight and plugs where it limits them. Give it a network whose capacities are what
/// the other cargo leaves (``ScheduleNetwork/reducingCapacity(byBookings:)``) to route a cargo under them.
public struct CargoSpace: Hashable, Sendable {
    /// Twenty-foot equivalent units.
    public var teu: Int
    /// Whole tonnes.
    public var tonnes: Int
    /// Reefer plugs.
    public var plugs: Int

    public init(teu: Int, tonnes: Int = 0, plugs: Int = 0) {
        self.teu = teu
        self.tonnes = tonnes
        self.plugs = plugs
    }

    /// The room a booking takes: its TEU, its weight rounded up to a whole tonne (none when unknown), and the plugs
    /// a reefer needs (``Booking/reeferPlugs``), as the assignment counts them. TEU beyond any movement's capacity
    /// (a row edited by hand) count as that capacity, which no movement has room for beside other cargo, so that sums
    /// of room never overflow.
    public init(_ booking: Booking) {
        self.init(
            teu: min(booking.teu, Int(Int32.max)), tonnes: booking.weight.map { Int(min($0, Booking.maximumWeight).rounded(.up)) } ?? 0,
            plugs: booking.reeferPlugs)
    }

    /// Whether a movement with these capacities (`nil` for a capacity the schedule does not limit) has room for it.
    public func fits(teu capacity: Int, tonnes weightCapacity: Int?, plugs plugCapacity: Int?) -> Bool {
        teu <= capacity && tonnes <= weightCapacity ?? Int.max && plugs <= plugCapacity ?? Int.max
    }
}
