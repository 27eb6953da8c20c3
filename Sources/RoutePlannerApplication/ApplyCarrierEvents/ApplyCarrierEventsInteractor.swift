import Foundation
import RoutePlanner

/// What a batch of carriers' events did: to the schedule, to the cargo it handed on, and to the cargo it disrupted.
public struct ApplyCarrierEventsResponse: Hashable, Sendable {
    /// A cargo the events disrupted, and its options from where it is.
    public struct Disrupted: Hashable, Sendable {
        /// The cargo; with ``accepted``, as it is after its best option was assigned.
        public let cargo: CargoSummary
        /// What stops its itinerary now, the calls that moved and by how much it misses.
        public let cause: DisruptionCause
        /// What stops its itinerary now.
        public var disruption: ItineraryDisruption { cause.disruption }
        /// Whether the schedule disrupted it before this batch: such a cargo is offered its options again but never
        /// assigned one by ``ApplyCarrierEventsRequest/acceptsBest``, which is for what the batch disrupted.
        public let disruptedBefore: Bool
        /// When its itinerary was planned to arrive.
        public let plannedArrival: Date
        /// The specification searched, from where the cargo is.
        public let specification: RouteSpecification?
        /// The options, best first, or why there are none.
        public let options: Result<[Option], DomainError>
        /// Whether the first option was assigned.
        public let accepted: Bool
    }

    /// The cargo the batch disrupted, and those disrupted before it.
    public var disruptedByBatch: Int { disrupted.count { !$0.disruptedBefore } }
    public var disruptedBeforeBatch: Int { disrupted.count(where: \.disruptedBefore) }

    /// An option for a disrupted cargo, and how it compares with the itinerary as planned.
    public typealias Option = OptionChange

    /// The events in the document; 0 in a vessel-schedules document.
    public let count: Int
    /// The voyages a vessel-schedules document publishes again (none when it has errors); `nil` for a document of events.
    public let publishedVoyages: Int?
    /// The voyages published again that changed, and what each changed.
    public let republished: [LiveSchedule.Republication]
    /// Vessel call events that give a call's time now.
    public let applied: Int
    /// Vessel call events that an event known already outranks.
    public let outranked: Int
    /// Events applied before, and voyages published again as they are, which changed nothing.
    public let duplicates: Int
    /// Equipment events registered as the cargo's handling.
    public let handled: Int
    /// Events refused, each problem at its JSON path.
    public let refused: [TrackAndTraceEvents.Note]
    /// Events that neither move the schedule nor hand a cargo on, each with why.
    public let setAside: [TrackAndTraceEvents.Note]
    /// The schedule's version after the batch.
    public let version: Int
    /// The cargo the schedule as it now sails disrupts, in tracking id order.
    public let disrupted: [Disrupted]
    /// The open, routed cargo on track that the schedule as it now sails still takes where it goes in time.
    public let undisturbed: Int
    /// Whether each cargo the batch disrupted was assigned its best option (``ApplyCarrierEventsRequest/acceptsBest``).
    public let acceptedBest: Bool

    /// Whether the batch changed the schedule: it published a voyage again, or an event gives a call's time now.
    public var changedSchedule: Bool { applied > 0 || !republished.isEmpty }
}

/// Applies a batch of carriers' events (DCSA Track & Trace) or a publication of voyages (DCSA Commercial Schedules):
/// a publication replaces its voyages' calls, transport events move the live schedule's call times (`LiveSchedule`),
/// equipment events register the handling of the cargo booked under their booking reference;
/// then every open cargo whose itinerary the schedule as it now sails disrupts
/// (`ScheduleNetwork.disruption(of:from:boardingFrom:specification:departedAt:truckLeftAt:)`) gets its options from where it is,
/// under the capacity the other cargo's itineraries hold (TEU, tonnes, plugs), best first, stored as its offer; with
/// ``ApplyCarrierEventsRequest/acceptsBest``, each that the batch disrupted (not one the schedule disrupted before it) is
/// assigned its best option before the next cargo is searched.
///
/// The events, the cargo they handle and assign and the options offered are written in one transaction
/// (`CargoRepository.record(_:appliedTo:saving:ifUnchangedSince:offers:)`): the events as the schedule's next version
/// only when no other batch was recorded since the batch read the schedule (`CarrierEventsMark`), and only while every
/// cargo written or offered options is in the state it was read in. When either changed (another request, or another
/// process over the same store), nothing is written and the batch is applied again to the schedule and cargo as they
/// now are, up to 8 times in all: applying a batch again changes nothing more than applying it once.
public struct ApplyCarrierEventsInteractor: UseCase {
    /// How many times a batch is applied before a change made meanwhile each time is a conflict.
    static let attempts = 8
    /// How far past the receiver's clock an event may say it was created: clocks drift apart, but an event created
    /// later than that would outrank every correction of its call made until then.
    public static let creationTolerance: TimeInterval = 3_600

