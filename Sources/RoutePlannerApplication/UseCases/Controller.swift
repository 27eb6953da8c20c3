/// Turns a form into a validated request and runs the use case; the result is returned as is.
///
/// One controller serves every use case: the request's factory reports the field errors, a use case whose
/// fields can only be checked against its data (a date outside the schedule) adds those, and the use
/// case's domain error passes through untransformed.
public struct Controller<Interactor: UseCase>: Sendable where Interactor.Request: FormRequest {
    /// The use case the controller runs.
    public let useCase: Interactor
    /// The field errors of a well-formed request against the data; empty when there are none.
    private let check: (@Sendable (Interactor.Request) async -> [Interactor.Request.Field: String])?
    /// Why the caller may not run the use case at all (``AccountFailure/notPermitted(_:)``); `nil` when it may.
    private let refusal: DomainError?

    /// Creates a controller.
    ///
    /// - Parameters:
    ///   - useCase: The use case to run.
    ///   - check: The field errors of a request that the form alone cannot tell, such as a ready time after the
    ///     schedule's last departure; `nil` when the form tells them all.
    ///   - refusal: Why the caller may not run the use case, which every form then fails with before it is read;
    ///     `nil` when it may.
    public init(
        useCase: Interactor, check: (@Sendable (Interactor.Request) async -> [Interactor.Request.Field: String])? = nil, refusal: DomainError? = nil
    ) {
        self.useCase = useCase
        self.check = check
        self.refusal = refusal
    }

    /// Runs a request that a front end built and validated from its own parameters (the DCSA API's query), refused as
    /// a form is when the caller may not run the use case.
    public func run(_ request: Interactor.Request) async -> Result<Interactor.Response, DomainError> {
        if let refusal { return .failure(refusal) }
        return await useCase.execute(request)
    }

    /// Validates the form and, when it is valid, runs the use case.
    public func handle(_ form: Interactor.Request.Form) async -> Result<Interactor.Response, RequestFailure<Interactor.Request.Field>> {
        if let refusal { return .failure(.domain(refusal)) }
        switch Interactor.Request.create(form) {
        case .failure(let error): return .failure(.validation(error))
        case .success(let request):
            if let fields = await check?(request), !fields.isEmpty { return .failure(.validation(ValidationError(fields: fields))) }
            return await useCase.execute(request).mapError(RequestFailure.domain)
        }
    }
}
