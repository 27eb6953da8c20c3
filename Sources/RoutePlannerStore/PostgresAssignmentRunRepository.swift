import Foundation
import PostgresNIO
import RoutePlannerApplication

/// Assignment runs kept in a ``PostgresStore``, which every server over the database shares.
public struct PostgresAssignmentRunRepository: AssignmentRunRepository {
    let store: PostgresStore

    /// The columns of a run, in the order ``runs(_:_:)`` decodes them.
    private static let columns = "id, status, progress, startedAt, aliveAt, cancellationRequested, result, summary"

    public func start(_ run: AssignmentRunRecord, at time: Date) async throws -> AssignmentRunRecord? {
        try await store.write { connection in
            // Starts take turns, so that two servers never both find no run working.
            try await connection.run("LOCK TABLE assignmentRun IN SHARE ROW EXCLUSIVE MODE")
            let running = try await Self.runs("SELECT \(unescaped: Self.columns) FROM assignmentRun WHERE status = 'running'", connection)
            if let working = running.first(where: { $0.isAlive(at: time) }) { return working }
            try await connection.run(
                """
                INSERT INTO assignmentRun (id, status, progress, startedAt, aliveAt, cancellationRequested)
                VALUES (\(run.id), \(run.status.rawValue), \(run.progress), \(run.startedAt), \(run.aliveAt), \(run.cancellationRequested))
                """)
            return nil
        }
    }

    public func report(_ id: String, progress: String?, at time: Date) async throws -> Bool {
        try await store.statement { connection in
            let rows = try await connection.run(
                """
                UPDATE assignmentRun SET progress = COALESCE(\(progress), progress), aliveAt = \(time)
                WHERE id = \(id) AND status = 'running' RETURNING cancellationRequested
                """)
            var asked = false
            for try await requested in rows.decode(Bool.self) { asked = requested }
            return asked
        }
    }

    public func finish(_ id: String, status: AssignmentRunRecord.Status, result: String, summary: String, at time: Date) async throws {
        try await store.write { connection in
            try await connection.run(
                """
                UPDATE assignmentRun SET status = \(status.rawValue), result = \(result), summary = \(summary), aliveAt = \(time)
                WHERE id = \(id) AND status = 'running'
                """)
            try await connection.run(
                """
                DELETE FROM assignmentRun WHERE status <> 'running' AND id NOT IN (
                    SELECT id FROM assignmentRun WHERE status <> 'running' ORDER BY aliveAt DESC LIMIT \(AssignmentRunRecord.keptRuns))
                """)
        }
    }

    public func confirm(_ id: String, result: String, summary: String, at time: Date) async throws -> Bool {
        try await store.statement { connection in
            let rows = try await connection.run(
                """
                UPDATE assignmentRun SET status = \(AssignmentRunRecord.Status.confirmed.rawValue), result = \(result), summary = \(summary),
                    aliveAt = \(time)
                WHERE id = \(id) AND status = \(AssignmentRunRecord.Status.finished.rawValue) RETURNING id
                """)
            var found = false
            for try await _ in rows.decode(String.self) { found = true }
            return found
        }
    }

    public func requestCancellation(_ id: String) async throws -> Bool {
        try await store.statement { connection in
            let rows = try await connection.run(
                "UPDATE assignmentRun SET cancellationRequested = TRUE WHERE id = \(id) AND status = 'running' RETURNING id")
            var found = false
            for try await _ in rows.decode(String.self) { found = true }
            return found
        }
    }

    public func run(_ id: String) async throws -> AssignmentRunRecord? {
        try await store.statement { connection in
            try await Self.runs("SELECT \(unescaped: Self.columns) FROM assignmentRun WHERE id = \(id)", connection).first
        }
    }

    public func runs() async throws -> [AssignmentRunRecord] {
        try await store.statement { connection in
            try await Self.runs(
                """
                SELECT id, status, progress, startedAt, aliveAt, cancellationRequested, NULL::text, summary FROM assignmentRun
                ORDER BY startedAt DESC, id DESC
                """, connection)
        }
    }

    private static func runs(_ query: PostgresQuery, _ connection: PostgresConnection) async throws -> [AssignmentRunRecord] {
        var runs: [AssignmentRunRecord] = []
        let rows = try await connection.run(query)
        for try await (id, status, progress, startedAt, aliveAt, requested, result, summary) in rows.decode(
            (String, String, String?, Date, Date, Bool, String?, String?).self)
        {
            // A status this version does not know is a later version's run: not one to show.
            guard let status = AssignmentRunRecord.Status(rawValue: status) else { continue }
            runs.append(
                AssignmentRunRecord(
                    id: id, status: status, progress: progress, startedAt: startedAt, aliveAt: aliveAt, cancellationRequested: requested, result: result,
                    summary: summary))
        }
        return runs
    }
}
