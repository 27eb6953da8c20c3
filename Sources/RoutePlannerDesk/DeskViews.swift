import RoutePlannerPictures

/// The pieces every screen's view is made of: tables, facts, notices and pictures. Views hold no logic of the
/// domain: they lay out what a view model says.
enum DeskViews {
    /// A table with a caption and a header row; `numeric` columns are right-aligned. A cell is text or markup.
    ///
    /// A table wider than the screen scrolls sideways; with `actionsLast`, its last column (what to do with each row:
    /// book, assign, choose) stays in view while the others scroll beneath it.
    static func table(caption: String, _ header: [String], _ rows: [[Cell]], numeric: Set<Int> = [], actionsLast: Bool = false) -> Markup {
        func row(_ cells: [Cell], header: Bool) -> Markup {
            Markup(
                "tr", [],
                cells.enumerated().map { index, cell in
                    var attributes: [(String, String)] = numeric.contains(index) ? [("class", "number")] : []
                    if header { attributes.append(("scope", "col")) }
                    switch cell {
                    case .text(let text): return Markup(header ? "th" : "td", attributes, text: text)
                    case .markup(let parts): return Markup(header ? "th" : "td", attributes, parts)
                    }
                })
        }
        return Markup(
            "div", [("class", "table-wrap")],
            [
                Markup(
                    "table", actionsLast ? [("class", "actions-last")] : [],
                    [
                        Markup("caption", text: caption),
                        Markup("thead", [], [row(header.map(Cell.text), header: true)]),
                        Markup("tbody", [], rows.map { row($0, header: false) }),
                    ])
            ])
    }

    /// A table's cell.
    enum Cell {
        case text(String)
        case markup([Markup])

        static func link(_ text: String, to route: DeskRoute) -> Cell { .markup([DeskViews.link(text, to: route)]) }
    }

    /// A link to a screen.
    static func link(_ text: String, to route: DeskRoute) -> Markup { Markup("a", [("href", route.url)], text: text) }

    /// Facts as a list of names and values.
    static func facts(_ pairs: [(String, String)]) -> Markup {
        Markup("dl", [("class", "facts")], pairs.flatMap { [Markup("dt", text: $0.0), Markup("dd", text: $0.1)] })
    }

    /// What went wrong, in words: the use case's failure.
    static func failure(_ message: String) -> Markup {
        Markup("div", [("class", "notice failure"), ("role", "alert")], [Markup("p", text: message)])
    }

    /// What a change did, or that there is nothing to show.
    static func notice(_ message: String) -> Markup {
        Markup("div", [("class", "notice success"), ("role", "status")], [Markup("p", text: message)])
    }

    /// An empty state: nothing to show, and what to do about it.
    static func empty(_ message: String, action: Markup? = nil) -> Markup {
        Markup("div", [("class", "notice empty")], [Markup("p", text: message)] + (action.map { [$0] } ?? []))
    }

    /// A section with a heading.
    static func section(_ heading: String, id: String, _ content: [Markup]) -> Markup {
        Markup("section", [("id", id), ("aria-labelledby", id + "-heading")], [Markup("h2", [("id", id + "-heading")], text: heading)] + content)
    }

    /// A picture, with its text for those who cannot see it (the picture's own title and description).
    static func figure(_ picture: Picture, caption: String) -> Markup {
        figure(inlineSVG: picture.inlineSVG, caption: caption)
    }

    /// A picture written as inline SVG (``Picture/inlineSVG``), with its caption.
    static func figure(inlineSVG: String, caption: String) -> Markup {
        Markup("figure", [], [Markup(raw: inlineSVG), Markup("figcaption", text: caption)])
    }
}
