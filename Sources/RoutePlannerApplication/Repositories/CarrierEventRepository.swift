import Foundation
import RoutePlanner

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
    /// The identifiers among these of events recorded already.
    func recordedEventIds(among ids: [String]) async throws -> Set<String>
    /// Records a batch, leaving out the events recorded already; when it publishes a voyage again or a vessel call event
    /// among the rest is new, as the schedule's next version.
    ///
    /// - Returns: The schedule's version after the batch.
    func record(_ batch: CarrierEventBatch) async throws -> Int
    /// The last `limit` events recorded, the oldest of them first (in the order recorded, each batch's in its
    /// document's order), and how many are recorded in all.
    func recordedEvents(limit: Int) async throws -> (events: [CarrierEvent], total: Int)
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

    public init(
        publications: [(voyage: Voyage, changes: LiveSchedule.Republication)] = [], vesselCalls: [VesselCallEvent], equipment: [(event: EquipmentEvent, trackingId: TrackingId)], source: String,
        recordedAt: Date
    ) {
        self.publications = publications
        self.vesselCalls = vesselCalls
        self.equipment = equipment
        self.source = source
        self.recordedAt = recordedAt
    }
}

/// Carriers' events held in memory, for a process without a store.
public actor InMemoryCarrierEventRepository: CarrierEventRepository {
    private var recorded: [CarrierEvent] = []
    private var publications: [(voyage: Voyage, recorded: RecordedPublication)] = []
    private var ids: Set<String> = []
    private var version = 0

    public init() {}

    public func scheduleVersion() -> Int { version }
    public func scheduleChanges() -> ScheduleChanges {
        ScheduleChanges(publications: latestPublications, events: recorded.compactMap { if case .vesselCall(let call) = $0 { call } else { nil } }, version: version)
    }
    public func recordedEventIds(among ids: [String]) -> Set<String> { Set(ids.filter(self.ids.contains)) }

    public func record(_ batch: CarrierEventBatch) -> Int {
        let new = batch.vesselCalls.filter { ids.insert($0.id).inserted }
        recorded += new.map(CarrierEvent.vesselCall)
        for (event, _) in batch.equipment where ids.insert(event.id).inserted { recorded.append(.equipment(event)) }
        if !new.isEmpty || !batch.publications.isEmpty { version += 1 }
        publications += batch.publications.map {
            ($0.voyage, RecordedPublication(changes: $0.changes, version: version, source: batch.source, recordedAt: batch.recordedAt))
        }
        return version
    }

    /// Of the publications of each voyage, the last, in the order recorded.
    private var latestPublications: [Voyage] {
        let last = Dictionary(publications.enumerated().map { ($1.voyage.number, $0) }, uniquingKeysWith: max)
        return publications.enumerated().filter { last[$1.voyage.number] == $0 }.map(\.element.voyage)
    }

    public func recordedPublications(limit: Int) -> (publications: [RecordedPublication], total: Int) {
        (publications.suffix(max(0, limit)).map(\.recorded), publications.count)
    }

    public func recordedEvents(limit: Int) -> (events: [CarrierEvent], total: Int) {
        (Array(recorded.suffix(max(0, limit))), recorded.count)
    }
}
