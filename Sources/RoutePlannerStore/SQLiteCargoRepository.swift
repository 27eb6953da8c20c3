import Foundation
import GRDB
import RoutePlanner
import RoutePlannerApplication

/// Cargo kept in a ``CargoStore``: each cargo with its itinerary, handling events, the changes recorded (who made
/// each, and when) and its last offer.
///
/// Every write is one transaction. A cargo read through this repository is written back only if no
/// other process changed it in between (its row's version is checked), else the write fails with
/// ``StoreError/conflict(trackingId:)`` and nothing changes, so two processes handling the same cargo never
/// lose one another's events.
///
/// Itineraries are stored leg by leg (voyage, ports, times) and rebuilt against the schedule; a leg the
/// schedule no longer sails so is rebuilt as it was planned, from the stored times, so that re-routing can
/// show it as disrupted (`ScheduleNetwork.disruptedLegs(of:)`).
public actor SQLiteCargoRepository: CargoRepository {
    private let store: CargoStore
    private let voyages: any VoyageRepository
    private var versions: [TrackingId: Int] = [:]
    /// The rows of every cargo read by ``allCargo()``, which reads only what was written since.
    private var cache = StoredCargoCache()

    init(store: CargoStore, voyages: any VoyageRepository) {
        self.store = store
        self.voyages = voyages
    }

    public func cargo(_ trackingId: TrackingId) async throws -> Cargo? {
        let network = try await voyages.network()
        let rows = try read { db in try Self.fetch(db, where: "trackingId = ?", [trackingId.rawValue]) }
        return try rows.map { try restore($0, network: network) }.first
    }

    /// Every open cargo: the rows of the cargo written since the last call, and the others' as they were read then.
    public func allCargo() async throws -> [Cargo] {
        let network = try await voyages.network()
        let mark = cache.mark
        let written = try read { db in try Self.written(after: mark, db) }
        cache.keep(written.rows, marks: written.marks, next: written.marks.values.max() ?? mark)
        return try cache.openCargo().map { try restore($0, network: network) }
    }

    public func cargo(from offset: Int, limit: Int, customer: CustomerId?) async throws -> (cargo: [Cargo], total: Int) {
        let network = try await voyages.network()
        let condition = customer == nil ? "cancelledAt IS NULL" : "cancelledAt IS NULL AND customerId = ? COLLATE NOCASE"
        let arguments: StatementArguments = customer.map { [$0.rawValue] } ?? []
        let (rows, total) = try read { db in
            let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM cargo WHERE \(condition)", arguments: arguments) ?? 0
            let page = try Self.fetch(db, where: condition, arguments, limit: max(0, limit), offset: max(0, offset))
            return (page, total)
        }
        return (try rows.map { try restore($0, network: network) }, total)
    }

    /// The cargo written after `mark`; SQLite's one writer at a time commits the marks in their order.
    public func cargoWritten(after mark: Int) async throws -> CargoWrites {
        let found = try read { db in try Self.written(after: mark, db) }
        guard !found.rows.isEmpty else { return CargoWrites(cargo: [], mark: mark) }
        let network = try await voyages.network()
        // Not remembered as read: the copy is not what a write is compared with.
        let written = try found.rows.map {
            CargoWrite(cargo: try $0.cargo(network: network, store: store.path), mark: found.marks[$0.record.trackingId] ?? mark + 1)
        }
        return CargoWrites(inOrder: written, after: mark)
    }

    public func existingTrackingIds(among trackingIds: [TrackingId]) async throws -> Set<TrackingId> {
        let ids = trackingIds.map(\.rawValue)
        return try read { db in
            var found: Set<TrackingId> = []
            for start in stride(from: 0, to: ids.count, by: 500) {
                let chunk = Array(ids[start..<min(start + 500, ids.count)])
                let rows = try String.fetchAll(
                    db, sql: "SELECT trackingId FROM cargo WHERE trackingId IN (\(databaseQuestionMarks(count: chunk.count)))",
                    arguments: StatementArguments(chunk))
                found.formUnion(rows.compactMap { TrackingId($0) })
            }
            return found
        }
    }

    public func nextTrackingIds(_ count: Int) async throws -> [TrackingId] {
        try write { db in try Self.nextTrackingIds(count, path: store.path, db) }
    }

    public func saveNew(_ make: @escaping @Sendable (TrackingId) throws -> Cargo) async throws -> Cargo {
        let path = store.path
        // The maker's refusal is thrown as it is, not as the store's error; the id it was given stays spent.
        let (cargo, version) = try write { db -> Result<(Cargo, Int), any Error> in
            guard let id = try Self.nextTrackingIds(1, path: path, db).first else { throw TrackingIdUnavailable() }
            switch Result(catching: { try make(id) }) {
            case .success(let cargo): return .success((cargo, try Self.write(cargo, version: nil, db)))
            case .failure(let refusal): return .failure(refusal)
            }
        }.get()
        versions[cargo.trackingId] = version
        return cargo
    }

    /// The next `count` tracking ids, taken from the sequence in the transaction of `db`.
    private static func nextTrackingIds(_ count: Int, path: String, _ db: Database) throws -> [TrackingId] {
        try db.execute(sql: "INSERT INTO sequence (name, value) VALUES ('trackingId', 0) ON CONFLICT(name) DO NOTHING")
        var number = try Int.fetchOne(db, sql: "SELECT value FROM sequence WHERE name = 'trackingId'") ?? 0
        var ids: [TrackingId] = []
        while ids.count < count {
            let (next, overflow) = number.addingReportingOverflow(1)
            guard !overflow else { throw StoreError.database(path: path, message: "the tracking ids' sequence is at its end (\(number))") }
            number = next
            // Skip numbers that cargo imported with its own ids took.
            let id = TrackingId.sequenced(number)
            if try !CargoRecord.exists(db, key: id.rawValue) { ids.append(id) }
        }
        try db.execute(sql: "UPDATE sequence SET value = ? WHERE name = 'trackingId'", arguments: [number])
        return ids
    }

    public func trackingIds(bookingReferences: [String], customerId: CustomerId) async throws -> [String: TrackingId] {
        try read { db in
            var found: [String: TrackingId] = [:]
            for chunk in stride(from: 0, to: bookingReferences.count, by: 500).map({ bookingReferences[$0..<min($0 + 500, bookingReferences.count)] }) {
                let rows = try Row.fetchAll(
                    db,
                    sql:
                        "SELECT bookingReference, trackingId FROM cargo WHERE customerId = ? AND bookingReference IN (\(databaseQuestionMarks(count: chunk.count)))",
                    arguments: StatementArguments([customerId.rawValue] + Array(chunk)))
                for row in rows {
                    found[try row.value("bookingReference", store: store.path)] =
                        TrackingId(try row.value("trackingId", store: store.path) as String)
                }
            }
            return found
        }
    }

    public func save(_ cargo: Cargo) async throws { try await save([cargo]) }

    public func save(_ cargo: [Cargo]) async throws {
        let known = versions
        let saved = try write { db in try cargo.map { try Self.write($0, version: known[$0.trackingId], db) } }
        for (each, version) in zip(cargo, saved) { versions[each.trackingId] = version }
    }

    public func save(_ cargo: [Cargo], unlessChangedSince read: [Cargo]) async throws -> [TrackingId] {
        try await save(cargo, comparingWith: read, wholeOrNone: false)
    }

    public func save(_ cargo: [Cargo], ifUnchangedSince read: [Cargo]) async throws {
        _ = try await save(cargo, comparingWith: read, wholeOrNone: true)
    }

    /// Stores the cargo still in the state they were read in (`read`), and returns the others' tracking ids; or,
    /// `wholeOrNone`, stores all (a cargo not among `read` being new) or none, throwing a conflict for the first one
    /// changed.
    private func save(_ cargo: [Cargo], comparingWith read: [Cargo], wholeOrNone: Bool) async throws -> [TrackingId] {
        // New cargo (none read) is written without the schedule, which only rebuilds stored cargo to compare.
        let network = read.isEmpty ? nil : try await voyages.network()
        // The cargo as stored, read and written in one transaction: a change another process commits meanwhile
        // cannot land between the comparison and the write.
        let (saved, changed) = try write { db in try compareAndWrite(cargo, read: read, wholeOrNone: wholeOrNone, network: network, db) }
        for (id, version) in saved { versions[id] = version }
        return changed
    }

    public func record(
        _ batch: CarrierEventBatch, appliedTo: CarrierEventsMark, saving cargo: [Cargo], ifUnchangedSince read: [Cargo], offers: [RouteOffer]
    ) async throws -> Int {
        let network = try await voyages.network()
        // Under the write lock: no other batch can be recorded between the version's check and the write.
        let written = try write { db -> Result<(version: Int, saved: [(TrackingId, Int)]), BatchOvertaken> in
            let found = try SQLiteCarrierEventRepository.mark(db)
            guard found == appliedTo else { return .failure(BatchOvertaken(appliedTo: appliedTo, found: found)) }
            let version = try SQLiteCarrierEventRepository.record(batch, db)
            let (saved, _) = try compareAndWrite(cargo, read: read, wholeOrNone: true, alsoUnchanged: offers.map(\.trackingId), network: network, db)
            for offer in offers { try Self.write(offer, db) }
            return .success((version, saved))
        }.get()
        for (id, version) in written.saved { versions[id] = version }
        return written.version
    }

    /// Writes the cargo still in the state they were read in (`read`) and returns their new versions and the others'
    /// tracking ids; or, `wholeOrNone`, writes all (a cargo not among `read` being new) or throws a conflict for the
    /// first one changed.
    ///
    /// - Parameter alsoUnchanged: Cargo not written that must still be in the state read (among `read`), else a
    ///   conflict is thrown.
    private func compareAndWrite(
        _ cargo: [Cargo], read: [Cargo], wholeOrNone: Bool, alsoUnchanged: [TrackingId] = [], network: ScheduleNetwork?, _ db: Database
    ) throws -> (saved: [(TrackingId, Int)], changed: [TrackingId]) {
        let ids = Set(cargo.map(\.trackingId.rawValue) + alsoUnchanged.map(\.rawValue)).sorted()
        guard let network else {
            let existing = try Set(
                stride(from: 0, to: ids.count, by: 500).flatMap { start in
                    let chunk = Array(ids[start..<min(start + 500, ids.count)])
                    return try String.fetchAll(
                        db, sql: "SELECT trackingId FROM cargo WHERE trackingId IN (\(databaseQuestionMarks(count: chunk.count)))",
                        arguments: StatementArguments(chunk))
                })
            let (new, changed) = try StoredCargo.unread(cargo, existing: existing, wholeOrNone: wholeOrNone)
            return (try new.map { ($0.0.trackingId, try Self.write($0.0, version: nil, db)) }, changed)
        }
        let stored = try stride(from: 0, to: ids.count, by: 500).flatMap { start in
            let chunk = Array(ids[start..<min(start + 500, ids.count)])
            return try Self.fetch(db, where: "trackingId IN (\(databaseQuestionMarks(count: chunk.count)))", StatementArguments(chunk))
        }
        var current: [TrackingId: (cargo: Cargo, version: Int)] = [:]
        for each in stored {
            let restored = try restore(each, network: network)
            current[restored.trackingId] = (restored, each.record.version)
        }
        try StoredCargo.checkUnchanged(alsoUnchanged, read: read, stored: current)
        let (unchanged, changed) = try StoredCargo.unchanged(cargo, read: read, stored: current, wholeOrNone: wholeOrNone)
        return (try unchanged.map { ($0.0.trackingId, try Self.write($0.0, version: $0.version, db)) }, changed)
    }

    public func offer(for trackingId: TrackingId) async throws -> RouteOffer? {
        try await offers(for: [trackingId])[trackingId]
    }

    /// Each cargo's offer, in one read.
    public func offers(for trackingIds: [TrackingId]) async throws -> [TrackingId: RouteOffer] {
        guard !trackingIds.isEmpty else { return [:] }
        let network = try await voyages.network()
        let ids = trackingIds.map(\.rawValue)
        let (offers, legs) = try read { db -> ([OfferRecord], [LegRecord]) in
            let offers = try OfferRecord.fetchAll(db, keys: ids)
            guard !offers.isEmpty else { return ([], []) }
            let marks = Array(repeating: "?", count: offers.count).joined(separator: ", ")
            let legs = try LegRecord.fetchAll(
                db, sql: "SELECT * FROM offerLeg WHERE trackingId IN (\(marks)) ORDER BY trackingId, candidate, position",
                arguments: StatementArguments(offers.map(\.trackingId)))
            return (offers, legs)
        }
        return try StoredCargo.offers(offers, legs: legs, network: network, store: store.path)
    }

    public func save(_ offer: RouteOffer) async throws {
        try write { db in try Self.write(offer, db) }
    }

    public func save(_ offer: RouteOffer, ifUnchangedSince read: Cargo) async throws {
        let network = try await voyages.network()
        try write { db in
            _ = try compareAndWrite([], read: [read], wholeOrNone: true, alsoUnchanged: [offer.trackingId], network: network, db)
            try Self.write(offer, db)
        }
    }

    // MARK: Rows

    /// The rows of the cargo written after a mark, cancelled ones too, and each one's write mark.
    private static func written(after mark: Int, _ db: Database) throws -> (marks: [String: Int], rows: [StoredCargo]) {
        let marks = try Row.fetchAll(db, sql: "SELECT trackingId, writeMark FROM cargo WHERE writeMark > ?", arguments: [mark])
        guard !marks.isEmpty else { return ([:], []) }
        let byId = Dictionary(uniqueKeysWithValues: marks.map { ($0[0] as String, $0[1] as Int) })
        // Many cargo at once are read whole, with their legs, events and changes; a few by their ids.
        let rows =
            byId.count > 500
            ? try fetch(db, where: "writeMark > ?", [mark])
            : try fetch(db, where: "trackingId IN (\(databaseQuestionMarks(count: byId.count)))", StatementArguments(Array(byId.keys)))
        return (byId, rows)
    }

    private static func fetch(
        _ db: Database, where condition: String, _ arguments: StatementArguments, limit: Int = -1, offset: Int = 0
    ) throws -> [StoredCargo] {
        let records = try CargoRecord.fetchAll(
            db, sql: "SELECT * FROM cargo WHERE \(condition) ORDER BY trackingId LIMIT ? OFFSET ?", arguments: arguments + [limit, offset])
        let ids = records.map(\.trackingId)
        guard !ids.isEmpty else { return [] }
        // A few cargo's legs and events are read by their ids; many cargo's, the whole tables at once.
        let few = ids.count <= 500
        let filter = few ? "WHERE trackingId IN (\(databaseQuestionMarks(count: ids.count)))" : ""
        let idArguments: StatementArguments = few ? StatementArguments(ids) : []
        let legs = Dictionary(
            grouping: try LegRecord.fetchAll(
                db, sql: "SELECT *, NULL AS candidate FROM itineraryLeg \(filter) ORDER BY trackingId, position", arguments: idArguments), by: \.trackingId)
        let events = Dictionary(
            grouping: try EventRecord.fetchAll(
                db, sql: "SELECT * FROM handlingEvent \(filter) ORDER BY id", arguments: idArguments), by: \.trackingId)
        let changes = Dictionary(
            grouping: try CargoChangeRecord.fetchAll(
                db, sql: "SELECT * FROM cargoChange \(filter) ORDER BY trackingId, position", arguments: idArguments), by: \.trackingId)
        return records.map {
            StoredCargo(record: $0, legs: legs[$0.trackingId] ?? [], events: events[$0.trackingId] ?? [], changes: changes[$0.trackingId] ?? [])
        }
    }

    /// The cargo of stored rows, whose version the next write of it is checked against.
    private func restore(_ stored: StoredCargo, network: ScheduleNetwork) throws -> Cargo {
        let cargo = try stored.cargo(network: network, store: store.path)
        versions[cargo.trackingId] = stored.record.version
        return cargo
    }

    /// Writes the options offered for a cargo, in place of the ones before.
    private static func write(_ offer: RouteOffer, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM offer WHERE trackingId = ?", arguments: [offer.trackingId.rawValue])
        let specification = offer.specification
        try OfferRecord(
            trackingId: offer.trackingId.rawValue, origin: specification.origin.rawValue, destination: specification.destination.rawValue,
            readyTime: specification.readyTime, arrivalDeadline: specification.arrivalDeadline,
            cargoType: specification.cargoType.rawValue, dangerousGoods: specification.containsDangerousGoods,
            maxTransitSeconds: specification.maximumTransitTime?.components.seconds
        ).insert(db)
        for (candidate, itinerary) in offer.itineraries.enumerated() {
            for (position, leg) in itinerary.legs.enumerated() {
                try LegRecord(trackingId: offer.trackingId.rawValue, candidate: candidate, position: position, leg: leg).insert(db)
            }
        }
    }

    /// Writes a cargo whole and returns its new version.
    private static func write(_ cargo: Cargo, version: Int?, _ db: Database) throws -> Int {
        let rows = StoredCargo(cargo, version: (version ?? 0) + 1), record = rows.record
        if let version {
            try db.execute(
                sql: """
                    UPDATE cargo SET customerId = ?, teu = ?, revenuePerTEU = ?, origin = ?, destination = ?, readyTime = ?,
                    arrivalDeadline = ?, cargoType = ?, dangerousGoods = ?, maxTransitSeconds = ?, version = ?, cancelledAt = ?
                    WHERE trackingId = ? AND version = ?
                    """,
                arguments: [
                    record.customerId, record.teu, record.revenuePerTEU, record.origin, record.destination, record.readyTime,
                    record.arrivalDeadline, record.cargoType, record.dangerousGoods, record.maxTransitSeconds, record.version, record.cancelledAt,
                    record.trackingId, version,
                ])
            guard db.changesCount == 1 else { throw StoreError.conflict(trackingId: cargo.trackingId) }
        } else {
            guard try CargoRecord.exists(db, key: cargo.trackingId.rawValue) == false else { throw StoreError.conflict(trackingId: cargo.trackingId) }
            if let reference = cargo.bookingReference,
                let booked = try String.fetchOne(
                    db, sql: "SELECT trackingId FROM cargo WHERE customerId IS ? AND bookingReference = ?", arguments: [cargo.customerId?.rawValue, reference])
            {
                throw StoreError.bookedTwice(bookingReference: reference, trackingId: TrackingId(booked) ?? cargo.trackingId)
            }
            try record.insert(db)
        }
        // The write's mark: the next of the sequence, which the write transaction holds until it commits.
        try db.execute(sql: "UPDATE sequence SET value = value + 1 WHERE name = 'cargoWrite'")
        try db.execute(
            sql: "UPDATE cargo SET writeMark = (SELECT value FROM sequence WHERE name = 'cargoWrite') WHERE trackingId = ?",
            arguments: [record.trackingId])
        // A cargo whose itinerary changes loses the options it was last offered (`CargoRepository.save(_:)`).
        if version != nil {
            let before = try LegRecord.fetchAll(
                db, sql: "SELECT * FROM itineraryLeg WHERE trackingId = ? ORDER BY position", arguments: [record.trackingId])
            if !LegRecord.sameLegs(before, rows.legs) { try db.execute(sql: "DELETE FROM offer WHERE trackingId = ?", arguments: [record.trackingId]) }
        }
        for table in ["itineraryLeg", "handlingEvent", "cargoChange"] {
            try db.execute(sql: "DELETE FROM \(table) WHERE trackingId = ?", arguments: [record.trackingId])
        }
        for leg in rows.legs { try leg.insert(db) }
        for event in rows.events { try event.insert(db) }
        for change in rows.changes { try change.insert(db) }
        return record.version
    }

    private func read<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try store.read(body) } catch { throw StoreError(error, path: store.path) }
    }

    private func write<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try store.write(body) } catch { throw StoreError(error, path: store.path) }
    }
}
