import Foundation
import GRDB
import RoutePlanner
import RoutePlannerApplication

/// The SQLite file that keeps booked cargo, its itineraries, handling events and offers, the customers, the
/// tracking-id sequence, and the accounts (users, tokens and sessions).
///
/// The file is opened in WAL mode, so readers never wait for a writer, and a writer waits up to
/// ``busyTimeout`` for another process's write to finish. Every write is one transaction: a process killed
/// at any point leaves the file as it was before the write or after it. The schema is built by named
/// migrations that are never edited once shipped, so a file written by this version opens in the next; the
/// file's `user_version` is the number of migrations it has (``version``). A file written by a newer version
/// is refused before anything reads or writes it.
public final class CargoStore: Store {
    /// How long a write waits for another process's write before failing with ``StoreError/busy(path:)``.
    public static let busyTimeout: TimeInterval = 10

    /// The version of the store's schema this code writes: its number of migrations, kept in the file's
    /// `user_version`.
    public static var version: Int { migrator.migrations.count }

    let pool: DatabasePool
    public let roundTrips = StoreRoundTrips()
    /// The file's path.
    public let path: String
    /// Whether the file was opened for reading only, because it cannot be written: reads work, and every
    /// write fails with ``StoreError/readOnly(path:)``.
    public let isReadOnly: Bool

    /// Opens the store at a path, bringing its schema up to date, and creates it first when asked to.
    ///
    /// Only what records new cargo or customers should create a store: opened by anything else, a mistyped
    /// path would look like a store whose cargo was lost, and an empty file is left empty. A file that cannot be
    /// written (no write permission, or a read-only file system) is opened for reading only.
    ///
    /// - Parameters:
    ///   - path: The store's SQLite file.
    ///   - creating: Whether a missing or empty file is made a store (the default) or is an error.
    /// - Throws: ``StoreError/missing(path:)`` when the file does not exist and `creating` is `false`,
    ///   ``StoreError/empty(path:)`` when it is empty and `creating` is `false`, ``StoreError/directory(path:)``
    ///   for a directory, ``StoreError/notAStore(path:)`` for an SQLite file of other tables, ``StoreError/newerVersion(path:version:supportedVersion:unknownMigrations:)`` for a
    ///   store written by a newer version, ``StoreError/outdatedReadOnly(path:version:supportedVersion:)`` for a
    ///   read-only store of an older version, or another ``StoreError`` when the file cannot be opened or is not
    ///   a store.
    public init(path: String, creating: Bool = true) throws(StoreError) {
        self.path = path
        var info = stat()
        let exists = stat(path, &info) == 0
        if exists && info.st_mode & S_IFMT == S_IFDIR { throw .directory(path: path) }
        if !exists && !creating { throw .missing(path: path) }
        if exists && info.st_size == 0 && !creating { throw .empty(path: path) }
        // Write permission is asked of the file itself too, so that a file made read-only stays unwritten even
        // by a user whom permissions do not stop.
        isReadOnly = exists && (access(path, W_OK) != 0 || info.st_mode & 0o222 == 0)
        var configuration = Configuration()
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.label = "route-planner store"
        configuration.readonly = isReadOnly
        do {
            if exists && info.st_size > 0 { try Self.checkVersion(path, creating: creating) }
            pool = try DatabasePool(path: path, configuration: configuration)
            if isReadOnly {
                let version = try pool.read { db in try Self.migrator.completedMigrations(db).count }
                if version < Self.version { throw StoreError.outdatedReadOnly(path: path, version: version, supportedVersion: Self.version) }
            } else {
                try Self.migrator.migrate(pool)
                try pool.write { db in
                    if try Int.fetchOne(db, sql: "PRAGMA user_version") != Self.version { try db.execute(sql: "PRAGMA user_version = \(Self.version)") }
                }
            }
        } catch {
            throw StoreError(opening: error, path: path, freeBytes: Self.freeBytes(at: path))
        }
    }

    /// The bytes free on the file system that holds the store's directory; `nil` when it cannot be told.
    static func freeBytes(at path: String) -> Int64? {
        let directory = (path as NSString).deletingLastPathComponent
        let attributes = try? FileManager.default.attributesOfFileSystem(forPath: directory.isEmpty ? "." : directory)
        return (attributes?[.systemFreeSize] as? NSNumber)?.int64Value
    }

    /// Refuses a store written by a newer version, one whose `user_version` is above ``version`` or that has a
    /// migration this code does not know, and an SQLite file that holds other tables, reading the file without
    /// writing to it.
    private static func checkVersion(_ path: String, creating: Bool) throws {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        let file = try DatabaseQueue(path: path, configuration: configuration)
        try file.read { db in
            if try !db.tableExists("grdb_migrations") {
                let tables = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'") ?? 0
                if tables > 0 { throw StoreError.notAStore(path: path) }
                if !creating { throw StoreError.empty(path: path) }
            }
            let recorded = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            let applied = try migrator.appliedIdentifiers(db)
            let unknown = applied.subtracting(migrator.migrations).sorted()
            if recorded > version || !unknown.isEmpty {
                throw StoreError.newerVersion(path: path, version: max(recorded, applied.count), supportedVersion: version, unknownMigrations: unknown)
            }
        }
    }

