import Foundation
import RoutePlanner
import RoutePlannerApplication

/// A schedule read from files the first time it is needed, with a what-if scenario applied: a CSV schedule
/// with its locations file, or a DCSA vessel-schedules document with optional locations and capacity files
/// (recognised by its content; see `ScheduleImporter`).
///
/// A file with errors, or a scenario that does not fit the schedule, makes every read fail with the
/// import's diagnostics or the scenario's error, which the use cases report as a repository failure.
public actor ScheduleFileRepository: LocationRepository, VoyageRepository {
    private let locationsURL: URL?
    private let scheduleURL: URL
    private let capacitiesURL: URL?
    private let distancesURL: URL?
    private let haulageURL: URL?
    private let importer: ScheduleImporter
    private let scenario: Scenario
    private let movedByWeeks: Int
    private var loaded: ScheduleNetwork?

    /// Creates a repository over the files; nothing is read yet.
    ///
    /// - Parameters:
    ///   - locations: The locations CSV file, when the schedule needs or has one.
    ///   - schedule: The schedule: a CSV file or a DCSA vessel-schedules document.
    ///   - capacities: The capacities of a DCSA schedule's voyages, a CSV file.
    ///   - distances: The sea distances of a DCSA schedule's sailings, a CSV file.
    ///   - haulage: The hauls by truck between the schedule's places, a CSV file (`CSVImporter.importHaulage(_:locations:)`).
    ///   - importer: What reads the files.
    ///   - scenario: The what-if edits applied to the schedule.
    ///   - movedByWeeks: The weeks every sailing moves before the scenario applies, to lay a weekly timetable out
    ///     from another week (`ScheduleNetwork.moved(byWeeks:)`).
    public init(
        locations: URL?, schedule: URL, capacities: URL? = nil, distances: URL? = nil, haulage: URL? = nil,
        importer: ScheduleImporter = ScheduleImporter(), scenario: Scenario = Scenario(), movedByWeeks: Int = 0
    ) {
        haulageURL = haulage
        self.movedByWeeks = movedByWeeks
        locationsURL = locations
        scheduleURL = schedule
        capacitiesURL = capacities
        distancesURL = distances
        self.importer = importer
        self.scenario = scenario
    }

    public func locations() async throws -> [Location] { try load().locations }
    public func network() async throws -> ScheduleNetwork { try load() }

    private func load() throws -> ScheduleNetwork {
        if let loaded { return loaded }
        var network = try importer.importSchedule(schedule: scheduleURL, locations: locationsURL, capacities: capacitiesURL, distances: distancesURL)
            .value.network
        if let haulageURL {
            network = try network.withHaulage(importer.csv.importHaulage(contentsOf: haulageURL, locations: network.locations).value)
        }
        network = try network.moved(byWeeks: movedByWeeks).applying(scenario)
        loaded = network
        return network
    }
}