    private let cargoRepository: any CargoRepository
    private let schedule: LiveScheduleRepository?
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - cargo: The cargo the events handle and disrupt.
    ///   - schedule: The live schedule; without one (no store keeps the events), every batch is refused.
    ///   - now: The real clock, which the batch is recorded at and its events' creation times are checked against.
    public init(cargo: any CargoRepository, schedule: LiveScheduleRepository?, now: @escaping @Sendable () -> Date = { Date() }) {
        cargoRepository = cargo
        self.schedule = schedule
        self.now = now
    }

    public func execute(_ request: ApplyCarrierEventsRequest) async -> Result<ApplyCarrierEventsResponse, DomainError> {
        let recordedAt = Date(timeIntervalSince1970: now().timeIntervalSince1970.rounded(.down))
        guard let schedule else { return .failure(.invalidOperation("Carriers' events move the schedule a store keeps; name the store.")) }
        for _ in 0..<Self.attempts {
            do {
                return try await apply(request, to: schedule, recordedAt: recordedAt)
            } catch is BatchOvertaken {
                continue
            } catch {
                // A cargo the batch writes or offers options to changed meanwhile: applied again over its change.
                if case .storage(.conflict) = DomainError.repository(error) { continue }
                return .failure(.repository(error))
            }
        }
        return .failure(
            .storage(
                .conflict(
                    "the schedule or its cargo changed while the batch was applied, \(Self.attempts) times over; nothing was written: apply it again")))
    }

    /// The batch applied to the schedule as it is now, and recorded with what it did to the cargo.
    ///
    /// - Throws: ``BatchOvertaken`` when another batch was recorded meanwhile, a conflict when a cargo it writes or offers
    ///   options to changed; nothing was written.
    private func apply(
        _ request: ApplyCarrierEventsRequest, to schedule: LiveScheduleRepository, recordedAt: Date
    ) async throws -> Result<ApplyCarrierEventsResponse, DomainError> {
        let ahead = Self.refusingEventsCreatedAhead(of: recordedAt, in: request.events)
        let known = try await schedule.events.recordedEvents(among: ahead.vesselCalls.map(\.event.id) + ahead.equipment.map(\.event.id))
        let events = Self.refusingOtherEvents(recordedAs: known, in: ahead)
        let recorded = Set(known.map(\.id))
        let before = try await schedule.version()
        // Where the recording stood: another batch recorded from here on, events of equipment only included, is caught
        // at the write (read in either order, one recorded between the two reads is caught too).
        let mark = CarrierEventsMark(version: before.number, events: try await schedule.events.recordedEvents(limit: 0).total)
        var live = before.schedule
        var refused = events.problems
        var (applied, outranked, duplicates) = (0, 0, 0)
        // A publication first: the events that come with it name the calls it makes.
        var publications: [(voyage: Voyage, changes: LiveSchedule.Republication)] = []
        if let publication = request.publication {
            refused += publication.problems
            let voyages = publication.voyages
            for (located, outcome) in zip(voyages, live.republish(voyages.map(\.event))) {
                switch outcome {
                case .success(let changes) where changes.changesNothing: duplicates += 1
                case .success(let changes): publications.append((located.event, changes))
                case .failure(let error): refused.append(.init(path: located.path, message: error.description))
                }
            }
        }
        var accepted: [VesselCallEvent] = []
        let fresh = events.vesselCalls.filter { !recorded.contains($0.event.id) }
        duplicates += events.vesselCalls.count - fresh.count
        for (located, outcome) in zip(fresh, live.apply(fresh.map(\.event))) {
            switch outcome {
            case .applied: (applied, accepted) = (applied + 1, accepted + [live.numbered(located.event)])
            case .outranked: (outranked, accepted) = (outranked + 1, accepted + [live.numbered(located.event)])
            case .duplicate: duplicates += 1
            case .refused(let error): refused.append(.init(path: located.path + ".transportCall", message: error.description))
            }
        }
        let network = live.network()
        let read = try await cargoRepository.allCargo()
        // One cargo per tracking id, even from a store whose rows were edited so that two ids read alike.
        let asRead = Dictionary(read.map { ($0.trackingId, $0) }, uniquingKeysWith: { first, _ in first })
        var cargo = asRead

        // Equipment events hand the cargo on.
        var handled: [(event: EquipmentEvent, trackingId: TrackingId)] = []
        for located in events.equipment where !recorded.contains(located.event.id) {
            let event = located.event
            let booked = read.filter { $0.bookingReference == event.bookingReference }
            guard booked.count == 1, var one = cargo[booked[0].trackingId] else {
                refused.append(
                    .init(
                        path: located.path + ".documentReferences",
                        message: booked.isEmpty
                            ? "no cargo is booked under \(event.bookingReference)"
                            : "\(booked.count) cargo of different customers are booked under \(event.bookingReference)"))
                continue
            }
            if let problem = network.handlingProblem(
                kind: event.kind.handling, location: event.port, voyage: event.kind.handling.requiresVoyage ? event.voyage : nil, time: event.time,
                planned: one.itinerary)
            {
                refused.append(.init(path: located.path, message: "cargo \(one.trackingId): \(problem.message(among: network.locations))"))
                continue
            }
            do {
                if try one.register(try event.handlingEvent(registeredAt: recordedAt)) == .duplicate {
                    duplicates += 1
                } else {
                    handled.append((event, one.trackingId))
                }
                cargo[one.trackingId] = one
            } catch {
                refused.append(.init(path: located.path, message: "cargo \(one.trackingId): \(error)"))
            }
        }
        duplicates += events.equipment.count { recorded.contains($0.event.id) }

        // Every cargo the schedule as it now sails disrupts, re-planned under the room the other open cargo take; only
        // those the batch disrupted take their best option. Whether the schedule before the batch disrupted a cargo
        // is asked only of those it disrupts now, as they were read.
        func wasDisrupted(_ trackingId: TrackingId) -> Bool { asRead[trackingId]?.disruption(in: before.network) != nil }
        guard
            let replan = Replanning.replan(
                &cargo, in: network, limit: request.limit, choosing: { request.acceptsBest && !wasDisrupted($0.trackingId) ? .best : nil })
        else {
            return .failure(.cancelled)
        }
        let disruptedBefore = Set(replan.disrupted.map(\.trackingId).filter(wasDisrupted))
        let changed = Set(handled.map(\.trackingId)).union(replan.changed)
        var offers: [RouteOffer] = []
        var disrupted: [ApplyCarrierEventsResponse.Disrupted] = []
        for each in replan.disrupted {
            let options = each.options.mapError { DomainError.replanning($0, of: cargo[each.trackingId]!, in: network) }
            // A cargo that took its best option is routed: the options it took it from are spent, as when a planner
            // routes a cargo (`CargoRepository.save(_:)`).
            if !each.accepted, let specification = each.specification, case .success(let itineraries) = options {
                offers.append(RouteOffer(trackingId: each.trackingId, specification: specification, itineraries: itineraries))
            }
            disrupted.append(
                .init(
                    cargo: CargoSummary(cargo[each.trackingId]!, over: network), cause: each.cause,
                    disruptedBefore: disruptedBefore.contains(each.trackingId), plannedArrival: each.planned.arrivalTime,
                    specification: each.specification, options: options.map { $0.map { OptionChange($0, against: each.planned) } }, accepted: each.accepted))
        }

        // What the batch found holds only over the cargo it writes and offers options to as they were read.
        let touched = changed.union(offers.map(\.trackingId))
        let version = try await cargoRepository.record(
            CarrierEventBatch(
                publications: publications, vesselCalls: accepted, equipment: handled, source: request.source, recordedAt: recordedAt,
                changesSchedule: applied > 0 || !publications.isEmpty),
            appliedTo: mark, saving: changed.sorted().compactMap { cargo[$0] }, ifUnchangedSince: read.filter { touched.contains($0.trackingId) },
            offers: offers)
        await schedule.keep(live, network: network, as: version, after: before.number)
        return .success(
            ApplyCarrierEventsResponse(
                count: events.count, publishedVoyages: request.publication?.voyages.count, republished: publications.map(\.changes),
                applied: applied, outranked: outranked, duplicates: duplicates, handled: handled.count, refused: refused,
                setAside: events.setAside + (request.publication?.warnings ?? []), version: version, disrupted: disrupted, undisturbed: replan.undisturbed,
                acceptedBest: request.acceptsBest))
    }

