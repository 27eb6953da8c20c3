/// What a view shows for a request: nothing yet, progress, the result, field errors, or a failure.
public enum ViewState<Content: Hashable & Sendable>: Hashable, Sendable {
    case idle
    case loading
    case success(Content)
    /// A message per invalid field, keyed by the form's field names.
    case validationFailure([String: String])
    /// A message that says what went wrong and, where possible, what to do.
    case failure(String)
}

