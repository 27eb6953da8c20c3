import RoutePlanner

/// Real ports with their UN/LOCODEs, for tests and examples.
///
/// The DDD sample's "Hongkong" (CNHKG) and "Tokyo" (JNTKO) are not codes; these are the real ones.
public enum SampleLocations {
    public static let hongKong = Location(code: "HKHKG", name: "Hong Kong", transshipmentTime: .seconds(24 * 3600))
    public static let shanghai = Location(code: "CNSHA", name: "Shanghai", transshipmentTime: .seconds(24 * 3600))
    public static let tokyo = Location(code: "JPTYO", name: "Tokyo", transshipmentTime: .seconds(24 * 3600))
    public static let singapore = Location(code: "SGSIN", name: "Singapore", transshipmentTime: .seconds(12 * 3600))
    public static let rotterdam = Location(code: "NLRTM", name: "Rotterdam", transshipmentTime: .seconds(24 * 3600))
    public static let hamburg = Location(code: "DEHAM", name: "Hamburg", transshipmentTime: .seconds(36 * 3600))
    public static let gothenburg = Location(code: "SEGOT", name: "Göteborg", transshipmentTime: .seconds(24 * 3600))
    public static let stockholm = Location(code: "SESTO", name: "Stockholm", transshipmentTime: .seconds(24 * 3600))
    public static let helsinki = Location(code: "FIHEL", name: "Helsinki", transshipmentTime: .seconds(24 * 3600))
    public static let newYork = Location(code: "USNYC", name: "New York", transshipmentTime: .seconds(48 * 3600))

    /// Every sample location.
    public static let all = [
        hongKong, shanghai, tokyo, singapore, rotterdam, hamburg, gothenburg, stockholm, helsinki, newYork,
    ]
}
