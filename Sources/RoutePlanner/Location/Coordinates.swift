/// A position on the earth in decimal degrees.
public struct Coordinates: Hashable, Sendable {
    /// Degrees north of the equator, from -90 to 90.
    public let latitude: Double
    /// Degrees east of Greenwich, from -180 to 180.
    public let longitude: Double

    /// Creates coordinates, or `nil` when either lies outside its range (or is not a number).
    public init?(latitude: Double, longitude: Double) {
        guard (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }
}
