/// Horizontal bars, one per labelled amount, on a shared scale from zero: revenue against its baseline and
/// bound, or bookings by what became of them.
struct BarChart {
    struct Bar {
        var label: String
        var value: Double
        var colour: String
        /// The amount as written at the bar's end.
        var text: String
    }

    var title: String
    var bars: [Bar]
    /// The value the full width stands for; the largest bar's by default.
    var scaleMaximum: Double?

    static let width = 960.0
    static let labelWidth = 190.0

    func picture() -> Picture {
        let maximum = max(scaleMaximum ?? 0, bars.map(\.value).max() ?? 0, 1e-9)
        let barSpace = Self.width - Self.labelWidth - 230
        var content = [Markup("text", [("class", "title"), ("x", "12"), ("y", "22")], text: title)]
        for (index, bar) in bars.enumerated() {
            let y = 38 + Double(index) * 26
            let length = max(0, bar.value) / maximum * barSpace
            content.append(
                Markup("text", [("class", "label"), ("x", (Self.labelWidth - 8).svg), ("y", (y + 13).svg), ("text-anchor", "end")], text: bar.label))
            var rect = Markup(
                "rect", [("class", "bar"), ("x", Self.labelWidth.svg), ("y", y.svg), ("width", max(length, 1).svg), ("height", "18"), ("fill", bar.colour)])
            rect.append(Markup("title", text: "\(bar.label): \(bar.text)"))
            content.append(rect)
            content.append(Markup("text", [("class", "label"), ("x", (Self.labelWidth + length + 6).svg), ("y", (y + 13).svg)], text: bar.text))
        }
        return Picture(
            width: Self.width, height: 48 + Double(bars.count) * 26, title: title,
            description: bars.map { "\($0.label): \($0.text)" }.joined(separator: "; "), content: content)
    }
}
