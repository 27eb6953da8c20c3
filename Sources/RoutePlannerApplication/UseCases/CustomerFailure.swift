import RoutePlanner

/// Why a customer cannot be used or registered as asked.
public enum CustomerFailure: Hashable, Sendable {
    /// No customer has the id.
    case notFound(CustomerId)
    /// The customer's id is registered already, under another name; renaming must be asked for.
    case registered(Customer, newName: String)

    /// A booking for an unknown customer is rejected; a second registration under another name is a conflict.
    public var kind: ViewFailure.Kind {
        switch self {
        case .notFound: .rejected
        case .registered: .conflict
        }
    }
}
