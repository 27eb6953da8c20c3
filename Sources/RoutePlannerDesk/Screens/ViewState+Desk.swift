import RoutePlannerApplication

extension ViewState {
    /// The field errors, or none.
    var fieldErrors: [Field: String] {
        if case .validationFailure(let fields) = self { fields } else { [:] }
    }
}

extension ViewState where Field: DeskField {
    /// The same state as the desk shows it, with its content described in words.
    func described(_ text: (Content) -> String) -> DeskState<String> {
        switch named {
        case .idle: .idle
        case .loading: .loading
        case .success(let content): .success(text(content))
        case .validationFailure(let fields): .validationFailure(fields)
        case .failure(let failure): .failure(failure)
        }
    }
}

extension ViewState where Field == String {
    /// The state's problems: its field errors, or its failure; none on success.
    var problems: FormProblems {
        switch self {
        case .validationFailure(let fields): FormProblems(errors: fields)
        case .failure(let failure): FormProblems(failure: failure)
        case .idle, .loading, .success: FormProblems()
        }
    }
}

extension ViewState {
    /// Whether the state holds field errors.
    var isValidationFailure: Bool {
        if case .validationFailure = self { true } else { false }
    }
}
