import Foundation
import GRDB
import RoutePlanner
import RoutePlannerApplication

/// The SQLite file that keeps booked cargo, its itineraries, handling events and offers, the customers and
/// the tracking-id sequence.
///
/// The file is opened in WAL mode, so readers never wait for a writer, and a writer waits up to
/// ``busyTimeout`` for another process's write to finish. Every write is one transaction: a process killed
/// at any point leaves the file as it was before the write or after it. The schema is built by named
/// migrations that are never edited once shipped, so a file written by this version opens in the next.
public final class CargoStore: Sendable {
    /// How long a write waits for another process's write before failing with ``StoreError/busy(path:)``.
    public static let busyTimeout: TimeInterval = 10

    let pool: DatabasePool
    /// The file's path.
    public let path: String

    /// Opens the store at a path, bringing its schema up to date, and creates it first when asked to.
    ///
    /// Only what records new cargo or customers should create a store: opened by anything else, a mistyped
    /// path would look like a store whose cargo was lost.
    ///
    /// - Parameter creating: Whether a missing file is created (the default) or is an error.
    /// - Throws: ``StoreError/missing(path:)`` when the file does not exist and `creating` is `false`,
    ///   ``StoreError/directory(path:)`` for a directory, or another ``StoreError`` when the file cannot be
    ///   opened or is not a store.
    public init(path: String, creating: Bool = true) throws(StoreError) {
        self.path = path
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists && isDirectory.boolValue { throw .directory(path: path) }
        if !exists && !creating { throw .missing(path: path) }
        var configuration = Configuration()
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.label = "route-planner store"
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            try Self.migrator.migrate(pool)
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// The repository of cargo in the store; itineraries are rebuilt against `voyages`.
    public func cargoRepository(voyages: any VoyageRepository) -> SQLiteCargoRepository {
        SQLiteCargoRepository(store: self, voyages: voyages)
    }

    /// The repository of customers in the store.
    public var customerRepository: SQLiteCustomerRepository { SQLiteCustomerRepository(store: self) }

    /// Records the schedule cargo is planned against, and returns a warning when booked cargo was planned
    /// against another one.
    ///
    /// - Parameters:
    ///   - fingerprint: What identifies the schedule's contents, such as a hash of its files.
    ///   - name: How a planner knows the schedule, such as its file names.
    public func noteSchedule(fingerprint: String, name: String) throws(StoreError) -> String? {
        do {
            return try pool.write { db -> String? in
                let recorded = try Row.fetchOne(db, sql: "SELECT value FROM store_info WHERE key = 'schedule_fingerprint'")?["value"] as String?
                let recordedName = try Row.fetchOne(db, sql: "SELECT value FROM store_info WHERE key = 'schedule_name'")?["value"] as String?
                let cargoCount = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM cargo") ?? 0
                if let recorded, recorded != fingerprint, cargoCount > 0 {
                    return "the schedule (\(name)) differs from the one the \(cargoCount) cargo in \(path) were planned against (\(recordedName ?? "unknown")); "
                        + "itineraries the schedule no longer sails show up in `reroute`"
                }
                for (key, value) in [("schedule_fingerprint", fingerprint), ("schedule_name", name)] {
                    try db.execute(sql: "INSERT OR REPLACE INTO store_info (key, value) VALUES (?, ?)", arguments: [key, value])
                }
                return nil
            }
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// The checks SQLite makes of the file: `["ok"]` when it is sound (`PRAGMA integrity_check`).
    public func integrityCheck() throws(StoreError) -> [String] {
        do {
            return try pool.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        } catch {
            throw StoreError(error, path: path)
        }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: cargo, customers, itineraries, handling events, offers") { db in
            try db.create(table: "store_info") { table in
                table.primaryKey("key", .text)
                table.column("value", .text).notNull()
            }
            try db.create(table: "sequence") { table in
                table.primaryKey("name", .text)
                table.column("value", .integer).notNull()
            }
            try db.create(table: "customer") { table in
                table.primaryKey("id", .text)
                table.column("name", .text).notNull()
            }
            try db.create(table: "cargo") { table in
                table.primaryKey("trackingId", .text)
                table.column("customerId", .text).references("customer")
                table.column("teu", .integer).notNull().check { $0 > 0 }
                table.column("revenuePerTEU", .double)
                table.column("origin", .text).notNull()
                table.column("destination", .text).notNull()
                table.column("readyTime", .datetime).notNull()
                table.column("arrivalDeadline", .datetime).notNull()
                table.column("version", .integer).notNull()
            }
            try db.create(table: "itineraryLeg") { table in
                table.column("trackingId", .text).notNull().references("cargo", onDelete: .cascade)
                table.column("position", .integer).notNull()
                LegRecord.defineColumns(table)
                table.primaryKey(["trackingId", "position"])
            }
            try db.create(table: "handlingEvent") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("trackingId", .text).notNull().indexed().references("cargo", onDelete: .cascade)
                table.column("kind", .text).notNull()
                table.column("location", .text).notNull()
                table.column("voyage", .text)
                table.column("completionTime", .datetime).notNull()
                table.column("registrationTime", .datetime).notNull()
            }
            try db.create(table: "offer") { table in
                table.primaryKey("trackingId", .text).references("cargo", onDelete: .cascade)
                table.column("origin", .text).notNull()
                table.column("destination", .text).notNull()
                table.column("readyTime", .datetime).notNull()
                table.column("arrivalDeadline", .datetime).notNull()
            }
            try db.create(table: "offerLeg") { table in
                table.column("trackingId", .text).notNull().references("offer", onDelete: .cascade)
                table.column("candidate", .integer).notNull()
                table.column("position", .integer).notNull()
                LegRecord.defineColumns(table)
                table.primaryKey(["trackingId", "candidate", "position"])
            }
        }
        migrator.registerMigration("v2: booking references") { db in
            try db.alter(table: "cargo") { table in table.add(column: "bookingReference", .text) }
            // A reference is the customer's own: two customers may use the same one.
            try db.create(index: "cargo_customer_bookingReference", on: "cargo", columns: ["customerId", "bookingReference"], options: .unique)
        }
        migrator.registerMigration("v3: cargo types") { db in
            // DCSA's cargo type (DRY, REEFER) and the dangerous goods flag decide which cut-off times apply.
            for name in ["cargo", "offer"] {
                try db.alter(table: name) { table in
                    table.add(column: "cargoType", .text).notNull().defaults(to: "DRY")
                    table.add(column: "dangerousGoods", .boolean).notNull().defaults(to: false)
                }
            }
        }
        migrator.registerMigration("v4: booked ready times") { db in
            // No handling happens before the ready time the cargo was booked with, which re-routing (a new
            // specification, with its own ready time) does not change. Cargo booked before kept none apart: its
            // ready time, or its first event's time when that is earlier (it was re-routed after handling).
            try db.alter(table: "cargo") { table in table.add(column: "bookedReadyTime", .datetime) }
            try db.execute(sql: """
                UPDATE cargo SET bookedReadyTime = MIN(readyTime, COALESCE(
                    (SELECT MIN(completionTime) FROM handlingEvent WHERE handlingEvent.trackingId = cargo.trackingId), readyTime))
                """)
        }
        migrator.registerMigration("v5: maximum transit times") { db in
            // A cargo's longest transit, from loading at the origin to discharge at the destination; none before.
            for name in ["cargo", "offer"] {
                try db.alter(table: name) { table in table.add(column: "maxTransitSeconds", .integer) }
            }
        }
        migrator.registerMigration("v6: weights") { db in
            // A booking's gross weight in tonnes, when known, which assignment counts against weight capacities.
            try db.alter(table: "cargo") { table in table.add(column: "weight", .double) }
        }
        return migrator
    }
}

/// Why the store could not be read or written.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Another process held the store longer than ``CargoStore/busyTimeout``.
    case busy(path: String)
    /// Another process changed the cargo since it was read; nothing was written.
    case conflict(trackingId: TrackingId)
    /// The booking is booked already, as the cargo with this tracking id (another process booked it since
    /// this one looked); nothing was written.
    case bookedTwice(bookingReference: String, trackingId: TrackingId)
    /// The file cannot be opened as a store, or SQLite failed.
    case database(path: String, message: String)
    /// No store is at the path, and the operation does not create one.
    case missing(path: String)
    /// The path is a directory.
    case directory(path: String)

    init(_ error: any Error, path: String) {
        if let error = error as? StoreError { self = error; return }
        if let error = error as? DatabaseError, error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
            self = .busy(path: path)
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
        case .bookedTwice(let reference, let trackingId): "booking \(reference) was booked as cargo \(trackingId) by another process meanwhile; nothing was written"
        case .database(let path, let message): "\(path): \(message)"
        case .missing(let path): "\(path): no store there; registering a customer or booking cargo creates one"
        case .directory(let path): "\(path) is a directory; name the store's file"
        }
    }
}
