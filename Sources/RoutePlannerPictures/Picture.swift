/// A picture: an SVG drawing of a fixed size, which stands alone as a file or sits inline in a page.
///
/// Its size fits a laptop screen at 100% and, scaled to the page's width, an A4 page; its style is inline
/// and its fonts are the system's, so it needs nothing from anywhere else.
public struct Picture: Sendable {
    /// The width and height, in CSS pixels.
    public let width: Double
    public let height: Double
    let svg: String

    init(width: Double, height: Double, title: String, description: String, content: [Markup]) {
        self.width = width
        self.height = height
        let root = Markup(
            "svg",
            [
                ("xmlns", "http://www.w3.org/2000/svg"), ("width", width.svg), ("height", height.svg),
                ("viewBox", "0 0 \(width.svg) \(height.svg)"), ("role", "img"), ("class", "picture"),
            ], [Markup("title", text: title), Markup("desc", text: description), Markup("style", text: Self.style)] + content)
        svg = root.rendered()
    }

    /// The picture as an SVG file.
    public var svgDocument: String { "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg + "\n" }

    /// The picture as an `svg` element, to put inside an HTML page.
    public var inlineSVG: String { svg }

    /// The style every picture carries: in a dark colour scheme (`prefers-color-scheme`), a dark ground with light
    /// ink, the categories' colours as they are.
    static let style = """
        svg.picture { font-family: DejaVu Sans, Liberation Sans, Arial, sans-serif; background: #ffffff; }
        .title { font-size: 15px; font-weight: bold; fill: \(Palette.ink); }
        .subtitle, .tick, .note { font-size: 11px; fill: \(Palette.muted); }
        .label { font-size: 11px; fill: \(Palette.ink); }
        .small { font-size: 10px; fill: \(Palette.ink); }
        .bar-label { font-size: 10.5px; }
        .grid { stroke: \(Palette.grid); stroke-width: 1; }
        .wait { stroke: \(Palette.muted); stroke-width: 1.5; stroke-dasharray: 3 3; }
        .ready { stroke: \(Palette.ink); stroke-width: 1.5; }
        .deadline { stroke: \(Palette.deadline); stroke-width: 2; }
        .earliest { stroke: \(Palette.ink); stroke-width: 1.5; stroke-dasharray: 1 3; }
        .legend { font-size: 11px; fill: \(Palette.ink); }
        @media (prefers-color-scheme: dark) {
            svg.picture { background: \(Palette.darkPaper); }
            .title, .label, .small, .legend, .port-label { fill: \(Palette.darkInk); }
            .subtitle, .tick, .note { fill: \(Palette.darkMuted); }
            .grid { stroke: \(Palette.darkGrid); }
            .wait { stroke: \(Palette.darkMuted); }
            .ready, .earliest, .ink-stroke { stroke: \(Palette.darkInk); }
            .ink-fill { fill: \(Palette.darkInk); }
            .sea { fill: #1b2530; stroke: \(Palette.darkGrid); }
            .mode-mark { stroke: \(Palette.darkPaper); }
            circle.end { fill: \(Palette.darkPaper); stroke: \(Palette.darkInk); }
            .port-label { stroke: \(Palette.darkPaper); }
        }
        """
}
