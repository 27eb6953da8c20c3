import RoutePlanner

/// The raw fields of the customer list: none, since every customer is listed.
public struct ListCustomersForm: Hashable, Sendable {
    /// The form's fields: none, so it is always valid.
    public typealias Field = NoFields

    public init() {}
}

/// A request for the registered customers.
public struct ListCustomersRequest: FormRequest, Hashable {
    /// The form has no fields, so it is always valid.
    public static func create(_ form: ListCustomersForm) -> Result<ListCustomersRequest, ValidationError<ListCustomersForm.Field>> {
        .success(ListCustomersRequest())
    }
}

/// The registered customers, in id order.
public struct ListCustomersResponse: Hashable, Sendable {
    public let customers: [Customer]

    public init(customers: [Customer]) {
        self.customers = customers
    }
}

/// Lists the registered customers, who may book cargo.
public struct ListCustomersInteractor: UseCase {
    private let customers: any CustomerRepository

    public init(customers: any CustomerRepository) {
        self.customers = customers
    }

    public func execute(_ request: ListCustomersRequest) async -> Result<ListCustomersResponse, DomainError> {
        do {
            return .success(ListCustomersResponse(customers: try await customers.allCustomers().sorted { $0.id.description < $1.id.description }))
        } catch {
            return .failure(.repository(error))
        }
    }
}

/// Writes the customers, each "ACME: Acme Shipping".
public struct ListCustomersPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = ListCustomersForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: ListCustomersResponse) -> [Described<Customer>] {
        response.customers.map { Described($0, "\($0.id): \($0.name)") }
    }
}

public typealias ListCustomersCoordinator = Coordinator<ListCustomersInteractor, ListCustomersPresenter>
