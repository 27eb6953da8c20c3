import Foundation
import GRDB
import Logging
import PostgresNIO
import RoutePlanner
import RoutePlannerApplication
@testable import RoutePlannerStore
import RoutePlannerTestSupport
import Synchronization
import Testing

/// A PostgreSQL server for the tests: `ROUTE_PLANNER_TEST_POSTGRES` names a database on it whose role may create
/// databases (`postgres://USER@HOST/DATABASE`, the password in `PGPASSWORD`); each test gets a new database, dropped
/// after it. `.ci/run` starts a server and sets both; without them, these tests do not run.
enum TestPostgres {
    static let environment = ProcessInfo.processInfo.environment
    static let address = environment["ROUTE_PLANNER_TEST_POSTGRES"].flatMap { try? PostgresAddress($0) }
    static var isAvailable: Bool { address != nil }

    /// Runs `body` with the address of a new, empty database.
    static func withDatabase(_ body: (PostgresAddress) async throws -> Void) async throws {
        let server = try #require(address)
        let name = "rp_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try await administer(server, "CREATE DATABASE \(name)")
        do {
            try await body(try PostgresAddress(server.description.replacingOccurrences(of: "/\(server.database)", with: "/\(name)")))
        } catch {
            try? await drop(name, on: server)
            throw error
        }
        try await drop(name, on: server)
    }

    /// Drops a test's database, trying again for a while: an autovacuum worker may be at work in it, which the tests'
    /// role may not stop (`must be a member of the role whose process is being terminated`).
    static func drop(_ name: String, on server: PostgresAddress) async throws {
        for attempt in 1... {
            do {
                return try await administer(server, "DROP DATABASE \(name) WITH (FORCE)")
            } catch  where attempt < 20 {
                try await Task.sleep(for: .milliseconds(250))
            }
        }
    }

    /// Opens a store in a database.
    static func store(_ address: PostgresAddress, creating: Bool = true) async throws -> PostgresStore {
        try await PostgresStore(address, password: environment["PGPASSWORD"], creating: creating)
    }

    /// Runs one statement on the server's own database, outside any store.
    static func administer(_ address: PostgresAddress, _ sql: String) async throws {
        let configuration = PostgresConnection.Configuration(
            host: address.host, port: address.port, username: address.user, password: environment["PGPASSWORD"], database: address.database,
            tls: .disable)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: Logger(label: "tests"))
        defer { Task { try? await connection.close() } }
        try await connection.query(PostgresQuery(unsafeSQL: sql), logger: Logger(label: "tests"))
    }
}

@Suite(.enabled(if: TestPostgres.isAvailable, "ROUTE_PLANNER_TEST_POSTGRES names no PostgreSQL server"))
struct PostgresRepositoryContractTests {
    @Test func cargo() async throws {
        try await TestPostgres.withDatabase { address in
            let store = try await TestPostgres.store(address)
            try await checkCargoRepositoryContract(store.cargoRepository(voyages: Sample.schedule), customers: store.customerRepository)
        }
    }

    @Test func doorToDoorLegs() async throws {
        try await TestPostgres.withDatabase { address in
            let store = try await TestPostgres.store(address)
            try await checkDoorToDoorLegs(
                store.cargoRepository(voyages: DoorToDoorSchedules.network), customers: store.customerRepository,
                without: store.cargoRepository(voyages: DoorToDoorSchedules.without))
        }
    }

    @Test func customers() async throws {
        try await TestPostgres.withDatabase { address in
            try await checkCustomerRepositoryContract(try await TestPostgres.store(address).customerRepository)
        }
    }

    @Test func accounts() async throws {
        try await TestPostgres.withDatabase { address in
            let store = try await TestPostgres.store(address)
            try await checkAccountRepositoryContract(store.accountRepository, customers: store.customerRepository)
        }
    }

