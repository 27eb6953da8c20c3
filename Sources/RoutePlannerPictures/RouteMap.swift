import Foundation
import RoutePlanner

/// The ports and legs of itineraries on a map: each itinerary a line of its own colour and dash through the
/// ports its voyages call at, the origin and destination ringed, every port once, labelled where its label
/// covers no other label or port (its name and code are in its tooltip either way).
///
/// The projection is equirectangular, fitted to the ports (`MapProjection`), with a graticule and no
/// coastlines: it is drawn from the ports' coordinates alone, with nothing fetched from anywhere.
public struct RouteMap: Sendable {
    public var title: String
    public var rows: [ItineraryTimeline.Row]
    /// The places the itineraries call at, by code: their coordinates and names.
    public var locations: [UnLocode: Location]

    /// A map of the `rows`' itineraries; `locations` gives the coordinates of the calls between a leg's ends
    /// (the legs' own ends carry theirs).
    public init(title: String, rows: [ItineraryTimeline.Row], locations: some Sequence<Location>) {
        self.title = title
        self.rows = rows
        var byCode = Dictionary(locations.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        for leg in rows.flatMap(\.itinerary.legs) {
            byCode[leg.loadLocation.code] = byCode[leg.loadLocation.code] ?? leg.loadLocation
            byCode[leg.unloadLocation.code] = byCode[leg.unloadLocation.code] ?? leg.unloadLocation
        }
        self.locations = byCode
    }

    static let width = 960.0
    static let mapTop = 50.0
    static let mapLeft = 40.0

    /// How much a port matters for its label: the ends first, then transshipments, then other calls.
    enum Role: Int, Comparable {
        case end = 0, transshipment, call
        static func < (lhs: Role, rhs: Role) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Every port of the rows once, in the order they are first met, with the most a port is to any row.
    var ports: [(code: UnLocode, role: Role)] {
        var order: [UnLocode] = []
        var role: [UnLocode: Role] = [:]
        func meet(_ code: UnLocode, _ given: Role) {
            if role[code] == nil { order.append(code) }
            role[code] = min(role[code] ?? given, given)
        }
        for row in rows {
            meet(row.itinerary.origin, .end)
            for leg in row.itinerary.legs {
                for call in leg.calls.dropLast() { meet(call, .call) }
            }
            for place in row.itinerary.transshipmentLocations { meet(place.code, .transshipment) }
            meet(row.itinerary.destination, .end)
        }
        return order.map { ($0, role[$0]!) }
    }

    /// The calls of an itinerary in order, from its origin: where its line runs.
    static func path(of itinerary: Itinerary) -> [UnLocode] { [itinerary.origin] + itinerary.calls }

    /// The picture.
    public func picture() -> Picture {
        let ports = self.ports
        let placed = ports.compactMap { port in locations[port.code]?.coordinates.map { (port.code, port.role, $0) } }
        let missing = ports.filter { locations[$0.code]?.coordinates == nil }.map(\.code)
        var legs: [(Coordinates, Coordinates)] = []
        for row in rows {
            let path = Self.path(of: row.itinerary).compactMap { locations[$0]?.coordinates }
            legs += zip(path, path.dropFirst()).map { ($0, $1) }
        }
        let projection = MapProjection(
            points: placed.map(\.2), legs: legs, left: Self.mapLeft, top: Self.mapTop, width: Self.width - 2 * Self.mapLeft, height: 480)
        let frame = (x: projection.left, y: projection.top, width: projection.width, height: projection.height)
        var content: [Markup] = [
            Markup("text", [("class", "title"), ("x", "12"), ("y", "22")], text: title),
            Markup(
                "text", [("class", "subtitle"), ("x", "12"), ("y", "38")],
                text: "Equirectangular projection from the ports' coordinates; no coastlines. Lines run port to port as the voyages call."),
            Markup(
                "defs", [],
                [
                    Markup(
                        "clipPath", [("id", "map-frame")],
                        [
                            Markup("rect", [("x", frame.x.svg), ("y", frame.y.svg), ("width", frame.width.svg), ("height", frame.height.svg)])
                        ])
                ]),
            Markup(
                "rect",
                [
                    ("class", "sea"), ("x", frame.x.svg), ("y", frame.y.svg), ("width", frame.width.svg), ("height", frame.height.svg), ("fill", "#f4f8fb"),
                    ("stroke", Palette.grid),
                ]),
        ]
        content += graticule(projection)
        // The first itinerary widest and underneath, so that where they share a leg every one shows.
        var lines = Markup("g", [("class", "routes"), ("clip-path", "url(#map-frame)"), ("fill", "none"), ("stroke-linecap", "round")])
        for (index, row) in rows.enumerated() {
            let path = Self.path(of: row.itinerary)
            let d = pathData(through: path, projection)
            guard !d.isEmpty else { continue }
            let width = 2.0 + 2.5 * Double(rows.count - 1 - index)
            var line = Markup(
                "path",
                [
                    ("class", "route" + (row.change.map { " " + $0.rawValue } ?? "")), ("data-row", row.label), ("d", d),
                    ("stroke", row.change == .gone ? Palette.gone : Palette.category(index)), ("stroke-width", width.svg),
                    ("stroke-dasharray", row.change == .gone ? "4 4" : Palette.dash(index)), ("stroke-opacity", "0.9"),
                ])
            line.append(Markup("title", text: "\(row.label): " + path.map(\.rawValue).joined(separator: " → ")))
            lines.append(line)
            // A barge's, a train's or a truck's leg: solid, wide enough for its mode's mark, and the mark over it.
            for leg in row.itinerary.legs where leg.voyage.mode != .vessel {
                let d = pathData(through: [leg.loadLocation.code] + leg.calls, projection)
                guard !d.isEmpty else { continue }
                let legWidth = max(width, 6)
                lines.append(
                    Markup(
                        "path",
                        [
                            ("class", "inland-leg"), ("d", d), ("stroke", row.change == .gone ? Palette.gone : Palette.category(index)),
                            ("stroke-width", legWidth.svg),
                        ]))
                if let mark = ModeMark.overlay(leg.voyage.mode, path: d, width: legWidth) { lines.append(mark) }
            }
        }
        content.append(lines)
        content += portsAndLabels(placed, projection: projection)
        var y = frame.y + frame.height + 24
        if !missing.isEmpty {
            content.append(
                Markup(
                    "text", [("class", "note"), ("x", "12"), ("y", y.svg)],
                    text: "Not on the map (no coordinates in the locations): " + missing.map(\.rawValue).joined(separator: ", ") + "."))
            y += 18
        }
        let (legend, legendHeight) = legendItems().markup(y: y, width: Self.width)
        content += legend
        let description = "Ports: " + ports.map(\.code.rawValue).joined(separator: ", ")
        return Picture(width: Self.width, height: y + legendHeight, title: title, description: description, content: content)
    }

    /// The SVG path data of a line through `calls`, each step the short way round; a call without coordinates is
    /// skipped with the steps to and from it.
    private func pathData(through calls: [UnLocode], _ projection: MapProjection) -> String {
        var d = ""
        for (from, to) in zip(calls, calls.dropFirst()) {
            guard let a = locations[from]?.coordinates, let b = locations[to]?.coordinates else { continue }
            for (start, end) in projection.segments(from: a, to: b) { d += "M\(start.x.svg) \(start.y.svg)L\(end.x.svg) \(end.y.svg)" }
        }
        return d
    }

    /// Meridians and parallels every 10° or 30°, labelled on the frame.
    private func graticule(_ projection: MapProjection) -> [Markup] {
        let step = max(projection.east - projection.west, projection.north - projection.south) > 90 ? 30.0 : 10.0
        var parts: [Markup] = []
        let (top, bottom) = (projection.top, projection.top + projection.height)
        let (left, right) = (projection.left, projection.left + projection.width)
        var longitude = (projection.west / step).rounded(.up) * step
        while longitude <= projection.east {
            let x = projection.point(longitude: longitude, latitude: 0).x
            parts.append(Markup("line", [("class", "grid"), ("x1", x.svg), ("x2", x.svg), ("y1", top.svg), ("y2", bottom.svg)]))
            parts.append(
                Markup(
                    "text", [("class", "tick"), ("x", x.svg), ("y", (bottom + 13).svg), ("text-anchor", "middle")],
                    text: MapProjection.longitudeLabel(longitude)))
            longitude += step
        }
        var latitude = (projection.south / step).rounded(.up) * step
        while latitude <= projection.north {
            let y = projection.point(longitude: projection.west, latitude: latitude).y
            parts.append(Markup("line", [("class", "grid"), ("x1", left.svg), ("x2", right.svg), ("y1", y.svg), ("y2", y.svg)]))
            parts.append(
                Markup(
                    "text", [("class", "tick"), ("x", (left - 4).svg), ("y", (y + 4).svg), ("text-anchor", "end")], text: MapProjection.latitudeLabel(latitude))
            )
            latitude += step
        }
        return parts
    }

    /// A dot per port, and a label for each port where one fits, the ends first.
    private func portsAndLabels(_ placed: [(UnLocode, Role, Coordinates)], projection: MapProjection) -> [Markup] {
        var dots: [Markup] = []
        var labels: [Markup] = []
        let points = placed.map { projection.point($0.2) }
        var taken = points.map { LabelBox(minX: $0.x - 4, minY: $0.y - 4, maxX: $0.x + 4, maxY: $0.y + 4) }
        let frame = LabelBox(minX: projection.left, minY: projection.top, maxX: projection.left + projection.width, maxY: projection.top + projection.height)
        for (index, (code, role, coordinates)) in placed.enumerated() {
            let point = points[index]
            var dot = Markup(
                "circle",
                [
                    ("class", role == .end ? "port end" : "port ink-fill ink-stroke"), ("data-code", code.rawValue), ("cx", point.x.svg), ("cy", point.y.svg),
                    ("r", role == .end ? "5" : "3.5"),
                    ("fill", role == .end ? "#ffffff" : Palette.ink), ("stroke", Palette.ink), ("stroke-width", role == .end ? "2.5" : "1"),
                ])
            let name = locations[code]?.name ?? code.rawValue
            dot.append(
                Markup(
                    "title",
                    text: "\(name) (\(code)), \(MapProjection.latitudeLabel(coordinates.latitude)) \(MapProjection.longitudeLabel(coordinates.longitude))"))
            dots.append(dot)
        }
        for index in placed.indices.sorted(by: { (placed[$0].1, $0) < (placed[$1].1, $1) }) {
            let (code, role, _) = placed[index]
            let point = points[index]
            let size = role == .end ? 12.0 : 10.5
            let candidates: [(dx: Double, dy: Double, anchor: String)] = [
                (8, 4, "start"), (-8, 4, "end"), (0, -9, "middle"), (0, 16, "middle"),
                (6, -7, "start"), (6, 14, "start"), (-6, -7, "end"), (-6, 14, "end"),
            ]
            for candidate in candidates {
                let (x, y) = (point.x + candidate.dx, point.y + candidate.dy)
                let box = LabelBox(text: code.rawValue, x: x, y: y, size: size, anchor: candidate.anchor)
                guard box.isInside(frame), !taken.contains(where: box.overlaps) else { continue }
                taken.append(box)
                labels.append(
                    Markup(
                        "text",
                        [
                            ("class", role == .end ? "port-label end" : "port-label"), ("data-code", code.rawValue), ("x", x.svg), ("y", y.svg),
                            ("text-anchor", candidate.anchor), ("font-size", size.svg), ("font-weight", role == .end ? "bold" : "normal"),
                            ("fill", Palette.ink), ("stroke", "#ffffff"), ("stroke-width", "3"), ("paint-order", "stroke"),
                        ],
                        text: code.rawValue))
                break
            }
        }
        return dots + labels
    }

    private func legendItems() -> Legend {
        var legend = Legend()
        for (index, row) in rows.enumerated() {
            let itinerary = row.itinerary
            let days = String(format: "%.1f", itinerary.arrivalTime.timeIntervalSince(itinerary.departureTime) / 86_400)
            let gone = row.change == .gone
            legend.add(
                Markup(
                    "line",
                    [
                        ("x1", "0"), ("x2", "20"), ("y1", "5"), ("y2", "5"), ("stroke-width", "4"),
                        ("stroke", gone ? Palette.gone : Palette.category(index)), ("stroke-dasharray", gone ? "4 4" : Palette.dash(index)),
                    ]),
                "\(row.label)\(row.change.map { " (\($0.rawValue))" } ?? ""): \(days) days", markWidth: 20)
        }
        legend.add(
            Markup("circle", [("cx", "9"), ("cy", "5"), ("r", "5"), ("class", "end"), ("fill", "#ffffff"), ("stroke", Palette.ink), ("stroke-width", "2.5")]),
            "origin, destination")
        legend.add(Markup("circle", [("cx", "9"), ("cy", "5"), ("r", "3.5"), ("class", "ink-fill"), ("fill", Palette.ink)]), "port of call or transshipment")
        ModeMark.add(ModeMark.modes(of: rows.map(\.itinerary)), to: &legend)
        return legend
    }
}
