import Foundation
import GRDB
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerTestSupport
@testable import RoutePlannerStore
import Testing

/// The store's file as it is found: written by a newer version, read-only, empty, or on a full disk.
@Suite struct CargoStoreFileTests {
    /// A store with one customer and one cargo in a new temporary file, closed; the body gets its path, and the
    /// file and its WAL files are removed after it.
    static func withStore(_ body: (String) async throws -> Void) async throws {
        let path = Sample.temporaryFile("store.sqlite").path
        defer {
            chmod(path, 0o644)
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        do {
            let store = try CargoStore(path: path)
            try await store.customerRepository.save(Customer(id: "ACME", name: "Acme Shipping")!)
            try await store.cargoRepository(voyages: Sample.schedule).save(try Sample.cargo())
        }
        try await body(path)
    }

    /// Runs SQL on the file past the store, as another program (or a newer route-planner) would.
    static func execute(_ path: String, _ sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: sql) }
    }

    /// The file's bytes, and whether its write-ahead log holds anything.
    static func contents(_ path: String) throws -> (Data, walIsEmpty: Bool) {
        let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        return (try Data(contentsOf: URL(fileURLWithPath: path)), wal == 0)
    }

    /// Rows edited past the store, with a value of another type or a sequence at its end, are the store's errors, said
    /// in words, and not traps.
    @Test func rowsEditedByHandAreTheStoresErrorsNotTraps() async throws {
        try await Self.withStore { path in
            let store = try CargoStore(path: path)
            let call = VesselCallEvent(
                id: "edited", created: SampleVoyages.day(3, 1), kind: .arrival, classifier: .estimated, time: SampleVoyages.day(3, 2),
                call: CallReference(voyage: "V1", port: "HKHKG"))
            _ = try await store.carrierEventRepository.record(
                CarrierEventBatch(vesselCalls: [call], equipment: [], source: "test", recordedAt: SampleVoyages.day(3, 1)))
            try Self.execute(path, "UPDATE carrierEvent SET createdAt = 'not a date', sequence = 'first'")
            await #expect(throws: StoreError.database(path: path, message: "carriers' event edited cannot be read")) {
                _ = try await store.carrierEventRepository.recordedEvents(limit: 10)
            }
            try Self.execute(path, "INSERT OR REPLACE INTO sequence (name, value) VALUES ('trackingId', 9223372036854775807)")
            await #expect(throws: StoreError.database(path: path, message: "the tracking ids' sequence is at its end (9223372036854775807)")) {
                _ = try await store.cargoRepository(voyages: Sample.schedule).nextTrackingIds(1)
            }
        }
    }

    @Test func theFileRecordsItsStoreVersion() async throws {
        try await Self.withStore { path in
            let version = try await DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") }
            #expect(version == CargoStore.version && CargoStore.version == 19)
        }
    }

    @Test(arguments: [
        ("PRAGMA user_version = 20", 20, [String]()),
        ("INSERT INTO grdb_migrations (identifier) VALUES ('v20: containers')", 20, ["v20: containers"]),
    ])
    func aStoreOfANewerVersionIsRefusedAndLeftAsItIs(_ sql: String, _ version: Int, _ unknown: [String]) async throws {
        try await Self.withStore { path in
            try Self.execute(path, sql)
            let before = try Self.contents(path)
            for creating in [false, true] {
                #expect(throws: StoreError.newerVersion(path: path, version: version, supportedVersion: 19, unknownMigrations: unknown)) {
                    _ = try CargoStore(path: path, creating: creating)
                }
            }
            let after = try Self.contents(path)
            #expect(after.0 == before.0 && after.walIsEmpty)
            let message = String(describing: StoreError.newerVersion(path: path, version: version, supportedVersion: 19, unknownMigrations: unknown))
            #expect(
                message
                    == "\(path) was written by a newer route-planner (store version 20\(unknown.isEmpty ? "" : ", with the migration \"v20: containers\"")), "
                    + "and this one knows store versions up to 19; it was left as it is: use the route-planner that wrote it")
        }
    }

    @Test func aReadOnlyStoreIsReadAndNotWritten() async throws {
        try await Self.withStore { path in
            #expect(chmod(path, 0o444) == 0)
            let before = try Self.contents(path)
            let store = try CargoStore(path: path, creating: false)
            #expect(store.isReadOnly)
            #expect(try await store.customerRepository.allCustomers().map(\.id) == ["ACME"])
            let repository = store.cargoRepository(voyages: Sample.schedule)
            #expect(try await repository.allCargo().map(\.trackingId) == ["ABC123"])
            #expect(try store.integrityCheck() == ["ok"])
            // Noting the schedule compares and writes nothing.
            #expect(try store.noteSchedule(fingerprint: "f", name: "schedule.csv") == nil)
            await #expect(throws: StoreError.readOnly(path: path)) {
                try await store.customerRepository.save(Customer(id: "OTHER", name: "Other")!)
            }
            await #expect(throws: StoreError.readOnly(path: path)) { try await repository.save(try Sample.cargo("NEW")) }
            let after = try Self.contents(path)
            #expect(after.0 == before.0 && after.walIsEmpty)
            #expect(
                String(describing: StoreError.readOnly(path: path))
                    == "\(path) is read-only: reading works, writing does not; make the file writable, or name another store")
        }
    }

    @Test func aReadOnlyStoreOfAnOlderVersionSaysItMustBeBroughtUpToDate() async throws {
        let path = Sample.temporaryFile("store.sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        try CargoStore.migrator.migrate(try DatabaseQueue(path: path), upTo: "v3: cargo types")
        #expect(chmod(path, 0o444) == 0)
        #expect(throws: StoreError.outdatedReadOnly(path: path, version: 3, supportedVersion: 19)) { _ = try CargoStore(path: path, creating: false) }
        #expect(try await DatabaseQueue(path: path).read { db in try CargoStore.migrator.completedMigrations(db).count } == 3)
    }

    @Test func anEmptyFileIsNotMadeAStoreByAReader() throws {
        let path = Sample.temporaryFile("store.sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        #expect(throws: StoreError.empty(path: path)) { _ = try CargoStore(path: path, creating: false) }
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == 0)
        // What records cargo or customers makes it one.
        #expect(try CargoStore(path: path).integrityCheck() == ["ok"])
    }

    /// A full disk, made real by SQLite's own limit on the file's size: `PRAGMA max_page_count` on the store's writing
    /// connection, at the pages the file has, so that a write that needs one more page fails with `SQLITE_FULL`.
    @Test func aFullDiskIsSaidInWordsAndWritesNothing() async throws {
        try await Self.withStore { path in
            let store = try CargoStore(path: path, creating: false)
            let pages = try await store.pool.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA max_page_count = 1") }
            #expect(pages == (try await store.pool.read { db in try Int.fetchOne(db, sql: "PRAGMA page_count") }))
            let repository = store.cargoRepository(voyages: Sample.schedule)
            let many = try (0..<500).map { try Sample.cargo(TrackingId("FULL\($0)")!) }
            await #expect(throws: StoreError.diskFull(path: path)) { try await repository.save(many) }
            #expect(try await repository.allCargo().map(\.trackingId) == ["ABC123"])
            #expect(
                String(describing: StoreError.diskFull(path: path))
                    == "\(path): the disk is full (SQLITE_FULL); nothing of this change was written: free some space and try again")
            // Opening a store on a full disk: SQLite's "disk I/O error" while it creates the write-ahead log is the
            // full disk it is.
            let ioError = DatabaseError(resultCode: .SQLITE_IOERR, message: "disk I/O error")
            #expect(StoreError(opening: ioError, path: path, freeBytes: 4_096) == .diskFull(path: path))
            #expect(StoreError(opening: ioError, path: path, freeBytes: 1 << 30) == .database(path: path, message: "disk I/O error"))
            #expect(CargoStore.freeBytes(at: path).map { $0 > 0 } == true)
        }
    }
}
