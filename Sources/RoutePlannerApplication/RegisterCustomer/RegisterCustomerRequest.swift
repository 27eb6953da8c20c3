import RoutePlanner

/// The raw fields of a new customer (or a new name for one).
public struct RegisterCustomerForm: Hashable, Sendable {
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
    public static func create(_ form: RegisterCustomerForm) -> Result<RegisterCustomerRequest, ValidationError> {
        var fields = FormFields()
        _ = fields.text(form.id, field: "id", message: "Enter the customer's id, such as ACME.")
        _ = fields.text(form.name, field: "name", message: "Enter the customer's name.")
        guard fields.errors.isEmpty, let customer = Customer(id: form.id, name: form.name) else {
            return .failure(ValidationError(fields: fields.errors))
        }
        return .success(RegisterCustomerRequest(customer: customer, renames: form.renames))
    }
}
