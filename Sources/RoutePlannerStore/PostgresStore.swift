import Foundation
import Logging
import PostgresNIO
import RoutePlanner
import RoutePlannerApplication
import Synchronization

/// A PostgreSQL database that keeps what a ``CargoStore`` keeps, for several processes on several machines.
///
/// The schema is built by the same named migrations as the SQLite file's, in the same order, each applied once in
/// its own transaction while the others that open the store wait (an advisory lock); a database with a migration
/// this code does not know was written by a newer version and is refused. Every write is one transaction; reads of
/// more than one table see one state of each cargo (one snapshot, or, for one cargo read alone, two statements that
/// read the same version of it). A cargo is written back only if no other process changed it since it was
/// read (its row's version is checked under a row lock), else ``StoreError/conflict(trackingId:)``, and nothing is
/// written.
///
/// The database itself must exist (`createdb`), and a store is made only in an empty one
/// (``StoreError/notAStore(path:)``); its role needs the right to create tables in it the first time and after an
/// upgrade, and otherwise only to read and write rows and to take numbers from the tracking ids' sequence
/// (`trackingIdNumber`, on which a role given rights on the tables alone has none: `GRANT USAGE ON SEQUENCE`).
public final class PostgresStore: Store {
    /// The version of the schema this code writes: its number of migrations, as for ``CargoStore/version``.
    public static var version: Int { migrations.count }

    /// How long a statement waits for another transaction's locks before failing with ``StoreError/busy(path:)``,
    /// and a connection to be made; a request waits three times as long for a connection of the pool.
    public static let busyTimeout: Duration = .seconds(10)

    /// The database's address, without a password.
    public let address: PostgresAddress
    let client: PostgresClient
    private let running: Task<Void, Never>
    /// Where the driver logs: nowhere, as failures reach the caller as ``StoreError``s.
    static let logger = Logger(label: "route-planner.store", factory: { _ in SwiftLogNoOpLogHandler() })

    public var path: String { address.description }
    public let roundTrips = StoreRoundTrips()

    /// Connects to the database, checks it, and brings its schema up to date.
    ///
    /// - Parameters:
    ///   - address: The database.
    ///   - password: The role's password, if the server asks for one.
    ///   - creating: Whether a database without the store's tables is given them (the default), or is an error.
    /// - Throws: ``StoreError/missing(path:)`` for a database without the store's tables when `creating` is
    ///   `false`, ``StoreError/notAStore(path:)`` for one with other tables,
    ///   ``StoreError/newerVersion(path:version:supportedVersion:unknownMigrations:)`` for one written by a newer
    ///   version, or ``StoreError/database(path:message:)`` when the server cannot be reached or refuses.
    public init(_ address: PostgresAddress, password: String?, creating: Bool = true) async throws(StoreError) {
        self.address = address
        let path = address.description
        let tls: PostgresClient.Configuration.TLS =
            switch address.tls {
            case .disable: .disable
            case .prefer: .prefer(Self.tlsConfiguration(address.tls))
            case .require, .verifyFull: .require(Self.tlsConfiguration(address.tls))
            }
        var configuration = PostgresClient.Configuration(
            host: address.host, port: address.port, username: address.user, password: password, database: address.database, tls: tls)
        configuration.options.connectTimeout = Self.busyTimeout
        configuration.options.additionalStartupParameters = [
            ("application_name", "route-planner"), ("lock_timeout", "\(Self.busyTimeout.components.seconds)s"),
        ]
        let client = PostgresClient(configuration: configuration)
        self.client = client
        running = Task { await client.run() }
        do {
            // One connection first, outside the pool, so that a server that cannot be reached or refuses the role
            // says why at once (the pool would retry).
            try await Self.check(address, password: password)
            try await migrate(creating: creating)
        } catch {
            running.cancel()
            throw StoreError(postgres: error, path: path)
        }
    }

    deinit { running.cancel() }

