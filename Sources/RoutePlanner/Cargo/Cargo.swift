import Foundation

/// Cargo on its way: what was booked, the itinerary it is assigned to, and where it was last handled.
///
/// The cargo aggregate's root, an entity identified by its tracking id. It follows the DDD sample's
/// lifecycle: booked with a route specification, routed by assigning an itinerary that satisfies it,
/// handled along the way, possibly misdirected (discharged where its itinerary does not say) or given a
/// new specification, and then re-routed from where it is. A booking may be cancelled until the cargo is
/// first loaded (``cancel(at:)``); the cancelled cargo keeps its record, and nothing more happens to it.
public struct Cargo: Hashable, Sendable, Identifiable {
    /// Whether the cargo has an itinerary and whether it still fits the specification.
    public enum RoutingStatus: Hashable, Sendable {
        case notRouted
        case routed
        /// The itinerary no longer satisfies the specification (the specification changed).
        case misrouted
    }

    /// The identifier of the cargo.
    public let trackingId: TrackingId
    /// The size in TEU.
    public let teu: Int
    /// The revenue per TEU carried, when known.
    public let revenuePerTEU: Double?
    /// The gross weight in tonnes, when known (``Booking/weight``).
    public let weight: Double?
    /// The customer who booked the cargo, when known.
    public let customerId: CustomerId?
    /// The booking's reference in the system it was booked from (a bookings file's `booking` column), when
    /// there is one: it keeps a booking from being booked twice.
    public let bookingReference: String?
    /// When the cargo was booked to be ready at its origin: nothing can happen to it before. A new
    /// specification (re-routing from where the cargo is) does not change it.
    public let bookedReadyTime: Date
    /// Where the cargo must go and when.
    public private(set) var specification: RouteSpecification
    /// The itinerary the cargo follows, once routed.
    public private(set) var itinerary: Itinerary?
    /// What happened to the cargo so far, in completion order (then registration order).
    public private(set) var handlingEvents: [HandlingEvent] = []
    /// Who booked, routed, handled and re-specified the cargo, in the order recorded (``record(_:)``).
    public private(set) var changes: [CargoChange] = []
    /// When the booking was cancelled, if it was (``cancel(at:)``).
    public private(set) var cancellationTime: Date?

    /// Books cargo.
    ///
    /// - Throws: ``CargoError/sizeNotPositive(_:)``, ``CargoError/invalidRevenue(_:)`` or ``CargoError/invalidWeight(_:)``.
    public init(
        trackingId: TrackingId, teu: Int, specification: RouteSpecification, revenuePerTEU: Double? = nil, customerId: CustomerId? = nil,
        bookingReference: String? = nil, weight: Double? = nil
    ) throws(CargoError) {
        guard teu > 0 else { throw .sizeNotPositive(teu) }
        if let revenuePerTEU, !(0...Booking.maximumRevenuePerTEU).contains(revenuePerTEU) { throw .invalidRevenue(revenuePerTEU) }
        if let weight, !(weight > 0 && weight <= Booking.maximumWeight) { throw .invalidWeight(weight) }
        self.init(
            valid: trackingId, teu: teu, specification: specification, revenuePerTEU: revenuePerTEU, customerId: customerId,
            bookingReference: bookingReference, weight: weight)
    }

