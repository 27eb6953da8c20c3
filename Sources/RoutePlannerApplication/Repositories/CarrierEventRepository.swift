import Foundation
import RoutePlanner
import Synchronization

/// Where the carriers' events are kept: the voyages published again and the vessel call events that make the live
/// schedule, each batch that changed it a new version, and the identifiers of every event applied, so that an event
/// sent again changes nothing.
///
/// Each call that writes is one transaction.
public protocol CarrierEventRepository: Sendable {
    /// The schedule's version: how many batches of events changed it; 0 while it is as published.
    func scheduleVersion() async throws -> Int
    /// The last publication recorded of each voyage published again, every vessel call event recorded, and the version
    /// they make, read together.
    func scheduleChanges() async throws -> ScheduleChanges
    /// The events recorded already under these identifiers, in any order.
    func recordedEvents(among ids: [String]) async throws -> [CarrierEvent]
    /// Records a batch, leaving out the events recorded already; when it publishes a voyage again or a vessel call event
    /// among the rest is new, as the schedule's next version.
    ///
    /// - Returns: The schedule's version after the batch.
    func record(_ batch: CarrierEventBatch) async throws -> Int
    /// The last `limit` events recorded, the oldest of them first (in the order recorded, each batch's in its
    /// document's order), and how many are recorded in all.
    func recordedEvents(limit: Int) async throws -> (events: [CarrierEvent], total: Int)
    /// At most `limit` events recorded after the one at `position` (0 for the first), in the order recorded, each with
    /// its position: its number in that order, from 1.
    func recordedEvents(after position: Int, limit: Int) async throws -> [(position: Int, event: CarrierEvent)]
    /// The last `limit` voyages published again, the oldest of them first, and how many were published in all.
    func recordedPublications(limit: Int) async throws -> (publications: [RecordedPublication], total: Int)
}

/// A voyage published again, as recorded: what it changed, the schedule's version it made, where it came from and when.
public struct RecordedPublication: Hashable, Sendable {
    public let changes: LiveSchedule.Republication
    public let version: Int
    public let source: String
    public let recordedAt: Date

    public init(changes: LiveSchedule.Republication, version: Int, source: String, recordedAt: Date) {
        self.changes = changes
        self.version = version
        self.source = source
        self.recordedAt = recordedAt
    }
}

/// What changed the published schedule: voyages published again, and vessel call events.
public struct ScheduleChanges: Sendable {
    /// The voyages published again, each its last publication, in the order recorded.
    public let publications: [Voyage]
    /// The vessel call events, whichever outranks which.
    public let events: [VesselCallEvent]
    /// The version they make.
    public let version: Int

    public init(publications: [Voyage], events: [VesselCallEvent], version: Int) {
        self.publications = publications
        self.events = events
        self.version = version
    }

    /// The published schedule with these changes: the publications applied in their order, then the events (recorded
    /// with their calls numbered, `LiveSchedule.numbered(_:)`, so that they name the calls they named when applied).
    public func liveSchedule(over published: ScheduleNetwork) -> LiveSchedule {
        var schedule = LiveSchedule(published: published)
        if !publications.isEmpty { schedule.republish(publications) }
        schedule.apply(events)
        return schedule
    }
}

/// The events of one batch to record, where they came from, and when.
public struct CarrierEventBatch: Sendable {
    /// Voyages published again, as their publications gave them, each with what it changed.
    public let publications: [(voyage: Voyage, changes: LiveSchedule.Republication)]
    public let vesselCalls: [VesselCallEvent]
    /// Equipment events, each with the cargo it handled.
    public let equipment: [(event: EquipmentEvent, trackingId: TrackingId)]
    /// Where the batch came from: a file's name, `POST /v2/events` and the user.
    public let source: String
    public let recordedAt: Date
    /// Whether the batch makes the schedule's next version (when an event or publication of it is new to the store).
    public let changesSchedule: Bool

    /// - Parameters:
    ///   - publications: Voyages published again, each with what it changed.
    ///   - vesselCalls: Transport events; of events sharing an `eventID`, with each other or with equipment events, the
    ///     first is kept.
    ///   - equipment: Equipment events, each with the cargo it handled.
    ///   - source: Where the batch came from.
    ///   - recordedAt: When it was recorded, by the real clock.
    ///   - changesSchedule: Whether the batch changes the schedule: it publishes a voyage again, or one of its vessel
    ///     call events gives a call's time (`LiveSchedule.Outcome.applied`); events that are all outranked change
    ///     nothing. `nil` for whether it has publications or vessel call events at all.
    public init(
        publications: [(voyage: Voyage, changes: LiveSchedule.Republication)] = [], vesselCalls: [VesselCallEvent],
        equipment: [(event: EquipmentEvent, trackingId: TrackingId)], source: String,
        recordedAt: Date, changesSchedule: Bool? = nil
    ) {
        // An eventID names one event, whatever its kind: of events sharing one, the first is the batch's. The reader
        // refuses another event under an id the document used before (`TrackAndTraceEvents`), and the interactor counts a
        // copy as a duplicate without recording it, so a batch of a document has none: this keeps any other caller's out
        // of the stores, whose event tables take an id once.
        var ids = Set<String>()
        self.publications = publications
        self.vesselCalls = vesselCalls.filter { ids.insert($0.id).inserted }
        self.equipment = equipment.filter { ids.insert($0.event.id).inserted }
        self.source = source
        self.recordedAt = recordedAt
        self.changesSchedule = changesSchedule ?? (!publications.isEmpty || !vesselCalls.isEmpty)
    }
}

