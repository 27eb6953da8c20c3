import Foundation
import PostgresNIO
import RoutePlanner
import RoutePlannerApplication

/// The carriers' events kept in a ``PostgresStore``: every event applied, by its identifier, and the schedule's
/// versions, numbered one at a time however many processes record batches at once.
public struct PostgresCarrierEventRepository: CarrierEventRepository {
    let store: PostgresStore

    public func scheduleVersion() async throws -> Int {
        try await store.statement { connection in try await Self.version(connection) }
    }

    public func vesselCallEvents() async throws -> (events: [VesselCallEvent], version: Int) {
        let path = store.path
        return try await store.read { connection in
            var events: [VesselCallEvent] = []
            let rows = try await connection.query(
                "SELECT eventID, code, classifier, createdAt, eventAt, voyage, port, sequence FROM carrierEvent WHERE eventType = 'TRANSPORT' ORDER BY eventID",
                logger: PostgresStore.logger)
            for try await (id, code, classifier, created, time, voyage, port, sequence) in rows.decode(
                (String, String, String, Date, Date, String?, String, Int?).self)
            {
                guard let kind = VesselCallEvent.Kind(rawValue: code), let classifier = VesselCallEvent.Classifier(rawValue: classifier),
                      let voyage = voyage.flatMap(VoyageNumber.init), let port = UnLocode(port)
                else { throw StoreError.database(path: path, message: "carriers' event \(id) cannot be read") }
                events.append(VesselCallEvent(
                    id: id, created: created, kind: kind, classifier: classifier, time: time,
                    call: CallReference(voyage: voyage, port: port, sequence: sequence)))
            }
            return (events, try await Self.version(connection))
        }
    }

    public func recordedEventIds(among ids: [String]) async throws -> Set<String> {
        try await store.statement { connection in try await Self.recorded(ids, connection) }
    }

    public func record(_ batch: CarrierEventBatch) async throws -> Int {
        try await store.write { connection in
            // Batches take turns, so that each new version is one more than the last.
            try await connection.query("LOCK TABLE scheduleVersion IN EXCLUSIVE MODE", logger: PostgresStore.logger)
            let recorded = try await Self.recorded(batch.vesselCalls.map(\.id) + batch.equipment.map(\.event.id), connection)
            let calls = batch.vesselCalls.filter { !recorded.contains($0.id) }
            var version = try await Self.version(connection)
            if !calls.isEmpty {
                version += 1
                try await connection.query(
                    "INSERT INTO scheduleVersion (version, source, recordedAt) VALUES (\(version), \(batch.source), \(batch.recordedAt))",
                    logger: PostgresStore.logger)
            }
            if !calls.isEmpty {
                try await connection.query(
                    """
                    INSERT INTO carrierEvent (eventID, version, eventType, code, classifier, createdAt, eventAt, voyage, port, sequence, source, recordedAt)
                    SELECT id, \(version), 'TRANSPORT', code, classifier, created, at, voyage, port, NULLIF(sequence, 0), \(batch.source), \(batch.recordedAt)
                    FROM UNNEST(\(calls.map(\.id)), \(calls.map(\.kind.rawValue)), \(calls.map(\.classifier.rawValue)), \(calls.map(\.created)),
                                \(calls.map(\.time)), \(calls.map(\.call.voyage.rawValue)), \(calls.map(\.call.port.rawValue)),
                                \(calls.map { $0.call.sequence ?? 0 })) AS event(id, code, classifier, created, at, voyage, port, sequence)
                    """,
                    logger: PostgresStore.logger)
            }
            let equipment = batch.equipment.filter { !recorded.contains($0.event.id) }
            if !equipment.isEmpty {
                try await connection.query(
                    """
                    INSERT INTO carrierEvent (eventID, version, eventType, code, classifier, createdAt, eventAt, voyage, port, trackingId, source, recordedAt)
                    SELECT id, \(version), 'EQUIPMENT', code, 'ACT', created, at, NULLIF(voyage, ''), port, trackingId, \(batch.source), \(batch.recordedAt)
                    FROM UNNEST(\(equipment.map(\.event.id)), \(equipment.map(\.event.kind.rawValue)), \(equipment.map(\.event.created)),
                                \(equipment.map(\.event.time)), \(equipment.map { $0.event.voyage?.rawValue ?? "" }), \(equipment.map(\.event.port.rawValue)),
                                \(equipment.map(\.trackingId.rawValue))) AS event(id, code, created, at, voyage, port, trackingId)
                    """,
                    logger: PostgresStore.logger)
            }
            return version
        }
    }

    private static func version(_ connection: PostgresConnection) async throws -> Int {
        for try await version in try await connection.query("SELECT COALESCE(MAX(version), 0)::bigint FROM scheduleVersion", logger: PostgresStore.logger)
            .decode(Int.self)
        {
            return version
        }
        return 0
    }

    private static func recorded(_ ids: [String], _ connection: PostgresConnection) async throws -> Set<String> {
        guard !ids.isEmpty else { return [] }
        var found: Set<String> = []
        for try await id in try await connection.query("SELECT eventID FROM carrierEvent WHERE eventID = ANY(\(ids))", logger: PostgresStore.logger)
            .decode(String.self)
        {
            found.insert(id)
        }
        return found
    }
}