    /// Restores cargo as a repository stored it: its booked ready time, its itinerary (which may no longer fit
    /// the specification) and its events, put in completion order.
    ///
    /// The revenue is taken as stored, even beyond ``Booking/maximumRevenuePerTEU``, so that every store stays
    /// readable.
    ///
    /// - Parameters:
    ///   - trackingId: The cargo's tracking id.
    ///   - teu: Its size in TEU.
    ///   - specification: What it needs: its origin, destination, ready time and deadline, as last specified.
    ///   - revenuePerTEU: The revenue it brings per TEU, when known.
    ///   - customerId: The customer who booked it, if any.
    ///   - bookingReference: The customer's reference for the booking, if any.
    ///   - bookedReadyTime: The ready time it was booked with; `nil` (a store without it) takes the
    ///     specification's.
    ///   - weight: Its weight in tonnes, when known.
    ///   - itinerary: The itinerary assigned to it, if any.
    ///   - handlingEvents: Its handling events, in any order.
    ///   - changes: The changes recorded, in the order recorded.
    ///   - cancellationTime: When the booking was cancelled, if it was.
    /// - Throws: ``CargoError/sizeNotPositive(_:)``.
    public init(
        trackingId: TrackingId, teu: Int, specification: RouteSpecification, revenuePerTEU: Double?, customerId: CustomerId?,
        bookingReference: String? = nil, bookedReadyTime: Date? = nil, weight: Double? = nil, itinerary: Itinerary?,
        handlingEvents: [HandlingEvent], changes: [CargoChange] = [], cancellationTime: Date? = nil
    ) throws(CargoError) {
        guard teu > 0 else { throw .sizeNotPositive(teu) }
        self.init(
            valid: trackingId, teu: teu, specification: specification, revenuePerTEU: revenuePerTEU, customerId: customerId,
            bookingReference: bookingReference, bookedReadyTime: bookedReadyTime, weight: weight.flatMap { $0 > 0 && $0 <= Booking.maximumWeight ? $0 : nil })
        self.itinerary = itinerary
        self.handlingEvents = handlingEvents.enumerated()
            .sorted { ($0.element.completionTime, $0.offset) < ($1.element.completionTime, $1.offset) }.map(\.element)
        self.changes = changes
        self.cancellationTime = cancellationTime
    }

    /// Books the cargo of a booking.
    public init(booking: Booking) {
        guard let trackingId = TrackingId(booking.id) else { preconditionFailure("a booking's id is never blank") }
        self.init(
            valid: trackingId, teu: booking.teu, specification: booking.specification, revenuePerTEU: booking.revenuePerTEU,
            customerId: nil, bookingReference: nil, weight: booking.weight)
    }

    private init(
        valid trackingId: TrackingId, teu: Int, specification: RouteSpecification, revenuePerTEU: Double?, customerId: CustomerId?,
        bookingReference: String?, bookedReadyTime: Date? = nil, weight: Double? = nil
    ) {
        self.weight = weight
        self.bookedReadyTime = bookedReadyTime ?? specification.readyTime
        self.trackingId = trackingId
        self.teu = teu
        self.revenuePerTEU = revenuePerTEU
        self.customerId = customerId
        self.bookingReference = bookingReference
        self.specification = specification
    }

    /// The booking the cargo stands for now: its tracking id, size, revenue, weight and current specification.
    public var booking: Booking {
        // A store from before the maximum may hold more; the assignment takes the maximum. A revenue that is no number,
        // or negative (a row edited by hand), is taken as unknown.
        Booking(
            valid: trackingId.rawValue, teu: teu, specification: specification,
            revenuePerTEU: revenuePerTEU.flatMap { $0 >= 0 ? min($0, Booking.maximumRevenuePerTEU) : nil }, weight: weight)
    }

    public var id: TrackingId { trackingId }

    /// Assigns the cargo to an itinerary.
    ///
    /// - Throws: ``CargoError/itineraryDoesNotSatisfySpecification(_:)`` when the itinerary does not take
    ///   the cargo from its origin to its destination within the specification's times. After a
    ///   misdirection, give the cargo a new specification from where it is first (``specifyNewRoute(_:)``);
    ///   ``CargoError/cancelled(_:)`` when the booking was cancelled.
    public mutating func assign(to itinerary: Itinerary) throws(CargoError) {
        if let cancellationTime { throw .cancelled(cancellationTime) }
        let reasons = problems(of: itinerary)
        guard reasons.isEmpty else { throw .itineraryDoesNotSatisfySpecification(reasons) }
        self.itinerary = itinerary
    }

    /// Gives the cargo a new specification; the itinerary stays until it is replaced.
    public mutating func specifyNewRoute(_ specification: RouteSpecification) {
        self.specification = specification
    }

