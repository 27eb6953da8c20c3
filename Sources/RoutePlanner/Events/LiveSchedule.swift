import Foundation

/// A published schedule with the carriers' call times applied (``VesselCallEvent``): the schedule that cargo is
/// routed on as events come in.
///
/// The live schedule has the published schedule's voyages, calls and movements in the same positions; only times
/// change, by these rules (Guides/Routing.md, "The live schedule"):
/// - Of the events about one time of one call, the one that outranks the others gives it
///   (``VesselCallEvent/outranks(_:)``), whatever order they came in; an event known by its identifier changes
///   nothing when it comes again.
/// - A time no event gives is the published time plus the delay the vessel carries: how late the time before it on
///   the vessel was (never negative), so a vessel late at one call stays as late at the next ones, through the
///   voyages it goes on as (``Voyage/continuation``), until an event says otherwise.
/// - Times stay in sailing order: a departure no earlier than the arrival at its call (or the end of the voyage
///   before, for the first call of a voyage the vessel goes on as), an arrival at least a minute after the
///   departure before it.
/// - A departure moves the cut-off times of its call with it.
public struct LiveSchedule: Sendable {
    /// One time of the published schedule: the arrival or departure of a movement of a voyage.
    public struct Slot: Hashable, Sendable {
        /// The voyage's position in the published network's voyages.
        let voyage: Int32
        /// The movement's position in its voyage.
        let movement: Int32
        let kind: VesselCallEvent.Kind
    }

    /// The schedule as published, without events.
    public let published: ScheduleNetwork
    private let publishedVoyages: [Voyage]
    private let voyagePosition: [VoyageNumber: Int]
    /// Per voyage, the voyage the vessel sailed before it, if it went on as this one.
    private let predecessor: [Int?]
    private let successor: [Int?]
    /// The outranking event of each time an event gives.
    private var winners: [Slot: VesselCallEvent] = [:]
    private var known: Set<String> = []
    /// The voyages with their live times.
    public private(set) var voyages: [Voyage]
    /// The live times of the published network's movements, by movement, in seconds since 1970.
    private var departure: [Int64], arrival: [Int64]

    /// The least time a movement takes when events squeeze it.
    static let leastSailing: TimeInterval = 60
    /// How far, early or late, an event's time may lie from the published time it changes.
    public static let maximumChange = Scenario.maximumDelay

    /// A live schedule with no events yet.
    public init(published: ScheduleNetwork) {
        self.published = published
        let voyages = published.voyages
        self.voyages = voyages
        departure = published.departure
        arrival = published.arrival
        publishedVoyages = voyages
        let positions = Dictionary(uniqueKeysWithValues: voyages.enumerated().map { ($1.number, $0) })
        voyagePosition = positions
        var successor = [Int?](repeating: nil, count: voyages.count)
        var predecessor = [Int?](repeating: nil, count: voyages.count)
        for (position, voyage) in voyages.enumerated() {
            guard let next = voyage.continuation.flatMap({ positions[$0] }) else { continue }
            successor[position] = next
            predecessor[next] = position
        }
        self.successor = successor
        self.predecessor = predecessor
    }

    /// What happened to one event given to ``apply(_:)``.
    public enum Outcome: Hashable, Sendable {
        /// It gives its call's time now.
        case applied
        /// An event with its identifier was applied before; nothing changed.
        case duplicate
        /// An event known already outranks it for the same time; nothing changed.
        case outranked
        /// It does not fit the published schedule.
        case refused(LiveScheduleError)
    }

    /// Applies events, in any order, and returns what happened to each, in their order.
    ///
    /// - Complexity: O(*e* + *c*) for *e* events and the *c* movements of the vessels whose times they change.
    @discardableResult
    public mutating func apply(_ events: [VesselCallEvent]) -> [Outcome] {
        var touched: Set<Int> = []
        let outcomes = events.map { event -> Outcome in
            if known.contains(event.id) { return .duplicate }
            let slot: Slot
            switch resolve(event) {
            case .failure(let error): return .refused(error)
            case .success(let found): slot = found
            }
            known.insert(event.id)
            if let current = winners[slot], !event.outranks(current) { return .outranked }
            winners[slot] = event
            touched.insert(Int(slot.voyage))
            return .applied
        }
        var heads: Set<Int> = []
        for voyage in touched { heads.insert(head(of: voyage)) }
        for head in heads { retime(from: head) }
        return outcomes
    }

