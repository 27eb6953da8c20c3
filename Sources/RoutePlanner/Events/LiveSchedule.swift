import Foundation

/// A published schedule with the carriers' word since applied: voyages published again (``republish(_:)``) and call
/// times (``VesselCallEvent``, ``apply(_:)``); the schedule that cargo is routed on as events come in.
///
/// The rules (Guides/Routing.md, "The live schedule"):
/// - A call is known by its voyage, its port, and which call at that port it is (``Voyage/callNumber(at:)``), as
///   DCSA's `transportCallSequenceNumber` counts them.
/// - A voyage published again replaces the voyage's calls and their planned times with the publication's: a call it
///   no longer lists is omitted, a call it lists that the voyage did not make is added. The voyage keeps its vessel,
///   service and capacities (a movement takes those of the movement that left the same call, or of the one the vessel
///   was sailing there), and goes on as the voyage it was published to go on as while that voyage starts where and
///   after it ends. Of two publications of a voyage, the later applied is the carrier's word: publications carry no
///   time they were made.
/// - Of the events about one time of one call, the one that outranks the others gives it
///   (``VesselCallEvent/outranks(_:)``), whatever order they came in, over the time published; an event known by its
///   identifier changes nothing when it comes again. An event about a call that a later publication omits gives no
///   time while the call is omitted.
/// - A time no event gives is the planned time plus the delay the vessel carries: how late the time before it on the
///   vessel was (never negative), so a vessel late at one call stays as late at the next ones, through the voyages it
///   goes on as (``Voyage/continuation``), until an event says otherwise.
/// - Times stay in sailing order: a departure no earlier than the arrival at its call (or the end of the voyage
///   before, for the first call of a voyage the vessel goes on as), an arrival at least a minute after the
///   departure before it.
/// - A departure moves the cut-off times of its call with it.
public struct LiveSchedule: Sendable {
    /// One time of a call: the arrival at or departure from the `call`-th call of a voyage at a port.
    public struct Slot: Hashable, Sendable {
        public let voyage: VoyageNumber
        public let port: UnLocode
        /// Which of the voyage's calls at the port it is, from 1.
        public let call: Int
        public let kind: VesselCallEvent.Kind
    }

    /// What publishing a voyage again changed: the calls of the voyage as it was that the publication no longer lists,
    /// those it adds, and how many calls both list at other times.
    public struct Republication: Hashable, Sendable {
        public let voyage: VoyageNumber
        public let omitted: [CallReference]
        public let added: [CallReference]
        public let moved: Int
        /// Whether the publication gives the voyage's movements as they were: the same calls at the same times, with
        /// the same cut-offs and UTC offsets.
        public let changesNothing: Bool

        public init(voyage: VoyageNumber, omitted: [CallReference], added: [CallReference], moved: Int, changesNothing: Bool) {
            self.voyage = voyage
            self.omitted = omitted
            self.added = added
            self.moved = moved
            self.changesNothing = changesNothing
        }
    }

    /// The schedule as published first, without events.
    public let published: ScheduleNetwork
    /// The voyages as planned: the published ones, each voyage published again as its latest publication has it; the
    /// calls and times that events move.
    private var plannedVoyages: [Voyage]
    /// The network the live one is retimed from (``ScheduleNetwork/retimed(departure:arrival:)``): of the planned
    /// voyages' calls, at the times the live schedule had when they were last published again (at first, the
    /// published network).
    private var base: ScheduleNetwork
    private let voyagePosition: [VoyageNumber: Int]
    /// Per voyage, the voyage it was first published to go on as.
    private let publishedContinuation: [VoyageNumber?]
    /// Per voyage, the voyage the vessel sailed before it, if it went on as this one.
    private var predecessor: [Int?] = []
    private var successor: [Int?] = []
    /// The outranking event of each time an event gives.
    private var winners: [Slot: VesselCallEvent] = [:]
    private var known: Set<String> = []
    /// The voyages with their live times.
    public private(set) var voyages: [Voyage]
    /// The live times of the base network's movements, by movement, in seconds since 1970.
    private var departure: [Int64], arrival: [Int64]
    /// Per voyage, the position of its first movement in ``departure`` and ``arrival``.
    private var movementStart: [Int]

