import RoutePlanner
import RoutePlannerPictures

/// A form of the desk as views write it: its fields with their labels, hints, kept input and each one's problem
/// next to it, and a summary of the problems at the top that links to each field.
///
/// Field names are the desk's form names (``DeskField`` names a use case's fields);
/// a field's `id` is its form's prefix and its name, so that two forms on one page never share an id.
struct DeskForm {
    /// A control of the form.
    struct Field {
        enum Kind {
            case text
            /// A choice among values, each with its label.
            case choice([(value: String, label: String)])
            /// A box that sends `yes` when ticked.
            case checkbox
            /// A file to upload, of the types named as an `accept` attribute names them (`.csv,text/csv`).
            case file(accept: String)
            /// A password, never shown again once sent.
            case password
            /// A value the form carries without showing it.
            case hidden
        }

        let name: String
        let label: String
        var hint: String?
        var kind: Kind = .text
        var required = false
        /// Values the browser offers as one types (`datalist`), each with the words it shows beside it.
        var suggestions: [Suggestion] = []
        /// What the browser may fill the field with (`autocomplete`): `username`; none for the desk's own data.
        var autocomplete = "off"

        init(_ name: String, _ label: String, hint: String? = nil, kind: Kind = .text, required: Bool = false, suggestions: [Suggestion] = []) {
            self.name = name
            self.label = label
            self.hint = hint
            self.kind = kind
            self.required = required
            self.suggestions = suggestions
        }
    }

    /// A value a field suggests, and the words the browser shows beside it, which it also matches what is typed with:
    /// a port's code, and its name.
    struct Suggestion: Hashable {
        let value: String
        let label: String?

        /// The ports of a schedule, by code, each with its name: typing "Rotter" offers NLRTM.
        static func ports(_ locations: [Location]) -> [Suggestion] {
            locations.sorted { $0.code.rawValue < $1.code.rawValue }.map { Suggestion(value: $0.code.rawValue, label: $0.name) }
        }
    }

    /// The form's prefix for ids.
    let id: String
    /// The heading, or `nil` when the page's heading names the form.
    var heading: String?
    /// Where it is sent: a screen (`GET`) or a change (`POST`).
    let target: Target
    let fields: [Field]
    /// The input to show: what was sent, or defaults.
    let values: FormData
    /// Each field's problem, by form name.
    let errors: [String: String]
    /// The submit button's label.
    let submit: String
    /// Why the change the form asked for was not made, in words, when the input was valid but the domain refused it.
    var failure: String?
    /// Fields that are grouped under a heading of their own, after the others (the what-if panel).
    var groups: [(legend: String, fields: [Field])] = []

    enum Target {
        case screen(DeskRoute)
        case change(DeskAction)
    }

    /// The form, with the summary of its problems first.
    func markup() -> Markup {
        // A change carries the session's token, first, so that it is read before any file.
        var children: [Markup] = if case .change = target { DeskSession.current.hiddenInput } else { [] }
        if let heading { children.append(Markup("h2", [("id", id + "-heading")], text: heading)) }
        if let failure { children.append(DeskViews.failure(failure)) }
        if !errors.isEmpty { children.append(summary()) }
        children.append(Markup("div", [("class", "fields")], fields.map(field)))
        for group in groups {
            // A group is folded away until one of its fields holds something (it opens without script).
            let used = group.fields.contains { !values[$0.name].isEmpty || errors[$0.name] != nil }
            children.append(
                Markup(
                    "details", used ? [("open", "open")] : [],
                    [
                        Markup("summary", text: group.legend),
                        Markup(
                            "fieldset", [],
                            [
                                Markup("legend", [("class", "visually-hidden")], text: group.legend),
                                Markup("div", [("class", "fields")], group.fields.map(field)),
                            ]),
                    ]))
        }
        children.append(Markup("button", [("type", "submit")], text: submit))
        var attributes: [(String, String)]
        switch target {
        case .screen(let route): attributes = [("method", "get"), ("action", route.url.split(separator: "?").first.map(String.init) ?? "/")]
        case .change(let action): attributes = [("method", "post"), ("action", action.url)]
        }
        if fields.contains(where: { if case .file = $0.kind { true } else { false } }) { attributes.append(("enctype", "multipart/form-data")) }
        if heading != nil { attributes.append(("aria-labelledby", id + "-heading")) }
        attributes.append(("novalidate", "novalidate"))
        return Markup("form", attributes, children)
    }

