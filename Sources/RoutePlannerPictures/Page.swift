/// A page of pictures and tables: one self-contained HTML file, with its style inline, no script and nothing
/// fetched from anywhere, readable offline and printable on A4.
///
/// The page is also well-formed XML (every element closed, everything escaped), so that it can be checked
/// by any XML parser.
struct Page {
    var title: String
    var subtitle: String
    var sections: [Markup] = []

    init(title: String, subtitle: String) {
        self.title = title
        self.subtitle = subtitle
    }

    /// Adds a section with a heading, an optional line of text, and its parts.
    mutating func section(_ heading: String, note: String? = nil, _ parts: [Markup]) {
        var section = Markup("section", [], [Markup("h2", text: heading)])
        if let note { section.append(Markup("p", [("class", "note")], text: note)) }
        section.append(contentsOf: parts)
        sections.append(section)
    }

    /// A figure holding a picture.
    static func figure(_ picture: Picture) -> Markup {
        Markup("figure", [], [Markup(raw: picture.inlineSVG)])
    }

    /// A table with a header row; cells in columns named in `numeric` are right-aligned.
    static func table(_ header: [String], _ rows: [[String]], numeric: Set<Int> = []) -> Markup {
        func row(_ cells: [String], tag: String) -> Markup {
            Markup("tr", [], cells.enumerated().map { Markup(tag, numeric.contains($0.offset) ? [("class", "number")] : [], text: $0.element) })
        }
        return Markup("table", [], [Markup("thead", [], [row(header, tag: "th")]), Markup("tbody", [], rows.map { row($0, tag: "td") })])
    }

    /// The page as an HTML document.
    func document() -> String {
        let head = Markup(
            "head", [],
            [
                Markup("meta", [("charset", "utf-8")]),
                Markup("meta", [("name", "viewport"), ("content", "width=device-width, initial-scale=1")]),
                Markup("title", text: title),
                Markup("style", text: Self.style),
            ])
        let body = Markup(
            "body", [],
            [
                Markup("header", [], [Markup("h1", text: title), Markup("p", [("class", "subtitle")], text: subtitle)])
            ] + sections)
        return "<!DOCTYPE html>\n" + Markup("html", [("lang", "en"), ("xmlns", "http://www.w3.org/1999/xhtml")], [head, body]).rendered() + "\n"
    }

    static let style = """
        body { font-family: DejaVu Sans, Liberation Sans, Arial, sans-serif; color: #1a1a1a; margin: 24px auto; max-width: 980px; padding: 0 12px; }
        h1 { font-size: 22px; margin: 0 0 4px; }
        h2 { font-size: 17px; margin: 28px 0 6px; border-bottom: 1px solid #d9d9d9; padding-bottom: 3px; }
        p.subtitle, p.note { color: #555555; font-size: 13px; margin: 4px 0 10px; }
        figure { margin: 8px 0; }
        figure svg { max-width: 100%; height: auto; }
        table { border-collapse: collapse; font-size: 12.5px; margin: 6px 0; }
        th, td { text-align: left; padding: 3px 10px 3px 0; border-bottom: 1px solid #eeeeee; vertical-align: top; }
        th { border-bottom: 1px solid #999999; }
        td.number, th.number { text-align: right; }
        dl.facts { display: grid; grid-template-columns: max-content auto; gap: 2px 16px; font-size: 13.5px; margin: 8px 0; }
        dl.facts dt { color: #555555; }
        dl.facts dd { margin: 0; }
        @media print {
            @page { size: A4; margin: 12mm; }
            body { margin: 0; max-width: none; }
            section { break-inside: avoid; }
        }
        """

    /// Facts as a two-column list: name, value.
    static func facts(_ pairs: [(String, String)]) -> Markup {
        Markup("dl", [("class", "facts")], pairs.flatMap { [Markup("dt", text: $0.0), Markup("dd", text: $0.1)] })
    }
}
