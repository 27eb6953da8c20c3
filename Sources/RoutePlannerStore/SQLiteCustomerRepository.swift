import GRDB
import RoutePlanner
import RoutePlannerApplication

/// Customers kept in a ``CargoStore``.
public struct SQLiteCustomerRepository: CustomerRepository {
    let store: CargoStore

    public func customer(_ id: CustomerId) async throws -> Customer? {
        try read { db in try CustomerRecord.fetchOne(db, key: id.rawValue) }.flatMap { Customer(id: $0.id, name: $0.name) }
    }

    public func allCustomers() async throws -> [Customer] {
        try read { db in try CustomerRecord.order(Column("id")).fetchAll(db) }.compactMap { Customer(id: $0.id, name: $0.name) }
    }

    public func save(_ customer: Customer) async throws {
        do {
            try await store.pool.write { db in try CustomerRecord(id: customer.id.rawValue, name: customer.name).save(db) }
        } catch {
            throw StoreError(error, path: store.path)
        }
    }

    private func read<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try store.pool.read(body) } catch { throw StoreError(error, path: store.path) }
    }
}
