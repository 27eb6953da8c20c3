import Foundation
import GRDB
import RoutePlannerApplication

/// Assignment runs kept in a ``CargoStore``.
public struct SQLiteAssignmentRunRepository: AssignmentRunRepository {
    let store: CargoStore

    public func start(_ run: AssignmentRunRecord, at time: Date) async throws -> AssignmentRunRecord? {
        try await write { db in
            // Writes take turns in the file, so that two processes never both find no run working.
            let running = try AssignmentRunRow.filter(Column("status") == AssignmentRunRecord.Status.running.rawValue).fetchAll(db).compactMap(\.run)
            if let working = running.first(where: { $0.isAlive(at: time) }) { return working }
            try AssignmentRunRow(run).insert(db)
            return nil
        }
    }

    public func report(_ id: String, progress: String?, at time: Date) async throws -> Bool {
        try await write { db in
            guard var row = try Self.running(id, db) else { return false }
            if let progress { row.progress = progress }
            row.aliveAt = time
            try row.update(db)
            return row.cancellationRequested
        }
    }

    public func finish(_ id: String, status: AssignmentRunRecord.Status, result: String, summary: String, at time: Date) async throws {
        try await write { db in
            guard var row = try Self.running(id, db) else { return }
            (row.status, row.result, row.summary, row.aliveAt) = (status.rawValue, result, summary, time)
            try row.update(db)
            try db.execute(
                sql: """
                    DELETE FROM assignmentRun WHERE status <> 'running' AND id NOT IN (
                        SELECT id FROM assignmentRun WHERE status <> 'running' ORDER BY aliveAt DESC LIMIT ?)
                    """, arguments: [AssignmentRunRecord.keptRuns])
        }
    }

    public func confirm(_ id: String, result: String, summary: String, at time: Date) async throws -> Bool {
        try await write { db in
            guard var row = try AssignmentRunRow.fetchOne(db, key: id), row.status == AssignmentRunRecord.Status.finished.rawValue else { return false }
            (row.status, row.result, row.summary, row.aliveAt) = (AssignmentRunRecord.Status.confirmed.rawValue, result, summary, time)
            try row.update(db)
            return true
        }
    }

    public func requestCancellation(_ id: String) async throws -> Bool {
        try await write { db in
            guard var row = try Self.running(id, db) else { return false }
            row.cancellationRequested = true
            try row.update(db)
            return true
        }
    }

    public func run(_ id: String) async throws -> AssignmentRunRecord? {
        do {
            return try await store.read { db in try AssignmentRunRow.fetchOne(db, key: id) }?.run
        } catch {
            throw StoreError(error, path: store.path)
        }
    }

    public func runs() async throws -> [AssignmentRunRecord] {
        do {
            return try await store.read { db in
                try AssignmentRunRow.fetchAll(
                    db,
                    sql: """
                        SELECT id, status, progress, startedAt, aliveAt, cancellationRequested, NULL AS result, summary FROM assignmentRun
                        ORDER BY startedAt DESC, id DESC
                        """
                ).compactMap(\.run)
            }
        } catch {
            throw StoreError(error, path: store.path)
        }
    }

    private static func running(_ id: String, _ db: Database) throws -> AssignmentRunRow? {
        try AssignmentRunRow.fetchOne(db, key: id).flatMap { $0.status == AssignmentRunRecord.Status.running.rawValue ? $0 : nil }
    }

    private func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do { return try await store.write(body) } catch { throw StoreError(error, path: store.path) }
    }
}
