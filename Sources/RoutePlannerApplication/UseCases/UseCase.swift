/// An application use case: takes a validated request and returns a response or a domain error.
///
/// Use cases never throw; every failure is a ``DomainError`` in the result. Requests are made and
/// validated by their factories (such as ``RouteCargoRequest/create(_:)``),
/// so a use case only sees valid input. Responses are value objects; entities stay inside.
public protocol UseCase<Request, Response>: Sendable {
    associatedtype Request: Sendable
    associatedtype Response: Sendable

    func execute(_ request: Request) async -> Result<Response, DomainError>
}
