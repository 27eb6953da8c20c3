import RoutePlanner

/// One cargo's re-routing as a planner reads it, with the entry itself for what a view computes.
public struct ReRoutingView: Hashable, Sendable, Identifiable {
    /// The re-routing, as values: the reason, the specification searched and the options.
    public let entry: ReRouteCargoResponse.Entry
    public let cargo: CargoTrackingView
    /// Why it needs routing again, or "on track".
    public let reason: String
    /// "from DEHAM, ready Thu 2 Apr 2026, 12:00 UTC", when it could be routed.
    public let from: String?
    /// The options, numbered from 1.
    public let options: [ItineraryViewModel]
    /// Why there are no options.
    public let problem: String?

    /// Creates a view; presenters make them, and previews may.
    public init(
        entry: ReRouteCargoResponse.Entry, cargo: CargoTrackingView, reason: String, from: String?, options: [ItineraryViewModel], problem: String?
    ) {
        self.entry = entry
        self.cargo = cargo
        self.reason = reason
        self.from = from
        self.options = options
        self.problem = problem
    }

    public var id: TrackingId { cargo.trackingId }
}

/// Writes the cargo that needs routing again with their options.
public struct ReRouteCargoPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = ReRouteCargoForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: ReRouteCargoResponse) -> [ReRoutingView] {
        response.entries.map { entry in
            let options: [ItineraryViewModel], problem: String?
            switch entry.options {
            case .success(let itineraries):
                (options, problem) = (entry.specification.map { specification in itineraries.map { format.itinerary(specification, $0) } } ?? [], nil)
            case .failure(let error):
                (options, problem) = ([], format.message(for: error))
            }
            return ReRoutingView(
                entry: entry, cargo: format.tracking(entry.cargo),
                reason: entry.reason.map { Self.text($0, disruption: entry.cargo.delivery.disruption) } ?? "on track",
                from: entry.specification.map { "from \($0.origin), ready \(format.dateTime($0.readyTime))" }, options: options, problem: problem)
        }
    }
}

extension ReRouteCargoPresenter {
    /// "not routed", "misdirected: unload at DEHAM on AE1-0302W", "leg 2, NF-0310N NLRTM → SESTO, no longer sails as
    /// planned"; for a leg that sails as planned but that the cargo, where it is, no longer makes (its `disruption`),
    /// "leg 2, YB-0301 CNCQI → CNSHA: misses the connection to leg 2 at CNCQI".
    static func text(_ reason: ReRouteCargoResponse.Reason, disruption: ItineraryDisruption?) -> String {
        switch reason {
        case .notRouted: "not routed"
        case .misdirected(let event): "misdirected: \(event)"
        case .misrouted: "its itinerary no longer fits its specification"
        case .disrupted(let index, let leg):
            "leg \(index + 1), \(leg.voyage.number) \(leg.loadLocation.code) → \(leg.unloadLocation.code)"
                + (disruption.flatMap { Self.missed($0, at: index) }.map { ": \($0)" } ?? ", no longer sails as planned")
        case .claimed: "claimed"
        }
    }

    /// What the cargo misses at leg `index` of an itinerary that still sails there; `nil` for a leg that no longer
    /// does, or a disruption of another leg.
    private static func missed(_ disruption: ItineraryDisruption, at index: Int) -> String? {
        switch disruption {
        case .missesConnection(let leg, _) where leg == index: disruption.description
        case .missesDeparture where index == 0: disruption.description
        default: nil
        }
    }
}

public typealias ReRouteCargoCoordinator = Coordinator<ReRouteCargoInteractor, ReRouteCargoPresenter>
