import Foundation

/// Where a cargo is on its way, derived from its specification, its itinerary, its handling events and whether its
/// booking was cancelled.
///
/// The DDD sample's delivery progress. It is a pure function of these (``init(specification:itinerary:events:isCancelled:)``),
/// so it never goes stale: a late report changes it as if it had arrived in time. The cargo is *misdirected*
/// when its last load, unload, receive or claim is not what the itinerary expects after the move before it
/// (see ``Itinerary/isExpected(_:after:)``): a load onto a voyage other than the next leg's, an unload from a
/// voyage the cargo was not loaded on, or any move at a port off the itinerary.
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

    /// The one word a planner asks for first: is the cargo on track, and if not, why not.
    public enum Status: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// Routed, the itinerary fits the specification, and every move so far was expected.
        case onTrack = "on track"
        /// The last move was not what the itinerary expects; the cargo needs a new route from where it is.
        case misdirected
        /// No itinerary yet.
        case notRouted = "not routed"
        /// The itinerary no longer fits the specification (the specification changed).
        case misrouted
        /// Routed and where the itinerary says, but the schedule as it now sails no longer takes the cargo where it
        /// goes in time (``Delivery/disruption``).
        case disrupted
        /// Claimed at the destination: the journey is closed.
        case claimed
        /// The booking was cancelled before the cargo was loaded; nothing more happens to it.
        case cancelled

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
    /// The last load, unload, receive or claim, when the itinerary did not expect it; `nil` otherwise.
    public let unexpectedEvent: HandlingEvent?
    /// What should happen next while the cargo is on track or disrupted; `nil` when misdirected, not routed, or
    /// claimed.
    public private(set) var nextExpectedActivity: HandlingActivity?
    /// The final leg's arrival while the cargo is on track or disrupted, as the schedule now sails it; `nil`
    /// otherwise, and when the schedule breaks the route (a leg no longer sails, or the cargo misses a connection or its
    /// departure), which then no longer takes the cargo there at all.
    public private(set) var estimatedTimeOfArrival: Date?
    /// What stops the itinerary, as the schedule now sails it, from taking the cargo where it goes in time, the calls
    /// that moved to stop it and by how much the cargo misses; `nil` when nothing does, or when the delivery is as
    /// planned (``Cargo/delivery(over:)``).
    public private(set) var disruptionCause: DisruptionCause?
    /// What stops the itinerary (``disruptionCause``).
    public var disruption: ItineraryDisruption? { disruptionCause?.disruption }

    /// The last place the cargo was handled, if any.
    public var lastKnownLocation: UnLocode? { lastEvent?.location }
    /// Whether the booking was cancelled (``Cargo/cancel(at:)``).
    public let isCancelled: Bool
    /// Whether the last load, unload, receive or claim was not what the itinerary expects.
    public var isMisdirected: Bool { unexpectedEvent != nil }
    /// Whether the cargo is routed, its itinerary fits, it is where the itinerary says, and it is not yet claimed.
    public var isOnTrack: Bool { status == .onTrack }

    /// Cancelled, claimed, misdirected, not routed, misrouted, disrupted or on track, the first that holds: a claimed
    /// cargo is claimed, whatever its itinerary said.
    public var status: Status {
        if isCancelled { return .cancelled }
        if transportStatus == .claimed { return .claimed }
        if isMisdirected { return .misdirected }
        return switch routingStatus {
        case .notRouted: .notRouted
        case .misrouted: .misrouted
        case .routed: disruption == nil ? .onTrack : .disrupted
        }
    }

    /// Derives the delivery progress.
    ///
    /// - Parameters:
    ///   - specification: What the cargo needs.
    ///   - itinerary: The itinerary assigned to it, if any.
    ///   - events: The cargo's events in completion order.
    ///   - isCancelled: Whether the booking was cancelled: then nothing is expected next, and no arrival.
    /// - Complexity: O(*e* + *l*) for *e* events and *l* legs.
    public init(specification: RouteSpecification, itinerary: Itinerary?, events: [HandlingEvent], isCancelled: Bool = false) {
        self.isCancelled = isCancelled
        routingStatus =
            switch itinerary {
            case nil: .notRouted
            case let itinerary?: specification.isSatisfied(by: itinerary) ? .routed : .misrouted
            }
        lastEvent = events.last
        transportStatus =
            switch events.last?.kind {
            case nil: .notReceived
            case .load: .onboardCarrier
            case .unload, .receive, .customs: .inPort
            case .claim: .claimed
            }
        currentVoyage = transportStatus == .onboardCarrier ? events.last?.voyage : nil
        let moves = events.filter { $0.kind != .customs }
        let lastMove = moves.last
        // Planned while the cargo was aboard: the itinerary starts at a later call of the voyage it was loaded
        // on, and its specification is ready after the load (no event comes before the booked ready time).
        let plannedAboard = lastMove.map { $0.kind == .load && $0.completionTime < specification.readyTime } ?? false
        unexpectedEvent =
            if let itinerary, let lastMove, !plannedAboard, !itinerary.isExpected(lastMove, after: moves.dropLast().last) {
                lastMove
            } else {
                nil
            }
        let onTrack = routingStatus == .routed && unexpectedEvent == nil && transportStatus != .claimed && !isCancelled
        estimatedTimeOfArrival = onTrack ? itinerary?.arrivalTime : nil
        nextExpectedActivity =
            switch (onTrack, itinerary, lastMove) {
            case (true, let itinerary?, let load?) where plannedAboard: itinerary.activity(aboard: load)
            case (true, let itinerary?, _): itinerary.activity(after: lastMove)
            default: nil
            }
    }
}