    /// Cancels the booking at a time: the itinerary is released, so that its room goes back to the schedule, and the
    /// cargo keeps its record (its booking, its events and its changes) with the time of the cancellation.
    ///
    /// A booking is cancelled before the cargo is first loaded: once a vessel carries it, it is delivered, re-routed
    /// or claimed, never cancelled.
    ///
    /// - Throws: ``CargoError/cancelled(_:)`` when the booking was cancelled already, ``CargoError/claimed(_:)`` when
    ///   the cargo was claimed, and ``CargoError/loaded(_:)`` when it was loaded.
    public mutating func cancel(at time: Date) throws(CargoError) {
        if let cancellationRefusal { throw cancellationRefusal }
        itinerary = nil
        cancellationTime = time
    }

    /// Why the booking cannot be cancelled now (``cancel(at:)``): cancelled already, claimed or loaded; `nil` when it can.
    public var cancellationRefusal: CargoError? {
        if let cancellationTime { return .cancelled(cancellationTime) }
        if let claim = handlingEvents.first(where: { $0.kind == .claim }) { return .claimed(claim.completionTime) }
        if let load = handlingEvents.first(where: { $0.kind == .load }) { return .loaded(load) }
        return nil
    }

    /// Records a handling event in completion order.
    ///
    /// Reports arrive late and out of order: an event is placed by its completion time whenever it is
    /// registered, and an exact duplicate (``HandlingEvent/isSameHandling(as:)``) changes nothing. Some events
    /// cannot have happened and are refused:
    /// - any event before ``bookedReadyTime``, when the shipper had not yet handed the cargo over;
    /// - any event after the claim, which ends the journey;
    /// - a claim before an event already recorded: nothing happens after the claim, whichever is reported first;
    /// - a receive after the cargo's first load or unload, or anywhere but where its journey starts (the
    ///   place of that first move, or the specification's origin before any), or a second receive: the
    ///   carrier receives cargo once, where it hands it to the first vessel. An unrouted cargo "received" at
    ///   its destination is therefore refused, not taken as delivered;
    /// - a load or unload before the receive;
    /// - an unload from a voyage the cargo was not loaded onto by then, nor stays aboard through to as its
    ///   itinerary says (a report of the load may still come: register it first).
    ///
    /// - Returns: Whether the event was new, new but earlier than the last one known, or a duplicate.
    /// - Throws: ``CargoError/cancelled(_:)``, ``CargoError/beforeReadyTime(_:)``, ``CargoError/claimed(_:)``,
    ///   ``CargoError/claimedBefore(_:)``, ``CargoError/receivedOutOfPlace(origin:firstMove:)``,
    ///   ``CargoError/receivedTwice(_:)``, ``CargoError/beforeReceive(_:)`` or ``CargoError/neverBoarded(voyage:lastLoad:)``.
    /// - Complexity: O(*e*) for *e* events.
    @discardableResult
    public mutating func register(_ event: HandlingEvent) throws(CargoError) -> HandlingOutcome {
        if handlingEvents.contains(where: { $0.isSameHandling(as: event) }) { return .duplicate }
        if let cancellationTime { throw .cancelled(cancellationTime) }
        if event.completionTime < bookedReadyTime { throw .beforeReadyTime(bookedReadyTime) }
        if let claim = handlingEvents.first(where: { $0.kind == .claim }), claim.completionTime < event.completionTime {
            throw .claimed(claim.completionTime)
        }
        if event.kind == .claim, let later = handlingEvents.last, later.completionTime > event.completionTime {
            throw .claimedBefore(later)
        }
        let receive = handlingEvents.first { $0.kind == .receive }
        if event.kind.requiresVoyage, let receive, receive.completionTime > event.completionTime { throw .beforeReceive(receive) }
        if event.kind == .receive, let receive { throw .receivedTwice(receive) }
        if event.kind == .unload, let voyage = event.voyage, !hasBoarded(voyage, by: event.completionTime) {
            // A voyage the cargo never boarded cannot discharge it (reports may come late: its load first, then this).
            throw .neverBoarded(voyage: voyage, lastLoad: handlingEvents.last { $0.kind == .load && $0.completionTime <= event.completionTime })
        }
        if event.kind == .receive {
            let firstMove = handlingEvents.first { $0.kind.requiresVoyage }
            let origin = firstMove?.location ?? specification.origin
            if event.location != origin || firstMove.map({ $0.completionTime <= event.completionTime }) == true {
                throw .receivedOutOfPlace(origin: origin, firstMove: firstMove)
            }
        }
        let index = handlingEvents.firstIndex { $0.completionTime > event.completionTime } ?? handlingEvents.endIndex
        handlingEvents.insert(event, at: index)
        return index == handlingEvents.endIndex - 1 ? .recorded : .recordedOutOfOrder
    }

