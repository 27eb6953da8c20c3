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

    public func scheduleChanges() async throws -> ScheduleChanges {
        let path = store.path
        return try await store.read { connection in
            var publications: [Voyage] = []
            for try await (voyage, calls) in try await connection.run(
                // Of the publications of a voyage, the last recorded is its schedule.
                """
                SELECT voyage, calls FROM schedulePublication
                WHERE position IN (SELECT MAX(position) FROM schedulePublication GROUP BY voyage) ORDER BY position
                """
            ).decode((String, String).self) {
                publications.append(try PublicationRecord.voyage(voyage, json: calls, store: path))
            }
            let events = try await Self.events("WHERE eventType = 'TRANSPORT' ORDER BY position", connection, path: path).compactMap { event in
                if case .vesselCall(let call) = event.event { call } else { nil }
            }
            return ScheduleChanges(publications: publications, events: events, version: try await Self.version(connection))
        }
    }

    public func recordedEvents(among ids: [String]) async throws -> [CarrierEvent] {
        guard !ids.isEmpty else { return [] }
        let path = store.path
        return try await store.read { connection in
            try await Self.events("WHERE eventID = ANY(\(ids))", connection, path: path).map(\.event)
        }
    }

    public func recordedEvents(after position: Int, limit: Int) async throws -> [(position: Int, event: CarrierEvent)] {
        let path = store.path
        return try await store.read { connection in
            try await Self.events("WHERE position > \(max(0, position)) ORDER BY position LIMIT \(max(0, limit))", connection, path: path)
        }
    }

    public func recordedEvents(limit: Int) async throws -> (events: [CarrierEvent], total: Int) {
        let path = store.path
        return try await store.read { connection in
            let events = try await Self.events(
                "WHERE position > (SELECT COALESCE(MAX(position), 0) FROM carrierEvent) - \(max(0, limit)) ORDER BY position", connection, path: path
            ).map(\.event)
            var total = 0
            for try await count in try await connection.run("SELECT COUNT(*)::bigint FROM carrierEvent").decode(Int.self) {
                total = count
            }
            return (events, total)
        }
    }

    public func recordedPublications(limit: Int) async throws -> (publications: [RecordedPublication], total: Int) {
        let path = store.path
        return try await store.read { connection in
            var publications: [RecordedPublication] = []
            for try await (voyage, changes, version, source, recordedAt) in try await connection.run(
                """
                SELECT voyage, changes, version, source, recordedAt FROM schedulePublication
                WHERE position > (SELECT COALESCE(MAX(position), 0) FROM schedulePublication) - \(max(0, limit)) ORDER BY position
                """
            ).decode((String, String, Int, String, Date).self) {
                publications.append(
                    RecordedPublication(
                        changes: try PublicationChangesRecord.changes(voyage, json: changes, store: path), version: version, source: source,
                        recordedAt: recordedAt))
            }
            var total = 0
            for try await count in try await connection.run("SELECT COUNT(*)::bigint FROM schedulePublication").decode(Int.self) {
                total = count
            }
            return (publications, total)
        }
    }

    public func record(_ batch: CarrierEventBatch) async throws -> Int {
        try await store.write { connection in try await Self.record(batch, appliedTo: nil, connection).get() }
    }

    /// Records a batch in a write transaction and returns the schedule's version after it; or, when another batch was
    /// recorded since the mark `appliedTo`, records nothing.
    static func record(
        _ batch: CarrierEventBatch, appliedTo: CarrierEventsMark?, _ connection: PostgresConnection
    ) async throws -> Result<Int, BatchOvertaken> {
        // Batches take turns, so that each new version is one more than the last and events keep their order.
        try await connection.run("LOCK TABLE scheduleVersion, carrierEvent, schedulePublication IN EXCLUSIVE MODE")
        var version = try await Self.version(connection)
        if let appliedTo {
            var events = 0
            for try await count in try await connection.run("SELECT COUNT(*)::bigint FROM carrierEvent").decode(Int.self) {
                events = count
            }
            let found = CarrierEventsMark(version: version, events: events)
            if found != appliedTo { return .failure(BatchOvertaken(appliedTo: appliedTo, found: found)) }
        }
        let recorded = try await Self.recorded(batch.vesselCalls.map(\.id) + batch.equipment.map(\.event.id), connection)
        let calls = batch.vesselCalls.filter { !recorded.contains($0.id) }
        let equipment = batch.equipment.filter { !recorded.contains($0.event.id) }
        if batch.changesSchedule && (!calls.isEmpty || !batch.publications.isEmpty) {
            version += 1
            try await connection.run(
                "INSERT INTO scheduleVersion (version, source, recordedAt) VALUES (\(version), \(batch.source), \(batch.recordedAt))")
        }
        if !batch.publications.isEmpty {
            let numbers = batch.publications.map(\.voyage.number.rawValue)
            let documents = try batch.publications.map { try PublicationRecord.json($0.voyage) }
            let changes = try batch.publications.map { try PublicationChangesRecord.json($0.changes) }
            try await connection.run(
                """
                INSERT INTO schedulePublication (position, version, voyage, calls, changes, source, recordedAt)
                SELECT (SELECT COALESCE(MAX(position), 0) FROM schedulePublication) + ordinality, \(version), voyage, calls, changes,
                       \(batch.source), \(batch.recordedAt)
                FROM UNNEST(\(numbers), \(documents), \(changes)) WITH ORDINALITY AS publication(voyage, calls, changes, ordinality)
                """)
        }
        var position = 0
        for try await last in try await connection.run("SELECT COALESCE(MAX(position), 0)::bigint FROM carrierEvent")
            .decode(Int.self)
        {
            position = last
        }
        let events = calls.map(CarrierEvent.vesselCall) + equipment.map { CarrierEvent.equipment($0.event) }
        guard !events.isEmpty else { return .success(version) }
        let trackingIds = Dictionary(uniqueKeysWithValues: equipment.map { ($0.event.id, $0.trackingId.rawValue) })
        let rows = events.map { Row($0, trackingId: trackingIds[$0.id]) }
        let (ids, types, codes, classifiers) = (rows.map(\.id), rows.map(\.type), rows.map(\.code), rows.map(\.classifier))
        let (created, times, voyages, ports) = (rows.map(\.created), rows.map(\.time), rows.map(\.voyage), rows.map(\.port))
        let (sequences, references, tracking) = (rows.map(\.sequence), rows.map(\.bookingReference), rows.map(\.trackingId))
        try await connection.run(
            """
            INSERT INTO carrierEvent (eventID, version, eventType, code, classifier, createdAt, eventAt, voyage, port, sequence, bookingReference,
                                      trackingId, source, recordedAt, position)
            SELECT id, \(version), type, code, classifier, created, at, NULLIF(voyage, ''), port, NULLIF(sequence, 0), NULLIF(reference, ''),
                   NULLIF(tracking, ''), \(batch.source), \(batch.recordedAt), \(position) + ordinality
            FROM UNNEST(\(ids), \(types), \(codes), \(classifiers), \(created), \(times), \(voyages), \(ports), \(sequences), \(references), \(tracking))
                 WITH ORDINALITY AS event(id, type, code, classifier, created, at, voyage, port, sequence, reference, tracking, ordinality)
            """)
        return .success(version)
    }

    /// An event as the columns of `carrierEvent` write it, with `""` and 0 for none (`NULLIF` makes them `NULL`).
    private struct Row {
        let id, type, code, classifier: String
        let created, time: Date
        let voyage, port: String
        let sequence: Int
        let bookingReference, trackingId: String

        init(_ event: CarrierEvent, trackingId: String?) {
            id = event.id
            switch event {
            case .vesselCall(let call):
                (type, code, classifier, created, time) = ("TRANSPORT", call.kind.rawValue, call.classifier.rawValue, call.created, call.time)
                (voyage, port, sequence, bookingReference) = (call.call.voyage.rawValue, call.call.port.rawValue, call.call.sequence ?? 0, "")
            case .equipment(let handling):
                (type, code, classifier, created, time) = ("EQUIPMENT", handling.kind.rawValue, "ACT", handling.created, handling.time)
                (voyage, port, sequence, bookingReference) = (handling.voyage?.rawValue ?? "", handling.port.rawValue, 0, handling.bookingReference)
            }
            self.trackingId = trackingId ?? ""
        }
    }

    /// The events of `carrierEvent` that a filter and order (`WHERE … ORDER BY …`) select.
    private static func events(
        _ filter: PostgresQuery, _ connection: PostgresConnection, path: String
    ) async throws -> [(position: Int, event: CarrierEvent)] {
        var events: [(position: Int, event: CarrierEvent)] = []
        let query = PostgresQuery(
            unsafeSQL: "SELECT position, eventID, eventType, code, classifier, createdAt, eventAt, voyage, port, sequence, bookingReference FROM carrierEvent "
                + filter.sql, binds: filter.binds)
        for try await (position, id, type, code, classifier, created, time, voyage, port, sequence, reference) in try await connection.run(
            query
        ).decode((Int, String, String, String, String, Date, Date, String?, String, Int?, String?).self) {
            guard let port = UnLocode(port) else { throw StoreError.database(path: path, message: "carriers' event \(id) cannot be read") }
            let number = voyage.flatMap(VoyageNumber.init)
            if type == "EQUIPMENT" {
                guard let kind = EquipmentEvent.Kind(rawValue: code), let reference
                else { throw StoreError.database(path: path, message: "carriers' event \(id) cannot be read") }
                events.append(
                    (
                        position,
                        .equipment(
                            EquipmentEvent(
                                id: id, created: created, kind: kind, time: time, port: port, voyage: number, bookingReference: reference))
                    ))
            } else {
                guard let kind = VesselCallEvent.Kind(rawValue: code), let classifier = VesselCallEvent.Classifier(rawValue: classifier), let number
                else { throw StoreError.database(path: path, message: "carriers' event \(id) cannot be read") }
                events.append(
                    (
                        position,
                        .vesselCall(
                            VesselCallEvent(
                                id: id, created: created, kind: kind, classifier: classifier, time: time,
                                call: CallReference(voyage: number, port: port, sequence: sequence)))
                    ))
            }
        }
        return events
    }

    private static func version(_ connection: PostgresConnection) async throws -> Int {
        for try await version in try await connection.run("SELECT COALESCE(MAX(version), 0)::bigint FROM scheduleVersion")
            .decode(Int.self)
        {
            return version
        }
        return 0
    }

    private static func recorded(_ ids: [String], _ connection: PostgresConnection) async throws -> Set<String> {
        guard !ids.isEmpty else { return [] }
        var found: Set<String> = []
        for try await id in try await connection.run("SELECT eventID FROM carrierEvent WHERE eventID = ANY(\(ids))")
            .decode(String.self)
        {
            found.insert(id)
        }
        return found
    }
}