    private static func check(_ address: PostgresAddress, password: String?) async throws {
        let tls: PostgresConnection.Configuration.TLS =
            switch address.tls {
            case .disable: .disable
            case .prefer: .prefer(try NIOSSLContext(configuration: tlsConfiguration(address.tls)))
            case .require, .verifyFull: .require(try NIOSSLContext(configuration: tlsConfiguration(address.tls)))
            }
        var configuration = PostgresConnection.Configuration(
            host: address.host, port: address.port, username: address.user, password: password, database: address.database, tls: tls)
        configuration.options.connectTimeout = .init(busyTimeout)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: Self.logger)
        try? await connection.close()
    }

    /// TLS as `sslmode` asks for it: the server's certificate checked for `verify-full` only, as libpq does.
    private static func tlsConfiguration(_ mode: PostgresAddress.TLSMode) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if mode != .verifyFull { configuration.certificateVerification = .none }
        return configuration
    }

    // MARK: Transactions

    /// Runs `body` in one read-only transaction that sees one snapshot of the database.
    func read<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws(StoreError) -> T {
        roundTrips.count(.read)
        return try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY", body)
    }

    /// Runs `body` outside a transaction, each of its statements committed by itself: for a single statement, which
    /// sees one snapshot by itself and is one round trip to the server rather than three, or statements that need no
    /// transaction together.
    @discardableResult
    func statement<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws(StoreError) -> T {
        roundTrips.count(.statement)
        do {
            return try await withConnection { connection in try await body(connection) }
        } catch {
            throw StoreError(postgres: error, path: path)
        }
    }

    /// Runs `body` in one transaction: it commits whole when `body` returns, and nothing of it when `body` throws.
    @discardableResult
    func write<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws(StoreError) -> T {
        roundTrips.count(.write)
        return try await transaction("BEGIN", body)
    }

    private func transaction<T: Sendable>(_ begin: String, _ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws(StoreError) -> T {
        do {
            return try await withConnection { connection in try await Self.transaction(begin, on: connection, body) }
        } catch {
            throw StoreError(postgres: error, path: path)
        }
    }

    /// Runs `body` in one transaction on a connection already taken (for ``statement(_:)``'s statements that turn out
    /// to need one): it commits whole when `body` returns, and nothing of it when `body` throws.
    static func transaction<T: Sendable>(
        _ begin: String = "BEGIN", on connection: PostgresConnection, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        do {
            try await connection.query(PostgresQuery(unsafeSQL: begin), logger: logger)
            let value = try await body(connection)
            try await connection.query("COMMIT", logger: logger)
            return value
        } catch {
            // Rolled back even when the task was cancelled (in a task of its own, which is not), so that the
            // connection goes back to the pool outside any transaction.
            await Task { _ = try? await connection.query("ROLLBACK", logger: logger) }.value
            throw error
        }
    }

    /// Runs `body` on a connection of the pool, or throws ``StoreError/database(path:message:)`` when none comes in
    /// three times ``busyTimeout``: a server gone away leaves the pool retrying, not failing. Once a connection comes, `body` runs
    /// to its end, however long it takes (the server's `lock_timeout` bounds its waits).
    private func withConnection<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        let path = path, leased = Lease()
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                try await self.client.withConnection { connection in
                    leased.mark()
                    return try await body(connection)
                }
            }
            group.addTask {
                // Cancelled, it leaves the operation to end as it will: a connection's wait ends at once, a body runs
                // to its end (its outcome, not a guess, is the answer).
                guard (try? await Task.sleep(for: Self.busyTimeout * 3)) != nil, !leased.isMarked else { return nil }
                throw StoreError.database(
                    path: path,
                    message: "no connection to the server came in \((Self.busyTimeout * 3).components.seconds) s: it may be down or overloaded; try again")
            }
            while let outcome = try await group.next() {
                if let value = outcome {
                    group.cancelAll()
                    return value
                }
            }
            throw StoreError.busy(path: path)
        }
    }

    /// Whether an operation has its connection.
    private final class Lease: Sendable {
        private let marked = Mutex(false)
        func mark() { marked.withLock { $0 = true } }
        var isMarked: Bool { marked.withLock { $0 } }
    }

    /// A text column's SQL with its ASCII letters in lower case, and no other change: the key ids are matched by
    /// in any case, as SQLite's `NOCASE` matches them.
    static func asciiLowercased(column: String) -> String {
        "translate(\(column), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')"
    }

    /// A text with its ASCII letters in lower case, to compare with ``asciiLowercased(column:)``.
    static func asciiLowercased(_ text: String) -> String {
        String(text.map { $0.isASCII ? Character($0.lowercased()) : $0 })
    }

    // MARK: The store's information

    public func noteSchedule(fingerprint: String, name: String) async throws(StoreError) -> String? {
        let path = path
        return try await write { connection in
            let recorded = try await Self.info(["schedule_fingerprint", "schedule_name"], connection)
            var cargoCount = 0
            for try await count in try await connection.run("SELECT COUNT(*) FROM cargo").decode(Int.self) { cargoCount = count }
            if let planned = recorded["schedule_fingerprint"], planned != fingerprint, cargoCount > 0 {
                return "the schedule (\(name)) differs from the one the \(cargoCount) cargo in \(path) were planned against "
                    + "(\(recorded["schedule_name"] ?? "unknown")); itineraries the schedule no longer sails show up in `reroute`"
            }
            for (key, value) in [("schedule_fingerprint", fingerprint), ("schedule_name", name)] {
                try await connection.run(
                    "INSERT INTO store_info (key, value) VALUES (\(key), \(value)) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
            }
            return nil
        }
    }

    public func timetableWeek(proposing proposed: String) async throws(StoreError) -> String {
        try await write { connection in
            try await connection.run(
                "INSERT INTO store_info (key, value) VALUES ('timetable_week', \(proposed)) ON CONFLICT (key) DO NOTHING")
            return try await Self.info(["timetable_week"], connection)["timetable_week"] ?? proposed
        }
    }

    private static func info(_ keys: [String], _ connection: PostgresConnection) async throws -> [String: String] {
        var values: [String: String] = [:]
        let rows = try await connection.run("SELECT key, value FROM store_info WHERE key = ANY(\(keys))")
        for try await (key, value) in rows.decode((String, String).self) { values[key] = value }
        return values
    }

    public func cargoRepository(voyages: any VoyageRepository) -> any CargoRepository { PostgresCargoRepository(store: self, voyages: voyages) }

    public var customerRepository: any CustomerRepository { PostgresCustomerRepository(store: self) }

    public var accountRepository: any AccountRepository { PostgresAccountRepository(store: self) }

    /// The repository of the assignment runs in the database, which every server over it shares.
    public var assignmentRunRepository: any AssignmentRunRepository { PostgresAssignmentRunRepository(store: self) }

    /// The repository of the carriers' events applied to the store's schedule, and the schedule's versions.
    public var carrierEventRepository: any CarrierEventRepository { PostgresCarrierEventRepository(store: self) }

    // MARK: Migrations

    /// The identifiers of the migrations the database has, in the order they were applied.
    func appliedMigrations() async throws(StoreError) -> [String] {
        try await read { connection in
            guard try await Self.hasMigrationTable(connection) else { return [] }
            return try await Self.applied(connection)
        }
    }

    private func migrate(creating: Bool) async throws {
        let path = path, known = Self.migrations.map(\.identifier)
        // An up-to-date store is opened without a lock or a change, by a role that may only read and write its rows.
        if try await appliedMigrations() == known { return }
        try await write { connection in
            // Processes that open the store at once take turns: the second finds the first one's migrations applied.
            for try await _ in try await connection.query("SELECT pg_advisory_xact_lock(\(Self.migrationLock))", logger: Self.logger) {}
            let exists = try await Self.hasMigrationTable(connection)
            if !exists {
                // A store is made only in an empty database, never beside another application's tables.
                for try await other in try await connection.query(
                    "SELECT EXISTS (SELECT 1 FROM pg_tables WHERE schemaname = current_schema())", logger: Self.logger
                ).decode(Bool.self) where other { throw StoreError.notAStore(path: path) }
                if !creating { throw StoreError.missing(path: path) }
            }
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS schema_migration (position INTEGER PRIMARY KEY, identifier TEXT NOT NULL UNIQUE)", logger: Self.logger)
            let applied = try await Self.applied(connection)
            let unknown = applied.filter { !known.contains($0) }
            if !unknown.isEmpty || applied.count > known.count {
                throw StoreError.newerVersion(path: path, version: applied.count, supportedVersion: known.count, unknownMigrations: unknown.sorted())
            }
            if applied.isEmpty && !creating { throw StoreError.missing(path: path) }
            for (position, migration) in Self.migrations.enumerated() where position >= applied.count {
                for statement in migration.statements { try await connection.query(PostgresQuery(unsafeSQL: statement), logger: Self.logger) }
                try await connection.query(
                    "INSERT INTO schema_migration (position, identifier) VALUES (\(position + 1), \(migration.identifier))", logger: Self.logger)
            }
        }
    }

    /// The advisory lock that migrations hold: any number, the same in every process.
    private static let migrationLock = 0x7270_5f73_746f_7265

    private static func hasMigrationTable(_ connection: PostgresConnection) async throws -> Bool {
        for try await exists in try await connection.query("SELECT to_regclass('schema_migration') IS NOT NULL", logger: Self.logger)
            .decode(Bool.self)
        { return exists }
        return false
    }

    private static func applied(_ connection: PostgresConnection) async throws -> [String] {
        var identifiers: [String] = []
        let rows = try await connection.query("SELECT identifier FROM schema_migration ORDER BY position", logger: Self.logger)
        for try await identifier in rows.decode(String.self) { identifiers.append(identifier) }
        return identifiers
    }

    /// The store's migrations (``StoreMigration/all``) in PostgreSQL's SQL, under the same identifiers in the same order as
    /// the SQLite file's.
    static let migrations: [(identifier: String, statements: [String])] = StoreMigration.all.map { ($0.identifier, $0.postgres) }
}