    /// The least time a movement takes when events squeeze it.
    static let leastSailing: TimeInterval = 60
    /// How far, early or late, an event's time may lie from the time it changes, and a publication's first departure
    /// from the voyage's.
    public static let maximumChange = Scenario.maximumDelay

    /// A live schedule with no events yet.
    public init(published: ScheduleNetwork) {
        self.published = published
        base = published
        let voyages = published.voyages
        plannedVoyages = voyages
        self.voyages = voyages
        departure = published.departure
        arrival = published.arrival
        movementStart = published.voyageStart.dropLast().map(Int.init)
        voyagePosition = Dictionary(uniqueKeysWithValues: voyages.enumerated().map { ($1.number, $0) })
        publishedContinuation = voyages.map(\.continuation)
        link()
    }

    /// Sets each voyage's predecessor and successor from the planned voyages' continuations.
    private mutating func link() {
        successor = [Int?](repeating: nil, count: plannedVoyages.count)
        predecessor = [Int?](repeating: nil, count: plannedVoyages.count)
        for (position, voyage) in plannedVoyages.enumerated() {
            guard let next = voyage.continuation.flatMap({ voyagePosition[$0] }) else { continue }
            successor[position] = next
            predecessor[next] = position
        }
    }

    /// What happened to one event given to ``apply(_:)``.
    public enum Outcome: Hashable, Sendable {
        /// It gives its call's time now, once the events given with it are applied too.
        case applied
        /// An event with its identifier was applied before; nothing changed.
        case duplicate
        /// An event known already, or one given with it, outranks it for the same time; it gives no time.
        case outranked
        /// It does not fit the schedule.
        case refused(LiveScheduleError)
    }

    /// Applies events, in any order, and returns what happened to each, in their order.
    ///
    /// - Complexity: O(*e* + *c*) for *e* events and the *c* movements of the vessels whose times they change.
    @discardableResult
    public mutating func apply(_ events: [VesselCallEvent]) -> [Outcome] {
        var touched: Set<Int> = []
        var given: [(index: Int, slot: Slot)] = []
        var outcomes = events.enumerated().map { index, event -> Outcome in
            if known.contains(event.id) { return .duplicate }
            let slot: Slot
            switch resolve(event) {
            case .failure(let error): return .refused(error)
            case .success(let found): slot = found
            }
            known.insert(event.id)
            if let current = winners[slot], !event.outranks(current) { return .outranked }
            winners[slot] = event
            touched.insert(voyagePosition[slot.voyage]!)
            given.append((index, slot))
            return .applied
        }
        // An event that a later one of the same batch outranks gives no time after all (PLN, EST and ACT of one call: ACT).
        for (index, slot) in given where winners[slot]?.id != events[index].id { outcomes[index] = .outranked }
        var heads: Set<Int> = []
        for voyage in touched { heads.insert(head(of: voyage)) }
        for head in heads { retime(from: head) }
        return outcomes
    }

