import RoutePlanner

/// Registered customers as documents for programs: `{ "version": 1, "customers": [{ "id": …, "name": … }] }`, and
/// one customer as `{ "version": 1, "customer": {…} }`.
public enum CustomerDocument {
    private struct Entry: Encodable {
        let id, name: String

        init(_ customer: Customer) {
            id = customer.id.rawValue
            name = customer.name
        }
    }

    /// The customers, in the order given.
    public static func json(_ customers: [Customer]) -> String {
        struct Output: Encodable {
            let version = 1
            let customers: [Entry]
        }
        return RouteDocument.encode(Output(customers: customers.map(Entry.init)))
    }

    /// One customer.
    public static func json(_ customer: Customer) -> String {
        struct Output: Encodable {
            let version = 1
            let customer: Entry
        }
        return RouteDocument.encode(Output(customer: Entry(customer)))
    }
}
