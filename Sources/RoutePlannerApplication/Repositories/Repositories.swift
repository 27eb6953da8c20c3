import RoutePlanner

/// Where the use cases find the ports of the network.
public protocol LocationRepository: Sendable {
    /// Every location, in a fixed order.
    func locations() async throws -> [Location]
}

/// Where the use cases find the voyage schedule, compiled for routing.
public protocol VoyageRepository: Sendable {
    func network() async throws -> ScheduleNetwork
}

/// Where the use cases keep cargo.
public protocol CargoRepository: Sendable {
    /// The cargo with a tracking id, or `nil`.
    func cargo(_ trackingId: String) async throws -> Cargo?
    /// Stores the cargo, replacing any with its tracking id.
    func save(_ cargo: Cargo) async throws
    /// Every cargo, in tracking id order.
    func allCargo() async throws -> [Cargo]
}
