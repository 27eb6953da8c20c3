import RoutePlanner

/// The customer as registered.
public struct RegisterCustomerResponse: Hashable, Sendable {
    public let customer: Customer
}

/// Registers a customer who may then book cargo; registering an id again renames the customer.
public struct RegisterCustomerInteractor: UseCase {
    private let customers: any CustomerRepository

    public init(customers: any CustomerRepository) {
        self.customers = customers
    }

    public func execute(_ request: RegisterCustomerRequest) async -> Result<RegisterCustomerResponse, DomainError> {
        do {
            try await customers.save(request.customer)
            return .success(RegisterCustomerResponse(customer: request.customer))
        } catch {
            return .failure(.repository(error))
        }
    }
}
