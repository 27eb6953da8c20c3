/// Someone who books cargo: an identifier planners type (`ACME`) and a name.
public struct Customer: Hashable, Sendable, Identifiable {
    /// The customer's identifier, without surrounding white space.
    public let id: String
    /// The customer's name.
    public let name: String

    /// Creates a customer, or returns `nil` when the identifier or the name is blank.
    public init?(id: String, name: String) {
        let id = id.trimmingWhitespace(), name = name.trimmingWhitespace()
        guard !id.isEmpty, !name.isEmpty else { return nil }
        self.id = id
        self.name = name
    }
}
