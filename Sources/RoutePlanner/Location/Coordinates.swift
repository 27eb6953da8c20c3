/// A position on the earth in decimal degrees.
public struct Coordinates: Hashable, Sendable {
    /// Degrees north of the equator, from -90 to 90.
    public let latitude: Double
    /// Degrees east of Greenwich, from -180 to 180.
    public let longitude: Double

    /// Creates coordinates; they must lie within their ranges.
    public init(latitude: Double, longitude: Double) {
        precondition((-90...90).contains(latitude), "latitude \(latitude) is not between -90 and 90")
        precondition((-180...180).contains(longitude), "longitude \(longitude) is not between -180 and 180")
        self.latitude = latitude
        self.longitude = longitude
    }
}