extension Delivery {
    /// The delivery of a cargo on track as the network now sails its itinerary (`sailed`, by leg position:
    /// ``ScheduleNetwork/sailed(_:from:boardingFrom:)``): disrupted as `cause` says, if given; the ETA at the final
    /// leg's arrival as it now sails (none when the route is broken); the next load or discharge at its time as it now
    /// sails.
    mutating func sail(_ itinerary: Itinerary, sailed: [Int: Leg], cause: DisruptionCause?) {
        disruptionCause = cause
        switch cause?.disruption {
        case .legNoLongerSails, .missesConnection, .missesDeparture: estimatedTimeOfArrival = nil
        case .arrivesLate, .exceedsTransitTime, nil: estimatedTimeOfArrival = sailed[itinerary.legs.count - 1]?.unloadTime
        }
        guard let next = nextExpectedActivity, let planned = next.time,
            let index = itinerary.legs.firstIndex(where: {
                $0.voyage.number == next.voyage && (next.kind == .load ? $0.loadLocation.code : $0.unloadLocation.code) == next.location
                    && (next.kind == .load ? $0.loadTime : $0.unloadTime) == planned
            }),
            let sailing = sailed[index]
        else { return }
        nextExpectedActivity = HandlingActivity(
            kind: next.kind, location: next.location, voyage: next.voyage, time: next.kind == .load ? sailing.loadTime : sailing.unloadTime)
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
    /// The legs the cargo rides without changing vessel, as ranges of leg positions in travel order: one leg, or
    /// legs of consecutive voyages that the vessel goes on as (``Leg/continuesAboard(from:)``). The cargo is
    /// loaded at the start of each and discharged at its end, from the voyage of its last leg.
    var vesselStretches: [Range<Int>] {
        var stretches: [Range<Int>] = []
        var start = 0
        for index in 1...legs.count where index == legs.count || changesVessel(before: index) {
            stretches.append(start..<index)
            start = index
        }
        return stretches
    }

    /// Returns whether the itinerary expects a move (a receive, load, unload or claim) after the one before it:
    ///
    /// - a receive at the origin;
    /// - a load of the first leg of a vessel stretch (`vesselStretches`): the first one's while the cargo waits
    ///   at the origin (nothing before, or a receive or unload there); a later one's right after the unload of
    ///   the stretch before it;
    /// - an unload at the origin from the voyage the cargo was loaded on (an itinerary planned while the cargo
    ///   was aboard starts at the vessel's next call), or at the end of a stretch, from the voyage of its last
    ///   leg, where the cargo was loaded at its start (or it is the first stretch) onto the voyage of its first leg;
    /// - a claim at the destination.
    ///
    /// - Parameters:
    ///   - event: The event to check.
    ///   - previous: The move before it in completion order, if any (customs is not a move).
    public func isExpected(_ event: HandlingEvent, after previous: HandlingEvent?) -> Bool {
        let stretches = vesselStretches
        switch event.kind {
        case .receive:
            return event.location == origin
        case .load:
            guard
                let stretch = stretches.firstIndex(where: {
                    legs[$0.lowerBound].loadLocation.code == event.location && legs[$0.lowerBound].voyage.number == event.voyage
                })
            else { return false }
            guard let previous else { return stretch == 0 }
            if stretch == 0 { return previous.location == origin && (previous.kind == .receive || previous.kind == .unload) }
            let before = legs[stretches[stretch - 1].upperBound - 1]
            return previous.kind == .unload && previous.location == event.location && previous.voyage == before.voyage.number
        case .unload:
            guard let previous, previous.kind == .load else { return false }
            if event.location == origin && previous.voyage == event.voyage { return true }
            return stretches.indices.contains { index in
                let first = legs[stretches[index].lowerBound], last = legs[stretches[index].upperBound - 1]
                return last.unloadLocation.code == event.location && last.voyage.number == event.voyage
                    && previous.voyage == first.voyage.number && (index == 0 || first.loadLocation.code == previous.location)
            }
        case .customs:
            return true
        case .claim:
            return event.location == destination
        }
    }

    /// The activity the itinerary expects of cargo aboard the voyage of `load` when it was planned: the unload at
    /// the end of its first vessel stretch if that stretch rides on in the same voyage, else the unload at its origin.
    func activity(aboard load: HandlingEvent) -> HandlingActivity? {
        if let first = vesselStretches.first, legs[first.lowerBound].voyage.number == load.voyage {
            return unload(legs[first.upperBound - 1])
        }
        return HandlingActivity(kind: .unload, location: origin, voyage: load.voyage)
    }

    /// The activity the itinerary expects after an expected event (or first, with none).
    func activity(after event: HandlingEvent?) -> HandlingActivity? {
        func load(_ leg: Leg) -> HandlingActivity {
            HandlingActivity(kind: .load, location: leg.loadLocation.code, voyage: leg.voyage.number, time: leg.loadTime)
        }
        guard let event else { return HandlingActivity(kind: .receive, location: origin) }
        let stretches = vesselStretches
        switch event.kind {
        case .receive:
            return load(legs[0])
        case .load:
            guard
                let stretch = stretches.first(where: {
                    legs[$0.lowerBound].loadLocation.code == event.location && legs[$0.lowerBound].voyage.number == event.voyage
                })
            else { return nil }
            return unload(legs[stretch.upperBound - 1])
        case .unload:
            if event.location == destination { return HandlingActivity(kind: .claim, location: destination) }
            if let index = stretches.firstIndex(where: {
                legs[$0.upperBound - 1].unloadLocation.code == event.location && legs[$0.upperBound - 1].voyage.number == event.voyage
            }), index + 1 < stretches.count {
                return load(legs[stretches[index + 1].lowerBound])
            }
            return event.location == origin ? load(legs[0]) : nil
        case .customs, .claim:
            return nil
        }
    }

    private func unload(_ leg: Leg) -> HandlingActivity {
        HandlingActivity(kind: .unload, location: leg.unloadLocation.code, voyage: leg.voyage.number, time: leg.unloadTime)
    }
}