    /// Publishes voyages again, each replacing the voyage of its number (a later one in `voyages` the earlier), and
    /// returns what each changed, or why it was refused, in their order.
    ///
    /// A publication is refused when the schedule has no voyage of its number, it names another vessel, it calls at
    /// a port the schedule does not know, its times are out of sailing order, or its first departure lies more than a
    /// year from the voyage's.
    ///
    /// - Complexity: O(*m* log *m*) for the *m* movements of the schedule: the network is built again.
    @discardableResult
    public mutating func republish(_ voyages: [Voyage]) -> [Result<Republication, LiveScheduleError>] {
        var current = plannedVoyages
        var republished: Set<Int> = []
        let outcomes = voyages.map { publication -> Result<Republication, LiveScheduleError> in
            guard let position = voyagePosition[publication.number] else { return .failure(.unknownVoyage(publication.number)) }
            let original = published.voyage(at: position)
            if let problem = problem(of: publication, publishing: original) { return .failure(problem) }
            let replaced = current[position], replacing = Self.voyage(publication, publishing: original)
            current[position] = replacing
            republished.insert(position)
            return .success(Self.changes(from: replaced, to: replacing))
        }
        guard outcomes.contains(where: { (try? $0.get())?.changesNothing == false }) else { return outcomes }
        // Each vessel goes on as the voyage it was published to go on as while that voyage starts where and after this
        // one ends.
        var next = self
        next.plannedVoyages = current.enumerated().map { position, voyage -> Voyage in
            let continuation = publishedContinuation[position].flatMap { number -> VoyageNumber? in
                guard let following = voyagePosition[number], let start = current[following].movements.first, let end = voyage.movements.last,
                    start.departureLocation == end.arrivalLocation, start.departureTime >= end.arrivalTime
                else { return nil }
                return number
            }
            return continuation == voyage.continuation ? voyage : voyage.replacingContinuation(continuation)
        }
        next.voyages = next.plannedVoyages
        next.link()
        // The live times over the new calls, laid out by movement, then the network of the live voyages: the base of
        // the next batches' retiming.
        var start = 0
        next.movementStart = next.plannedVoyages.map { voyage in
            defer { start += voyage.movements.count }
            return start
        }
        next.departure = next.plannedVoyages.flatMap { $0.movements.map(\.departureTime.seconds) }
        next.arrival = next.plannedVoyages.flatMap { $0.movements.map(\.arrivalTime.seconds) }
        var heads: Set<Int> = []
        for slot in winners.keys { heads.insert(next.head(of: voyagePosition[slot.voyage]!)) }
        for head in heads { next.retime(from: head) }
        // The voyages that kept their calls are copied from the base network; the whole network is built from the
        // voyages only when the publications need what the base has no column for.
        guard
            let network = base.replacingVoyages(at: republished, of: next.voyages, departure: next.departure, arrival: next.arrival)
                ?? (try? ScheduleNetwork(
                    locations: published.locations, voyages: next.voyages, haulage: published.haulage, capacitiesAreKnown: published.capacitiesAreKnown))
        else {
            // Each publication is checked above against the rules of the network; should one be missing, none is taken.
            return zip(voyages, outcomes).map { voyage, outcome in outcome.flatMap { _ in .failure(.cannotSail(voyage.number)) } }
        }
        next.base = network
        self = next
        return outcomes
    }

    /// The events that give the live times, one for each time they change.
    public var events: [VesselCallEvent] { Array(winners.values) }

    /// The live schedule as a network to route on: the base network with the live times (the rules keep them in
    /// sailing order, so it needs no checks again).
    ///
    /// - Complexity: O(*m* log *m*) when events moved times since the base network was built: what depends on times
    ///   is built again; else O(*m*).
    public func network() -> ScheduleNetwork {
        departure == base.departure && arrival == base.arrival ? base : base.retimed(departure: departure, arrival: arrival)
    }

