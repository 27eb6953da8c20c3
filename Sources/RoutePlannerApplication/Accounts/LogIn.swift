import Foundation

/// The raw fields of a login at the desk, and the address it came from.
public struct LogInForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case username, password
    }

    public var username: String
    public var password: String
    /// The client's address, which failures are also counted under; not a field.
    public var address: String?

    public init(username: String, password: String, address: String? = nil) {
        self.username = username
        self.password = password
        self.address = address
    }
}

/// A validated login.
public struct LogInRequest: FormRequest, Hashable {
    public let username: String
    public let password: String
    public let address: String?

    /// Validates the form: neither field blank. Whether they name an account is the use case's to say.
    public static func create(_ form: LogInForm) -> Result<LogInRequest, ValidationError<LogInForm.Field>> {
        var fields = FormFields<LogInForm.Field>()
        let name = form.username.trimmingCharacters(in: .whitespaces).lowercased()
        if name.isEmpty { fields.fail(.username, "Enter your user name.") }

        if form.password.isEmpty { fields.fail(.password, "Enter your password.") }
        guard fields.errors.isEmpty else { return .failure(ValidationError(fields: fields.errors)) }
        return .success(LogInRequest(username: name, password: form.password, address: form.address))
    }
}

/// A new session: its id (the cookie's value, shown this once) and the session as kept.
public struct LogInResponse: Hashable, Sendable {
    public let user: UserAccount
    public let sessionId: String
    public let session: Session

    public init(user: UserAccount, sessionId: String, session: Session) {
        self.user = user
        self.sessionId = sessionId
        self.session = session
    }
}

/// Checks a user name and password and starts a session with a new random id.
///
/// An unknown user and a wrong password fail alike, and take as long (a hash is checked either way). Failures
/// are counted per account and per address (``LoginThrottle``): past a few, attempts wait; past more, they are
/// refused with ``AccountFailure/tooManyAttempts(retryAfter:)``.
public struct LogInInteractor: UseCase {
    private let accounts: any AccountRepository
    private let throttle: LoginThrottle
    private let passwords: any PasswordHasher
    private let now: @Sendable () -> Date

    public init(
        accounts: any AccountRepository, throttle: LoginThrottle, passwords: any PasswordHasher, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.accounts = accounts
        self.throttle = throttle
        self.passwords = passwords
        self.now = now
    }

    public func execute(_ request: LogInRequest) async -> Result<LogInResponse, DomainError> {
        // A name no account can have is counted under the address alone, so that it costs no memory of its own.
        let named = UserAccount.isName(request.username)
        let keys = LoginThrottle.keys(user: named ? request.username : nil, address: request.address)
        let attempt = UUID().uuidString
        let admission: (wait: Duration, retryAfter: Int?)
        do {
            admission = try await throttle.admission(attempt, under: keys, at: now(), in: accounts)
        } catch {
            return .failure(.repository(error))
        }
        if let retryAfter = admission.retryAfter { return .failure(.account(.tooManyAttempts(retryAfter: retryAfter))) }
        let verified: StoredUser?
        do {
            if admission.wait > .zero { try await Task.sleep(for: admission.wait) }
            // No password is longer than bcrypt reads (72 bytes): a longer one is wrong, checked all the same.
            let plausible = request.password.utf8.count <= 72
            let stored = named ? try await accounts.user(named: request.username) : nil
            // An unknown user's check takes as long as a user's (`PasswordHasher.verify(_:against:)` with no hash).
            let hash = plausible ? stored?.passwordHash : nil
            verified = passwords.verify(String(request.password.utf8.prefix(72)) ?? "", against: hash) && plausible ? stored : nil
        } catch {
            await throttle.ended()
            return .failure(error is CancellationError ? .cancelled : .repository(error))
        }
        await throttle.ended()
        guard let verified else { return .failure(.account(.notAuthenticated)) }
        do {
            try await throttle.forget(attempt, user: request.username, in: accounts)
            let id = Credentials.secret(), time = now()
            let session = Session(userName: verified.account.name, formToken: Credentials.secret(), createdAt: time, lastSeen: time)
            try await accounts.add(session, idHash: Credentials.digest(id))
            return .success(LogInResponse(user: verified.account, sessionId: id, session: session))
        } catch {
            return .failure(error is CancellationError ? .cancelled : .repository(error))
        }
    }
}

/// Writes "Logged in as alice (planner)."
public struct LogInPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = LogInForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: LogInResponse) -> Described<LogInResponse> {
        Described(response, "Logged in as \(response.user.name) (\(response.user.role.text)).")
    }
}

public typealias LogInCoordinator = Coordinator<LogInInteractor, LogInPresenter>