    /// The repository of cargo in the store; itineraries are rebuilt against `voyages`.
    public func cargoRepository(voyages: any VoyageRepository) -> any CargoRepository {
        SQLiteCargoRepository(store: self, voyages: voyages)
    }

    /// The repository of customers in the store.
    public var customerRepository: any CustomerRepository { SQLiteCustomerRepository(store: self) }

    /// The repository of users, tokens and sessions in the store.
    public var accountRepository: any AccountRepository { SQLiteAccountRepository(store: self) }

    /// The repository of the assignment runs in the file.
    public var assignmentRunRepository: any AssignmentRunRepository { SQLiteAssignmentRunRepository(store: self) }

    /// The repository of the carriers' events applied to the store's schedule, and the schedule's versions.
    public var carrierEventRepository: any CarrierEventRepository { SQLiteCarrierEventRepository(store: self) }

    /// Records the schedule cargo is planned against, and returns a warning when booked cargo was planned
    /// against another one.
    ///
    /// - Parameters:
    ///   - fingerprint: What identifies the schedule's contents, such as a hash of its files.
    ///   - name: How a planner knows the schedule, such as its file names.
    ///
    /// A read-only store is only compared with, not written.
    public func noteSchedule(fingerprint: String, name: String) throws(StoreError) -> String? {
        func note(_ db: Database) throws -> String? {
            let recorded = try Row.fetchOne(db, sql: "SELECT value FROM store_info WHERE key = 'schedule_fingerprint'")?["value"] as String?
            let recordedName = try Row.fetchOne(db, sql: "SELECT value FROM store_info WHERE key = 'schedule_name'")?["value"] as String?
            let cargoCount = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM cargo") ?? 0
            if let recorded, recorded != fingerprint, cargoCount > 0 {
                return "the schedule (\(name)) differs from the one the \(cargoCount) cargo in \(path) were planned against (\(recordedName ?? "unknown")); "
                    + "itineraries the schedule no longer sails show up in `reroute`"
            }
            guard !isReadOnly else { return nil }
            for (key, value) in [("schedule_fingerprint", fingerprint), ("schedule_name", name)] {
                try db.execute(sql: "INSERT OR REPLACE INTO store_info (key, value) VALUES (?, ?)", arguments: [key, value])
            }
            return nil
        }
        do {
            return isReadOnly ? try read(note) : try write(note)
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// The week a weekly timetable was laid out from for the store's cargo, as the first command that used the
    /// store with it recorded it: `proposed` when none is recorded yet (recorded now, unless the store is read-only).
    ///
    /// Cargo planned on a timetable laid out from one week must find the same dates later, whatever week it is then.
    ///
    /// - Parameter proposed: The week to record, such as `2026-01-05`.
    public func timetableWeek(proposing proposed: String) throws(StoreError) -> String {
        func week(_ db: Database) throws -> String {
            if let recorded = try String.fetchOne(db, sql: "SELECT value FROM store_info WHERE key = 'timetable_week'") { return recorded }
            if !isReadOnly { try db.execute(sql: "INSERT INTO store_info (key, value) VALUES ('timetable_week', ?)", arguments: [proposed]) }
            return proposed
        }
        do {
            return isReadOnly ? try read(week) : try write(week)
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// The checks SQLite makes of the file: `["ok"]` when it is sound (`PRAGMA integrity_check`).
    public func integrityCheck() throws(StoreError) -> [String] {
        do {
            return try read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// Runs `body` in one read transaction, one round trip.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        roundTrips.count(.read)
        return try pool.read(body)
    }

    /// Runs `body` in one read transaction, one round trip, without blocking a thread while it waits for a reader.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        roundTrips.count(.read)
        return try await pool.read(body)
    }

    /// Runs `body` in one write transaction, one round trip.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        roundTrips.count(.write)
        return try pool.write(body)
    }

    /// Runs `body` in one write transaction, one round trip, without blocking a thread while it waits for the writer.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        roundTrips.count(.write)
        return try await pool.write(body)
    }

    /// The store's migrations as GRDB applies them: ``StoreMigration/all``, in SQLite's SQL.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in StoreMigration.all {
            migrator.registerMigration(migration.identifier) { db in
                for statement in migration.sqlite { try db.execute(sql: statement) }
            }
        }
        return migrator
    }
}