    /// The time of the schedule that an event gives, or why it gives none.
    public func resolve(_ event: VesselCallEvent) -> Result<Slot, LiveScheduleError> {
        let call = event.call
        guard let position = voyagePosition[call.voyage] else { return .failure(.unknownVoyage(call.voyage)) }
        let voyage = plannedVoyages[position], movements = voyage.movements
        if let named = event.vesselIMONumber, let known = voyage.vesselIMONumber, named != known {
            return .failure(.otherVessel(call.voyage, named: named, sails: known))
        }
        if let named = event.service, let known = voyage.service, named != known {
            return .failure(.otherService(call.voyage, named: named, belongs: known))
        }
        let ports = voyage.callPorts
        let calls = ports.indices.filter { ports[$0] == call.port }
        guard !calls.isEmpty else { return .failure(.voyageDoesNotCall(call.voyage, at: call.port)) }
        let number: Int
        if let sequence = call.sequence {
            // Compared, not subtracted: an event read back from a store may hold any number.
            guard sequence >= 1, sequence <= calls.count else {
                return .failure(.noSuchCall(call.voyage, at: call.port, sequence: sequence, calls: calls.count))
            }
            number = sequence
        } else {
            guard calls.count == 1 else { return .failure(.ambiguousCall(call.voyage, at: call.port, calls: calls.count)) }
            number = 1
        }
        let index = calls[number - 1]
        let planned: Date
        switch event.kind {
        case .arrival:
            guard index > 0 else { return .failure(.noArrival(call.voyage, at: call.port)) }
            planned = movements[index - 1].arrivalTime
        case .departure:
            guard index < movements.count else { return .failure(.noDeparture(call.voyage, at: call.port)) }
            planned = movements[index].departureTime
        }
        // The time is checked before it makes a duration: one read back from a store may lie past any Duration.
        guard event.time.isSupported, case let change = Duration.seconds(event.time.timeIntervalSince(planned)),
            change <= Self.maximumChange, change >= .zero - Self.maximumChange
        else {
            return .failure(.tooFarFromSchedule(call.voyage, at: call.port, event.kind, published: planned, event: event.time))
        }
        return .success(Slot(voyage: call.voyage, port: call.port, call: number, kind: event.kind))
    }

    /// The event with its call numbered (``CallReference/sequence``: which of the voyage's calls at the port it is), as
    /// the schedule resolves it now; the event as it is when it does not resolve. Recorded so, an event names the same
    /// call when read again over later publications: one that adds a second call at its port makes it no less clear.
    public func numbered(_ event: VesselCallEvent) -> VesselCallEvent {
        guard case .success(let slot) = resolve(event), event.call.sequence != slot.call else { return event }
        return VesselCallEvent(
            id: event.id, created: event.created, kind: event.kind, classifier: event.classifier, time: event.time,
            call: CallReference(voyage: slot.voyage, port: slot.port, sequence: slot.call), vesselIMONumber: event.vesselIMONumber,
            service: event.service)
    }

    /// Why a publication of a voyage cannot replace it, if it cannot.
    private func problem(of publication: Voyage, publishing original: Voyage) -> LiveScheduleError? {
        let number = publication.number
        if let named = publication.vesselIMONumber, let known = original.vesselIMONumber, named != known {
            return .otherVessel(number, named: named, sails: known)
        }
        for port in publication.callPorts where published.location(port) == nil { return .unknownPort(number, port) }
        let movements = publication.movements
        guard let first = movements.first, let start = original.movements.first else { return .cannotSail(number) }
        for (index, movement) in movements.enumerated() {
            guard movement.departureTime.isSupported, movement.arrivalTime.isSupported, movement.departureTime < movement.arrivalTime,
                movement.cutOffTimes.allSatisfy({ $0.time.isSupported }),
                index == 0 || movements[index - 1].arrivalTime <= movement.departureTime,
                [movement.departureUTCOffset, movement.arrivalUTCOffset].allSatisfy({ abs($0 ?? 0) <= 18 * 3600 })
            else { return .cannotSail(number) }
        }
        let change = Duration.seconds(first.departureTime.timeIntervalSince(start.departureTime))
        guard change <= Self.maximumChange, change >= .zero - Self.maximumChange else {
            return .tooFarFromSchedule(number, at: first.departureLocation, .departure, published: start.departureTime, event: first.departureTime)
        }
        return nil
    }

