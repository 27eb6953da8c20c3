import RoutePlanner
import RoutePlannerApplication

/// A screen of the desk, each a deep link: the path and query that reproduce it.
///
/// The router is the only maker of the desk's pages and links: the server asks it which screen a request's path
/// names, and every view builds its links and forms' targets from its cases (``url``), never from strings. Its cases
/// carry the domain's values (a port's `UnLocode`, a voyage's `VoyageNumber`, a cargo's `TrackingId`): a path whose
/// segment is none names no screen (the 404 page).
enum DeskRoute: Hashable, Sendable {
    /// `/`: what the desk offers, and the schedule it plans on.
    case home
    /// `/routes?from=CNSHA&to=NLRTM&ready=…`: the search form and, once it is filled, the candidate itineraries.
    case routes(FormData)
    /// `/schedules/ports?code=…`: the port-schedule form, which leads to `portSchedule(_:_:)`.
    case portLookup(FormData)
    /// `/schedules/ports/{UN/LOCODE}?from=2026-03-02`: the calls at a port for four weeks.
    case portSchedule(UnLocode, FormData)
    /// `/schedules/vessels?voyage=…`: the vessel-schedule form, which leads to `vesselSchedule(_:)`.
    case vesselLookup(FormData)
    /// `/schedules/vessels/{voyage}`: a voyage's calls.
    case vesselSchedule(VoyageNumber)
    /// `/assignments`: the form that runs an assignment.
    case assignments
    /// `/assignments/{run}`: a run's progress, then its plan.
    case assignmentRun(String)
    /// `/assignments/{run}/plan.csv` or `plan.json`: a finished run's plan, as a file.
    case assignmentPlan(String, PlanFile)
    /// `/cargo?search=…&status=…&customer=…&standing=…&due=…&sort=…&page=…`: the booked cargo.
    case cargoList(FormData)
    /// `/cargo.csv?…`: every cargo the list with the same query finds, on every page, as a CSV file.
    case cargoListFile(FormData)
    /// `/cargo/{tracking id}?notice=…`: a cargo's progress, options, events and the changes to it.
    case cargo(TrackingId, FormData)
    /// `/book?from=…&to=…`: the booking form, filled from the query (a route option's "Book").
    case book(FormData)
    /// `/customers?notice=…`: the registered customers and the form that registers one.
    case customers(FormData)
    /// `/desk.css`: the stylesheet, served from the binary.
    case stylesheet
    /// `/login?next=…`: the login form, which goes on to the screen `next` names.
    case login(FormData)
    /// `/disruptions`: the cargo the schedule as it now sails disrupts, the carriers' last events, and the form that
    /// applies a file of events.
    case disruptions(FormData)

    /// The files a finished assignment is downloaded as.
    enum PlanFile: String, Hashable, Sendable, CaseIterable {
        case csv = "plan.csv"
        case json = "plan.json"
    }

    /// The screen a path and query name; `nil` for a path that names none (a 404 page).
    ///
    /// - Parameters:
    ///   - path: The request's path, percent-encoded as it arrives.
    ///   - query: The request's query, read by `FormData`.
    init?(path: Substring, query: FormData) {
        guard let segments = Self.segments(path) else { return nil }
        let first = segments.first ?? "", second = segments.count > 1 ? segments[1] : "", third = segments.count > 2 ? segments[2] : ""
        switch (segments.count, first, second) {
        case (0, _, _): self = .home
        case (1, "routes", _): self = .routes(query)
        case (2, "schedules", "ports"): self = .portLookup(query)
        case (3, "schedules", "ports"):
            guard let code = UnLocode(third) else { return nil }
            self = .portSchedule(code, query)
        case (2, "schedules", "vessels"): self = .vesselLookup(query)
        case (3, "schedules", "vessels"):
            guard let voyage = VoyageNumber(third), voyage.rawValue == third else { return nil }
            self = .vesselSchedule(voyage)
        case (1, "assignments", _): self = .assignments
        case (2, "assignments", _): self = .assignmentRun(second)
        case (3, "assignments", _):
            guard let file = PlanFile(rawValue: third) else { return nil }
            self = .assignmentPlan(second, file)
        case (1, "cargo", _): self = .cargoList(query)
        case (1, "cargo.csv", _): self = .cargoListFile(query)
        case (2, "cargo", _):
            guard let trackingId = TrackingId(second), trackingId.rawValue == second else { return nil }
            self = .cargo(trackingId, query)
        case (1, "book", _): self = .book(query)
        case (1, "customers", _): self = .customers(query)
        case (1, "desk.css", _): self = .stylesheet
        case (1, "login", _): self = .login(query)
        case (1, "disruptions", _): self = .disruptions(query)
        default: return nil
        }
    }

