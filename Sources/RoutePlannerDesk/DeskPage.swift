import RoutePlannerApplication
import RoutePlannerPictures

/// A page of the desk: its title, what its main region holds, and the frame every page shares (the skip link,
/// the navigation built from the router, the stylesheet).
///
/// The page is HTML written by `Markup`, which escapes every text and attribute value, so that a customer's name
/// or a file's contents are always shown as text.
struct DeskPage {
    /// The title, which the browser's tab and the main heading show.
    var title: String
    /// The main region's content, below its heading.
    var content: [Markup]
    /// The navigation item that is current, if any.
    var section: Section?
    /// Whether the page answers a form with problems: its title then starts with "Error: ", which a screen reader
    /// says first.
    var reportsProblems = false

    /// The items of the navigation, in order.
    enum Section: CaseIterable {
        case routes, schedules, cargo, book, customers, assignments, disruptions

        var title: String {
            switch self {
            case .routes: "Routes"
            case .schedules: "Schedules"
            case .cargo: "Cargo"
            case .book: "Book"
            case .customers: "Customers"
            case .assignments: "Assignments"
            case .disruptions: "Disruptions"
            }
        }

        /// What a user must be permitted to use the section.
        var permission: Permission? {
            switch self {
            case .routes, .schedules: nil
            case .cargo: .listCargo
            case .book: .bookCargo
            case .customers: .registerCustomer
            case .assignments: .assignRoutes
            case .disruptions: .applyCarrierEvents
            }
        }

        /// The sections the current session's user may use.
        static var permitted: [Section] {
            let principal = DeskSession.current.principal
            // Someone not logged in is shown no section: each would lead to the login form.
            guard principal.role != .visitor else { return [] }
            return allCases.filter { $0.permission.map(principal.may) ?? true }
        }

        var route: DeskRoute {
            switch self {
            case .routes: .routes(FormData())
            case .schedules: .portLookup(FormData())
            case .cargo: .cargoList(FormData())
            case .book: .book(FormData())
            case .customers: .customers(FormData())
            case .assignments: .assignments
            case .disruptions: .disruptions(FormData())
            }
        }
    }

    init(title: String, section: Section?, _ content: [Markup]) {
        self.title = title
        self.section = section
        self.content = content
    }

    /// Who is logged in, and the button that logs out; nothing on a desk without accounts.
    private func account() -> [Markup] {
        let session = DeskSession.current
        guard session.isLoggedIn else { return [] }
        return [
            Markup(
                "div", [("class", "account")],
                [
                    Markup("span", text: "\(session.principal.name) (\(session.principal.role.text))"),
                    ActionButton(action: .logOut, label: "Log out").markup(),
                ])
        ]
    }

    /// The page as an HTML document.
    func document() -> String {
        var head = [
            Markup("meta", [("charset", "utf-8")]),
            Markup("meta", [("name", "viewport"), ("content", "width=device-width, initial-scale=1")]),
            Markup("meta", [("name", "color-scheme"), ("content", "light dark")]),
        ]
        head += [
            Markup("title", text: (reportsProblems ? "Error: " : "") + title + " · route-planner"),
            Markup("link", [("rel", "stylesheet"), ("href", DeskRoute.stylesheet.url)]),
        ]
        let navigation = Markup(
            "nav", [("aria-label", "Desk")],
            [
                Markup("a", [("href", DeskRoute.home.url), ("class", "brand")], text: "route-planner"),
                Markup(
                    "ul", [],
                    Section.permitted.map { item in
                        var attributes = [("href", item.route.url)]
                        if item == section { attributes.append(("aria-current", "page")) }
                        return Markup("li", [], [Markup("a", attributes, text: item.title)])
                    }),
            ] + account())
        let body = Markup(
            "body", [],
            [
                Markup("a", [("href", "#main"), ("class", "skip")], text: "Skip to the content"),
                Markup("header", [], [navigation]),
                Markup("main", [("id", "main"), ("tabindex", "-1")], [Markup("h1", text: title)] + content),
                Markup("footer", [], [Markup("p", text: "route-planner: routes over voyage schedules. Works without JavaScript; prints on A4.")]),
            ])
        return "<!DOCTYPE html>\n" + Markup("html", [("lang", "en")], [Markup("head", [], head), body]).rendered() + "\n"
    }
}
