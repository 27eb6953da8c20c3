/// The raw fields of a new password for a user.
public struct ChangePasswordForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case name, password
    }

    public var name: String
    public var password: String

    public init(name: String, password: String) {
        self.name = name
        self.password = password
    }
}

/// A validated request to change a user's password.
public struct ChangePasswordRequest: FormRequest, Hashable {
    public let name: String
    public let password: String

    /// Validates the form: a user name, and a password of 12 characters to 72 bytes.
    public static func create(_ form: ChangePasswordForm) -> Result<ChangePasswordRequest, ValidationError<ChangePasswordForm.Field>> {
        var fields = FormFields<ChangePasswordForm.Field>()
        let name = fields.userName(form.name, field: .name)
        let password = fields.newPassword(form.password, field: .password)
        guard let name, let password else { return .failure(ValidationError(fields: fields.errors)) }
        return .success(ChangePasswordRequest(name: name, password: password))
    }
}

/// The user whose password changed.
public struct ChangePasswordResponse: Hashable, Sendable {
    public let name: String

    public init(name: String) {
        self.name = name
    }
}

/// Sets a user's password, and ends the user's sessions at the desk: whoever knew the old one is logged out.
public struct ChangePasswordInteractor: UseCase {
    private let accounts: any AccountRepository
    private let passwords: any PasswordHasher

    public init(accounts: any AccountRepository, passwords: any PasswordHasher) {
        self.accounts = accounts
        self.passwords = passwords
    }

    public func execute(_ request: ChangePasswordRequest) async -> Result<ChangePasswordResponse, DomainError> {
        do {
            guard try await accounts.user(named: request.name) != nil else { return .failure(.account(.userNotFound(request.name))) }
            let hash = passwords.hash(request.password)
            guard try await accounts.setPasswordHash(hash, ofUser: request.name) else { return .failure(.account(.userNotFound(request.name))) }
            return .success(ChangePasswordResponse(name: request.name))
        } catch {
            return .failure(.repository(error))
        }
    }
}

/// Writes "The password of alice is changed; its sessions are ended."
public struct ChangePasswordPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = ChangePasswordForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: ChangePasswordResponse) -> Described<ChangePasswordResponse> {
        Described(response, "The password of \(response.name) is changed; its sessions are ended.")
    }
}

public typealias ChangePasswordCoordinator = Coordinator<ChangePasswordInteractor, ChangePasswordPresenter>
