import PostgresNIO
import RoutePlanner
import RoutePlannerApplication

/// Customers kept in a ``PostgresStore``.
public struct PostgresCustomerRepository: CustomerRepository {
    let store: PostgresStore

    public func customer(_ id: CustomerId) async throws -> Customer? {
        try await store.statement { connection in try await Self.record(id, connection) }.flatMap { Customer(id: $0.id, name: $0.name) }
    }

    public func allCustomers() async throws -> [Customer] {
        try await store.read { connection in try await Self.records("SELECT id, name FROM customer ORDER BY id", connection) }
            .compactMap { Customer(id: $0.id, name: $0.name) }
    }

    public func save(_ customer: Customer) async throws {
        try await store.write { connection in
            // Registrations take turns, so that two processes registering one customer in two cases make one.
            try await connection.run("LOCK TABLE customer IN SHARE ROW EXCLUSIVE MODE")
            // The customer keeps the id it was first registered under, which its cargo names.
            let id = try await Self.record(customer.id, connection)?.id ?? customer.id.rawValue
            try await connection.run(
                "INSERT INTO customer (id, name) VALUES (\(id), \(customer.name)) ON CONFLICT (id) DO UPDATE SET name = excluded.name")
        }
    }

    /// The record of the customer whose id is `id` without regard to case, as the SQLite store finds it: the one
    /// with the id as given, else the first whose id folds to the same; in one statement.
    private static func record(_ id: CustomerId, _ connection: PostgresConnection) async throws -> CustomerRecord? {
        let text = id.rawValue, key = PostgresStore.asciiLowercased(text)
        // ASCII letters fold alike in SQL and in Swift; an id with other characters is compared with every id.
        let candidates = try await records(
            """
            SELECT id, name FROM customer WHERE id = \(text) OR \(unescaped: PostgresStore.asciiLowercased(column: "id")) = \(key)
            OR NOT \(text.allSatisfy(\.isASCII)) ORDER BY id = \(text) DESC, id
            """,
            connection)
        let folded = text.lowercased()
        return candidates.first { $0.id == text } ?? candidates.first { $0.id.lowercased() == folded }
    }

    private static func records(_ query: PostgresQuery, _ connection: PostgresConnection) async throws -> [CustomerRecord] {
        var records: [CustomerRecord] = []
        for try await (id, name) in try await connection.run(query).decode((String, String).self) {
            records.append(CustomerRecord(id: id, name: name))
        }
        return records
    }
}
