/// What a view shows for a request: nothing yet, progress, the result, field errors, or a failure.
///
/// A presenter keys the field errors by the form's ``FormField``; a front end that names the fields otherwise
/// (flags, query parameters, a web form's names) renames them with ``renamingFields(_:)``.
public enum ViewState<Content: Hashable & Sendable, Field: Hashable & Sendable>: Hashable, Sendable {
    case idle
    case loading
    case success(Content)
    /// A message per invalid field of the form.
    case validationFailure([Field: String])
    /// What went wrong, of which kind, and, where possible, what to do.
    case failure(ViewFailure)

    /// The same state with its fields named by `name`; of two fields given one name, the one that sorts first
    /// (by its raw value, for a ``FormField``) keeps its message.
    public func renamingFields<Name>(_ name: (Field) -> Name) -> ViewState<Content, Name> where Field: Comparable {
        switch self {
        case .idle: .idle
        case .loading: .loading
        case .success(let content): .success(content)
        case .validationFailure(let fields):
            .validationFailure(Dictionary(fields.sorted { $0.key < $1.key }.map { (name($0.key), $0.value) }, uniquingKeysWith: { first, _ in first }))
        case .failure(let failure): .failure(failure)
        }
    }
}
