import Foundation
import RoutePlanner

/// Where the carriers' events are kept: the vessel call events that make the live schedule, each batch that changed
/// it a new version, and the identifiers of every event applied, so that an event sent again changes nothing.
///
/// Each call that writes is one transaction.
public protocol CarrierEventRepository: Sendable {
    /// The schedule's version: how many batches of events changed it; 0 while it is as published.
    func scheduleVersion() async throws -> Int
    /// Every vessel call event recorded, whichever outranks which, and the version they make, read together.
    func vesselCallEvents() async throws -> (events: [VesselCallEvent], version: Int)
    /// The identifiers among these of events recorded already.
    func recordedEventIds(among ids: [String]) async throws -> Set<String>
    /// Records a batch, leaving out the events recorded already; when a vessel call event among the rest is new, as
    /// the schedule's next version.
    ///
    /// - Returns: The schedule's version after the batch.
    func record(_ batch: CarrierEventBatch) async throws -> Int
    /// The last `limit` events recorded, the oldest of them first (in the order recorded, each batch's in its
    /// document's order), and how many are recorded in all.
    func recordedEvents(limit: Int) async throws -> (events: [CarrierEvent], total: Int)
}

/// The events of one batch to record, where they came from, and when.
public struct CarrierEventBatch: Sendable {
    public let vesselCalls: [VesselCallEvent]
    /// Equipment events, each with the cargo it handled.
    public let equipment: [(event: EquipmentEvent, trackingId: TrackingId)]
    /// Where the batch came from: a file's name, `POST /v2/events` and the user.
    public let source: String
    public let recordedAt: Date

    public init(vesselCalls: [VesselCallEvent], equipment: [(event: EquipmentEvent, trackingId: TrackingId)], source: String, recordedAt: Date) {
        self.vesselCalls = vesselCalls
        self.equipment = equipment
        self.source = source
        self.recordedAt = recordedAt
    }
}

/// Carriers' events held in memory, for a process without a store.
public actor InMemoryCarrierEventRepository: CarrierEventRepository {
    private var recorded: [CarrierEvent] = []
    private var ids: Set<String> = []
    private var version = 0

    public init() {}

    public func scheduleVersion() -> Int { version }
    public func vesselCallEvents() -> (events: [VesselCallEvent], version: Int) {
        (recorded.compactMap { if case .vesselCall(let call) = $0 { call } else { nil } }, version)
    }
    public func recordedEventIds(among ids: [String]) -> Set<String> { Set(ids.filter(self.ids.contains)) }

    public func record(_ batch: CarrierEventBatch) -> Int {
        let new = batch.vesselCalls.filter { ids.insert($0.id).inserted }
        recorded += new.map(CarrierEvent.vesselCall)
        for (event, _) in batch.equipment where ids.insert(event.id).inserted { recorded.append(.equipment(event)) }
        if !new.isEmpty { version += 1 }
        return version
    }

    public func recordedEvents(limit: Int) -> (events: [CarrierEvent], total: Int) {
        (Array(recorded.suffix(max(0, limit))), recorded.count)
    }
}
