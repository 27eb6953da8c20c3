import PostgresNIO

/// A query that a connection prepares the first time it runs its text and only binds and runs after, so that
/// PostgreSQL parses and plans each of the store's statements once per connection rather than at every run.
///
/// The statement's name is a hash of its text (its values are bound, never part of it), so the same text is
/// the same statement on a connection whichever repository runs it. postgres-nio asks a prepared statement for its
/// name and text as static properties, read when the statement is run; ``PostgresConnection/run(_:)`` sets them for
/// the run in task-local values.
struct PreparedQuery: PostgresPreparedStatement {
    typealias Row = PostgresRow

    /// The name and text of the statement being run in this task.
    @TaskLocal static var statement = (name: "", sql: "")

    static var name: String { statement.name }
    static var sql: String { statement.sql }

    let query: PostgresQuery

    func makeBindings() -> PostgresBindings { query.binds }

    func decodeRow(_ row: PostgresRow) -> PostgresRow { row }

    /// The name of the statement of a text: `rp_` and its 64-bit FNV-1a hash, the same in every process.
    static func name(of sql: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in sql.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return "rp_" + String(hash, radix: 16)
    }
}

extension PostgresConnection {
    /// Runs `query` as a statement prepared on this connection (``PreparedQuery``), and returns its rows.
    ///
    /// postgres-nio keeps a preparation's failure as the statement's answer for the rest of the connection's life,
    /// and the server's error does not say whether it came from preparing or from running. A failure of the server
    /// therefore closes the connection (the pool opens another for the next operation), except those that only
    /// running a statement meets: a constraint violated (class 23), or a serialization failure (40001). A deadlock
    /// closes it too, since preparing takes locks on the statement's tables.
    @discardableResult
    func run(_ query: PostgresQuery) async throws -> AsyncThrowingMapSequence<PostgresRowSequence, PostgresRow> {
        do {
            return try await PreparedQuery.$statement.withValue((PreparedQuery.name(of: query.sql), query.sql)) {
                try await execute(PreparedQuery(query: query), logger: PostgresStore.logger)
            }
        } catch let error as PSQLError where error.code == .server {
            let state = error.serverInfo?[.sqlState] ?? ""
            if !state.hasPrefix("23") && state != "40001" { try? await close() }
            throw error
        }
    }
}