/// How far the recording of carriers' events has come: the schedule's version and how many events are recorded. A batch
/// that records anything moves one of them.
public struct CarrierEventsMark: Hashable, Sendable, CustomStringConvertible {
    public let version: Int
    public let events: Int

    public init(version: Int, events: Int) {
        self.version = version
        self.events = events
    }

    public var description: String { "schedule version \(version), \(events) events" }
}

/// Another batch of carriers' events was recorded since the mark a batch was applied over; nothing of the batch was
/// written. Applied again to the schedule and cargo as they now are, it is recorded after the other.
public struct BatchOvertaken: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the recording stood when the batch was applied.
    public let appliedTo: CarrierEventsMark
    /// Where another batch left it meanwhile.
    public let found: CarrierEventsMark

    public init(appliedTo: CarrierEventsMark, found: CarrierEventsMark) {
        self.appliedTo = appliedTo
        self.found = found
    }

    public var description: String {
        "another batch of carriers' events was recorded while this one was applied (\(appliedTo), now \(found)); nothing was written: apply it again"
    }
}

/// Carriers' events held in memory, for a process without a store; ``InMemoryCargoRepository`` records a batch here
/// together with the cargo it changed.
public final class InMemoryCarrierEventRepository: CarrierEventRepository {
    private struct State {
        var recorded: [CarrierEvent] = []
        var publications: [(voyage: Voyage, recorded: RecordedPublication)] = []
        var ids: Set<String> = []
        var version = 0
    }

    private let state = Mutex(State())

    public init() {}

    public func scheduleVersion() -> Int { state.withLock(\.version) }
    public func scheduleChanges() -> ScheduleChanges {
        state.withLock { state in
            ScheduleChanges(
                publications: Self.latest(state.publications),
                events: state.recorded.compactMap { if case .vesselCall(let call) = $0 { call } else { nil } }, version: state.version)
        }
    }
    public func recordedEvents(among ids: [String]) -> [CarrierEvent] {
        let wanted = Set(ids)
        return state.withLock { state in state.recorded.filter { wanted.contains($0.id) } }
    }

    public func record(_ batch: CarrierEventBatch) -> Int {
        state.withLock { state in Self.record(batch, in: &state) }
    }

    /// Records a batch applied over the mark `appliedTo`, or throws ``BatchOvertaken`` and records nothing when
    /// another batch was recorded since.
    func record(_ batch: CarrierEventBatch, appliedTo: CarrierEventsMark) throws(BatchOvertaken) -> Int {
        try state.withLock { state throws(BatchOvertaken) in
            let found = CarrierEventsMark(version: state.version, events: state.recorded.count)
            guard found == appliedTo else { throw BatchOvertaken(appliedTo: appliedTo, found: found) }
            return Self.record(batch, in: &state)
        }
    }

    private static func record(_ batch: CarrierEventBatch, in state: inout State) -> Int {
        let new = batch.vesselCalls.filter { state.ids.insert($0.id).inserted }
        state.recorded += new.map(CarrierEvent.vesselCall)
        for (event, _) in batch.equipment where state.ids.insert(event.id).inserted { state.recorded.append(.equipment(event)) }
        if batch.changesSchedule && (!new.isEmpty || !batch.publications.isEmpty) { state.version += 1 }
        let version = state.version
        state.publications += batch.publications.map {
            ($0.voyage, RecordedPublication(changes: $0.changes, version: version, source: batch.source, recordedAt: batch.recordedAt))
        }
        return version
    }

    /// Of the publications of each voyage, the last, in the order recorded.
    private static func latest(_ publications: [(voyage: Voyage, recorded: RecordedPublication)]) -> [Voyage] {
        let last = Dictionary(publications.enumerated().map { ($1.voyage.number, $0) }, uniquingKeysWith: max)
        return publications.enumerated().filter { last[$1.voyage.number] == $0 }.map(\.element.voyage)
    }

    public func recordedPublications(limit: Int) -> (publications: [RecordedPublication], total: Int) {
        state.withLock { state in (state.publications.suffix(max(0, limit)).map(\.recorded), state.publications.count) }
    }

    public func recordedEvents(limit: Int) -> (events: [CarrierEvent], total: Int) {
        state.withLock { state in (Array(state.recorded.suffix(max(0, limit))), state.recorded.count) }
    }

    public func recordedEvents(after position: Int, limit: Int) -> [(position: Int, event: CarrierEvent)] {
        state.withLock { state in
            let first = min(max(0, position), state.recorded.count)
            return state.recorded[first...].prefix(max(0, limit)).enumerated().map { (first + $0 + 1, $1) }
        }
    }
}
