import RoutePlanner

/// The raw fields of a new customer (or a new name for one).
public struct RegisterCustomerForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case id, name, renames
    }

    public var id: String
    public var name: String
    /// Whether a customer registered under the id may be renamed.
    public var renames: Bool

    public init(id: String, name: String, renames: Bool = false) {
        self.id = id
        self.name = name
        self.renames = renames
    }
}

/// A validated request to register a customer.
public struct RegisterCustomerRequest: FormRequest, Hashable {
    public let customer: Customer
    /// Whether a customer registered under the id may be renamed.
    public let renames: Bool

    /// Validates the form: `id` and `name` must not be blank.
    public static func create(_ form: RegisterCustomerForm) -> Result<RegisterCustomerRequest, ValidationError<RegisterCustomerForm.Field>> {
        var fields = FormFields<RegisterCustomerForm.Field>()
        let id = fields.customerId(form.id, field: .id, message: "Enter the customer's id, such as ACME.")
        let name = fields.text(form.name, field: .name, message: "Enter the customer's name.")
        let customer = id.flatMap { Customer(id: $0, name: form.name) }
        // A name of white space that the form's trimming keeps (a line break) is blank all the same.
        if id != nil, name != nil, customer == nil { fields.fail(.name, "Enter the customer's name.") }
        guard fields.errors.isEmpty, let customer else { return .failure(ValidationError(fields: fields.errors)) }
        return .success(RegisterCustomerRequest(customer: customer, renames: form.renames))
    }
}

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
            let registered = try await customers.customer(request.customer.id)
            if let registered, registered.name != request.customer.name, !request.renames {
                return .failure(.customer(.registered(registered, newName: request.customer.name)))
            }
            // An id registered before keeps the case it was registered in.
            let customer = registered.flatMap { Customer(id: $0.id, name: request.customer.name) } ?? request.customer
            try await customers.save(customer)
            return .success(RegisterCustomerResponse(customer: customer))
        } catch {
            return .failure(.repository(error))
        }
    }
}

/// Writes a registered customer: "Customer ACME: Acme Shipping."
public struct RegisterCustomerPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = RegisterCustomerForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: RegisterCustomerResponse) -> Described<RegisterCustomerResponse> {
        Described(response, "Customer \(response.customer.id): \(response.customer.name).")
    }
}

public typealias RegisterCustomerCoordinator = Coordinator<RegisterCustomerInteractor, RegisterCustomerPresenter>
