import RoutePlanner
import RoutePlannerApplication

/// A change a desk form asks for: where the form is posted (`POST`), never a page of its own.
///
/// The server answers a valid change with `303 See Other` to the screen that shows it, and one with problems
/// with that screen again, each problem next to its field and the input kept.
enum DeskAction: Hashable, Sendable {
    /// `POST /book`
    case book
    /// `POST /customers`
    case registerCustomer
    /// `POST /assignments`: starts a run, whose screen follows its progress.
    case runAssignment
    /// `POST /assignments/{run}/cancel`: asks a run to stop, on whichever server runs it.
    case cancelAssignment(String)
    /// `POST /assignments/{run}/confirm`: writes the routes a finished run's preview proposes, where they still hold.
    case confirmAssignment(String)
    /// `POST /cargo/{id}/options`: finds the cargo's options from where it is now.
    case findOptions(TrackingId)
    /// `POST /cargo/{id}/route`: assigns one of the options.
    case assignRoute(TrackingId)
    /// `POST /cargo/{id}/events`: registers a handling event.
    case registerEvent(TrackingId)
    /// `POST /cargo/{id}/destination`: changes the destination (and deadline).
    case changeDestination(TrackingId)
    /// `POST /cargo/{id}/cancel`: cancels the booking of a cargo not yet loaded.
    case cancelBooking(TrackingId)
    /// `POST /cargo/{id}/reroute`: finds options again for a cargo whose route no longer serves it.
    case reroute(TrackingId)
    /// `POST /disruptions`: applies a file of carriers' events.
    case applyEvents
    /// `POST /disruptions/accept`: assigns the disrupted cargo chosen the options a preview showed.
    case acceptOptions
    /// `POST /login`: checks a user name and password, and starts a session.
    case logIn
    /// `POST /logout`: ends the session.
    case logOut

    /// The change a path names; `nil` for a path that names none.
    init?(path: Substring) {
        guard let segments = DeskRoute.segments(path) else { return nil }
        if segments.count == 3, segments[0] == "cargo" {
            // A cargo's changes name it by its tracking id.
            guard let cargo = TrackingId(segments[1]), cargo.rawValue == segments[1] else { return nil }
            switch segments[2] {
            case "options": self = .findOptions(cargo)
            case "route": self = .assignRoute(cargo)
            case "events": self = .registerEvent(cargo)
            case "destination": self = .changeDestination(cargo)
            case "cancel": self = .cancelBooking(cargo)
            case "reroute": self = .reroute(cargo)
            default: return nil
            }
            return
        }
        switch (segments.count, segments.first ?? "", segments.last ?? "") {
        case (1, "book", _): self = .book
        case (1, "customers", _): self = .registerCustomer
        case (1, "assignments", _): self = .runAssignment
        case (3, "assignments", "cancel"): self = .cancelAssignment(segments[1])
        case (3, "assignments", "confirm"): self = .confirmAssignment(segments[1])
        case (1, "disruptions", _): self = .applyEvents
        case (2, "disruptions", "accept"): self = .acceptOptions
        case (1, "login", _): self = .logIn
        case (1, "logout", _): self = .logOut
        default: return nil
        }
    }

    /// Where the form is posted.
    var url: String {
        switch self {
        case .book: "/book"
        case .registerCustomer: "/customers"
        case .runAssignment: "/assignments"
        case .cancelAssignment(let run): "/assignments/\(FormData.encoded(run))/cancel"
        case .confirmAssignment(let run): "/assignments/\(FormData.encoded(run))/confirm"
        case .findOptions(let id): "/cargo/\(FormData.encoded(id.rawValue))/options"
        case .assignRoute(let id): "/cargo/\(FormData.encoded(id.rawValue))/route"
        case .registerEvent(let id): "/cargo/\(FormData.encoded(id.rawValue))/events"
        case .changeDestination(let id): "/cargo/\(FormData.encoded(id.rawValue))/destination"
        case .cancelBooking(let id): "/cargo/\(FormData.encoded(id.rawValue))/cancel"
        case .reroute(let id): "/cargo/\(FormData.encoded(id.rawValue))/reroute"
        case .applyEvents: "/disruptions"
        case .acceptOptions: "/disruptions/accept"
        case .logIn: "/login"
        case .logOut: "/logout"
        }
    }

    /// What a user must be permitted to make the change (``Principal/may(_:)``); `nil` when every user may.
    var permission: Permission? {
        switch self {
        case .book: .bookCargo
        case .registerCustomer: .registerCustomer
        case .runAssignment, .cancelAssignment, .confirmAssignment: .assignRoutes
        case .findOptions: .routeCargo
        case .assignRoute: .assignToRoute
        case .registerEvent: .registerHandlingEvent
        case .changeDestination: .changeDestination
        case .cancelBooking: .cancelBooking
        case .reroute: .reRouteCargo
        case .applyEvents, .acceptOptions: .applyCarrierEvents
        case .logIn, .logOut: nil
        }
    }

    /// The screen the change is made from, shown again when the form has problems.
    var screen: DeskRoute {
        switch self {
        case .book: .book(FormData())
        case .registerCustomer: .customers(FormData())
        case .runAssignment: .assignments
        case .cancelAssignment(let run), .confirmAssignment(let run): .assignmentRun(run)
        case .findOptions(let id), .assignRoute(let id), .registerEvent(let id), .changeDestination(let id), .cancelBooking(let id),
            .reroute(let id):
            .cargo(id, FormData())
        case .applyEvents, .acceptOptions: .disruptions(FormData())
        case .logIn, .logOut: .login(FormData())
        }
    }

    /// A name for the logs, without the cargo's id.
    var name: String {
        switch self {
        case .book: "book"
        case .registerCustomer: "register-customer"
        case .runAssignment: "run-assignment"
        case .cancelAssignment: "cancel-assignment"
        case .confirmAssignment: "confirm-assignment"
        case .findOptions: "find-options"
        case .assignRoute: "assign-route"
        case .registerEvent: "register-event"
        case .changeDestination: "change-destination"
        case .cancelBooking: "cancel-booking"
        case .reroute: "reroute"
        case .applyEvents: "apply-events"
        case .acceptOptions: "accept-options"
        case .logIn: "log-in"
        case .logOut: "log-out"
        }
    }
}
