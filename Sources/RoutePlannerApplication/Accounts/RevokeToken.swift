/// The raw fields of a token to revoke: its id.
public struct RevokeTokenForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case id
    }

    public var id: String

    public init(id: String) {
        self.id = id
    }
}

/// A validated request to revoke a token.
public struct RevokeTokenRequest: FormRequest, Hashable {
    public let id: String

    /// Validates the form: a token's id, 12 hexadecimal digits.
    public static func create(_ form: RevokeTokenForm) -> Result<RevokeTokenRequest, ValidationError<RevokeTokenForm.Field>> {
        let id = form.id.trimmingCharacters(in: .whitespaces).lowercased()
        guard id.count == 12, id.allSatisfy(\.isHexDigit) else {
            return .failure(ValidationError(fields: [.id: "Enter a token's id: the 12 hexadecimal digits `token list` shows, such as 3f2a9c0b71d4."]))
        }
        return .success(RevokeTokenRequest(id: id))
    }
}

/// The token revoked.
public struct RevokeTokenResponse: Hashable, Sendable {
    public let id: String

    public init(id: String) {
        self.id = id
    }
}

/// Revokes a token: the next request that sends it is refused.
public struct RevokeTokenInteractor: UseCase {
    private let accounts: any AccountRepository

    public init(accounts: any AccountRepository) {
        self.accounts = accounts
    }

    public func execute(_ request: RevokeTokenRequest) async -> Result<RevokeTokenResponse, DomainError> {
        do {
            guard try await accounts.revokeToken(id: request.id) else { return .failure(.account(.tokenNotFound(request.id))) }
            return .success(RevokeTokenResponse(id: request.id))
        } catch {
            return .failure(.repository(error))
        }
    }
}

/// Writes "Token 3f2a9c0b71d4 is revoked."
public struct RevokeTokenPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = RevokeTokenForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: RevokeTokenResponse) -> Described<RevokeTokenResponse> {
        Described(response, "Token \(response.id) is revoked.")
    }
}

public typealias RevokeTokenCoordinator = Coordinator<RevokeTokenInteractor, RevokeTokenPresenter>
