import Foundation

/// Changes to a schedule that a planner asks "what if" about: a cancelled voyage, a closed port, a delay,
/// a different capacity.
///
/// Apply a scenario with ``ScheduleNetwork/applying(_:)``; the network itself never changes.
public struct Scenario: Hashable, Sendable {
    /// One change to the schedule.
    public enum Edit: Hashable, Sendable {
        /// The voyage does not sail; no voyage goes on as it.
        case cancelVoyage(VoyageNumber)
        /// Vessels omit their calls at the port that fall in the window (any time when a bound is `nil`):
        /// they sail on from the call before to the call after with their other times unchanged, so cargo can
        /// neither be loaded, discharged nor transshipped there, and cargo aboard passes by. A voyage's
        /// first or last call in the window is dropped with the movement that leaves or reaches it; where a
        /// vessel went on from one voyage as the next (``Voyage/continuation``) at such a call, it no longer does.
        /// The place's gate is shut through the window too: no truck collects or delivers there
        /// (``GateHours/closed(from:until:)``).
        case closePort(UnLocode, from: Date?, until: Date?)
        /// The voyage runs late by the duration from its first call at the port on (from the start when the
        /// port is `nil`): every departure and arrival from that call's departure on moves, and so do those of
        /// the voyages its vessel goes on as (``Voyage/continuation``).
        case delay(VoyageNumber, by: Duration, from: UnLocode?)
        /// Every movement of the voyage holds this many TEU.
        case capacity(VoyageNumber, teu: Int)
    }

    /// The changes, applied in order.
    public var edits: [Edit]

    public init(_ edits: [Edit] = []) {
        self.edits = edits
    }

    /// The most TEU a capacity edit may give a movement, as for a schedule's own movements.
    public static let maximumCapacity = Int(Int32.max)
    /// The longest delay, early (negative) or late.
    public static let maximumDelay = Duration.seconds(366 * 86_400)
}

/// Why a scenario cannot be applied.
public enum ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownVoyage(VoyageNumber)
    case unknownLocation(UnLocode)
    /// A delay names a port the voyage does not call at.
    case voyageDoesNotCall(VoyageNumber, at: UnLocode)
    /// A capacity is negative or more than ``Scenario/maximumCapacity``.
    case invalidCapacity(VoyageNumber, Int)
    /// A port's closing window ends before it starts.
    case invalidWindow(UnLocode, from: Date, until: Date)
    /// A delay is longer, early or late, than ``Scenario/maximumDelay``.
    case invalidDelay(VoyageNumber, Duration)
    /// The changes make a schedule that cannot sail, such as a voyage leaving a port before it arrived there
    /// after an early "delay".
    case invalidSchedule(ScheduleNetworkError)

    public var description: String {
        switch self {
        case .unknownVoyage(let number): "voyage \(number) is not in the schedule"
        case .unknownLocation(let code): "\(code) is not a port of the schedule"
        case .voyageDoesNotCall(let number, let code): "voyage \(number) does not call at \(code)"
        case .invalidCapacity(let number, let teu): "voyage \(number): capacity \(teu) TEU is not from 0 to \(Scenario.maximumCapacity)"
        case .invalidWindow(let code, let from, let until):
            "\(code) closes \(DateText.timestamp(from)) and reopens \(DateText.timestamp(until)), before it closes"
        case .invalidDelay(let number, let delay): "voyage \(number): a delay of \(delay) is more than a year either way"
        case .invalidSchedule(let error): "the changed schedule cannot sail: \(error)"
        }
    }
}