    @Test func theMigrationsAreTheSQLiteFilesInTheSameOrder() async throws {
        #expect(PostgresStore.migrations.map(\.identifier) == CargoStore.migrator.migrations)
        #expect(PostgresStore.version == CargoStore.version)
        try await TestPostgres.withDatabase { address in
            let store = try await TestPostgres.store(address)
            #expect(try await store.appliedMigrations() == CargoStore.migrator.migrations)
            // Opened again, and by two processes at once, nothing is applied twice.
            async let one = TestPostgres.store(address)
            async let two = TestPostgres.store(address)
            _ = try await (one, two)
            #expect(try await store.appliedMigrations() == CargoStore.migrator.migrations)
        }
    }

    /// The one list of migrations (`StoreMigration.all`) makes one schema in both stores: the same tables, each with the
    /// same columns, of the same kinds of value, nullable alike, the same primary keys, foreign keys and indexes
    /// (PostgreSQL folds the names to lower case).
    @Test func theMigrationsMakeTheSQLiteFilesSchema() async throws {
        /// A column as both schemas are compared: its kind of value, whether it may be null, and its place in the primary key.
        struct Column: Hashable, CustomStringConvertible {
            let kind: String
            let nullable: Bool
            let inPrimaryKey: Bool
            var description: String { "\(kind)\(nullable ? "?" : "")\(inPrimaryKey ? " (key)" : "")" }
        }
        @Sendable func kind(_ type: String) -> String {
            switch type.lowercased() {
            case "text": "text"
            case "integer", "bigint": "integer"
            case "double", "double precision": "real"
            case "datetime", "timestamp with time zone": "time"
            case "boolean": "boolean"
            default: type
            }
        }
        var sqlite: [String: [String: Column]] = [:], sqliteKeysAndIndexes: Set<String> = []
        try await SQLiteRepositoryContractTests.withStore { path in
            let store = try CargoStore(path: path, creating: true)
            sqliteKeysAndIndexes = try store.read { db in
                var found: Set<String> = []
                for table in try String.fetchAll(
                    db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'grdb_migrations'")
                {
                    for row in try Row.fetchAll(
                        db, sql: "SELECT \"table\" AS target, \"from\", \"to\", on_delete FROM pragma_foreign_key_list(?)", arguments: [table])
                    {
                        let target: String = row["target"], from: String = row["from"], to: String = row["to"], rule: String = row["on_delete"]
                        found.insert("\(table).\(from) → \(target).\(to) on delete \(rule)".lowercased())
                    }
                    let indexes = try Row.fetchAll(
                        db,
                        sql:
                            "SELECT il.\"unique\" AS isUnique, (SELECT group_concat(name) FROM pragma_index_info(il.name)) AS columns FROM pragma_index_list(?) il WHERE origin <> 'pk'",
                        arguments: [table])
                    for row in indexes {
                        let unique: Bool = row["isUnique"], columns: String = row["columns"]
                        found.insert("\(unique ? "unique " : "")index \(table) (\(columns))".lowercased())
                    }
                }
                return found
            }
            sqlite = try store.read { db in
                var tables: [String: [String: Column]] = [:]
                for table in try String.fetchAll(
                    db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'grdb_migrations'")
                {
                    for row in try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))") {
                        let name: String = row["name"], type: String = row["type"], notNull: Bool = row["notnull"], key: Int = row["pk"]
                        // SQLite lets a primary key of one text column be null; PostgreSQL does not, and neither store writes one.
                        tables[table.lowercased(), default: [:]][name.lowercased()] = Column(
                            kind: kind(type), nullable: !notNull && key == 0, inPrimaryKey: key > 0)
                    }
                }
                return tables
            }
        }
        try await TestPostgres.withDatabase { address in
            let store = try await TestPostgres.store(address)
            let postgres = try await store.read { connection in
                var keys: Set<[String]> = []
                let keyRows = try await connection.query(
                    """
                    SELECT k.table_name, k.column_name FROM information_schema.table_constraints c JOIN information_schema.key_column_usage k
                    ON c.constraint_name = k.constraint_name AND c.table_schema = k.table_schema
                    WHERE c.constraint_type = 'PRIMARY KEY' AND c.table_schema = 'public'
                    """, logger: Logger(label: "tests"))
                for try await (table, column) in keyRows.decode((String, String).self) { keys.insert([table, column]) }
                var tables: [String: [String: Column]] = [:]
                let columns = try await connection.query(
                    "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> 'schema_migration'",
                    logger: Logger(label: "tests"))
                for try await (table, column, type, nullable) in columns.decode((String, String, String, String).self) {
                    tables[table, default: [:]][column] = Column(kind: kind(type), nullable: nullable == "YES", inPrimaryKey: keys.contains([table, column]))
                }
                return tables
            }
            let keysAndIndexes = try await store.read { connection in
                var found: Set<String> = []
                let foreignKeys = try await connection.query(
                    """
                    SELECT k.table_name, k.column_name, u.table_name, u.column_name, r.delete_rule FROM information_schema.table_constraints c
                    JOIN information_schema.key_column_usage k ON k.constraint_name = c.constraint_name
                    JOIN information_schema.constraint_column_usage u ON u.constraint_name = c.constraint_name
                    JOIN information_schema.referential_constraints r ON r.constraint_name = c.constraint_name
                    WHERE c.constraint_type = 'FOREIGN KEY' AND c.table_schema = 'public'
                    """, logger: Logger(label: "tests"))
                for try await (table, column, target, targetColumn, rule) in foreignKeys.decode((String, String, String, String, String).self) {
                    found.insert("\(table).\(column) → \(target).\(targetColumn) on delete \(rule)".lowercased())
                }
                let indexes = try await connection.query(
                    """
                    SELECT t.relname, x.indisunique, string_agg(a.attname, ',' ORDER BY array_position(x.indkey::int2[], a.attnum))
                    FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
                    JOIN pg_namespace n ON n.oid = t.relnamespace JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = ANY(x.indkey)
                    WHERE n.nspname = 'public' AND t.relname <> 'schema_migration' AND NOT x.indisprimary GROUP BY t.relname, i.relname, x.indisunique
                    """, logger: Logger(label: "tests"))
                for try await (table, unique, columns) in indexes.decode((String, Bool, String).self) {
                    found.insert("\(unique ? "unique " : "")index \(table) (\(columns))".lowercased())
                }
                return found
            }
            #expect(
                keysAndIndexes == sqliteKeysAndIndexes,
                "only in PostgreSQL: \(keysAndIndexes.subtracting(sqliteKeysAndIndexes).sorted()); only in SQLite: \(sqliteKeysAndIndexes.subtracting(keysAndIndexes).sorted())"
            )
            #expect(sqliteKeysAndIndexes.count > 10)
            #expect(Set(postgres.keys) == Set(sqlite.keys))
            for (table, columns) in sqlite.sorted(by: { $0.key < $1.key }) {
                #expect(
                    postgres[table] == columns,
                    "\(table): SQLite \(columns.sorted { $0.key < $1.key }), PostgreSQL \((postgres[table] ?? [:]).sorted { $0.key < $1.key })")
            }
        }
    }

    @Test func aDatabaseWithoutTheStoresTablesIsMissingUnlessCreating() async throws {
        try await TestPostgres.withDatabase { address in
            await #expect(throws: StoreError.missing(path: address.description)) { try await TestPostgres.store(address, creating: false) }
            _ = try await TestPostgres.store(address)
            _ = try await TestPostgres.store(address, creating: false)
        }
    }

    @Test func aDatabaseOfOtherTablesIsNotMadeAStore() async throws {
        try await TestPostgres.withDatabase { address in
            try await TestPostgres.administer(address, "CREATE TABLE invoices (id INTEGER PRIMARY KEY)")
            for creating in [false, true] {
                await #expect(throws: StoreError.notAStore(path: address.description)) { try await TestPostgres.store(address, creating: creating) }
            }
        }
    }

    @Test func aDatabaseOfANewerVersionIsLeftAsItIs() async throws {
        try await TestPostgres.withDatabase { address in
            _ = try await TestPostgres.store(address)
            try await TestPostgres.administer(address, "INSERT INTO schema_migration (position, identifier) VALUES (99, 'v99: tomorrow')")
            await #expect(
                throws: StoreError.newerVersion(
                    path: address.description, version: CargoStore.version + 1, supportedVersion: CargoStore.version, unknownMigrations: ["v99: tomorrow"]
                )
            ) { try await TestPostgres.store(address) }
        }
    }

    @Test func reopeningTheDatabaseGivesTheSameData() async throws {
        try await TestPostgres.withDatabase { address in
            let store = try await TestPostgres.store(address)
            let repository = store.cargoRepository(voyages: Sample.schedule)
            try await checkCargoRepositoryContract(repository, customers: store.customerRepository)
            let before = (
                try await repository.allCargo(), try await repository.offer(for: "AAA001"), try await store.customerRepository.allCustomers(),
                try await repository.nextTrackingId()
            )
            let reopened = try await TestPostgres.store(address).cargoRepository(voyages: Sample.schedule)
            #expect(try await reopened.allCargo() == before.0)
            #expect(try await reopened.offer(for: "AAA001") == before.1)
            #expect(try await TestPostgres.store(address).customerRepository.allCustomers() == before.2)
            #expect(try await reopened.nextTrackingId() > before.3)
            #expect(try await store.timetableWeek(proposing: "2026-01-05") == "2026-01-05")
            #expect(try await store.timetableWeek(proposing: "2026-02-02") == "2026-01-05")
            #expect(try await store.noteSchedule(fingerprint: "a", name: "a.csv") == nil)
            #expect(try await store.noteSchedule(fingerprint: "b", name: "b.csv")?.contains("planned against (a.csv)") == true)
        }
    }

    @Test func aCargoChangedByAnotherProcessSinceItWasReadIsAConflict() async throws {
        try await TestPostgres.withDatabase { address in
            try await checkChangesOfProcessesConflict { try await TestPostgres.store(address).cargoRepository(voyages: Sample.schedule) }
        }
    }

    @Test func manyProcessesChangingOneCargoAtOnceLoseNothing() async throws {
        try await TestPostgres.withDatabase { address in
            let stores = [try await TestPostgres.store(address), try await TestPostgres.store(address)]
            try await stores[0].cargoRepository(voyages: Sample.schedule).save(try Sample.cargo())
            // Sixteen writers, each with its own repository over one of two stores, each adds a customs event at its
            // own hour: each one either lands whole or is refused as a conflict.
            let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
                for writer in 0..<16 {
                    group.addTask {
                        let repository = stores[writer % 2].cargoRepository(voyages: Sample.schedule)
                        var cargo = try #require(try await repository.cargo("ABC123"))
                        try cargo.register(Sample.event(.customs, "HKHKG", nil, SampleVoyages.day(3, 1, hour: writer)))
                        do {
                            try await repository.save(cargo)
                            return true
                        } catch StoreError.conflict {
                            return false
                        } catch StoreError.busy {
                            // Another writer held the row past the lock timeout (a test process whose threads are all
                            // busy can stall one): refused, and nothing of it written, which the count below checks.
                            return false
                        }
                    }
                }
                return try await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            let saved = outcomes.filter { $0 }.count
            #expect(saved >= 1)
            let events = try #require(try await stores[1].cargoRepository(voyages: Sample.schedule).cargo("ABC123")).handlingEvents
            #expect(events.count == saved, "\(saved) writers saved, \(events.count) events kept")
            // Tracking ids handed out at once by both stores are all different.
            let ids = try await withThrowingTaskGroup(of: [TrackingId].self) { group in
                for writer in 0..<8 { group.addTask { try await stores[writer % 2].cargoRepository(voyages: Sample.schedule).nextTrackingIds(5) } }
                return try await group.reduce(into: [TrackingId]()) { $0 += $1 }
            }
            #expect(Set(ids).count == 40)
        }
    }

    @Test func twoRequestsOfOneServerChangingOneCargoGiveOneConflict() async throws {
        try await TestPostgres.withDatabase { address in
            let store = try await TestPostgres.store(address)
            try await checkRequestsChangingOneCargo(store.cargoRepository(voyages: Sample.schedule), customers: store.customerRepository)
        }
    }

    @Test func failedLoginsThroughTwoProcessesAreCountedTogether() async throws {
        try await TestPostgres.withDatabase { address in
            try await checkLoginFailuresAreShared(
                try await TestPostgres.store(address).accountRepository, try await TestPostgres.store(address).accountRepository)
        }
    }

    @Test func oneBookingReferenceBookedByManyProcessesAtOnceIsBookedOnce() async throws {
        try await TestPostgres.withDatabase { address in
            let stores = [try await TestPostgres.store(address), try await TestPostgres.store(address)]
            try await stores[0].customerRepository.save(Customer(id: "ACME", name: "Acme Shipping")!)
            // With a customer and without one (a file's bookings may have none): eight writers, one booking each.
            for customer in [CustomerId?.some("ACME"), nil] {
                let saved = try await withThrowingTaskGroup(of: Bool.self) { group in
                    for writer in 0..<8 {
                        group.addTask {
                            let cargo = try Cargo(
                                trackingId: TrackingId.sequenced(writer + (customer == nil ? 100 : 0)), teu: 1, specification: Sample.specification,
                                customerId: customer, bookingReference: "BK-1")
                            do {
                                try await stores[writer % 2].cargoRepository(voyages: Sample.schedule).save(cargo)
                                return true
                            } catch StoreError.bookedTwice(let reference, _) where reference == "BK-1" {
                                return false
                            } catch StoreError.busy {
                                return false  // refused while another writer held the reference: nothing written
                            }
                        }
                    }
                    return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
                }
                #expect(saved == 1, "\(customer?.rawValue ?? "no customer"): \(saved) saved")
            }
        }
    }

    @Test func aReaderOfTheWriteMarksMissesNoCargoThatManyProcessesBookAtOnce() async throws {
        try await TestPostgres.withDatabase { address in
            let stores = [try await TestPostgres.store(address), try await TestPostgres.store(address)]
            // Eight writers over two stores book 15 cargo each, while a reader reads only what was written after the
            // mark its last read returned, as `CargoIndex` does: writes commit out of their marks' order.
            let writers = Task {
                try await withThrowingTaskGroup(of: [TrackingId].self) { group in
                    for writer in 0..<8 {
                        group.addTask {
                            let repository = stores[writer % 2].cargoRepository(voyages: Sample.schedule)
                            var booked: [TrackingId] = []
                            for _ in 0..<15 {
                                booked.append(
                                    try await repository.saveNew { try Cargo(trackingId: $0, teu: 1, specification: Sample.specification) }.trackingId)
                            }
                            return booked
                        }
                    }
                    return try await group.reduce(into: Set<TrackingId>()) { $0.formUnion($1) }
                }
            }
            let reader = stores[1].cargoRepository(voyages: Sample.schedule)
            var seen: Set<TrackingId> = [], mark = 0, reads = 0
            let deadline = ContinuousClock.now + .seconds(60)
            func read() async throws {
                let written = try await reader.cargoWritten(after: mark)
                seen.formUnion(written.cargo.map(\.cargo.trackingId))
                mark = written.mark
                reads += 1
            }
            while seen.count < 120 && ContinuousClock.now < deadline {
                try await read()
                await Task.yield()
            }
            let booked = try await writers.value
            try await read()
            #expect(booked.count == 120)
            #expect(seen == booked, "\(booked.subtracting(seen).count) booked cargo missed by the reader in \(reads) reads")
        }
    }

    @Test func aReaderMissesNoWriteWhoseTransactionBeganBeforeALaterOneCommitted() async throws {
        try await TestPostgres.withDatabase { address in
            let store = try await TestPostgres.store(address)
            let repository = store.cargoRepository(voyages: Sample.schedule)
            let early = try await repository.saveNew { try Cargo(trackingId: $0, teu: 1, specification: Sample.specification) }.trackingId
            let start = try await repository.cargoWritten(after: 0)
            // A transaction takes its id and waits, while a later one books a cargo and commits and a reader reads;
            // then it writes the first cargo and commits, marked below the booking's mark.
            let (began, beginning) = AsyncStream<Void>.makeStream()
            let (resumed, resume) = AsyncStream<Void>.makeStream()
            let slow = Task {
                try await store.write { connection in
                    for try await _ in try await connection.run("SELECT pg_current_xact_id()::text") {}
                    beginning.yield()
                    for await _ in resumed { break }
                    try await connection.run(
                        "UPDATE cargo SET teu = 2, writeMark = \(unescaped: PostgresCargoRepository.markWritten) WHERE trackingId = \(early.rawValue)")
                }
            }
            for await _ in began { break }
            let later = try await repository.saveNew { try Cargo(trackingId: $0, teu: 1, specification: Sample.specification) }.trackingId
            let read = try await repository.cargoWritten(after: start.mark)
            #expect(read.cargo.contains { $0.cargo.trackingId == later })
            resume.yield()
            try await slow.value
            let next = try await repository.cargoWritten(after: read.mark)
            #expect(next.cargo.contains { $0.cargo.trackingId == early && $0.cargo.teu == 2 }, "the slow write missed after mark \(read.mark)")
        }
    }

    @Test func aCargoReadWhileItIsWrittenIsReadAsOneWriteLeftIt() async throws {
        try await TestPostgres.withDatabase { address in
            let writing = try await TestPostgres.store(address), reading = try await TestPostgres.store(address)
            let writer = writing.cargoRepository(voyages: Sample.schedule), reader = reading.cargoRepository(voyages: Sample.schedule)
            var cargo = try Sample.cargo(routed: false)
            try await writer.save(cargo)
            // Each write adds an event and moves the deadline an hour on (the cargo's row and its events' rows): a
            // read of the row before a write and the events after it would show one more event than hours.
            let deadline = Sample.specification.arrivalDeadline, done = Mutex(false), enough = Mutex(false)
            let writes = Task {
                defer { done.withLock { $0 = true } }
                for hour in 1...500 {
                    guard !enough.withLock({ $0 }) else { break }
                    try cargo.register(Sample.event(.customs, "HKHKG", nil, SampleVoyages.day(3, 1).addingTimeInterval(Double(hour) * 60)))
                    cargo.specifyNewRoute(
                        try RouteSpecification(
                            origin: "HKHKG", destination: "SESTO", readyTime: Sample.specification.readyTime,
                            arrivalDeadline: deadline.addingTimeInterval(Double(hour) * 3600)))
                    try await writer.save(cargo)
                }
            }
            defer { writes.cancel() }
            var reads = 0
            let transactions = reading.roundTrips[.read]
            while !done.withLock({ $0 }) {
                let read = try #require(try await reader.cargo("ABC123"))
                let hours = Int(read.specification.arrivalDeadline.timeIntervalSince(deadline) / 3600)
                #expect(read.handlingEvents.count == hours, "\(read.handlingEvents.count) events read with the deadline \(hours) hours on")
                reads += 1
                // A tenth of the reads or so meet a write between their statements: a few are enough.
                if reading.roundTrips[.read] - transactions >= 5 { enough.withLock { $0 = true } }
            }
            try await writes.value
            #expect(reading.roundTrips[.read] - transactions >= 1, "no read of \(reads) met a write between its statements")
        }
    }

    @Test func aStatementIsPreparedOnceAConnectionAndRunWithEachRunsValues() async throws {
        try await TestPostgres.withDatabase { address in
            let store = try await TestPostgres.store(address)
            let sums = try await store.statement { connection in
                var sums: [Int] = []
                for value in 1...20 {
                    for try await sum in try await connection.run("SELECT \(value)::bigint + \(1000)::bigint").decode(Int.self) { sums.append(sum) }
                }
                var prepared: [String] = []
                for try await name in try await connection.query("SELECT name FROM pg_prepared_statements", logger: PostgresStore.logger)
                    .decode(String.self)
                { prepared.append(name) }
                return (sums, prepared)
            }
            #expect(sums.0 == Array(1001...1020))
            #expect(sums.1.filter { $0 == PreparedQuery.name(of: "SELECT $1::bigint + $2::bigint") }.count == 1)
            #expect(PreparedQuery.name(of: "SELECT 1") == PreparedQuery.name(of: "SELECT 1"))
            #expect(PreparedQuery.name(of: "SELECT 1") != PreparedQuery.name(of: "SELECT 2"))
        }
    }

    @Test func aConnectionWhoseStatementFailedToPrepareIsClosedAndTheStoreGoesOn() async throws {
        try await TestPostgres.withDatabase { address in
            let store = try await TestPostgres.store(address)
            // postgres-nio would answer the statement's failure again for as long as the connection lives.
            let closed = try await store.statement { connection in
                await #expect(throws: PSQLError.self) { try await connection.run("SELECT value FROM notYetMade") }
                return connection.isClosed
            }
            #expect(closed)
            try await store.write { connection in try await connection.run("CREATE TABLE notYetMade (value BIGINT)") }
            try await store.write { connection in try await connection.run("INSERT INTO notYetMade VALUES (\(7))") }
            let values = try await store.statement { connection in
                var values: [Int] = []
                for try await value in try await connection.run("SELECT value FROM notYetMade").decode(Int.self) { values.append(value) }
                return values
            }
            #expect(values == [7])
            // A constraint violated leaves the connection open.
            try await store.write { connection in try await connection.run("CREATE UNIQUE INDEX oneValue ON notYetMade (value)") }
            let stillOpen = try await store.statement { connection in
                await #expect(throws: PSQLError.self) { try await connection.run("INSERT INTO notYetMade VALUES (\(7))") }
                return !connection.isClosed
            }
            #expect(stillOpen)
        }
    }

    @Test(arguments: [41, Int.max])
    func trackingIdsGoOnFromTheCounterOfAStoreMadeBeforeTheirSequence(_ counter: Int) async throws {
        try await TestPostgres.withDatabase { address in
            // A store as version 17 left it, with its counter.
            var statements = ["CREATE TABLE schema_migration (position INTEGER PRIMARY KEY, identifier TEXT NOT NULL UNIQUE)"]
            for (position, migration) in PostgresStore.migrations.prefix(17).enumerated() {
                statements += migration.statements + ["INSERT INTO schema_migration VALUES (\(position + 1), $$\(migration.identifier)$$)"]
            }
            for statement in statements + ["INSERT INTO sequence (name, value) VALUES ('trackingId', \(counter))"] {
                try await TestPostgres.administer(address, statement)
            }
            let repository = try await TestPostgres.store(address).cargoRepository(voyages: Sample.schedule)
            guard counter < Int.max else {
                // Every number handed out: none is handed out again.
                await #expect(throws: StoreError.self) { try await repository.nextTrackingIds(1) }
                return
            }
            #expect(try await repository.nextTrackingIds(2) == [.sequenced(counter + 1), .sequenced(counter + 2)])
            #expect(try await repository.nextTrackingIds(1) == [.sequenced(counter + 3)])
        }
    }

    @Test func aServerThatRefusesTheRoleSaysSo() async throws {
        let server = try #require(TestPostgres.address)
        await #expect {
            try await PostgresStore(server, password: "not the password", creating: false)
        } throws: { error in
            guard case StoreError.database(let path, let message) = error else { return false }
            return path == server.description && message.contains("password authentication failed")
        }
    }
}

