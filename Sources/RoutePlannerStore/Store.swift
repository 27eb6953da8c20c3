import RoutePlanner
import RoutePlannerApplication

/// Where the cargo lifecycle is kept: an SQLite file (``CargoStore``) for one machine, or a PostgreSQL database
/// (``PostgresStore``) that several processes share.
///
/// Both keep the same data in the same schema, built by the same migrations in the same order, and both write
/// each change in one transaction.
public protocol Store: AnyObject, Sendable {
    /// Where the store is, as a planner names it: a file's path, or a database's address without its password.
    var path: String { get }

    /// Records the schedule cargo is planned against, and returns a warning when booked cargo was planned
    /// against another one.
    ///
    /// - Parameters:
    ///   - fingerprint: What identifies the schedule's contents, such as a hash of its files.
    ///   - name: How a planner knows the schedule, such as its file names.
    func noteSchedule(fingerprint: String, name: String) async throws(StoreError) -> String?

    /// The week a weekly timetable was laid out from for the store's cargo, as the first command that used the
    /// store with it recorded it: `proposed` when none is recorded yet (recorded now).
    ///
    /// Cargo planned on a timetable laid out from one week must find the same dates later, whatever week it is then.
    func timetableWeek(proposing proposed: String) async throws(StoreError) -> String

    /// The repository of cargo in the store; itineraries are rebuilt against `voyages`.
    func cargoRepository(voyages: any VoyageRepository) -> any CargoRepository

    /// The repository of customers in the store.
    var customerRepository: any CustomerRepository { get }

    /// The repository of users, tokens and sessions in the store.
    var accountRepository: any AccountRepository { get }

    /// The repository of the carriers' events applied to the store's schedule, and the schedule's versions.
    var carrierEventRepository: any CarrierEventRepository { get }

    /// The repository of the assignment runs started over the store, with their progress and result.
    var assignmentRunRepository: any AssignmentRunRepository { get }

    /// The round trips the store has made since it was opened.
    var roundTrips: StoreRoundTrips { get }
}

/// Opens the store at a location: a PostgreSQL database for a `postgres://` or `postgresql://` address (its
/// password from `PGPASSWORD`), else the SQLite file at that path.
///
/// - Parameters:
///   - location: A file's path, or `postgres://USER@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require]`.
///   - creating: Whether a missing store is created (a database must exist; its tables are what is created).
///   - environment: Where `PGPASSWORD` is read.
public func openStore(_ location: String, creating: Bool, environment: [String: String]) async throws(StoreError) -> any Store {
    guard PostgresAddress.names(location) else { return try CargoStore(path: location, creating: creating) }
    return try await PostgresStore(PostgresAddress(location), password: environment["PGPASSWORD"], creating: creating)
}
