import Foundation
import RoutePlanner
import RoutePlannerApplication

extension RoutePlannerComposition {
    /// Wires the application over files, with a what-if scenario applied to the schedule: a CSV schedule and
    /// its locations, or a DCSA vessel-schedules document with optional locations, capacity and distance files (its
    /// ports named by the importer's UN/LOCODE list, such as `BundledData.scheduleImporter`'s), and a haulage table of
    /// hauls by truck between its places; without a
    /// bookings file the cargo starts empty. The schedule and the bookings move by `movedByWeeks`, to lay a
    /// weekly timetable out from another week. `passwords` hashes the passwords of the accounts, which start empty.
    public init(
        passwords: any PasswordHasher, locations: URL?, schedule: URL, capacities: URL? = nil, distances: URL? = nil, haulage: URL? = nil,
        bookings: URL? = nil,
        scenario: Scenario = Scenario(),
        importer: ScheduleImporter = ScheduleImporter(), format: PlannerFormat = PlannerFormat(), movedByWeeks: Int = 0,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        let repository = ScheduleFileRepository(
            locations: locations, schedule: schedule, capacities: capacities, distances: distances, haulage: haulage, importer: importer,
            scenario: scenario, movedByWeeks: movedByWeeks)
        self.init(
            files: CSVPlannerFileReader(), passwords: passwords, locations: repository, voyages: repository,
            cargo: bookings.map { CSVCargoRepository(bookings: $0, schedule: repository, movedByWeeks: movedByWeeks) } ?? InMemoryCargoRepository(),
            format: format, now: now)
    }
}