    /// A publication as the voyage it publishes again: its calls, times and cut-offs; the original's vessel, service and
    /// continuation; each movement the capacities of the original's movement from the same call, else of the one the
    /// vessel was sailing at the last call before that the original made, else of its first; and the original's
    /// distance and CO2e where it sails between the same two calls.
    static func voyage(_ publication: Voyage, publishing original: Voyage) -> Voyage {
        var identity: [CallKey: Int] = [:]
        for (index, key) in CallKey.calls(of: original).enumerated() { identity[key] = index }
        let matched = CallKey.calls(of: publication).map { identity[$0] }
        var sailing = original.movements[0]
        let movements = publication.movements.enumerated().map { index, movement -> CarrierMovement in
            if let from = matched[index] { sailing = original.movements[min(from, original.movements.count - 1)] }
            var replaced = movement
            replaced.capacity = sailing.capacity
            replaced.weightCapacity = sailing.weightCapacity
            replaced.reeferPlugs = sailing.reeferPlugs
            if let from = matched[index], let to = matched[index + 1], to == from + 1 {
                replaced.distance = original.movements[from].distance
                replaced.co2ePerTEU = original.movements[from].co2ePerTEU
                replaced.co2eIsEstimated = original.movements[from].co2eIsEstimated
            } else {
                replaced.distance = nil
                replaced.co2ePerTEU = nil
                replaced.co2eIsEstimated = false
            }
            return replaced
        }
        return original.replacingMovements(movements)
    }

    /// The calls omitted and added, and the number moved, from one form of a voyage to another.
    static func changes(from old: Voyage, to new: Voyage) -> Republication {
        func times(_ voyage: Voyage) -> [CallKey: [Date?]] {
            let movements = voyage.movements
            var times: [CallKey: [Date?]] = [:]
            for (index, key) in CallKey.calls(of: voyage).enumerated() {
                times[key] = [index > 0 ? movements[index - 1].arrivalTime : nil, index < movements.count ? movements[index].departureTime : nil]
            }
            return times
        }
        func references(_ voyage: Voyage, where keep: (CallKey) -> Bool) -> [CallReference] {
            CallKey.calls(of: voyage).compactMap { key in keep(key) ? CallReference(voyage: voyage.number, port: key.port, sequence: key.number) : nil }
        }
        // A call moved when a time both give differs: a call that comes to start or end the voyage loses one.
        func moved(_ before: [Date?], _ after: [Date?]) -> Bool {
            zip(before, after).contains { old, new in old != nil && new != nil && old != new }
        }
        let before = times(old), after = times(new)
        return Republication(
            voyage: new.number, omitted: references(old) { after[$0] == nil }, added: references(new) { before[$0] == nil },
            moved: after.count { key, times in before[key].map { moved($0, times) } ?? false }, changesNothing: old.movements == new.movements)
    }

    /// A call of a voyage: its port and which call there it is.
    struct CallKey: Hashable {
        let port: UnLocode
        let number: Int

        /// The voyage's calls, in sailing order.
        static func calls(of voyage: Voyage) -> [CallKey] {
            zip(voyage.callPorts, voyage.callNumbers).map { CallKey(port: $0, number: $1) }
        }
    }

    /// The first voyage of the vessel's run of voyages that `voyage` belongs to.
    private func head(of voyage: Int) -> Int {
        var head = voyage
        var seen: Set<Int> = [voyage]
        while let before = predecessor[head], seen.insert(before).inserted { head = before }
        return head
    }

    /// Sets the live times of the vessel's voyages from `head` on, by the rules above.
    private mutating func retime(from head: Int) {
        var carried: TimeInterval = 0
        var previous: Date?
        var next: Int? = head
        var seen: Set<Int> = []
        while let position = next, seen.insert(position).inserted {
            let voyage = plannedVoyages[position]
            let ports = voyage.callPorts, numbers = voyage.callNumbers
            var movements = voyage.movements
            for index in movements.indices {
                let planned = movements[index]
                func time(_ kind: VesselCallEvent.Kind, call: Int, published: Date, least: TimeInterval) -> Date {
                    let slot = Slot(voyage: voyage.number, port: ports[call], call: numbers[call], kind: kind)
                    var time = winners[slot]?.time ?? published + carried
                    if let previous, time < previous + least { time = previous + least }
                    carried = max(0, time.timeIntervalSince(published))
                    previous = time
                    return time
                }
                let departure = time(.departure, call: index, published: planned.departureTime, least: 0)
                let shift = departure.timeIntervalSince(planned.departureTime)
                movements[index].departureTime = departure
                movements[index].cutOffTimes = planned.cutOffTimes.map { CutOffTime($0.code, $0.time + shift) }
                movements[index].arrivalTime = time(.arrival, call: index + 1, published: planned.arrivalTime, least: Self.leastSailing)
            }
            voyages[position] = voyage.replacingMovements(movements)
            let first = movementStart[position]
            for (index, movement) in movements.enumerated() {
                departure[first + index] = movement.departureTime.seconds
                arrival[first + index] = movement.arrivalTime.seconds
            }
            next = successor[position]
        }
    }
}