/// Why the store could not be read or written.
public enum StoreError: StoreFailure, Hashable, Sendable, CustomStringConvertible {
    /// Another process held the store longer than ``CargoStore/busyTimeout`` (``PostgresStore/busyTimeout``).
    case busy(path: String)
    /// Another process changed the cargo since it was read; nothing was written.
    case conflict(trackingId: TrackingId)
    /// The booking is booked already, as the cargo with this tracking id (another process booked it since
    /// this one looked); nothing was written.
    case bookedTwice(bookingReference: String, trackingId: TrackingId)
    /// The store cannot be opened, or SQLite or PostgreSQL failed.
    case database(path: String, message: String)
    /// The address of a PostgreSQL store cannot be used, for these reasons.
    case address(String, problems: [String])
    /// No store is at the path, and the operation does not create one.
    case missing(path: String)
    /// The path is a directory.
    case directory(path: String)
    /// The file is empty, and the operation does not make it a store.
    case empty(path: String)
    /// The store was written by a newer version of route-planner: its schema `version` (or migrations this one
    /// does not know) against the `supportedVersion` this one writes. Nothing was read or written.
    case newerVersion(path: String, version: Int, supportedVersion: Int, unknownMigrations: [String])
    /// The file cannot be written, and the operation writes.
    case readOnly(path: String)
    /// The file cannot be written, and it was written by an older version whose schema must be brought up to
    /// date (a write) before this one reads it.
    case outdatedReadOnly(path: String, version: Int, supportedVersion: Int)
    /// The disk (or the file's size limit) is full: SQLite's `SQLITE_FULL`. Nothing of the write was kept.
    case diskFull(path: String)
    /// The SQLite file or PostgreSQL database holds other tables and is not a store: a store is made only where there
    /// is nothing else. Nothing was written.
    case notAStore(path: String)

    /// Whether another process changed the data first: a conflict, or a booking booked meanwhile.
    public var isConflict: Bool {
        switch self {
        case .conflict, .bookedTwice: true
        default: false
        }
    }

    /// The store error of opening a store: SQLite says "disk I/O error" where it could not create or grow the file
    /// or its write-ahead log on a full disk, which is said as the full disk it is when the file system has less than
    /// a megabyte free.
    init(opening error: any Error, path: String, freeBytes: Int64?) {
        if let error = error as? DatabaseError, error.resultCode == .SQLITE_IOERR, let freeBytes, freeBytes < 1_048_576 {
            self = .diskFull(path: path)
        } else {
            self.init(error, path: path)
        }
    }

    init(_ error: any Error, path: String) {
        if let error = error as? StoreError { self = error; return }
        if let error = error as? DatabaseError, error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
            self = .busy(path: path)
        } else if let error = error as? DatabaseError, error.resultCode == .SQLITE_READONLY {
            self = .readOnly(path: path)
        } else if let error = error as? DatabaseError, error.resultCode == .SQLITE_FULL {
            self = .diskFull(path: path)
        } else if let error = error as? DatabaseError {
            self = .database(path: path, message: error.message ?? error.description)
        } else {
            self = .database(path: path, message: String(describing: error))
        }
    }

    public var description: String {
        switch self {
        case .busy(let path): "\(path) is busy: another route-planner kept writing for \(Int(CargoStore.busyTimeout)) s; try again"
        case .conflict(let trackingId): "cargo \(trackingId) was changed by another process while this one worked on it; nothing was written, try again"
        case .bookedTwice(let reference, let trackingId):
            "booking \(reference) was booked as cargo \(trackingId) by another process meanwhile; nothing was written"
        case .database(let path, let message): "\(path): \(message)"
        case .address(let address, let problems): "\(address): " + problems.joined(separator: "; ")
        case .missing(let path): "\(path): no store there; registering a customer or booking cargo creates one"
        case .directory(let path): "\(path) is a directory; name the store's file"
        case .empty(let path): "\(path) is an empty file, not a store; registering a customer or booking cargo makes it one"
        case .newerVersion(let path, let version, let supported, let unknown):
            "\(path) was written by a newer route-planner (store version \(version)"
                + (unknown.isEmpty ? "" : ", with the migration\(unknown.count == 1 ? "" : "s") " + unknown.map { "\"\($0)\"" }.joined(separator: ", "))
                + "), and this one knows store versions up to \(supported); it was left as it is: use the route-planner that wrote it"
        case .readOnly(let path): "\(path) is read-only: reading works, writing does not; make the file writable, or name another store"
        case .outdatedReadOnly(let path, let version, let supported):
            "\(path) is read-only, and it was written by an older route-planner (store version \(version)): this one reads it once it is "
                + "brought up to store version \(supported), which writes to it; make the file writable once"
        case .diskFull(let path): "\(path): the disk is full (SQLITE_FULL); nothing of this change was written: free some space and try again"
        case .notAStore(let path): "\(path) holds other tables and is not a store; it was left as it is: name a new file, or an empty database"
        }
    }
}
