import RoutePlanner

/// How a leg's mode shows on the map and on the time line: a vessel's line or bar as it is, and a barge's, a train's or
/// a truck's with a mark in the paper's colour over it, the same in both pictures and in their legends.
///
/// The marks are shapes, since the colours tell the voyages or the itineraries apart and the map's dashes tell the
/// itineraries apart: a barge's is a waterline along the leg, a train's sleepers across it, a truck's a row of dots.
enum ModeMark {
    /// The mark over a stroke of `width` pixels along the SVG path `d`, or `nil` for a vessel.
    static func overlay(_ mode: TransportMode, path d: String, width: Double) -> Markup? {
        let attributes: [(String, String)]
        switch mode {
        case .vessel: return nil
        case .barge: attributes = [("stroke-width", (width * 0.3).svg)]
        case .rail: attributes = [("stroke-width", width.svg), ("stroke-dasharray", "1.5 \((width * 0.9).svg)"), ("stroke-linecap", "butt")]
        case .truck: attributes = [("stroke-width", (width * 0.45).svg), ("stroke-dasharray", "0 \((width * 1.1).svg)"), ("stroke-linecap", "round")]
        }
        return Markup("path", [("class", "mode-mark \(mode.rawValue)"), ("d", d), ("fill", "none"), ("stroke", "#ffffff")] + attributes)
    }

    /// The modes of the legs, in the order of ``TransportMode/allCases``, when any is not a vessel's; else none.
    static func modes(of itineraries: some Sequence<Itinerary>) -> [TransportMode] {
        let present = Set(itineraries.flatMap { $0.legs.map(\.voyage.mode) })
        return present.subtracting([.vessel]).isEmpty ? [] : TransportMode.allCases.filter(present.contains)
    }

    /// Adds a legend item for each of `modes`: a grey stroke with the mode's mark.
    static func add(_ modes: [TransportMode], to legend: inout Legend) {
        for mode in modes {
            let d = "M0 5 L24 5"
            var mark = Markup("g", [], [Markup("path", [("d", d), ("stroke", Palette.gone), ("stroke-width", "8"), ("fill", "none")])])
            if let overlay = overlay(mode, path: d, width: 8) { mark.append(overlay) }
            legend.add(mark, mode.rawValue, markWidth: 24)
        }
    }
}
