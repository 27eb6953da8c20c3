import Foundation
import RoutePlanner

/// A schedule read from `locations.csv` and `schedule.csv` the first time it is needed.
///
/// A file with errors makes every read fail with the import's diagnostics, which the use cases report as
/// a repository failure.
public actor CSVScheduleRepository: LocationRepository, VoyageRepository {
    private let locationsURL: URL
    private let scheduleURL: URL
    private let importer: CSVImporter
    private var loaded: ImportedSchedule?

    /// Creates a repository over two files; nothing is read yet.
    public init(locations: URL, schedule: URL, importer: CSVImporter = CSVImporter()) {
        locationsURL = locations
        scheduleURL = schedule
        self.importer = importer
    }

    public func locations() async throws -> [Location] { try load().locations }
    public func network() async throws -> ScheduleNetwork { try load().network }

    private func load() throws -> ImportedSchedule {
        if let loaded { return loaded }
        let schedule = try importer.importSchedule(locations: locationsURL, schedule: scheduleURL).value
        loaded = schedule
        return schedule
    }
}
