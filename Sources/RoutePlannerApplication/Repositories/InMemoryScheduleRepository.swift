import RoutePlanner

/// A schedule held in memory: the locations and voyages of one network.
public struct InMemoryScheduleRepository: LocationRepository, VoyageRepository {
    private let schedule: ScheduleNetwork

    /// Creates a repository over a network.
    public init(network: ScheduleNetwork) {
        schedule = network
    }

    public func locations() async throws -> [Location] { schedule.locations }
    public func network() async throws -> ScheduleNetwork { schedule }
}
