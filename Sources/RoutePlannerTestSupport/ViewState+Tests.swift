import Foundation
import RoutePlanner
import RoutePlannerApplication

extension ViewState {
    /// The state with a described content's text in place of the content, to compare with what a planner reads.
    public func text<Response>() -> ViewState<String, Field> where Content == Described<Response> {
        switch self {
        case .idle: .idle
        case .loading: .loading
        case .success(let described): .success(described.text)
        case .validationFailure(let fields): .validationFailure(fields)
        case .failure(let failure): .failure(failure)
        }
    }
}

extension ViewState {
    /// The message of each invalid field; empty in any other state.
    public var fieldErrors: [Field: String] {
        if case .validationFailure(let fields) = self { fields } else { [:] }
    }

    /// The failure's message, if the state is one.
    public var failureMessage: String? {
        if case .failure(let failure) = self { failure.message } else { nil }
    }
}
