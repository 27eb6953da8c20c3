import Foundation
import RoutePlanner

/// An equirectangular projection fitted to a set of ports, cut where no leg crosses.
///
/// The longitudes are unwrapped from a cut meridian in the widest gap between the ports that no leg crosses
/// the short way (or, when every gap is crossed, the widest gap), so that a Pacific service is drawn across
/// the Pacific. A leg that still crosses the cut is drawn the short way, leaving one edge of the map and
/// coming back at the other (``segments(from:to:)``). The x scale is the y scale times the cosine of the
/// middle latitude, which keeps shapes near it true.
struct MapProjection {
    /// Where the map starts: longitudes below it are moved on by 360°.
    let cut: Double
    let west: Double, east: Double, south: Double, north: Double
    let left: Double, top: Double
    /// Pixels per degree of latitude and of longitude.
    let yScale: Double, xScale: Double

    /// A projection of `points` (and the legs between them) into a box `width` wide and at most `height` high.
    init(points: [Coordinates], legs: [(Coordinates, Coordinates)], left: Double, top: Double, width: Double, height: Double) {
        let longitudes = Set(points.map(\.longitude)).sorted()
        var cut = -180.0
        if longitudes.count > 1 {
            // The gaps between neighbouring longitudes, the one across ±180° last; each as (start, size).
            var gaps = zip(longitudes, longitudes.dropFirst()).map { (start: $0, size: $1 - $0) }
            gaps.append((longitudes.last!, longitudes.first! + 360 - longitudes.last!))
            func crossings(_ gap: (start: Double, size: Double)) -> Int {
                let middle = gap.start + gap.size / 2
                return legs.filter { Self.crosses(middle, $0.0.longitude, $0.1.longitude) }.count
            }
            let best = gaps.min { (crossings($0), -$0.size) < (crossings($1), -$1.size) }!
            cut = (best.start + best.size / 2).truncatingRemainder(dividingBy: 360)
            if cut >= 180 { cut -= 360 }
        }
        self.cut = cut
        let unwrapped = points.map { Self.unwrap($0.longitude, cut: cut) }
        let latitudes = points.map(\.latitude)
        // At least 30° by 20°, with a margin, within the poles.
        var (west, east) = ((unwrapped.min() ?? -10) - 6, (unwrapped.max() ?? 10) + 6)
        if east - west < 30 { (west, east) = ((west + east) / 2 - 15, (west + east) / 2 + 15) }
        var (south, north) = (max(-85, (latitudes.min() ?? -10) - 6), min(85, (latitudes.max() ?? 10) + 6))
        if north - south < 20 { (south, north) = (max(-85, (south + north) / 2 - 10), min(85, (south + north) / 2 + 10)) }
        let cosine = max(0.2, cos((south + north) / 2 * .pi / 180))
        let scale = min(height / (north - south), width / ((east - west) * cosine))
        (self.west, self.east, self.south, self.north) = (west, east, south, north)
        (self.left, self.top, yScale, xScale) = (left, top, scale, scale * cosine)
    }

    var width: Double { (east - west) * xScale }
    var height: Double { (north - south) * yScale }

    /// The point of a place on the map.
    func point(_ coordinates: Coordinates) -> (x: Double, y: Double) {
        point(longitude: Self.unwrap(coordinates.longitude, cut: cut), latitude: coordinates.latitude)
    }

    /// The point of an unwrapped longitude and a latitude.
    func point(longitude: Double, latitude: Double) -> (x: Double, y: Double) {
        (left + (longitude - west) * xScale, top + (north - latitude) * yScale)
    }

    /// The line of a leg, the short way round: one segment, or two when it crosses the map's edge (each then
    /// runs past the edge, to be clipped there).
    func segments(from start: Coordinates, to end: Coordinates) -> [((x: Double, y: Double), (x: Double, y: Double))] {
        let (a, b) = (Self.unwrap(start.longitude, cut: cut), Self.unwrap(end.longitude, cut: cut))
        guard abs(b - a) > 180 else { return [(point(start), point(end))] }
        let shift = b > a ? -360.0 : 360.0
        return [
            (point(longitude: a, latitude: start.latitude), point(longitude: b + shift, latitude: end.latitude)),
            (point(longitude: a - shift, latitude: start.latitude), point(longitude: b, latitude: end.latitude)),
        ]
    }

    /// A longitude moved into `cut ..< cut + 360`.
    static func unwrap(_ longitude: Double, cut: Double) -> Double {
        longitude < cut ? longitude + 360 : longitude
    }

    /// Whether the short way from one longitude to another crosses a meridian.
    static func crosses(_ meridian: Double, _ from: Double, _ to: Double) -> Bool {
        // Measured eastwards from the meridian, the short way crosses it when the two are on either side of
        // 0/360 and less than 180° apart across it.
        let (a, b) = (positive(from - meridian), positive(to - meridian))
        return abs(a - b) > 180
    }

    private static func positive(_ degrees: Double) -> Double {
        let value = degrees.truncatingRemainder(dividingBy: 360)
        return value < 0 ? value + 360 : value
    }

    /// A longitude as a label: "30°E", "120°W", "0°", "180°".
    static func longitudeLabel(_ unwrapped: Double) -> String {
        var value = unwrapped.truncatingRemainder(dividingBy: 360)
        if value > 180 { value -= 360 }
        if value <= -180 { value += 360 }
        let degrees = Int(abs(value).rounded())
        return degrees == 0 || degrees == 180 ? "\(degrees)°" : "\(degrees)°\(value < 0 ? "W" : "E")"
    }

    /// A latitude as a label: "30°N", "0°".
    static func latitudeLabel(_ value: Double) -> String {
        let degrees = Int(abs(value).rounded())
        return degrees == 0 ? "0°" : "\(degrees)°\(value < 0 ? "S" : "N")"
    }
}
