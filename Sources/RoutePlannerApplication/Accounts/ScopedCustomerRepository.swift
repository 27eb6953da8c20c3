import RoutePlanner

/// The customers a principal may see: a customer user its own alone. Registering or renaming one is a planner's.
struct ScopedCustomerRepository: CustomerRepository {
    let base: any CustomerRepository
    let principal: Principal

    func customer(_ id: CustomerId) async throws -> Customer? {
        principal.sees(customer: id) ? try await base.customer(id) : nil
    }

    func allCustomers() async throws -> [Customer] { try await base.allCustomers().filter { principal.sees(customer: $0.id) } }

    func save(_ customer: Customer) async throws {
        guard principal.role == .planner else { throw DomainError.account(.notPermitted(.registerCustomer)) }
        try await base.save(customer)
    }
}
