import RoutePlanner

/// The customer as registered.
public struct RegisterCustomerResponse: Hashable, Sendable {
    public let customer: Customer

    public init(customer: Customer) {
        self.customer = customer
    }
}

/// Registers a customer who may then book cargo. Registering an id again with the same name changes nothing;
/// with another name it renames the customer only when the request asks for it, so that a mistyped id
/// never renames someone else.
public struct RegisterCustomerInteractor: UseCase {
    private let customers: any CustomerRepository

    public init(customers: any CustomerRepository) {
        self.customers = customers
    }

    public func execute(_ request: RegisterCustomerRequest) async -> Result<RegisterCustomerResponse, DomainError> {
        do {
            if let registered = try await customers.customer(request.customer.id), registered.name != request.customer.name,
               !request.renames
            {
                return .failure(.customerRegistered(registered, newName: request.customer.name))
            }
            try await customers.save(request.customer)
            return .success(RegisterCustomerResponse(customer: request.customer))
        } catch {
            return .failure(.repository(error))
        }
    }
}