/// Addresses of PostgreSQL stores, which need no server.
@Suite struct PostgresAddressTests {
    @Test func anAddressNamesTheUserHostPortDatabaseAndTLS() throws {
        let address = try PostgresAddress("postgres://planner@db.example.com:6543/cargo?sslmode=require")
        #expect(address.user == "planner" && address.host == "db.example.com" && address.port == 6543 && address.database == "cargo")
        #expect(address.tls == .require)
        #expect(address.description == "postgres://planner@db.example.com:6543/cargo?sslmode=require")
        let plain = try PostgresAddress("postgresql://planner@127.0.0.1/cargo")
        #expect(plain.port == 5432 && plain.tls == .prefer && plain.description == "postgres://planner@127.0.0.1/cargo")
        #expect(PostgresAddress.names("POSTGRES://x@y/z") && PostgresAddress.names("postgresql://x@y/z") && !PostgresAddress.names("store.sqlite"))
    }

    @Test func everyProblemOfAnAddressIsNamedAndNoPasswordIsRepeated() throws {
        #expect(
            throws: StoreError.address(
                "postgres://db.example.com/",
                problems: [
                    "it names no user (postgres://USER@HOST/DATABASE)", "it names no database (postgres://USER@HOST/DATABASE)",
                ])
        ) { try PostgresAddress("postgres://db.example.com/") }
        #expect(
            throws: StoreError.address(
                "postgres://planner@db/cargo?sslmode=sometimes&x=1",
                problems: [
                    "sslmode 'sometimes' is none of disable, prefer, require, verify-full", "it has a parameter 'x', which is not sslmode",
                ])
        ) { try PostgresAddress("postgres://planner@db/cargo?sslmode=sometimes&x=1") }
        // A password is never repeated: in the user's place, in a query, or in an address too broken to read.
        for address in ["postgres://planner:s3cret@db/cargo", "postgres://planner@db/cargo?password=s3cret", "postgres://planner:s3/c ret@db/cargo"] {
            #expect {
                try PostgresAddress(address)
            } throws: { error in
                "\(error)".hasPrefix("postgres://planner") && !"\(error)".contains("s3") && !"\(error)".contains("ret@")
            }
        }
        #expect(PostgresAddress.redacted("postgres://planner:s3/c ret@db/cargo?sslmode=disable") == "postgres://planner:…@db/cargo?sslmode=disable")
        // The user and the database are read once, percent-decoded.
        #expect(try PostgresAddress("postgres://pl%25anner@db/car%20go").user == "pl%anner")
        #expect(try PostgresAddress("postgres://pl%25anner@db/car%20go").database == "car go")
        for (address, problem) in [
            ("postgres://planner@db:99999/cargo", "its port '99999' is not a number from 1 to 65535"),
            ("postgres://planner@db:99999999999999999999/cargo", "its port '99999999999999999999' is not a number from 1 to 65535"),
            ("postgres://planner@db:/cargo", "its port '' is not a number from 1 to 65535"),
            ("postgres://planner@db/cargo?sslmode=disable&sslmode=require", "it gives sslmode more than once"),
            ("postgres://plan%00ner@db/cargo", "its user holds a control character"),
        ] {
            #expect(throws: StoreError.address(address, problems: [problem])) { try PostgresAddress(address) }
        }
        #expect(try PostgresAddress("postgres://planner@[::1]:6543/cargo").port == 6543)
    }
}
