/// Someone who books cargo: an identifier planners type (`ACME`) and a name.
public struct Customer: Hashable, Sendable, Identifiable {
    /// The customer's identifier.
    public let id: CustomerId
    /// The customer's name.
    public let name: String

    /// Creates a customer, or returns `nil` when the identifier or the name is blank.
    public init?(id: String, name: String) {
        guard let id = CustomerId(id) else { return nil }
        self.init(id: id, name: name)
    }

    /// Creates a customer, or returns `nil` when the name is blank.
    public init?(id: CustomerId, name: String) {
        let name = name.trimmingWhitespace()
        guard !name.isEmpty else { return nil }
        self.id = id
        self.name = name
    }
}
