import RoutePlanner

/// One candidate itinerary, written for a planner, with the itinerary itself for what a view computes.
public struct ItineraryViewModel: Hashable, Sendable, Identifiable {
    /// The itinerary: its legs, times and `Itinerary.reference`.
    public let itinerary: Itinerary
    /// The voyages and ports, which tell itineraries apart.
    public let id: String
    /// "Mon 2 Mar 2026, 08:00 UTC"
    public let departure: String
    public let arrival: String
    /// "36 days 16 hours"
    public let transitTime: String
    /// The whole number of days, rounded up, as DCSA's transitTime counts them.
    public let transitDays: Int
    /// "CNSHA → MYTPP → NLRTM"
    public let route: String
    /// "Tanjung Pelepas (MYTPP): waits 2 days 5 hours"; empty for a direct sailing.
    public let transshipments: [String]
    /// "Chongqing (CNCKG): delivered by truck, waits 8 hours to load", "Rotterdam (NLRTM): discharged, waits 1 day for
    /// the truck": where a haul meets a voyage; empty without hauls.
    public let truckHandovers: [String]
    /// "WS15-W09: Shanghai (CNSHA) → Tanjung Pelepas (MYTPP)"
    public let legs: [String]
    /// "arrives 23 days 8 hours before the deadline"
    public let slack: String
    /// "USD 307.50 per TEU": loading, discharging and each transshipment, when every port of them has costs.
    public let handlingCost: String?
    /// "812 kg CO2e per TEU": the itinerary's emissions, when every movement's are known.
    public let co2e: String?

    /// Creates a view model; presenters make them, and previews may.
    public init(
        itinerary: Itinerary, id: String, departure: String, arrival: String, transitTime: String, transitDays: Int, route: String,
        transshipments: [String], legs: [String], slack: String, handlingCost: String? = nil,
        co2e: String? = nil, truckHandovers: [String] = []
    ) {
        self.truckHandovers = truckHandovers
        self.itinerary = itinerary
        self.id = id
        self.departure = departure
        self.arrival = arrival
        self.transitTime = transitTime
        self.transitDays = transitDays
        self.route = route
        self.transshipments = transshipments
        self.legs = legs
        self.slack = slack
        self.handlingCost = handlingCost
        self.co2e = co2e
    }
}
