/// The fields of a request that are not valid, each with a message a planner understands.
public struct ValidationError: Error, Hashable, Sendable {
    /// The message for each invalid field, by field name.
    public var fields: [String: String]

    /// Creates a validation error.
    public init(fields: [String: String]) {
        self.fields = fields
    }
}

/// Why a controller could not produce a response: invalid input, or a domain error from the use case.
public enum RequestFailure: Error, Hashable, Sendable {
    case validation(ValidationError)
    case domain(DomainError)
}
