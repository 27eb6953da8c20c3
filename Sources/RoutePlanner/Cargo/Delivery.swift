import Foundation

/// Where a cargo is on its way, derived from its specification, its itinerary and its handling events.
///
/// The DDD sample's delivery progress. It is a pure function of the three (``init(specification:itinerary:events:)``),
/// so it never goes stale: a late report changes it as if it had arrived in time. An event is *expected* when
/// the itinerary says so: a receive at the origin; a load or unload at a leg's load or unload location on
/// that leg's voyage (and an unload where a re-routed itinerary starts); a claim at the destination; customs
/// anywhere. The cargo is *misdirected* when its last load, unload, receive or claim was not expected.
public struct Delivery: Hashable, Sendable {
    /// Where the cargo physically is, as its last event says.
    public enum TransportStatus: String, Hashable, Sendable, CustomStringConvertible {
        /// No event yet.
        case notReceived = "not received"
        /// Received, discharged or cleared, and waiting at a port.
        case inPort = "in port"
        /// Loaded and not yet discharged.
        case onboardCarrier = "on board carrier"
        /// Claimed at the destination: the journey is over.
        case claimed

        public var description: String { rawValue }
    }

    /// Whether the cargo has an itinerary and whether it fits the specification.
    public let routingStatus: Cargo.RoutingStatus
    /// Where the cargo physically is.
    public let transportStatus: TransportStatus
    /// The last event in completion order, if any.
    public let lastEvent: HandlingEvent?
    /// The voyage the cargo is aboard, while on board.
    public let currentVoyage: VoyageNumber?
    /// Whether the last load, unload, receive or claim was not where the itinerary says.
    public let isMisdirected: Bool
    /// What should happen next while the cargo is on track; `nil` when misdirected, not routed, or claimed.
    public let nextExpectedActivity: HandlingActivity?
    /// The final leg's arrival while the cargo is on track; `nil` otherwise.
    public let estimatedTimeOfArrival: Date?

    /// The last place the cargo was handled, if any.
    public var lastKnownLocation: UnLocode? { lastEvent?.location }
    /// Whether the cargo is routed, its itinerary fits and it is where the itinerary says.
    public var isOnTrack: Bool { routingStatus == .routed && !isMisdirected }

    /// Derives the delivery progress.
    ///
    /// - Parameter events: The cargo's events in completion order.
    /// - Complexity: O(*e* + *l*) for *e* events and *l* legs.
    public init(specification: RouteSpecification, itinerary: Itinerary?, events: [HandlingEvent]) {
        routingStatus = switch itinerary {
        case nil: .notRouted
        case let itinerary?: specification.isSatisfied(by: itinerary) ? .routed : .misrouted
        }
        lastEvent = events.last
        transportStatus = switch events.last?.kind {
        case nil: .notReceived
        case .load: .onboardCarrier
        case .unload, .receive, .customs: .inPort
        case .claim: .claimed
        }
        currentVoyage = transportStatus == .onboardCarrier ? events.last?.voyage : nil
        let lastMove = events.last { $0.kind != .customs }
        isMisdirected = if let itinerary, let lastMove { !itinerary.isExpected(lastMove) } else { false }
        let onTrack = routingStatus == .routed && !isMisdirected
        estimatedTimeOfArrival = onTrack ? itinerary?.arrivalTime : nil
        nextExpectedActivity = if onTrack, let itinerary { itinerary.activity(after: lastMove) } else { nil }
    }
}

/// A handling the itinerary expects: what, where, on which voyage and, for a load or unload, when.
public struct HandlingActivity: Hashable, Sendable, CustomStringConvertible {
    public let kind: HandlingEvent.Kind
    public let location: UnLocode
    public let voyage: VoyageNumber?
    /// The scheduled departure for a load and arrival for an unload; `nil` for the other kinds.
    public let time: Date?

    public init(kind: HandlingEvent.Kind, location: UnLocode, voyage: VoyageNumber? = nil, time: Date? = nil) {
        self.kind = kind
        self.location = location
        self.voyage = voyage
        self.time = time
    }

    /// "load at MYTPP on WS15-W09".
    public var description: String { "\(kind) at \(location)" + (voyage.map { " on \($0)" } ?? "") }
}

extension Itinerary {
    /// Returns whether the itinerary expects the event; see ``Delivery``.
    public func isExpected(_ event: HandlingEvent) -> Bool {
        switch event.kind {
        case .receive: event.location == origin
        case .load: legs.contains { $0.loadLocation.code == event.location && $0.voyage.number == event.voyage }
        case .unload:
            event.location == origin
                || legs.contains { $0.unloadLocation.code == event.location && $0.voyage.number == event.voyage }
        case .customs: true
        case .claim: event.location == destination
        }
    }

    /// The activity the itinerary expects after an expected event (or first, with none).
    func activity(after event: HandlingEvent?) -> HandlingActivity? {
        func load(_ leg: Leg) -> HandlingActivity {
            HandlingActivity(kind: .load, location: leg.loadLocation.code, voyage: leg.voyage.number, time: leg.loadTime)
        }
        guard let event else { return HandlingActivity(kind: .receive, location: origin) }
        switch event.kind {
        case .receive:
            return load(legs[0])
        case .load:
            guard let leg = legs.first(where: { $0.loadLocation.code == event.location && $0.voyage.number == event.voyage })
            else { return nil }
            return HandlingActivity(kind: .unload, location: leg.unloadLocation.code, voyage: leg.voyage.number, time: leg.unloadTime)
        case .unload:
            if event.location == destination { return HandlingActivity(kind: .claim, location: destination) }
            if let index = legs.firstIndex(where: { $0.unloadLocation.code == event.location && $0.voyage.number == event.voyage }),
               index + 1 < legs.count
            {
                return load(legs[index + 1])
            }
            return event.location == origin ? load(legs[0]) : nil
        case .customs, .claim:
            return nil
        }
    }
}