extension StoreError {
    /// The store error of what PostgreSQL or its driver threw.
    init(postgres error: any Error, path: String) {
        switch error {
        case let error as StoreError: self = error
        case let error as PostgresTransactionError:
            self = StoreError(postgres: error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError ?? error, path: path)
        case let error as PSQLError where error.code == .server:
            let message = error.serverInfo?[.message] ?? "the server refused"
            self =
                switch error.serverInfo?[.sqlState] {
                // Serialization failures, deadlocks, lock timeouts, cancelled statements: another transaction held on.
                case "40001", "40P01", "55P03", "57014": .busy(path: path)
                case "53100": .diskFull(path: path)
                case "25006": .readOnly(path: path)
                default: .database(path: path, message: message)
                }
        case let error as PSQLError:
            let cause = error.underlying.map { ": \($0)" } ?? ""
            self =
                switch error.code {
                case .connectionError: .database(path: path, message: error.underlying.map(Self.connectionFailure) ?? "the server cannot be reached")
                case .serverClosedConnection, .uncleanShutdown: .database(path: path, message: "the server closed the connection\(cause)")
                case .authMechanismRequiresPassword: .database(path: path, message: "the server asks for a password: give it in PGPASSWORD")
                case .sslUnsupported: .database(path: path, message: "the server does not offer TLS, which sslmode=require asks for")
                default: .database(path: path, message: "\(error.code)\(cause)")
                }
        case is CancellationError: self = .busy(path: path)
        default: self = .database(path: path, message: String(describing: error))
        }
    }

    /// Why a connection could not be made, in a planner's words where the cause is a common one.
    private static func connectionFailure(_ underlying: any Error) -> String {
        if let failure = underlying as? NIOConnectionError {
            if failure.connectionErrors.contains(where: { ($0.error as? IOError)?.errnoCode == ECONNREFUSED }) {
                return "the server refused the connection: is PostgreSQL listening on \(failure.host), port \(failure.port)?"
            }
            if failure.connectionErrors.isEmpty, failure.dnsAError != nil || failure.dnsAAAAError != nil {
                return "the host \(failure.host) is not known"
            }
        }
        if case ChannelError.connectTimeout(let timeout) = underlying {
            return "the server did not answer the connection in \(timeout.nanoseconds / 1_000_000_000) s"
        }
        if underlying is NIOSSLError {
            return String(describing: underlying).contains("CERTIFICATE_VERIFY_FAILED")
                ? "the server's certificate cannot be verified against the system's trusted roots and the host name (sslmode=verify-full)"
                : "TLS with the server failed"
        }
        return "the server cannot be reached: \(underlying)"
    }
}
