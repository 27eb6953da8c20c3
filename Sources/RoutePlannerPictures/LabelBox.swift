/// The box a label takes, estimated from its length, so that labels can be placed without overlapping.
///
/// The estimate, 0.62 of the font size per character, is wider than DejaVu Sans and Liberation Sans (the
/// fonts Chromium picks for `sans-serif` on Debian) set upper-case codes and digits.
struct LabelBox: Equatable {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    /// The estimated width of a text in a font size.
    static func width(of text: String, size: Double) -> Double { Double(text.count) * size * 0.62 }

    /// The box of a text drawn at `(x, y)` (its baseline) with an SVG `text-anchor`.
    init(text: String, x: Double, y: Double, size: Double, anchor: String = "start") {
        let width = Self.width(of: text, size: size)
        let left = anchor == "middle" ? x - width / 2 : anchor == "end" ? x - width : x
        self.init(minX: left, minY: y - size * 0.8, maxX: left + width, maxY: y + size * 0.25)
    }

    init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
    }

    /// Whether the two boxes share more than a point.
    func overlaps(_ other: LabelBox) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// Whether the box lies inside another.
    func isInside(_ other: LabelBox) -> Bool {
        minX >= other.minX && maxX <= other.maxX && minY >= other.minY && maxY <= other.maxY
    }
}
