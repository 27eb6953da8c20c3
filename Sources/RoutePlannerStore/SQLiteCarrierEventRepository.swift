import Foundation
import GRDB
import RoutePlanner
import RoutePlannerApplication

/// The carriers' events kept in a ``CargoStore``: every event applied, by its identifier, and the schedule's versions.
public struct SQLiteCarrierEventRepository: CarrierEventRepository {
    let store: CargoStore

    public func scheduleVersion() async throws -> Int {
        try read { db in try Self.version(db) }
    }

    public func vesselCallEvents() async throws -> (events: [VesselCallEvent], version: Int) {
        let (rows, version) = try read { db in
            (try Row.fetchAll(db, sql: "SELECT * FROM carrierEvent WHERE eventType = 'TRANSPORT' ORDER BY eventID"), try Self.version(db))
        }
        return (try rows.map { try Self.event($0, store: store.path) }, version)
    }

    public func recordedEventIds(among ids: [String]) async throws -> Set<String> {
        try read { db in try Self.recorded(ids, db) }
    }

    public func record(_ batch: CarrierEventBatch) async throws -> Int {
        do {
            return try await store.pool.write { db in
                let recorded = try Self.recorded(batch.vesselCalls.map(\.id) + batch.equipment.map(\.event.id), db)
                let calls = batch.vesselCalls.filter { !recorded.contains($0.id) }
                var version = try Self.version(db)
                if !calls.isEmpty {
                    version += 1
                    try db.execute(
                        sql: "INSERT INTO scheduleVersion (version, source, recordedAt) VALUES (?, ?, ?)", arguments: [version, batch.source, batch.recordedAt])
                }
                for event in calls {
                    try db.execute(
                        sql: """
                            INSERT INTO carrierEvent (eventID, version, eventType, code, classifier, createdAt, eventAt, voyage, port, sequence, source, recordedAt)
                            VALUES (?, ?, 'TRANSPORT', ?, ?, ?, ?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            event.id, version, event.kind.rawValue, event.classifier.rawValue, event.created, event.time, event.call.voyage.rawValue,
                            event.call.port.rawValue, event.call.sequence, batch.source, batch.recordedAt,
                        ])
                }
                for (event, trackingId) in batch.equipment where !recorded.contains(event.id) {
                    try db.execute(
                        sql: """
                            INSERT INTO carrierEvent (eventID, version, eventType, code, classifier, createdAt, eventAt, voyage, port, trackingId, source, recordedAt)
                            VALUES (?, ?, 'EQUIPMENT', ?, 'ACT', ?, ?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            event.id, version, event.kind.rawValue, event.created, event.time, event.voyage?.rawValue, event.port.rawValue,
                            trackingId.rawValue, batch.source, batch.recordedAt,
                        ])
                }
                return version
            }
        } catch {
            throw StoreError(error, path: store.path)
        }
    }

    private static func version(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(version), 0) FROM scheduleVersion") ?? 0
    }

    private static func recorded(_ ids: [String], _ db: Database) throws -> Set<String> {
        var found: Set<String> = []
        for chunk in stride(from: 0, to: ids.count, by: 500).map({ Array(ids[$0..<min(ids.count, $0 + 500)]) }) {
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            found.formUnion(try String.fetchAll(db, sql: "SELECT eventID FROM carrierEvent WHERE eventID IN (\(marks))", arguments: StatementArguments(chunk)))
        }
        return found
    }

    /// A stored transport event.
    private static func event(_ row: Row, store: String) throws(StoreError) -> VesselCallEvent {
        let id: String = row["eventID"]
        guard let kind = VesselCallEvent.Kind(rawValue: row["code"]), let classifier = VesselCallEvent.Classifier(rawValue: row["classifier"]),
              let voyage = (row["voyage"] as String?).flatMap(VoyageNumber.init), let port = UnLocode(row["port"] as String)
        else { throw .database(path: store, message: "carriers' event \(id) cannot be read") }
        return VesselCallEvent(
            id: id, created: row["createdAt"], kind: kind, classifier: classifier, time: row["eventAt"],
            call: CallReference(voyage: voyage, port: port, sequence: row["sequence"]))
    }

    private func read<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try store.pool.read(body) } catch { throw StoreError(error, path: store.path) }
    }
}
