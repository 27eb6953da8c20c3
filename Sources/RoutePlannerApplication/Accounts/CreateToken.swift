import Foundation

/// The raw fields of a new token for a program: the user it acts as, and what it is for.
public struct CreateTokenForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case user, label
    }

    public var user: String
    /// What the token is for, such as the program that holds it; may be blank.
    public var label: String

    public init(user: String, label: String = "") {
        self.user = user
        self.label = label
    }
}

/// A validated request for a token.
public struct CreateTokenRequest: FormRequest, Hashable {
    public let user: String
    public let label: String

    /// Validates the form: a user name, and a label of at most 200 characters without control characters.
    public static func create(_ form: CreateTokenForm) -> Result<CreateTokenRequest, ValidationError<CreateTokenForm.Field>> {
        var fields = FormFields<CreateTokenForm.Field>()
        let user = fields.userName(form.user, field: .user)
        let label = form.label.trimmingCharacters(in: .whitespaces)
        if label.count > 200 || label.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            fields.fail(.label, "A label is one line of at most 200 characters.")
        }
        guard fields.errors.isEmpty, let user else { return .failure(ValidationError(fields: fields.errors)) }
        return .success(CreateTokenRequest(user: user, label: label))
    }
}

/// The token made, and its secret: shown this once, since the store keeps only its hash.
public struct CreateTokenResponse: Hashable, Sendable {
    public let token: AccessToken
    /// What a program sends as `Authorization: Bearer …`.
    public let secret: String

    public init(token: AccessToken, secret: String) {
        self.token = token
        self.secret = secret
    }
}

/// Makes a token that acts as a user, for a program calling the API.
///
/// A token is `rp_`, its id (12 hexadecimal digits, which lists and revocation name) and `_` before 256 random
/// bits; the store keeps its SHA-256 only.
public struct CreateTokenInteractor: UseCase {
    private let accounts: any AccountRepository
    private let now: @Sendable () -> Date

    public init(accounts: any AccountRepository, now: @escaping @Sendable () -> Date = { Date() }) {
        self.accounts = accounts
        self.now = now
    }

    public func execute(_ request: CreateTokenRequest) async -> Result<CreateTokenResponse, DomainError> {
        do {
            guard try await accounts.user(named: request.user) != nil else { return .failure(.account(.userNotFound(request.user))) }
            var generator = SystemRandomNumberGenerator()
            let id = String(format: "%012llx", generator.next() & 0xffff_ffff_ffff)
            let secret = "rp_\(id)_" + Credentials.secret()
            let token = AccessToken(id: id, userName: request.user, label: request.label, createdAt: now())
            try await accounts.add(token, secretHash: Credentials.digest(secret))
            return .success(CreateTokenResponse(token: token, secret: secret))
        } catch {
            return .failure(.repository(error))
        }
    }
}

/// Writes the token's id and, on a line of its own, its secret.
public struct CreateTokenPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = CreateTokenForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: CreateTokenResponse) -> Described<CreateTokenResponse> {
        Described(
            response,
            lines: [
                "Token \(response.token.id) acts as \(response.token.userName); it is shown this once, keep it secret:", response.secret,
            ])
    }
}

public typealias CreateTokenCoordinator = Coordinator<CreateTokenInteractor, CreateTokenPresenter>
