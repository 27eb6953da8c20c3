import RoutePlanner

/// A cargo as a planner reads it: where it goes, how it is routed, where it is, and what comes next; with the
/// cargo's summary for what a view computes (``CargoSummary/delivery`` has the status, the next activity and the
/// ETA as values).
public struct CargoTrackingView: Hashable, Sendable, Identifiable {
    /// The cargo, as values.
    public let cargo: CargoSummary
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
    /// "Mon 2 Mar 2026, 08:00 UTC  routed CNSHA → MYTPP → NLRTM on WS15-W09, WS25-W07, by alice", in the order made.
    public let changes: [String]
    /// The schedule as the carriers changed it, and whether it disrupts the cargo's itinerary: "version 2, as
    /// the carriers changed it: its itinerary misses the connection to leg 2 at NGAPP"; `nil` over a schedule as
    /// published.
    public var schedule: String?
    /// How it stands against its deadline, as of the time the view was made for: "late by 2 days", "at risk: 10 hours
    /// to spare", "fine: 3 days to spare", "at risk: its route is disrupted"; `nil` without a standing
    /// (`DeadlineStanding`) or a time.
    public let standing: String?
    /// How far the ETA, as the schedule now sails, is from the itinerary's planned arrival: "2 days 4 hours later
    /// than planned"; `nil` when on time, or without an ETA.
    public let delay: String?
    /// When its route was last changed after it was first routed, and by whom: "Tue 3 Mar 2026, 10:00 UTC, by the
    /// forwarder" (a planner's name to a planner); `nil` when it was routed once or never.
    public let rerouted: String?

    /// Creates a view; presenters make them, and previews may.
    public init(
        cargo: CargoSummary, trackingId: TrackingId, size: String, route: String, window: String, routingStatus: String, transportStatus: String,
        status: String, advice: String?, isOnTrack: Bool, isMisdirected: Bool, lastKnownLocation: String?, currentVoyage: String?,
        nextExpectedActivity: String?, estimatedTimeOfArrival: String?, itinerary: ItineraryViewModel?, events: [String],
        changes: [String] = [], standing: String? = nil, delay: String? = nil, rerouted: String? = nil
    ) {
        self.cargo = cargo
        self.trackingId = trackingId
        self.size = size
        self.route = route
        self.window = window
        self.routingStatus = routingStatus
        self.transportStatus = transportStatus
        self.status = status
        self.advice = advice
        self.isOnTrack = isOnTrack
        self.isMisdirected = isMisdirected
        self.lastKnownLocation = lastKnownLocation
        self.currentVoyage = currentVoyage
        self.nextExpectedActivity = nextExpectedActivity
        self.estimatedTimeOfArrival = estimatedTimeOfArrival
        self.itinerary = itinerary
        self.events = events
        self.changes = changes
        self.standing = standing
        self.delay = delay
        self.rerouted = rerouted
    }

    public var id: TrackingId { trackingId }
}
