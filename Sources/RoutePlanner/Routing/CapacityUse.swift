/// The room cargo takes on each movement of a network: TEU, tonnes and reefer plugs; and the TEU it takes on each day
/// of a haul with a capacity a day (``HaulDay``).
///
/// A search for a cargo that needs room (``RoutingOptions/space``) counts what ``RoutingOptions/taken`` holds
/// against each movement's capacities and each haul's day's room, so that one cargo is routed under the capacity the
/// others leave.
public struct CapacityUse: Hashable, Sendable {
    private(set) var teu: [Int64]
    private(set) var tonnes: [Int64]
    private(set) var plugs: [Int64]
    /// The TEU taken on each day of a haul with a capacity a day.
    private(set) var haulDays: [HaulDay: Int64] = [:]

    /// No room taken on any movement of the network.
    public init(network: ScheduleNetwork) {
        teu = [Int64](repeating: 0, count: network.movementCount)
        tonnes = teu
        plugs = teu
    }

    /// Adds the room a cargo takes on every movement of its itinerary's legs that the network sails
    /// (``ScheduleNetwork/sailing(_:)``), and on the day of each of its hauls with a capacity a day; legs it no longer
    /// sails take none.
    public mutating func add(_ space: CargoSpace, on itinerary: Itinerary, in network: ScheduleNetwork) {
        change(by: space, sign: 1, on: itinerary, in: network)
    }

    /// Gives back the room ``add(_:on:in:)`` took.
    public mutating func remove(_ space: CargoSpace, on itinerary: Itinerary, in network: ScheduleNetwork) {
        change(by: space, sign: -1, on: itinerary, in: network)
    }

    /// The movements of the network it counts for.
    var movementCount: Int { teu.count }

    /// The room taken on a movement.
    public func taken(_ id: ScheduleNetwork.MovementID) -> CargoSpace {
        CargoSpace(teu: Int(clamping: teu[id.rawValue]), tonnes: Int(clamping: tonnes[id.rawValue]), plugs: Int(clamping: plugs[id.rawValue]))
    }

    private mutating func change(by space: CargoSpace, sign: Int64, on itinerary: Itinerary, in network: ScheduleNetwork) {
        precondition(teu.count == network.movementCount, "the use is of another network")
        for leg in itinerary.legs {
            if let day = network.haulDay(of: leg) {
                haulDays[day, default: 0] += sign * Int64(space.teu)
                if haulDays[day] == 0 { haulDays[day] = nil }
            }
            for m in network.sailedMovements(leg) ?? 0..<0 {
                teu[m] += sign * Int64(space.teu)
                tonnes[m] += sign * Int64(space.tonnes)
                plugs[m] += sign * Int64(space.plugs)
            }
        }
    }

    /// The TEU taken on a haul's day.
    public func taken(on day: HaulDay) -> Int { Int(clamping: haulDays[day] ?? 0) }

    /// Whether a haul's day has room for `space` once this use is taken off its room (``ScheduleNetwork/room(on:)``).
    func fits(_ space: CargoSpace, on day: HaulDay, in network: ScheduleNetwork) -> Bool {
        space.teu <= network.room(on: day) - min(network.room(on: day), taken(on: day))
    }

    /// The legs of an itinerary, among those the network sails, that lack room for `space` on one of their movements
    /// once this use is taken off the capacities, and its hauls whose day lacks room for it; empty when it fits, or
    /// (for the voyages' legs) when the network's capacities are not known.
    public func legsWithoutRoom(for space: CargoSpace, on itinerary: Itinerary, in network: ScheduleNetwork) -> [Leg] {
        precondition(teu.count == network.movementCount, "the use is of another network")
        return itinerary.legs.filter { leg in
            if let day = network.haulDay(of: leg) { return !fits(space, on: day, in: network) }
            guard network.capacitiesAreKnown, let sailed = network.sailedMovements(leg) else { return false }
            return sailed.contains { !fits(space, movement: $0, in: network) }
        }
    }

    /// Whether movement `m` has room for `space` once this use is taken off its capacities.
    func fits(_ space: CargoSpace, movement m: Int, in network: ScheduleNetwork) -> Bool {
        let details = network.details
        func left(_ capacity: Int32, _ used: Int64) -> Int { Int(clamping: Int64(capacity) - used) }
        return space.fits(
            teu: left(network.capacity[m], teu[m]),
            tonnes: details.weightCapacity.isEmpty || details.weightCapacity[m] == Int32.max ? nil : left(details.weightCapacity[m], tonnes[m]),
            plugs: details.plugCapacity.isEmpty || details.plugCapacity[m] == Int32.max ? nil : left(details.plugCapacity[m], plugs[m]))
    }
}
