import RoutePlanner

/// A schedule held in memory: the locations and voyages of one network, or of the network a server serves at the
/// moment it is asked.
public struct InMemoryScheduleRepository: LocationRepository, VoyageRepository {
    private let schedule: @Sendable () -> ScheduleNetwork

    /// Creates a repository over a network.
    public init(network: ScheduleNetwork) {
        schedule = { network }
    }

    /// Creates a repository over the network served now, asked for again at each call: a server's, which reloads it.
    public init(serving network: @escaping @Sendable () -> ScheduleNetwork) {
        schedule = network
    }

    public func locations() async throws -> [Location] { schedule().locations }
    public func network() async throws -> ScheduleNetwork { schedule() }
}