    /// Whether the cargo was loaded by `time` onto `voyage`, or onto a voyage that its itinerary stays aboard
    /// through to `voyage` (a vessel stretch is loaded on its first leg's voyage and discharged from its last's).
    private func hasBoarded(_ voyage: VoyageNumber, by time: Date) -> Bool {
        let loaded = Set(handlingEvents.filter { $0.kind == .load && $0.completionTime <= time }.compactMap(\.voyage))
        if loaded.contains(voyage) { return true }
        guard let itinerary else { return false }
        return itinerary.vesselStretches.contains { stretch in
            let voyages = itinerary.legs[stretch].map(\.voyage.number)
            return voyages.contains(voyage) && voyages.contains(where: loaded.contains)
        }
    }

    /// Where the cargo is on its way: routing and transport status, misdirection, next activity and ETA.
    public var delivery: Delivery {
        Delivery(specification: specification, itinerary: itinerary, events: handlingEvents, isCancelled: cancellationTime != nil)
    }

    /// Whether the booking was cancelled (``cancel(at:)``).
    public var isCancelled: Bool { cancellationTime != nil }

    /// Whether the cargo's last load or unload was not where its itinerary says.
    public var isMisdirected: Bool { delivery.isMisdirected }

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

    public func hash(into hasher: inout Hasher) {
        hasher.combine(trackingId)
    }

    /// Records changes made to the cargo, after those recorded before.
    public mutating func record(_ changes: [CargoChange]) {
        self.changes += changes
    }

    /// The cargo with its changes told otherwise (each change's kind, detail and time kept): as a reader who may
    /// not see who made them is shown it, or, from such a copy, as recorded again.
    public func withChanges(_ changes: [CargoChange]) -> Cargo {
        var copy = self
        copy.changes = changes
        return copy
    }

    /// Whether another copy of the cargo is in the same state: the same booking and specification, the same
    /// legs (by voyage number, ports and times) and the same events. The voyages' other data, which a reload of
    /// the schedule may change, is not compared, nor are the changes recorded, which follow the state.
    public func hasSameState(as other: Cargo) -> Bool {
        func legs(_ cargo: Cargo) -> [String] {
            (cargo.itinerary?.legs ?? []).map {
                "\($0.voyage.number) \($0.loadLocation.code) \($0.loadTime.timeIntervalSince1970) \($0.unloadLocation.code) \($0.unloadTime.timeIntervalSince1970)"
            }
        }
        return trackingId == other.trackingId && teu == other.teu && specification == other.specification
            && revenuePerTEU == other.revenuePerTEU && customerId == other.customerId && bookingReference == other.bookingReference
            && bookedReadyTime == other.bookedReadyTime && weight == other.weight && handlingEvents == other.handlingEvents
            && legs(self) == legs(other) && cancellationTime == other.cancellationTime
    }
}

/// What registering a handling event did.
public enum HandlingOutcome: Hashable, Sendable {
    /// The event is the cargo's latest.
    case recorded
    /// The event happened before the latest one known; the cargo's state is derived again in completion order.
    case recordedOutOfOrder
    /// The same handling was already recorded; nothing changed.
    case duplicate
}