extension ScheduleNetwork {
    /// The network as it would be with the scenario's changes.
    ///
    /// - Throws: ``ScenarioError`` for a voyage or port the network does not have, a delay at a port the
    ///   voyage does not call at or of more than a year, a capacity out of range, a reversed window, or
    ///   changes that leave a voyage unable to sail.
    /// - Complexity: O(*m* log *m*): the network is built again.
    public func applying(_ scenario: Scenario) throws(ScenarioError) -> ScheduleNetwork {
        var voyages = self.voyages, locations = self.locations
        var index = Dictionary(uniqueKeysWithValues: voyages.enumerated().map { ($1.number, $0) })
        func position(_ number: VoyageNumber) throws(ScenarioError) -> Int {
            guard let position = index[number] else { throw .unknownVoyage(number) }
            return position
        }
        for edit in scenario.edits {
            switch edit {
            case .cancelVoyage(let number):
                let removed = try position(number)
                voyages.remove(at: removed)
                index = Dictionary(uniqueKeysWithValues: voyages.enumerated().map { ($1.number, $0) })
            case .closePort(let code, let from, let until):
                guard location(code) != nil else { throw .unknownLocation(code) }
                if let from, let until, !(from <= until) { throw .invalidWindow(code, from: from, until: until) }
                voyages = voyages.compactMap { $0.omittingCalls(at: code, from: from, until: until) }
                if let place = locations.firstIndex(where: { $0.code == code }) { locations[place] = locations[place].closingGate(from: from, until: until) }
                index = Dictionary(uniqueKeysWithValues: voyages.enumerated().map { ($1.number, $0) })
            case .delay(let number, let duration, let port):
                let at = try position(number)
                guard duration <= Scenario.maximumDelay && duration >= .zero - Scenario.maximumDelay else { throw .invalidDelay(number, duration) }
                let voyage = voyages[at]
                var first = 0
                if let port {
                    guard location(port) != nil else { throw .unknownLocation(port) }
                    guard let call = voyage.movements.firstIndex(where: { $0.departureLocation == port }) else {
                        throw .voyageDoesNotCall(number, at: port)
                    }
                    first = call
                }
                // The vessel is late from that call on, through the voyages it goes on as.
                let seconds = TimeInterval(duration.components.seconds)
                var late: Int? = at
                var delayed: Set<Int> = []
                while let position = late, delayed.insert(position).inserted {
                    let voyage = voyages[position]
                    let movements = voyage.movements.enumerated().map { offset, movement in
                        position != at || offset >= first ? movement.moved(by: seconds) : movement
                    }
                    voyages[position] = voyage.replacingMovements(movements)
                    late = voyage.continuation.flatMap { index[$0] }
                }
            case .capacity(let number, let teu):
                guard (0...Scenario.maximumCapacity).contains(teu) else { throw .invalidCapacity(number, teu) }
                let at = try position(number)
                let voyage = voyages[at]
                voyages[at] = voyage.replacingMovements(
                    voyage.movements.map {
                        var changed = $0; changed.capacity = teu; return changed
                    })
            }
        }
        // A vessel goes on as its next voyage only while that voyage sails and still starts where and after this
        // one ends (a closed call at the port where they meet parts them: cargo aboard is discharged before).
        let starts = Dictionary(uniqueKeysWithValues: voyages.compactMap { voyage in voyage.movements.first.map { (voyage.number, $0) } })
        voyages = voyages.map { voyage in
            guard let next = voyage.continuation else { return voyage }
            guard let start = starts[next], let end = voyage.movements.last, start.departureLocation == end.arrivalLocation,
                start.departureTime >= end.arrivalTime
            else { return voyage.replacingContinuation(nil) }
            return voyage
        }
        do {
            return try ScheduleNetwork(locations: locations, voyages: voyages, haulage: haulage, capacitiesAreKnown: capacitiesAreKnown)
        } catch {
            throw .invalidSchedule(error)
        }
    }
}

extension Location {
    /// The location with its gate shut from `start` to `end` (open-ended at a `nil` bound), besides its gate hours.
    func closingGate(from start: Date?, until end: Date?) -> Location {
        var closed = self
        closed.gateHours = (gateHours ?? .always).closed(from: start, until: end)
        return closed
    }
}

extension Voyage {
    /// The voyage without its calls at a port whose time falls in the window (open at a `nil` end), or `nil`
    /// when nothing is left.
    ///
    /// A call's time is its arrival (its departure for the first call).
    func omittingCalls(at port: UnLocode, from start: Date?, until end: Date?) -> Voyage? {
        func isClosed(_ time: Date) -> Bool { start.map { $0 <= time } ?? true && end.map { time <= $0 } ?? true }
        var movements: [CarrierMovement] = []
        for movement in self.movements {
            if movement.departureLocation == port, let previous = movements.last, previous.arrivalLocation == port,
                isClosed(previous.arrivalTime)
            {
                // An intermediate call: sail on from the call before, with this movement's arrival.
                movements[movements.count - 1].arrivalLocation = movement.arrivalLocation
                movements[movements.count - 1].arrivalTime = movement.arrivalTime
                movements[movements.count - 1].arrivalUTCOffset = movement.arrivalUTCOffset
                movements[movements.count - 1].capacity = min(previous.capacity, movement.capacity)
                if movements[movements.count - 1].departureLocation == movements[movements.count - 1].arrivalLocation {
                    movements.removeLast()  // a there-and-back to the closed port is nothing at all
                }
                continue
            }
            if movement.departureLocation == port && isClosed(movement.departureTime) && movements.isEmpty {
                continue  // the first call is closed: the voyage starts at the next one
            }
            movements.append(movement)
        }
        if let last = movements.last, last.arrivalLocation == port && isClosed(last.arrivalTime) {
            movements.removeLast()  // the last call is closed
        }
        return movements.isEmpty ? nil : replacingMovements(movements)
    }
}
