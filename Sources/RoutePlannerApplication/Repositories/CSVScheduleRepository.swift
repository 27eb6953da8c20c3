import Foundation
import RoutePlanner

/// A schedule read from `locations.csv` and `schedule.csv` the first time it is needed, with a what-if
/// scenario applied.
///
/// A file with errors, or a scenario that does not fit the schedule, makes every read fail with the
/// import's diagnostics or the scenario's error, which the use cases report as a repository failure.
public actor CSVScheduleRepository: LocationRepository, VoyageRepository {
    private let locationsURL: URL
    private let scheduleURL: URL
    private let importer: CSVImporter
    private let scenario: Scenario
    private var loaded: ScheduleNetwork?

    /// Creates a repository over two files; nothing is read yet.
    public init(locations: URL, schedule: URL, importer: CSVImporter = CSVImporter(), scenario: Scenario = Scenario()) {
        locationsURL = locations
        scheduleURL = schedule
        self.importer = importer
        self.scenario = scenario
    }

    public func locations() async throws -> [Location] { try load().locations }
    public func network() async throws -> ScheduleNetwork { try load() }

    private func load() throws -> ScheduleNetwork {
        if let loaded { return loaded }
        let network = try importer.importSchedule(locations: locationsURL, schedule: scheduleURL).value.network.applying(scenario)
        loaded = network
        return network
    }
}