    /// The events, less those created more than ``creationTolerance`` after `recordedAt`, each refused at its
    /// `eventCreatedDateTime`.
    static func refusingEventsCreatedAhead(of recordedAt: Date, in read: TrackAndTraceEvents) -> TrackAndTraceEvents {
        let latest = recordedAt + creationTolerance
        var events = read
        func isAhead(_ path: String, _ created: Date) -> Bool {
            guard created > latest else { return false }
            events.problems.append(
                .init(
                    path: path + ".eventCreatedDateTime",
                    message:
                        "created \(DateText.timestamp(created)), more than an hour after this server's clock (\(DateText.timestamp(recordedAt))): "
                        + "an event from the future would outrank every later correction of its call"))
            return true
        }
        events.vesselCalls = read.vesselCalls.filter { !isAhead($0.path, $0.event.created) }
        events.equipment = read.equipment.filter { !isAhead($0.path, $0.event.created) }
        return events
    }

    /// The events, less those whose `eventID` names another event applied before, each refused at its `eventID`: an
    /// identifier names one event, so the first applied stands and a copy of it is applied as a duplicate.
    static func refusingOtherEvents(recordedAs known: [CarrierEvent], in read: TrackAndTraceEvents) -> TrackAndTraceEvents {
        let recorded = Dictionary(known.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var events = read
        func isAnother(_ path: String, _ event: CarrierEvent) -> Bool {
            guard let before = recorded[event.id], !event.saysTheSame(as: before) else { return false }
            events.problems.append(
                .init(
                    path: path + ".eventID",
                    message:
                        "\(event.id) is the eventID of another event applied before, which stands: an eventID names one event; send a change as a new event"))
            return true
        }
        events.vesselCalls = read.vesselCalls.filter { !isAnother($0.path, .vesselCall($0.event)) }
        events.equipment = read.equipment.filter { !isAnother($0.path, .equipment($0.event)) }
        return events
    }
}
