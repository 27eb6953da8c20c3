/// The raw fields of a user to remove: its name.
public struct RemoveUserForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case name
    }

    public var name: String

    public init(name: String) {
        self.name = name
    }
}

/// A validated request to remove a user.
public struct RemoveUserRequest: FormRequest, Hashable {
    public let name: String

    /// Validates the form: a user name.
    public static func create(_ form: RemoveUserForm) -> Result<RemoveUserRequest, ValidationError<RemoveUserForm.Field>> {
        var fields = FormFields<RemoveUserForm.Field>()
        guard let name = fields.userName(form.name, field: .name) else { return .failure(ValidationError(fields: fields.errors)) }
        return .success(RemoveUserRequest(name: name))
    }
}

/// The user removed.
public struct RemoveUserResponse: Hashable, Sendable {
    public let name: String

    public init(name: String) {
        self.name = name
    }
}

/// Removes a user, revokes its tokens and ends its sessions, in one transaction. The changes it made keep its name.
public struct RemoveUserInteractor: UseCase {
    private let accounts: any AccountRepository

    public init(accounts: any AccountRepository) {
        self.accounts = accounts
    }

    public func execute(_ request: RemoveUserRequest) async -> Result<RemoveUserResponse, DomainError> {
        do {
            guard try await accounts.removeUser(named: request.name) else { return .failure(.account(.userNotFound(request.name))) }
            return .success(RemoveUserResponse(name: request.name))
        } catch {
            return .failure(.repository(error))
        }
    }
}

/// Writes "User alice is removed, with its tokens and sessions."
public struct RemoveUserPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = RemoveUserForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: RemoveUserResponse) -> Described<RemoveUserResponse> {
        Described(response, "User \(response.name) is removed, with its tokens and sessions.")
    }
}

public typealias RemoveUserCoordinator = Coordinator<RemoveUserInteractor, RemoveUserPresenter>
