/// A use case's request, made from the raw text of a form or a command line.
///
/// `create(_:)` is the request factory: it checks every field at once and returns the request, or a
/// ``ValidationError`` with a message per invalid field keyed by the form's ``Field``. It checks the
/// form of the input only; whether a valid request can be carried out (the port exists, the cargo is
/// booked) is the use case's ``DomainError``.
public protocol FormRequest: Sendable {
    /// The raw fields, as a form or a command line gives them.
    associatedtype Form: Sendable
    /// The form's fields, which key its errors.
    associatedtype Field: FormField

    /// Validates the form and makes the request.
    static func create(_ form: Form) -> Result<Self, ValidationError<Field>>
}
