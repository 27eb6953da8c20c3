/// The colours of the pictures, chosen to stay distinguishable for colour-blind readers.
///
/// Categories take the Okabe–Ito palette (Okabe and Ito, "Color Universal Design", 2008); every category is
/// also labelled, so colour is never the only cue. Amounts take viridis (van der Walt and Smith, 2015),
/// which stays ordered in lightness under every common colour-vision deficiency and in grey print.
enum Palette {
    /// Okabe–Ito without black and yellow (too light on white): blue, orange, bluish green, vermillion, sky
    /// blue, reddish purple.
    static let categories = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#56B4E9", "#CC79A7"]

    /// Dash patterns that go with the categories, so that lines stay apart in grey print.
    static let dashes = ["", "8 4", "2 3", "12 3 2 3", "6 2", "1 5"]

    /// The colour of category `index`, repeating after six.
    static func category(_ index: Int) -> String { categories[index % categories.count] }

    /// The dash pattern of category `index`.
    static func dash(_ index: Int) -> String { dashes[(index / categories.count + index) % dashes.count] }

    /// The colour of text on category `index`: white on the dark ones, ink on the light ones.
    static func textOn(_ index: Int) -> String { [0, 2, 3].contains(index % categories.count) ? "#ffffff" : ink }

    static let ink = "#1a1a1a"
    static let muted = "#6b6b6b"
    static let grid = "#d9d9d9"
    static let deadline = "#D55E00"
    static let gone = "#9e9e9e"
    /// The ground and inks of a dark colour scheme, as the desk's: text at least 4.5:1 on the ground.
    static let darkPaper = "#151719"
    static let darkInk = "#ececec"
    static let darkMuted = "#b4b4b4"
    static let darkGrid = "#3d434a"

    /// Viridis at eleven stops, dark purple (0) to yellow (1).
    private static let viridis: [(Double, Double, Double)] = [
        (68, 1, 84), (72, 36, 117), (65, 68, 135), (53, 95, 141), (42, 120, 142), (33, 145, 140),
        (34, 168, 132), (68, 191, 112), (122, 209, 81), (189, 223, 38), (253, 231, 37),
    ]

    /// The viridis colour of a fraction (clamped to 0…1).
    static func sequential(_ fraction: Double) -> String {
        let t = fraction.isFinite ? min(1, max(0, fraction)) : 0
        let position = t * Double(viridis.count - 1)
        let lower = min(Int(position), viridis.count - 2)
        let weight = position - Double(lower)
        let (a, b) = (viridis[lower], viridis[lower + 1])
        return hex(a.0 + (b.0 - a.0) * weight, a.1 + (b.1 - a.1) * weight, a.2 + (b.2 - a.2) * weight)
    }

    /// A blue–white–orange colour of a change from −1 to 1 (clamped): blue for less, orange for more.
    static func diverging(_ change: Double) -> String {
        let t = change.isFinite ? min(1, max(-1, change)) : 0
        let (end, white) = (t < 0 ? (0.0, 114.0, 178.0) : (230.0, 159.0, 0.0), 255.0)
        let w = abs(t)
        return hex(white + (end.0 - white) * w, white + (end.1 - white) * w, white + (end.2 - white) * w)
    }

    /// Whether text on a sequential colour should be white rather than black.
    static func needsLightText(_ fraction: Double) -> Bool { fraction.isFinite && fraction < 0.55 }

    private static func hex(_ red: Double, _ green: Double, _ blue: Double) -> String {
        func byte(_ value: Double) -> String {
            let clamped = Int(min(255, max(0, value.rounded())))
            return (clamped < 16 ? "0" : "") + String(clamped, radix: 16)
        }
        return "#" + byte(red) + byte(green) + byte(blue)
    }
}