/// Why an event or a publication does not fit the schedule.
public enum LiveScheduleError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownVoyage(VoyageNumber)
    case voyageDoesNotCall(VoyageNumber, at: UnLocode)
    /// The voyage calls at the port more than once and the event does not say which call.
    case ambiguousCall(VoyageNumber, at: UnLocode, calls: Int)
    /// The event's sequence number is not one of the voyage's calls at the port.
    case noSuchCall(VoyageNumber, at: UnLocode, sequence: Int, calls: Int)
    /// An arrival at the voyage's first call, which it departs from.
    case noArrival(VoyageNumber, at: UnLocode)
    /// A departure from the voyage's last call, which it arrives at.
    case noDeparture(VoyageNumber, at: UnLocode)
    /// The event names another vessel (by IMO number) than the one the voyage sails with.
    case otherVessel(VoyageNumber, named: String, sails: String)
    /// The event names another service than the voyage's.
    case otherService(VoyageNumber, named: String, belongs: String)
    /// The event's time is more than ``LiveSchedule/maximumChange`` from the planned time.
    case tooFarFromSchedule(VoyageNumber, at: UnLocode, VesselCallEvent.Kind, published: Date, event: Date)
    /// A publication of the voyage calls at a port the schedule does not know.
    case unknownPort(VoyageNumber, UnLocode)
    /// A publication of the voyage has times out of sailing order (an arrival not after its departure, a departure
    /// before the arrival before it) or out of range.
    case cannotSail(VoyageNumber)

    public var description: String {
        switch self {
        case .unknownVoyage(let voyage): "voyage \(voyage) is not in the schedule"
        case .voyageDoesNotCall(let voyage, let port): "voyage \(voyage) does not call at \(port)"
        case .ambiguousCall(let voyage, let port, let calls):
            "voyage \(voyage) calls at \(port) \(calls) times; give transportCallSequenceNumber (1 to \(calls))"
        case .noSuchCall(let voyage, let port, let sequence, let calls):
            "voyage \(voyage) calls at \(port) \(calls) time\(calls == 1 ? "" : "s"), so it has no call \(sequence) there"
        case .noArrival(let voyage, let port): "voyage \(voyage) starts at \(port): it departs from there, and does not arrive"
        case .noDeparture(let voyage, let port): "voyage \(voyage) ends at \(port): it arrives there, and does not depart"
        case .otherVessel(let voyage, let named, let sails): "the event names vessel \(named), and voyage \(voyage) sails with vessel \(sails)"
        case .otherService(let voyage, let named, let belongs): "the event names service \(named), and voyage \(voyage) is of service \(belongs)"
        case .tooFarFromSchedule(let voyage, let port, let kind, let published, let event):
            "voyage \(voyage)'s \(kind == .arrival ? "arrival at" : "departure from") \(port) at \(DateText.timestamp(event)) is more than a year from the planned \(DateText.timestamp(published))"
        case .unknownPort(let voyage, let port): "the publication of voyage \(voyage) calls at \(port), which the schedule does not know"
        case .cannotSail(let voyage):
            "the publication of voyage \(voyage) cannot sail: each arrival must follow its departure, each departure the arrival before it, within years 1 to 9999 and UTC offsets of 18 hours"
        }
    }
}
