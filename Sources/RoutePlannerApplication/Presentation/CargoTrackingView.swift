import RoutePlanner

/// A cargo as a planner reads it: where it goes, how it is routed, where it is, and what comes next.
public struct CargoTrackingView: Hashable, Sendable, Identifiable, Encodable {
    public let trackingId: TrackingId
    /// "2 TEU for ACME"
    public let size: String
    /// "CNSHA → NLRTM"
    public let route: String
    /// "ready Mon 2 Mar 2026, 00:00 UTC, due Fri 1 May 2026, 23:59 UTC"
    public let window: String
    /// "not routed", "routed" or "misrouted"
    public let routingStatus: String
    /// "not received", "in port", "on board carrier" or "claimed"
    public let transportStatus: String
    /// "on track", "misdirected", "not routed", "misrouted", "claimed"
    public let status: String
    /// What to do about a cargo that is not on track: "The unload at MYTPP on WS15-W09 was not the next step of
    /// its itinerary: route it again from MYTPP.", "Route it.", "None: its journey is closed."; `nil` on track.
    public let advice: String?
    public let isOnTrack: Bool
    public let isMisdirected: Bool
    /// "Shanghai (CNSHA)", when handled.
    public let lastKnownLocation: String?
    /// The voyage the cargo is aboard.
    public let currentVoyage: String?
    /// "load at CNSHA on WS15-W09, Mon 2 Mar 2026, 08:00 UTC"
    public let nextExpectedActivity: String?
    /// The arrival at the destination while on track.
    public let estimatedTimeOfArrival: String?
    /// The itinerary, when routed.
    public let itinerary: ItineraryViewModel?
    /// "Mon 2 Mar 2026, 08:00 UTC  load at CNSHA on WS15-W09", in completion order.
    public let events: [String]

    public var id: TrackingId { trackingId }
}
