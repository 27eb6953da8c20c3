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

    public func scheduleChanges() async throws -> ScheduleChanges {
        let (published, rows, version) = try read { db in
            (
                // Of the publications of a voyage, the last recorded is its schedule.
                try Row.fetchAll(
                    db,
                    sql:
                        "SELECT voyage, calls FROM schedulePublication WHERE position IN (SELECT MAX(position) FROM schedulePublication GROUP BY voyage) ORDER BY position"
                ),
                try Row.fetchAll(db, sql: "SELECT * FROM carrierEvent WHERE eventType = 'TRANSPORT' ORDER BY eventID"), try Self.version(db)
            )
        }
        let path = store.path
        let publications = try published.map { row throws(StoreError) in
            try PublicationRecord.voyage(try row.value("voyage", store: path), json: try row.value("calls", store: path), store: path)
        }
        let events = try rows.compactMap { row throws(StoreError) -> VesselCallEvent? in
            guard case .vesselCall(let event) = try Self.event(row, store: path) else { return nil }
            return event
        }
        return ScheduleChanges(publications: publications, events: events, version: version)
    }

    public func recordedEvents(among ids: [String]) async throws -> [CarrierEvent] {
        let rows = try read { db in
            try stride(from: 0, to: ids.count, by: 500).flatMap { start in
                let chunk = Array(ids[start..<min(ids.count, start + 500)])
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                return try Row.fetchAll(db, sql: "SELECT * FROM carrierEvent WHERE eventID IN (\(marks))", arguments: StatementArguments(chunk))
            }
        }
        let path = store.path
        return try rows.map { row throws(StoreError) in try Self.event(row, store: path) }
    }

    public func recordedEvents(after position: Int, limit: Int) async throws -> [(position: Int, event: CarrierEvent)] {
        let rows = try read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM carrierEvent WHERE position > ? ORDER BY position LIMIT ?", arguments: [max(0, position), max(0, limit)])
        }
        let path = store.path
        return try rows.map { row throws(StoreError) in (try row.value("position", store: path), try Self.event(row, store: path)) }
    }

    public func record(_ batch: CarrierEventBatch) async throws -> Int {
        do {
            return try await store.write { db in try Self.record(batch, db) }
        } catch {
            throw StoreError(error, path: store.path)
        }
    }

    /// Records a batch in a write transaction, and returns the schedule's version after it.
    static func record(_ batch: CarrierEventBatch, _ db: Database) throws -> Int {
        let recorded = try Self.recorded(batch.vesselCalls.map(\.id) + batch.equipment.map(\.event.id), db)
        let calls = batch.vesselCalls.filter { !recorded.contains($0.id) }
        var version = try Self.version(db)
        if batch.changesSchedule && (!calls.isEmpty || !batch.publications.isEmpty) {
            version += 1
            try db.execute(
                sql: "INSERT INTO scheduleVersion (version, source, recordedAt) VALUES (?, ?, ?)", arguments: [version, batch.source, batch.recordedAt])
        }
        let published = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(position), 0) FROM schedulePublication") ?? 0
        for (offset, (voyage, changes)) in batch.publications.enumerated() {
            try db.execute(
                sql: "INSERT INTO schedulePublication (position, version, voyage, calls, changes, source, recordedAt) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: [
                    published + offset + 1, version, voyage.number.rawValue, try PublicationRecord.json(voyage), try PublicationChangesRecord.json(changes),
                    batch.source, batch.recordedAt,
                ])
        }
        var position = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(position), 0) FROM carrierEvent") ?? 0
        for event in calls {
            position += 1
            try db.execute(
                sql: """
                    INSERT INTO carrierEvent (eventID, version, eventType, code, classifier, createdAt, eventAt, voyage, port, sequence, source,
                                              recordedAt, position)
                    VALUES (?, ?, 'TRANSPORT', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    event.id, version, event.kind.rawValue, event.classifier.rawValue, event.created, event.time, event.call.voyage.rawValue,
                    event.call.port.rawValue, event.call.sequence, batch.source, batch.recordedAt, position,
                ])
        }
        for (event, trackingId) in batch.equipment where !recorded.contains(event.id) {
            position += 1
            try db.execute(
                sql: """
                    INSERT INTO carrierEvent (eventID, version, eventType, code, classifier, createdAt, eventAt, voyage, port, bookingReference,
                                              trackingId, source, recordedAt, position)
                    VALUES (?, ?, 'EQUIPMENT', ?, 'ACT', ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    event.id, version, event.kind.rawValue, event.created, event.time, event.voyage?.rawValue, event.port.rawValue,
                    event.bookingReference, trackingId.rawValue, batch.source, batch.recordedAt, position,
                ])
        }
        return version
    }

    public func recordedEvents(limit: Int) async throws -> (events: [CarrierEvent], total: Int) {
        let (rows, total) = try read { db in
            (
                try Row.fetchAll(
                    db, sql: "SELECT * FROM (SELECT * FROM carrierEvent ORDER BY position DESC LIMIT ?) ORDER BY position", arguments: [max(0, limit)]),
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM carrierEvent") ?? 0
            )
        }
        let path = store.path
        return (try rows.map { row throws(StoreError) in try Self.event(row, store: path) }, total)
    }

    public func recordedPublications(limit: Int) async throws -> (publications: [RecordedPublication], total: Int) {
        let (rows, total) = try read { db in
            (
                try Row.fetchAll(
                    db, sql: "SELECT * FROM (SELECT * FROM schedulePublication ORDER BY position DESC LIMIT ?) ORDER BY position", arguments: [max(0, limit)]),
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM schedulePublication") ?? 0
            )
        }
        let path = store.path
        return (
            try rows.map { row throws(StoreError) in
                RecordedPublication(
                    changes: try PublicationChangesRecord.changes(
                        try row.value("voyage", store: path), json: try row.value("changes", store: path), store: path),
                    version: try row.value("version", store: path), source: try row.value("source", store: path),
                    recordedAt: try row.value("recordedAt", store: path))
            }, total
        )
    }

    static func version(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(version), 0) FROM scheduleVersion") ?? 0
    }

    /// How far the recording has come.
    static func mark(_ db: Database) throws -> CarrierEventsMark {
        CarrierEventsMark(version: try version(db), events: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM carrierEvent") ?? 0)
    }

    private static func recorded(_ ids: [String], _ db: Database) throws -> Set<String> {
        var found: Set<String> = []
        for chunk in stride(from: 0, to: ids.count, by: 500).map({ Array(ids[$0..<min(ids.count, $0 + 500)]) }) {
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            found.formUnion(try String.fetchAll(db, sql: "SELECT eventID FROM carrierEvent WHERE eventID IN (\(marks))", arguments: StatementArguments(chunk)))
        }
        return found
    }

    /// A stored event; a row that does not read as one is the store's error, not a trap.
    private static func event(_ row: Row, store: String) throws(StoreError) -> CarrierEvent {
        let id = (try? row.decode(String.self, forColumn: "eventID")) ?? "?"
        let unreadable = StoreError.database(path: store, message: "carriers' event \(id) cannot be read")
        do {
            let voyage = (try row.decode(String?.self, forColumn: "voyage")).flatMap(VoyageNumber.init)
            let created: Date = try row.decode(forColumn: "createdAt"), time: Date = try row.decode(forColumn: "eventAt")
            guard let port = UnLocode(try row.decode(String.self, forColumn: "port")) else { throw unreadable }
            let code: String = try row.decode(forColumn: "code")
            if try row.decode(String.self, forColumn: "eventType") == "EQUIPMENT" {
                guard let kind = EquipmentEvent.Kind(rawValue: code), let reference = try row.decode(String?.self, forColumn: "bookingReference")
                else { throw unreadable }
                return .equipment(EquipmentEvent(id: id, created: created, kind: kind, time: time, port: port, voyage: voyage, bookingReference: reference))
            }
            guard let kind = VesselCallEvent.Kind(rawValue: code),
                let classifier = VesselCallEvent.Classifier(rawValue: try row.decode(String.self, forColumn: "classifier")), let voyage
            else { throw unreadable }
            return .vesselCall(
                VesselCallEvent(
                    id: id, created: created, kind: kind, classifier: classifier, time: time,
                    call: CallReference(voyage: voyage, port: port, sequence: try row.decode(Int?.self, forColumn: "sequence"))))
        } catch {
            throw unreadable
        }
    }

    private func read<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try store.read(body) } catch { throw StoreError(error, path: store.path) }
    }
}