/// Why an operation on a cargo is refused.
public enum CargoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A booking's identifier is empty or only white space.
    case blankTrackingId
    /// The size in TEU is zero or negative.
    case sizeNotPositive(Int)
    /// The revenue per TEU is negative, not a number, or above ``Booking/maximumRevenuePerTEU``.
    case invalidRevenue(Double)
    /// The weight is not positive, not a number, or above ``Booking/maximumWeight``.
    case invalidWeight(Double)
    /// The itinerary does not fit the cargo's specification, for these reasons.
    case itineraryDoesNotSatisfySpecification([String])
    /// The cargo was claimed at this time; nothing can happen to it afterwards.
    case claimed(Date)
    /// The event is before the booked ready time, when the shipper had not yet handed the cargo over.
    case beforeReadyTime(Date)
    /// A receive elsewhere than where the journey starts (`origin`), or after the cargo's first load or unload
    /// (given, if any).
    case receivedOutOfPlace(origin: UnLocode, firstMove: HandlingEvent?)
    /// A second receive; the cargo was received by this one.
    case receivedTwice(HandlingEvent)
    /// A load or unload before the cargo was received (by this event).
    case beforeReceive(HandlingEvent)
    /// A claim before this event, already recorded: nothing happens after the claim.
    case claimedBefore(HandlingEvent)
    /// An unload from a voyage the cargo has no load onto before it; its last load before it, if any.
    case neverBoarded(voyage: VoyageNumber, lastLoad: HandlingEvent?)
    /// The booking was cancelled at this time; nothing more happens to the cargo.
    case cancelled(Date)
    /// A cancellation of a cargo loaded by this event: once a vessel carries it, it is delivered, not cancelled.
    case loaded(HandlingEvent)

    public var description: String {
        switch self {
        case .blankTrackingId: "a booking needs an id"
        case .sizeNotPositive(let teu): "cargo must have a positive size in TEU, not \(teu)"
        case .invalidRevenue(let revenue): "revenue per TEU must be from 0 to \(Int(Booking.maximumRevenuePerTEU)), not \(revenue)"
        case .invalidWeight(let weight): "the weight must be above 0 and at most \(Int(Booking.maximumWeight)) tonnes, not \(weight)"
        case .itineraryDoesNotSatisfySpecification(let reasons): reasons.joined(separator: "; ")
        case .claimed(let time): "the cargo was claimed at \(DateText.timestamp(time)); nothing can happen to it afterwards"
        case .beforeReadyTime(let time): "the cargo was booked ready at \(DateText.timestamp(time)); nothing can happen to it before"
        case .receivedOutOfPlace(let origin, let firstMove?):
            "the cargo is received once, at its origin \(origin), before its first move (\(firstMove), \(DateText.timestamp(firstMove.completionTime)))"
        case .receivedOutOfPlace(let origin, nil): "the cargo is received at its origin, \(origin)"
        case .receivedTwice(let receive):
            "the cargo was received already (\(receive), \(DateText.timestamp(receive.completionTime))); it is received once"
        case .beforeReceive(let receive):
            "the cargo was received at \(DateText.timestamp(receive.completionTime)); it cannot be loaded or discharged before"
        case .claimedBefore(let later):
            "the cargo was handled after that (\(later), \(DateText.timestamp(later.completionTime))); nothing happens after the claim"
        case .cancelled(let time): "the booking was cancelled at \(DateText.timestamp(time)); nothing more happens to the cargo"
        case .loaded(let load):
            "the cargo was loaded (\(load), \(DateText.timestamp(load.completionTime))); a booking is cancelled only before its cargo is loaded"
        case .neverBoarded(let voyage, nil):
            "the cargo was never loaded onto \(voyage), so it cannot be unloaded from it: no load is recorded before; register the load first"
        case .neverBoarded(let voyage, let load?):
            "the cargo was never loaded onto \(voyage), so it cannot be unloaded from it: its last recorded load is \(load), "
                + "\(DateText.timestamp(load.completionTime))"
        }
    }
}
