import GRDB
import RoutePlanner
import RoutePlannerApplication

/// Customers kept in a ``CargoStore``.
public struct SQLiteCustomerRepository: CustomerRepository {
    let store: CargoStore

    public func customer(_ id: CustomerId) async throws -> Customer? {
        try read { db in try Self.record(id, db) }.flatMap { Customer(id: $0.id, name: $0.name) }
    }

    public func allCustomers() async throws -> [Customer] {
        try read { db in try CustomerRecord.order(Column("id")).fetchAll(db) }.compactMap { Customer(id: $0.id, name: $0.name) }
    }

    public func save(_ customer: Customer) async throws {
        do {
            try await store.write { db in
                // The customer keeps the id it was first registered under, which its cargo names.
                let id = try Self.record(customer.id, db)?.id ?? customer.id.rawValue
                try CustomerRecord(id: id, name: customer.name).save(db)
            }
        } catch {
            throw StoreError(error, path: store.path)
        }
    }

    /// The record of the customer whose id is `id` without regard to case.
    private static func record(_ id: CustomerId, _ db: Database) throws -> CustomerRecord? {
        if let exact = try CustomerRecord.fetchOne(db, key: id.rawValue) { return exact }
        // SQLite's NOCASE folds ASCII letters only: an id with other characters is compared with every id.
        let candidates =
            id.rawValue.allSatisfy(\.isASCII)
            ? try CustomerRecord.fetchAll(db, sql: "SELECT * FROM customer WHERE id = ? COLLATE NOCASE ORDER BY id", arguments: [id.rawValue])
            : try CustomerRecord.order(Column("id")).fetchAll(db)
        let folded = id.rawValue.lowercased()
        return candidates.first { $0.id.lowercased() == folded }
    }

    private func read<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try store.read(body) } catch { throw StoreError(error, path: store.path) }
    }
}
