/// A picture's legend: items of a mark and a text, laid out left to right and wrapped to the width.
struct Legend {
    struct Item {
        var mark: Markup
        /// The width the mark takes; the text starts 8 pixels after it.
        var markWidth = 18.0
        var text: String
    }

    var items: [Item] = []

    mutating func add(_ mark: Markup, _ text: String, markWidth: Double = 18) {
        items.append(Item(mark: mark, markWidth: markWidth, text: text))
    }

    /// The items from `y` down, and the height they take.
    func markup(y: Double, width: Double) -> (parts: [Markup], height: Double) {
        var parts: [Markup] = []
        var (x, line) = (12.0, 0.0)
        for item in items {
            let itemWidth = item.markWidth + 8 + LabelBox.width(of: item.text, size: 11) + 18
            if x + itemWidth > width - 12 && x > 12 {
                x = 12
                line += 1
            }
            var group = Markup("g", [("class", "legend-item"), ("transform", "translate(\(x.svg) \((y + line * 20).svg))")])
            group.append(item.mark)
            group.append(Markup("text", [("class", "legend"), ("x", (item.markWidth + 8).svg), ("y", "10")], text: item.text))
            parts.append(group)
            x += itemWidth
        }
        return (parts, items.isEmpty ? 0 : (line + 1) * 20 + 8)
    }

    /// A colour scale of ten swatches from `from` to `to`, as a mark of its own, with `low` before it.
    static func scale(_ colour: (Double) -> String, from: Double, to: Double, low: String) -> (mark: Markup, width: Double) {
        var group = Markup("g", [], [Markup("text", [("class", "legend"), ("x", "0"), ("y", "10")], text: low)])
        let left = LabelBox.width(of: low, size: 11) + 4
        for step in 0..<10 {
            let value = from + (to - from) * Double(step) / 9
            group.append(Markup("rect", [("x", (left + Double(step) * 12).svg), ("y", "0"), ("width", "12"), ("height", "12"), ("fill", colour(value))]))
        }
        return (group, left + 120)
    }
}
