/// The fields of a request that are not valid, each with a message a planner understands.
public struct ValidationError<Field: FormField>: Error, Hashable, Sendable {
    /// The message for each invalid field.
    public var fields: [Field: String]

    /// Creates a validation error.
    public init(fields: [Field: String]) {
        self.fields = fields
    }

    /// The messages with the fields renamed, as a front end names them, in the order of the fields' names.
    public func messages(naming name: (Field) -> String) -> [(name: String, message: String)] {
        fields.sorted { $0.key < $1.key }.map { (name($0.key), $0.value) }
    }
}

/// Why a controller could not produce a response: invalid input, or a domain error from the use case.
public enum RequestFailure<Field: FormField>: Error, Hashable, Sendable {
    case validation(ValidationError<Field>)
    case domain(DomainError)
}