    /// The path and query: a link to the screen.
    var url: String {
        func with(_ path: String, _ query: FormData) -> String {
            let encoded = query.encoded
            return encoded.isEmpty ? path : path + "?" + encoded
        }
        switch self {
        case .home: return "/"
        case .routes(let query): return with("/routes", query)
        case .portLookup(let query): return with("/schedules/ports", query)
        case .portSchedule(let code, let query): return with("/schedules/ports/" + code.rawValue, query)
        case .vesselLookup(let query): return with("/schedules/vessels", query)
        case .vesselSchedule(let voyage): return "/schedules/vessels/" + FormData.encoded(voyage.rawValue)
        case .assignments: return "/assignments"
        case .assignmentRun(let run): return "/assignments/" + FormData.encoded(run)
        case .assignmentPlan(let run, let file): return "/assignments/" + FormData.encoded(run) + "/" + file.rawValue
        case .cargoList(let query): return with("/cargo", query)
        case .cargoListFile(let query): return with("/cargo.csv", query)
        case .cargo(let trackingId, let query): return with("/cargo/" + FormData.encoded(trackingId.rawValue), query)
        case .book(let query): return with("/book", query)
        case .customers(let query): return with("/customers", query)
        case .stylesheet: return "/desk.css"
        case .login(let query): return with("/login", query)
        case .disruptions(let query): return with("/disruptions", query)
        }
    }

    /// Whether the screen shows booked cargo or customers, which a desk without accounts keeps to a loopback
    /// address.
    var showsCargo: Bool {
        switch self {
        case .assignments, .assignmentRun, .assignmentPlan, .cargoList, .cargoListFile, .cargo, .book, .customers, .disruptions: true
        case .home, .routes, .portLookup, .portSchedule, .vesselLookup, .vesselSchedule, .stylesheet, .login: false
        }
    }

    /// Whether the screen answers without a session on a desk with accounts: the login form and its stylesheet.
    var isPublic: Bool {
        switch self {
        case .login, .stylesheet: true
        default: false
        }
    }

    /// What a user must be permitted to see the screen (``Principal/may(_:)``); `nil` when every user may.
    var permission: Permission? {
        switch self {
        case .assignments, .assignmentRun, .assignmentPlan: .assignRoutes
        case .customers: .registerCustomer
        case .cargoList, .cargoListFile: .listCargo
        case .cargo: .trackCargo
        case .book: .bookCargo
        case .disruptions: .applyCarrierEvents
        case .home, .routes, .portLookup, .portSchedule, .vesselLookup, .vesselSchedule, .stylesheet, .login: nil
        }
    }

    /// The path's segments, percent-decoded; `nil` when one is malformed or the path has an empty segment
    /// (other than a trailing slash).
    static func segments(_ path: Substring) -> [String]? {
        guard path.first == "/" else { return nil }
        var parts = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        if parts.last == "" { parts.removeLast() }
        var segments: [String] = []
        for part in parts {
            // A path's `+` is no space, and nothing in a desk path holds one.
            guard !part.isEmpty, !part.contains("+"), let value = FormData.decoded(part), !value.isEmpty else { return nil }
            segments.append(value)
        }
        return segments
    }
}
