/// The raw fields of the token list: a user's, or every user's when blank.
public struct ListTokensForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case user
    }

    public var user: String

    public init(user: String = "") {
        self.user = user
    }
}

/// A validated request for the tokens.
public struct ListTokensRequest: FormRequest, Hashable {
    /// The user whose tokens are listed; `nil` for every user's.
    public let user: String?

    /// Validates the form: a user name, or nothing.
    public static func create(_ form: ListTokensForm) -> Result<ListTokensRequest, ValidationError<ListTokensForm.Field>> {
        guard !form.user.trimmingCharacters(in: .whitespaces).isEmpty else { return .success(ListTokensRequest(user: nil)) }
        var fields = FormFields<ListTokensForm.Field>()
        guard let user = fields.userName(form.user, field: .user) else { return .failure(ValidationError(fields: fields.errors)) }
        return .success(ListTokensRequest(user: user))
    }
}

/// The tokens, by user and then by creation; never their secrets, which the store does not keep.
public struct ListTokensResponse: Hashable, Sendable {
    public let tokens: [AccessToken]

    public init(tokens: [AccessToken]) {
        self.tokens = tokens
    }
}

/// Lists the programs' tokens.
public struct ListTokensInteractor: UseCase {
    private let accounts: any AccountRepository

    public init(accounts: any AccountRepository) {
        self.accounts = accounts
    }

    public func execute(_ request: ListTokensRequest) async -> Result<ListTokensResponse, DomainError> {
        do {
            if let user = request.user, try await accounts.user(named: user) == nil { return .failure(.account(.userNotFound(user))) }
            return .success(ListTokensResponse(tokens: try await accounts.tokens(ofUser: request.user)))
        } catch {
            return .failure(.repository(error))
        }
    }
}

/// Writes the tokens, each "3f2a9c0b71d4: alice, made 2026-03-02 08:00 UTC (nightly import)".
public struct ListTokensPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = ListTokensForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: ListTokensResponse) -> [Described<AccessToken>] {
        response.tokens.map { token in
            Described(token, "\(token.id): \(token.userName), made \(format.dateTime(token.createdAt))" + (token.label.isEmpty ? "" : " (\(token.label))"))
        }
    }
}

public typealias ListTokensCoordinator = Coordinator<ListTokensInteractor, ListTokensPresenter>
