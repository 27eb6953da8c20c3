/// Turns a use case's result into what a view shows; a pure function of its input.
///
/// A presenter writes the content of a response; field errors and domain errors are presented the same
/// way for every use case, by ``present(_:)``.
public protocol Presenter: Sendable {
    associatedtype Response: Sendable
    /// What a view shows on success.
    associatedtype Content: Hashable & Sendable
    /// The fields of the form whose errors it presents.
    associatedtype Field: FormField

    /// How dates, durations, itineraries and errors are written.
    var format: PlannerFormat { get }

    /// The content for a response.
    func content(for response: Response) -> Content
}

extension Presenter {
    /// The view state for a result: the content, the field errors, or the domain error's kind and message.
    public func present(_ result: Result<Response, RequestFailure<Field>>) -> ViewState<Content, Field> {
        switch result {
        case .success(let response): .success(content(for: response))
        case .failure(.validation(let error)): .validationFailure(error.fields)
        case .failure(.domain(let error)): .failure(format.failure(error))
        }
    }
}
