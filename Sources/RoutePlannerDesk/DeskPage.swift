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

    /// The main region's content; on a page that answers a form with problems, with the first problem it shows (a
    /// form's error summary, or a refusal's notice) also where the page opens, when it is further down, so that a form
    /// low on a long page that fails never looks as if nothing happened. The copy at the top is the alert; the problem
    /// in its place is then announced no more.
    func problemsFirst() -> [Markup] {
        guard reportsProblems, let first = content.first, !Self.contains(first, where: Self.isProblem) else { return content }
        var content = content
        for index in content.indices.dropFirst() {
            if let problem = Self.takeProblem(&content[index]) { return [problem] + content }
        }
        return content
    }

    /// Whether an element shows a problem: a form's error summary, or a refusal's notice (`DeskViews.failure(_:)`).
    private static func isProblem(_ markup: Markup) -> Bool {
        let classes = markup.attributes.first { $0.name == "class" }?.value.split(separator: " ") ?? []
        return classes.contains("error-summary") || (classes.contains("notice") && classes.contains("failure"))
    }

    private static func contains(_ markup: Markup, where matches: (Markup) -> Bool) -> Bool {
        matches(markup) || markup.content.contains { if case .element(let child) = $0 { contains(child, where: matches) } else { false } }
    }

    /// The first problem inside `markup`, as a copy for the top of the page (named `page-problems`); the problem
    /// itself stays, without its alert role.
    private static func takeProblem(_ markup: inout Markup) -> Markup? {
        if isProblem(markup) {
            var copy = markup
            copy.attributes = copy.attributes.filter { $0.name != "id" } + [(name: "id", value: "page-problems")]
            markup.attributes.removeAll { $0.name == "role" }
            return copy
        }
        for index in markup.content.indices {
            guard case .element(var child) = markup.content[index], let problem = takeProblem(&child) else { continue }
            markup.content[index] = .element(child)
            return problem
        }
        return nil
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
                Markup("main", [("id", "main"), ("tabindex", "-1")], [Markup("h1", text: title)] + problemsFirst()),
                Markup("footer", [], [Markup("p", text: "route-planner: routes over voyage schedules. Works without JavaScript; prints on A4.")]),
            ])
        return "<!DOCTYPE html>\n" + Markup("html", [("lang", "en")], [Markup("head", [], head), body]).rendered() + "\n"
    }
}
