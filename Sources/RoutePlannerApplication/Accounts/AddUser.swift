import RoutePlanner

/// The raw fields of a new user: a name, a role, the customer a customer user belongs to, and the password.
public struct AddUserForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case name, role, customer, password
    }

    public var name: String
    /// `planner` or `customer`.
    public var role: String
    /// The customer's id, for a customer user only.
    public var customer: String
    public var password: String

    public init(name: String, role: String, customer: String = "", password: String) {
        self.name = name
        self.role = role
        self.customer = customer
        self.password = password
    }
}

/// A validated request to add a user.
public struct AddUserRequest: FormRequest, Hashable {
    public let account: UserAccount
    public let password: String

    /// Validates the form: a user name, `planner` or `customer` (which names its customer, as a planner does not),
    /// and a password of 12 characters to 72 bytes.
    public static func create(_ form: AddUserForm) -> Result<AddUserRequest, ValidationError<AddUserForm.Field>> {
        var fields = FormFields<AddUserForm.Field>()
        let name = fields.userName(form.name, field: .name)
        let password = fields.newPassword(form.password, field: .password)
        let customer = form.customer.trimmingCharacters(in: .whitespaces)
        var role: Principal.Role?
        switch form.role.trimmingCharacters(in: .whitespaces).lowercased() {
        case "planner":
            if customer.isEmpty {
                role = .planner
            } else {
                fields.fail(.customer, "A planner sees every customer's cargo: give a customer for a customer user only.")
            }
        case "customer":
            role = fields.customerId(customer, field: .customer, message: "Enter the customer the user books for, such as ACME.").map(Principal.Role.customer)
        default:
            fields.fail(.role, "Enter planner or customer.")
        }
        guard fields.errors.isEmpty, let name, let role, let password, let account = UserAccount(name: name, role: role) else {
            return .failure(ValidationError(fields: fields.errors))
        }
        return .success(AddUserRequest(account: account, password: password))
    }
}

/// The user as added.
public struct AddUserResponse: Hashable, Sendable {
    public let user: UserAccount

    public init(user: UserAccount) {
        self.user = user
    }
}

/// Adds a user whose password is kept as its hash (``PasswordHasher``); a customer user's customer must be registered.
public struct AddUserInteractor: UseCase {
    private let accounts: any AccountRepository
    private let customers: any CustomerRepository
    private let passwords: any PasswordHasher

    public init(accounts: any AccountRepository, customers: any CustomerRepository, passwords: any PasswordHasher) {
        self.accounts = accounts
        self.customers = customers
        self.passwords = passwords
    }

    public func execute(_ request: AddUserRequest) async -> Result<AddUserResponse, DomainError> {
        do {
            var account = request.account
            if case .customer(let id) = account.role {
                guard let customer = try await customers.customer(id) else { return .failure(.customer(.notFound(id))) }
                // The user acts for the customer as it was registered, whose id its cargo names.
                account = UserAccount(name: account.name, role: .customer(customer.id)) ?? account
            }
            guard try await accounts.user(named: account.name) == nil else { return .failure(.account(.userExists(account.name))) }
            let hash = passwords.hash(request.password)
            guard try await accounts.add(StoredUser(account: account, passwordHash: hash)) else { return .failure(.account(.userExists(account.name))) }
            return .success(AddUserResponse(user: account))
        } catch {
            return .failure(.repository(error))
        }
    }
}

/// Writes the user added: "User alice: planner." or "User bob: customer ACME."
public struct AddUserPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = AddUserForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: AddUserResponse) -> Described<AddUserResponse> {
        Described(response, "User \(response.user.name): \(response.user.role.text).")
    }
}

public typealias AddUserCoordinator = Coordinator<AddUserInteractor, AddUserPresenter>

extension Principal.Role {
    /// The role in words: "planner", "customer ACME".
    public var text: String {
        switch self {
        case .planner: "planner"
        case .customer(let id): "customer \(id)"
        case .visitor: "not logged in"
        }
    }
}
