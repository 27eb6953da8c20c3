import RoutePlannerPictures

/// A button that posts a change with hidden values: "Assign", "Find options".
struct ActionButton {
    let action: DeskAction
    let label: String
    var values: [(String, String)] = []
    /// Words that tell the button apart from its neighbours for screen readers ("Assign option 2").
    var accessibleLabel: String?

    func markup() -> Markup {
        var button = Markup("button", [("type", "submit")], text: label)
        if let accessibleLabel { button.attributes.append((name: "aria-label", value: accessibleLabel)) }
        return Markup(
            "form", [("method", "post"), ("action", action.url), ("class", "inline")],
            DeskSession.current.hiddenInput + values.map { Markup("input", [("type", "hidden"), ("name", $0.0), ("value", $0.1)]) } + [button])
    }
}
