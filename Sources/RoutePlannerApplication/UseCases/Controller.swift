/// Turns a form into a validated request and runs the use case; the result is returned as is.
///
/// One controller serves every use case: the request's factory reports the field errors, and the use
/// case's domain error passes through untransformed.
public struct Controller<Interactor: UseCase>: Sendable where Interactor.Request: FormRequest {
    /// The use case the controller runs.
    public let useCase: Interactor

    public init(useCase: Interactor) {
        self.useCase = useCase
    }

    /// Validates the form and, when it is valid, runs the use case.
    public func handle(_ form: Interactor.Request.Form) async -> Result<Interactor.Response, RequestFailure> {
        switch Interactor.Request.create(form) {
        case .failure(let error): .failure(.validation(error))
        case .success(let request): await useCase.execute(request).mapError(RequestFailure.domain)
        }
    }
}
