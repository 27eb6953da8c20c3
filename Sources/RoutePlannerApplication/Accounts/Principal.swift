import RoutePlanner

/// Who a use case acts for: a user of the desk or of a program's token, or the command line on a local store.
///
/// What each one may do is decided here, and only here: ``may(_:)`` for the use cases, ``sees(_:)`` for the
/// cargo, and ``shown(_:)-(CargoChange)`` for who made the changes to a cargo. ``RoutePlannerComposition/acting(as:)`` holds every use case to it, so the desk, the API and the command
/// line obey the same rule.
public struct Principal: Hashable, Sendable {
    /// What a principal may do.
    public enum Role: Hashable, Sendable {
        /// Sees and changes all cargo and every customer, runs assignments and keeps the accounts.
        case planner
        /// A user of one registered customer: books for it, and sees, tracks and re-plans only its cargo.
        case customer(CustomerId)
        /// Someone who has not logged in: may run no use case and sees no cargo.
        case visitor
    }

    /// Who acts, as the changes they make record it: a user's name, or ``commandLine``'s.
    public let name: String
    public let role: Role
    /// Whom the changes the principal makes are made for: a planner's the forwarder's, a customer user's its
    /// customer's, the event feed's the carriers'.
    public let party: CargoChange.Party

    public init(name: String, role: Role) {
        self.init(name: name, role: role, party: role == .planner || role == .visitor ? .forwarder : .customer)
    }

    private init(name: String, role: Role, party: CargoChange.Party) {
        self.name = name
        self.role = role
        self.party = party
    }

    /// The command line on a store of its own machine: a planner, since whoever can open the file can change it.
    public static let commandLine = Principal(name: "command line", role: .planner)
    /// Someone who has not logged in.
    public static let visitor = Principal(name: "visitor", role: .visitor)
    /// The carriers' event feed, as which the changes that its events make are recorded.
    public static let eventFeed = Principal(name: "event feed", role: .planner, party: .carrier)

    /// The customer a customer user acts for; `nil` for a planner.
    public var customerId: CustomerId? {
        if case .customer(let id) = role { id } else { nil }
    }

    /// Whether the principal may run a use case at all; which cargo it may run it on is ``sees(_:)``'s to say.
    public func may(_ permission: Permission) -> Bool {
        switch role {
        case .planner: true
        case .customer: Permission.customers.contains(permission)
        case .visitor: false
        }
    }

    /// Whether the principal may see and change a cargo: a planner every one, a customer user its customer's only.
    public func sees(_ cargo: Cargo) -> Bool {
        cargo.customerId.map(sees(customer:)) ?? (role == .planner)
    }

    /// Whether the principal may see a customer: a planner every one, a customer user its own only (its id matched
    /// with ASCII letters in any case, as the store finds customers; no other character is folded).
    public func sees(customer: CustomerId) -> Bool {
        switch role {
        case .planner: true
        case .customer(let own): Self.folded(own.rawValue) == Self.folded(customer.rawValue)
        case .visitor: false
        }
    }

    /// A change as the principal may see who made it: a planner sees every name; a customer's user sees its own
    /// customer's users by name, and the forwarder's people and the carriers' feed only as their party ("the
    /// forwarder", "the carriers' event feed"), never a planner's name.
    public func shown(_ change: CargoChange) -> CargoChange {
        role == .planner || change.party == .customer ? change : change.attributed(to: change.party.description)
    }

    /// A cargo with its changes as the principal may see who made them (``shown(_:)-(CargoChange)``).
    public func shown(_ cargo: Cargo) -> Cargo {
        role == .planner ? cargo : cargo.withChanges(cargo.changes.map(shown))
    }

    /// A cargo's summary with its changes as the principal may see who made them (``shown(_:)-(CargoChange)``).
    public func shown(_ cargo: CargoSummary) -> CargoSummary {
        guard role != .planner else { return cargo }
        var shown = cargo
        shown.changes = cargo.changes.map(self.shown)
        return shown
    }

    /// A text with its ASCII capitals in lower case and every other character as it is.
    private static func folded(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32)! : $0 }))
    }
}

/// A use case that a role may or may not run.
public enum Permission: String, Hashable, Sendable, CaseIterable {
    case registerCustomer, listCustomers, bookCargo, importBookings, listCargo, trackCargo, routeCargo, assignToRoute
    case registerHandlingEvent, importHandlingReport, changeDestination, cancelBooking, reRouteCargo, assignRoutes, keepAccounts, applyCarrierEvents

    /// What a customer user may do, each on its own customer's cargo only: book, list, track, find options, take one,
    /// change the destination, cancel the booking and re-route. Handling is what carriers and planners record, and the assignment of all
    /// open cargo, the customers and the accounts are planners' work.
    static let customers: Set<Permission> = [
        .listCustomers, .bookCargo, .listCargo, .trackCargo, .routeCargo, .assignToRoute, .changeDestination, .cancelBooking, .reRouteCargo,
    ]
}

extension Permission {
    /// The use case in words, after "may not": "register customers".
    var text: String {
        switch self {
        case .registerCustomer: "register customers"
        case .listCustomers: "list customers"
        case .bookCargo: "book cargo"
        case .importBookings: "import bookings"
        case .listCargo: "list cargo"
        case .trackCargo: "track cargo"
        case .routeCargo: "find routes for cargo"
        case .assignToRoute: "assign a route"
        case .registerHandlingEvent: "register handling events"
        case .importHandlingReport: "import handling reports"
        case .changeDestination: "change a cargo's destination"
        case .cancelBooking: "cancel a booking"
        case .reRouteCargo: "re-route cargo"
        case .assignRoutes: "assign routes to all open cargo"
        case .keepAccounts: "keep the accounts"
        case .applyCarrierEvents: "apply carriers' events"
        }
    }
}
