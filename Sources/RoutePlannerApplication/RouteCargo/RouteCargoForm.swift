/// The raw fields of a route search, as a form or a command line gives them.
public struct RouteCargoForm: Hashable, Sendable {
    public var origin: String
    public var destination: String
    /// A date (`2026-03-01`, the start of the day in UTC) or a date-time with a zone.
    public var ready: String
    /// A date (`2026-04-01`, the end of the day in UTC) or a date-time with a zone.
    public var deadline: String
    /// The most candidates, from 1 to 50.
    public var limit: String
    /// Empty for any number, else from 0 to 10.
    public var maxTransshipments: String
    public var via: [String]
    public var avoid: [String]
    public var avoidVoyages: [String]

    public init(
        origin: String, destination: String, ready: String, deadline: String, limit: String = "5",
        maxTransshipments: String = "", via: [String] = [], avoid: [String] = [], avoidVoyages: [String] = []
    ) {
        self.origin = origin
        self.destination = destination
        self.ready = ready
        self.deadline = deadline
        self.limit = limit
        self.maxTransshipments = maxTransshipments
        self.via = via
        self.avoid = avoid
        self.avoidVoyages = avoidVoyages
    }
}
