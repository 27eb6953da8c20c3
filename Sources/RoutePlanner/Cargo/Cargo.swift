import Foundation

/// Cargo on its way: what was booked, the itinerary it is assigned to, and where it was last handled.
///
/// The cargo aggregate's root, an entity identified by its tracking id. It follows the DDD sample's
/// lifecycle: booked with a route specification, routed by assigning an itinerary that satisfies it,
/// handled along the way, possibly misdirected (discharged where its itinerary does not say) or given a
/// new specification, and then re-routed from where it is.
public struct Cargo: Hashable, Sendable, Identifiable {
    /// Whether the cargo has an itinerary and whether it still fits the specification.
    public enum RoutingStatus: Hashable, Sendable {
        case notRouted
        case routed
        /// The itinerary no longer satisfies the specification (the specification changed).
        case misrouted
    }

    /// The identifier of the cargo.
    public let trackingId: String
    /// The size in TEU.
    public let teu: Int
    /// The revenue per TEU carried, when known.
    public let revenuePerTEU: Double?
    /// Where the cargo must go and when.
    public private(set) var specification: RouteSpecification
    /// The itinerary the cargo follows, once routed.
    public private(set) var itinerary: Itinerary?
    /// The last place the cargo was discharged, and when.
    public private(set) var lastUnload: (location: UnLocode, time: Date)?

    /// Books cargo.
    public init(trackingId: String, teu: Int, specification: RouteSpecification, revenuePerTEU: Double? = nil) {
        precondition(!trackingId.trimmingWhitespace().isEmpty, "cargo needs a tracking id")
        precondition(teu > 0, "cargo \(trackingId) must have a positive size in TEU")
        self.trackingId = trackingId
        self.teu = teu
        self.revenuePerTEU = revenuePerTEU
        self.specification = specification
    }

    /// Books the cargo of a booking.
    public init(booking: Booking) {
        self.init(
            trackingId: booking.id, teu: booking.teu, specification: booking.specification, revenuePerTEU: booking.revenuePerTEU)
    }

    /// The booking the cargo stands for now: its tracking id, size, revenue and current specification.
    public var booking: Booking {
        Booking(id: trackingId, teu: teu, specification: specification, revenuePerTEU: revenuePerTEU)
    }

    public var id: String { trackingId }

    /// Assigns the cargo to an itinerary.
    ///
    /// - Throws: ``CargoError/itineraryDoesNotSatisfySpecification(_:)`` when the itinerary does not take
    ///   the cargo from its origin to its destination within the specification's times. After a
    ///   misdirection, give the cargo a new specification from where it is first (``specifyNewRoute(_:)``).
    public mutating func assign(to itinerary: Itinerary) throws(CargoError) {
        let reasons = problems(of: itinerary)
        guard reasons.isEmpty else { throw .itineraryDoesNotSatisfySpecification(reasons) }
        self.itinerary = itinerary
    }

    /// Gives the cargo a new specification; the itinerary stays until it is replaced.
    public mutating func specifyNewRoute(_ specification: RouteSpecification) {
        self.specification = specification
    }

    /// Records that the cargo was discharged at a location.
    public mutating func registerUnload(at location: UnLocode, time: Date) {
        lastUnload = (location, time)
    }

    /// Whether the cargo was last discharged where its itinerary does not discharge it.
    public var isMisdirected: Bool {
        guard let lastUnload, let itinerary else { return false }
        return !itinerary.legs.contains { $0.unloadLocation.code == lastUnload.location && $0.unloadTime == lastUnload.time }
    }

    public var routingStatus: RoutingStatus {
        guard let itinerary else { return .notRouted }
        return problems(of: itinerary).isEmpty ? .routed : .misrouted
    }

    /// Why an itinerary does not fit the specification: the reasons in words, or none.
    public func problems(of itinerary: Itinerary) -> [String] {
        var reasons: [String] = []
        if itinerary.origin != specification.origin {
            reasons.append("it starts at \(itinerary.origin), not at \(specification.origin)")
        }
        if itinerary.departureTime < specification.readyTime { reasons.append("it leaves before the cargo is ready") }
        if itinerary.destination != specification.destination {
            reasons.append("it ends at \(itinerary.destination), not at \(specification.destination)")
        }
        if itinerary.arrivalTime > specification.arrivalDeadline { reasons.append("it arrives after the deadline") }
        return reasons
    }

    public static func == (lhs: Cargo, rhs: Cargo) -> Bool {
        lhs.trackingId == rhs.trackingId && lhs.teu == rhs.teu && lhs.revenuePerTEU == rhs.revenuePerTEU
            && lhs.specification == rhs.specification
            && lhs.itinerary == rhs.itinerary && lhs.lastUnload?.location == rhs.lastUnload?.location
            && lhs.lastUnload?.time == rhs.lastUnload?.time
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(trackingId)
    }
}

/// Why an operation on a cargo is refused.
public enum CargoError: Error, Hashable, Sendable {
    /// The itinerary does not fit the cargo's specification, for these reasons.
    case itineraryDoesNotSatisfySpecification([String])
}
