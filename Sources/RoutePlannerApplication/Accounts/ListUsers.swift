/// The raw fields of the user list: none, since every user is listed.
public struct ListUsersForm: Hashable, Sendable {
    /// The form's fields: none, so it is always valid.
    public typealias Field = NoFields

    public init() {}
}

/// A request for the users.
public struct ListUsersRequest: FormRequest, Hashable {
    /// The form has no fields, so it is always valid.
    public static func create(_ form: ListUsersForm) -> Result<ListUsersRequest, ValidationError<ListUsersForm.Field>> { .success(ListUsersRequest()) }
}

/// The users, in name order.
public struct ListUsersResponse: Hashable, Sendable {
    public let users: [UserAccount]

    public init(users: [UserAccount]) {
        self.users = users
    }
}

/// Lists the users and their roles.
public struct ListUsersInteractor: UseCase {
    private let accounts: any AccountRepository

    public init(accounts: any AccountRepository) {
        self.accounts = accounts
    }

    public func execute(_ request: ListUsersRequest) async -> Result<ListUsersResponse, DomainError> {
        do {
            return .success(ListUsersResponse(users: try await accounts.allUsers()))
        } catch {
            return .failure(.repository(error))
        }
    }
}

/// Writes the users, each "alice: planner" or "bob: customer ACME".
public struct ListUsersPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = ListUsersForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: ListUsersResponse) -> [Described<UserAccount>] {
        response.users.map { Described($0, "\($0.name): \($0.role.text)") }
    }
}

public typealias ListUsersCoordinator = Coordinator<ListUsersInteractor, ListUsersPresenter>