    /// "There is a problem", with a link to each field that has one, in the form's order.
    private func summary() -> Markup {
        let all = fields + groups.flatMap(\.fields)
        let items = all.compactMap { field in errors[field.name].map { (field, $0) } }
        let unplaced = errors.filter { name, _ in !all.contains { $0.name == name } }.sorted { $0.key < $1.key }
        return Markup(
            "div", [("class", "error-summary"), ("role", "alert"), ("id", id + "-problems")],
            [
                Markup(heading == nil ? "h2" : "h3", text: errors.count == 1 ? "There is a problem" : "There are \(errors.count) problems"),
                Markup(
                    "ul", [],
                    items.map { field, message in
                        Markup("li", [], [Markup("a", [("href", "#" + fieldId(field.name))], text: field.label + ": " + message)])
                    } + unplaced.map { Markup("li", text: $0.value) }),
            ])
    }

    private func fieldId(_ name: String) -> String { id + "-" + name }

    private func field(_ field: Field) -> Markup {
        let id = fieldId(field.name), error = errors[field.name]
        if case .hidden = field.kind { return Markup("input", [("type", "hidden"), ("name", field.name), ("value", values[field.name])]) }
        var described: [String] = []
        var parts: [Markup] = []
        if let hint = field.hint {
            described.append(id + "-hint")
            parts.append(Markup("p", [("class", "hint"), ("id", id + "-hint")], text: hint))
        }
        if let error {
            described.append(id + "-error")
            parts.append(
                Markup(
                    "p", [("class", "field-error"), ("id", id + "-error")],
                    [
                        Markup("span", [("class", "visually-hidden")], text: "Error: "), Markup("span", [("class", "message")], text: error),
                    ]))
        }
        var attributes: [(String, String)] = [("id", id), ("name", field.name)]
        if !described.isEmpty { attributes.append(("aria-describedby", described.joined(separator: " "))) }
        if error != nil { attributes.append(("aria-invalid", "true")) }
        if field.required { attributes.append(("aria-required", "true")) }
        let label = Markup("label", [("for", id)], text: field.label + (field.required ? "" : " (optional)"))
        let control: Markup
        switch field.kind {
        case .text:
            attributes += [("type", "text"), ("value", values.all(field.name).joined(separator: ", ")), ("autocomplete", field.autocomplete)]
            if !field.suggestions.isEmpty { attributes.append(("list", id + "-list")) }
            var input = [Markup("input", attributes)]
            if !field.suggestions.isEmpty {
                input.append(
                    Markup(
                        "datalist", [("id", id + "-list")],
                        field.suggestions.map { Markup("option", [("value", $0.value)] + ($0.label.map { [("label", $0)] } ?? [])) }))
            }
            return Markup("div", [("class", error == nil ? "field" : "field has-error")], [label] + parts + input)
        case .choice(let options):
            let chosen = values[field.name]
            control = Markup(
                "select", attributes,
                options.map { option in
                    Markup(
                        "option", [("value", option.value)] + (option.value.lowercased() == chosen.lowercased() ? [("selected", "selected")] : []),
                        text: option.label)
                })
        case .checkbox:
            attributes += [("type", "checkbox"), ("value", "yes")]
            if values.isTicked(field.name) { attributes.append(("checked", "checked")) }
            let box = Markup("input", attributes)
            return Markup(
                "div", [("class", error == nil ? "field checkbox" : "field checkbox has-error")],
                [box, Markup("label", [("for", id)], text: field.label)] + parts)
        case .file(let accept):
            attributes += [("type", "file"), ("accept", accept)]
            control = Markup("input", attributes)
        case .password:
            attributes += [("type", "password"), ("autocomplete", "current-password")]
            control = Markup("input", attributes)
        case .hidden:
            control = Markup("input", [("type", "hidden"), ("name", field.name), ("value", values[field.name])])
        }
        return Markup("div", [("class", error == nil ? "field" : "field has-error")], [label] + parts + [control])
    }
}