    /// The events that give the live times, one for each time they change.
    public var events: [VesselCallEvent] { Array(winners.values) }

    /// The live schedule as a network to route on: the published network with the live times (the rules keep them in
    /// sailing order, so it needs no checks again).
    ///
    /// - Complexity: O(*m* log *m*): what depends on times is built again.
    public func network() -> ScheduleNetwork {
        winners.isEmpty ? published : published.retimed(departure: departure, arrival: arrival)
    }

    /// The time of the published schedule that an event gives, or why it gives none.
    public func resolve(_ event: VesselCallEvent) -> Result<Slot, LiveScheduleError> {
        let call = event.call
        guard let position = voyagePosition[call.voyage] else { return .failure(.unknownVoyage(call.voyage)) }
        let voyage = publishedVoyages[position], movements = voyage.movements
        if let named = event.vesselIMONumber, let known = voyage.vesselIMONumber, named != known {
            return .failure(.otherVessel(call.voyage, named: named, sails: known))
        }
        if let named = event.service, let known = voyage.service, named != known {
            return .failure(.otherService(call.voyage, named: named, belongs: known))
        }
        // The voyage's calls: its first departure's port, then each arrival's.
        let ports = [movements[0].departureLocation] + movements.map(\.arrivalLocation)
        let calls = ports.indices.filter { ports[$0] == call.port }
        guard !calls.isEmpty else { return .failure(.voyageDoesNotCall(call.voyage, at: call.port)) }
        let index: Int
        if let sequence = call.sequence {
            guard calls.indices.contains(sequence - 1) else {
                return .failure(.noSuchCall(call.voyage, at: call.port, sequence: sequence, calls: calls.count))
            }
            index = calls[sequence - 1]
        } else {
            guard calls.count == 1 else { return .failure(.ambiguousCall(call.voyage, at: call.port, calls: calls.count)) }
            index = calls[0]
        }
        let published: Date
        let slot: Slot
        switch event.kind {
        case .arrival:
            guard index > 0 else { return .failure(.noArrival(call.voyage, at: call.port)) }
            slot = Slot(voyage: Int32(position), movement: Int32(index - 1), kind: .arrival)
            published = movements[index - 1].arrivalTime
        case .departure:
            guard index < movements.count else { return .failure(.noDeparture(call.voyage, at: call.port)) }
            slot = Slot(voyage: Int32(position), movement: Int32(index), kind: .departure)
            published = movements[index].departureTime
        }
        let change = Duration.seconds(event.time.timeIntervalSince(published))
        guard event.time.isSupported, change <= Self.maximumChange, change >= .zero - Self.maximumChange else {
            return .failure(.tooFarFromSchedule(call.voyage, at: call.port, event.kind, published: published, event: event.time))
        }
        return .success(slot)
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
            let voyage = publishedVoyages[position]
            var movements = voyage.movements
            for index in movements.indices {
                let planned = movements[index]
                func time(_ kind: VesselCallEvent.Kind, published: Date, least: TimeInterval) -> Date {
                    var time = winners[Slot(voyage: Int32(position), movement: Int32(index), kind: kind)]?.time ?? published + carried
                    if let previous, time < previous + least { time = previous + least }
                    carried = max(0, time.timeIntervalSince(published))
                    previous = time
                    return time
                }
                let departure = time(.departure, published: planned.departureTime, least: 0)
                let shift = departure.timeIntervalSince(planned.departureTime)
                movements[index].departureTime = departure
                movements[index].cutOffTimes = planned.cutOffTimes.map { CutOffTime($0.code, $0.time + shift) }
                movements[index].arrivalTime = time(.arrival, published: planned.arrivalTime, least: Self.leastSailing)
            }
            voyages[position] = voyage.replacingMovements(movements)
            let first = Int(published.voyageStart[position])
            for (index, movement) in movements.enumerated() {
                departure[first + index] = movement.departureTime.seconds
                arrival[first + index] = movement.arrivalTime.seconds
            }
            next = successor[position]
        }
    }
}

/// Why an event does not fit the published schedule.
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
    /// The event's time is more than ``LiveSchedule/maximumChange`` from the published time.
    case tooFarFromSchedule(VoyageNumber, at: UnLocode, VesselCallEvent.Kind, published: Date, event: Date)

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
            "voyage \(voyage)'s \(kind == .arrival ? "arrival at" : "departure from") \(port) at \(CSVWriter.timestamp(event)) is more than a year from the published \(CSVWriter.timestamp(published))"
        }
    }
}
