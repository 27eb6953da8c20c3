import Foundation
import PostgresNIO
import RoutePlanner
import RoutePlannerApplication

/// Cargo kept in a ``PostgresStore``: each cargo with its itinerary, handling events, the changes recorded and its
/// last offer, as ``SQLiteCargoRepository`` keeps it in a file.
///
/// Every write is one transaction. A cargo read through this repository is written back only if no other process
/// changed it in between (its row's version is checked), else the write fails with ``StoreError/conflict(trackingId:)``
/// and nothing changes. A cargo's rows are read as one write left them, so that a change committed meanwhile is
/// seen whole or not at all: in one snapshot, or, read alone, by two statements whose versions of it agree.
public actor PostgresCargoRepository: CargoRepository {
    private let store: PostgresStore
    private let voyages: any VoyageRepository
    private var versions: [TrackingId: Int] = [:]
    /// The rows of every cargo read by ``allCargo()``, which reads only what was written since.
    private var cache = StoredCargoCache()

    init(store: PostgresStore, voyages: any VoyageRepository) {
        self.store = store
        self.voyages = voyages
    }

    public func cargo(_ trackingId: TrackingId) async throws -> Cargo? {
        let network = try await voyages.network()
        let ids = [trackingId.rawValue]
        // Two statements outside a transaction; in one where the cargo was written between them.
        let rows =
            if let rows = try await store.statement({ connection in try await Self.fetch(connection, unlessWrittenBetween: ids) }) {
                rows
            } else {
                try await store.read { connection in try await Self.fetch(connection, ids: ids) }
            }
        return try rows.map { try restore($0, network: network) }.first
    }

    /// Every open cargo: the rows of the cargo written since the last call, and the others' as they were read then.
    public func allCargo() async throws -> [Cargo] {
        let network = try await voyages.network()
        let written = try await written(after: cache.mark)
        cache.keep(written.rows, marks: written.marks, next: written.next)
        return try cache.openCargo().map { try restore($0, network: network) }
    }

    public func cargo(from offset: Int, limit: Int, customer: CustomerId?) async throws -> (cargo: [Cargo], total: Int) {
        let network = try await voyages.network()
        let key = customer.map { PostgresStore.asciiLowercased($0.rawValue) }
        let (rows, total) = try await store.read { connection in
            var total = 0
            for try await count in try await connection.run(
                "SELECT COUNT(*) FROM cargo WHERE cancelledAt IS NULL AND (\(key)::text IS NULL OR \(unescaped: Self.customerKey) = \(key))"
            ).decode(Int.self) { total = count }
            let page = try await Self.fetch(connection, ids: nil, customer: key, limit: max(0, limit), offset: max(0, offset))
            return (page, total)
        }
        return (try rows.map { try restore($0, network: network) }, total)
    }

    public func cargoWritten(after mark: Int) async throws -> CargoWrites {
        let (marks, stored, next) = try await written(after: mark)
        guard !stored.isEmpty else { return CargoWrites(cargo: [], mark: next) }
        let network = try await voyages.network()
        // Not remembered as read: the copy is not what a write is compared with.
        let written = try stored.map {
            CargoWrite(cargo: try $0.cargo(network: network, store: store.path), mark: marks[$0.record.trackingId] ?? mark + 1)
        }
        return CargoWrites(cargo: written, mark: next)
    }

    /// The rows of the cargo written after a mark, cancelled ones too, each one's write mark, and the mark to read
    /// after next.
    ///
    /// A write's mark is at least its transaction's id (``markWritten``), and every transaction whose id is below the
    /// snapshot's `xmin` has ended, its writes in the snapshot: so every write not in the snapshot is marked `xmin` or
    /// after, and the mark to read after next is `xmin - 1`. Writes of transactions that had ended, with greater ids
    /// than one still running, are read again next time.
    private func written(after mark: Int) async throws -> (marks: [String: Int], rows: [StoredCargo], next: Int) {
        // Most often nothing was written: one statement says so.
        let written = try await store.statement { connection in
            var found = false
            for try await _ in try await connection.run("SELECT 1 FROM cargo WHERE writeMark > \(mark) LIMIT 1") {
                found = true
            }
            return found
        }
        guard written else { return ([:], [], mark) }
        return try await store.read { connection in
            var marks: [String: Int] = [:], next = mark
            for try await xmin in try await connection.run("SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint").decode(Int.self) {
                next = xmin - 1
            }
            for try await (id, written) in try await connection.run(
                "SELECT trackingId, writeMark FROM cargo WHERE writeMark > \(mark)"
            ).decode((String, Int).self) { marks[id] = written }
            return (marks, try await Self.fetch(connection, ids: Array(marks.keys)), next)
        }
    }

    public func existingTrackingIds(among trackingIds: [TrackingId]) async throws -> Set<TrackingId> {
        let ids = trackingIds.map(\.rawValue)
        return try await store.statement { connection in try await Self.existing(ids, connection) }
    }

    public func nextTrackingIds(_ count: Int) async throws -> [TrackingId] {
        guard count > 0 else { return [] }
        return try await store.write { connection in try await Self.nextTrackingIds(count, connection) }
    }

    /// Books a cargo under the next tracking id, on one connection: the id taken, then the cargo written, without a
    /// booking reference in one statement (`write(_:storedLegs:_:)`), with one in a transaction that takes its turn
    /// with other bookings of the reference.
    ///
    /// Without a booking reference the id is not checked first: where a cargo imported with its own id took it, the
    /// statement inserts nothing, and the next id is taken.
    public func saveNew(_ make: @escaping @Sendable (TrackingId) throws -> Cargo) async throws -> Cargo {
        // The id is taken outside the write's transaction: it is never handed out again, whether the cargo is written
        // or not. The maker's refusal is thrown as it is, not as the store's error.
        let (cargo, version) = try await store.statement { connection -> Result<(Cargo, Int), any Error> in
            while true {
                var number: Int?
                for try await next in try await connection.run("SELECT nextval('trackingIdNumber')").decode(Int.self) { number = next }
                guard let number else { throw TrackingIdUnavailable() }
                let id = TrackingId.sequenced(number)
                let cargo: Cargo
                do { cargo = try make(id) } catch { return .failure(error) }
                if cargo.bookingReference == nil {
                    do {
                        return .success((cargo, try await Self.write([(cargo, nil)], connection)[0]))
                    } catch StoreError.conflict(let taken) where taken == id {
                        continue  // a cargo imported with its own id has this one
                    }
                }
                guard try await Self.existing([id.rawValue], connection).isEmpty else { continue }
                let written = try await PostgresStore.transaction(on: connection) { connection in try await Self.write([(cargo, nil)], connection) }
                guard let version = written.first else { throw StoreError.conflict(trackingId: id) }
                return .success((cargo, version))
            }
        }.get()
        versions[cargo.trackingId] = version
        return cargo
    }

    /// The next `count` tracking ids, in order, from the store's sequence (migration v18): taken at once and never
    /// taken again, whether the transaction of `connection` commits or not, and without waiting on another process's.
    private static func nextTrackingIds(_ count: Int, _ connection: PostgresConnection) async throws -> [TrackingId] {
        var ids: [TrackingId] = []
        while ids.count < count {
            var numbers: [Int] = []
            for try await number in try await connection.run("SELECT nextval('trackingIdNumber') FROM generate_series(1, \(count - ids.count))")
                .decode(Int.self)
            { numbers.append(number) }
            // Skip numbers that cargo imported with its own ids took.
            let candidates = numbers.sorted().map(TrackingId.sequenced)
            let taken = try await existing(candidates.map(\.rawValue), connection)
            ids += candidates.filter { !taken.contains($0) }
        }
        return ids
    }

    public func trackingIds(bookingReferences: [String], customerId: CustomerId) async throws -> [String: TrackingId] {
        try await store.statement { connection in
            var found: [String: TrackingId] = [:]
            let rows = try await connection.run(
                "SELECT bookingReference, trackingId FROM cargo WHERE customerId = \(customerId.rawValue) AND bookingReference = ANY(\(bookingReferences))")
            for try await (reference, id) in rows.decode((String, String).self) { found[reference] = TrackingId(id) }
            return found
        }
    }

    public func save(_ cargo: Cargo) async throws { try await save([cargo]) }

    public func save(_ cargo: [Cargo]) async throws {
        let written = cargo.map { ($0, versions[$0.trackingId]) }
        let saved = try await store.write { connection in try await Self.write(written, connection) }
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
        let path = store.path
        let (saved, changed) = try await store.write { connection in
            try await Self.compareAndWrite(cargo, read: read, wholeOrNone: wholeOrNone, network: network, path: path, connection)
        }
        for (id, version) in saved { versions[id] = version }
        return changed
    }

    public func record(
        _ batch: CarrierEventBatch, appliedTo: CarrierEventsMark, saving cargo: [Cargo], ifUnchangedSince read: [Cargo], offers: [RouteOffer]
    ) async throws -> Int {
        let network = try await voyages.network()
        let path = store.path
        let written = try await store.write { connection -> Result<(version: Int, saved: [(TrackingId, Int)]), BatchOvertaken> in
            // The event tables locked first: no other batch can be recorded between the version's check and the commit.
            let recorded = try await PostgresCarrierEventRepository.record(batch, appliedTo: appliedTo, connection)
            guard case .success(let version) = recorded else { return recorded.map { ($0, []) } }
            // Every cargo written or offered options locked at once, in tracking id order, and compared with its state read.
            let (saved, _) = try await Self.compareAndWrite(
                cargo, read: read, wholeOrNone: true, alsoUnchanged: offers.map(\.trackingId), network: network, path: path, connection)
            try await Self.write(offers, connection)
            return .success((version, saved))
        }.get()
        for (id, version) in written.saved { versions[id] = version }
        return written.version
    }

    /// Writes the cargo still in the state they were read in (`read`) and returns their new versions and the others'
    /// tracking ids; or, `wholeOrNone`, writes all (a cargo not among `read` being new) or throws a conflict for the
    /// first one changed. The cargo as stored is locked until the transaction ends: a change another process makes
    /// meanwhile waits, and cannot land between the comparison and the write.
    ///
    /// - Parameters:
    ///   - alsoUnchanged: Cargo not written that must still be in the state read (among `read`), else a conflict is
    ///     thrown.
    private static func compareAndWrite(
        _ cargo: [Cargo], read: [Cargo], wholeOrNone: Bool, alsoUnchanged: [TrackingId] = [], network: ScheduleNetwork?, path: String,
        _ connection: PostgresConnection
    ) async throws -> (saved: [(TrackingId, Int)], changed: [TrackingId]) {
        var current: [TrackingId: (cargo: Cargo, version: Int)] = [:]
        let ids = Set(cargo.map(\.trackingId.rawValue) + alsoUnchanged.map(\.rawValue)).sorted()
        guard let network else {
            var existing: Set<String> = []
            for try await id in try await connection.run(
                "SELECT trackingId FROM cargo WHERE trackingId = ANY(\(ids)) ORDER BY trackingId FOR UPDATE"
            ).decode(String.self) { existing.insert(id) }
            let (new, changed) = try StoredCargo.unread(cargo, existing: existing, wholeOrNone: wholeOrNone)
            let versions = try await write(new.map { ($0.0, $0.version) }, connection)
            return (Array(zip(new.map(\.0.trackingId), versions)), changed)
        }
        var legs: [String: [LegRecord]] = [:]
        for each in try await fetch(connection, ids: ids, locking: true) {
            let restored = try each.cargo(network: network, store: path)
            current[restored.trackingId] = (restored, each.record.version)
            legs[each.record.trackingId] = each.legs
        }
        try StoredCargo.checkUnchanged(alsoUnchanged, read: read, stored: current)
        let (unchanged, changed) = try StoredCargo.unchanged(cargo, read: read, stored: current, wholeOrNone: wholeOrNone)
        let versions = try await write(unchanged.map { ($0.0, $0.version) }, storedLegs: legs, connection)
        return (Array(zip(unchanged.map(\.0.trackingId), versions)), changed)
    }

    public func offer(for trackingId: TrackingId) async throws -> RouteOffer? {
        try await offers(for: [trackingId])[trackingId]
    }

    /// Each cargo's offer, in one read of two statements.
    public func offers(for trackingIds: [TrackingId]) async throws -> [TrackingId: RouteOffer] {
        guard !trackingIds.isEmpty else { return [:] }
        let network = try await voyages.network()
        let ids = trackingIds.map(\.rawValue), path = store.path
        let (offers, legs) = try await store.read { connection -> ([OfferRecord], [LegRecord]) in
            var offers: [OfferRecord] = []
            for try await row in try await connection.run(
                """
                SELECT trackingId, origin, destination, readyTime, arrivalDeadline, cargoType, dangerousGoods, maxTransitSeconds
                FROM offer WHERE trackingId = ANY(\(ids))
                """
            ).decode((String, String, String, Date, Date, String, Bool, Int64?).self) {
                offers.append(
                    OfferRecord(
                        trackingId: row.0, origin: row.1, destination: row.2, readyTime: row.3, arrivalDeadline: row.4, cargoType: row.5,
                        dangerousGoods: row.6, maxTransitSeconds: row.7))
            }
            return offers.isEmpty ? ([], []) : (offers, try await Self.legs(of: offers.map(\.trackingId), table: "offerLeg", connection))
        }
        return try StoredCargo.offers(offers, legs: legs, network: network, store: path)
    }

    public func save(_ offer: RouteOffer) async throws {
        try await store.write { connection in try await Self.write([offer], connection) }
    }

    public func save(_ offer: RouteOffer, ifUnchangedSince read: Cargo) async throws {
        let network = try await voyages.network()
        let path = store.path
        try await store.write { connection in
            // The cargo locked and compared with its state read, then its options written in the same transaction.
            _ = try await Self.compareAndWrite([], read: [read], wholeOrNone: true, alsoUnchanged: [offer.trackingId], network: network, path: path, connection)
            try await Self.write([offer], connection)
        }
    }

    /// Writes the options offered for some cargo, each in place of the ones before. The cargo rows are locked first, in
    /// tracking id order, as every writer of cargo locks them, so that writing offers never waits on a cargo's writer
    /// that waits on it.
    private static func write(_ offers: [RouteOffer], _ connection: PostgresConnection) async throws {
        guard !offers.isEmpty else { return }
        let ids = offers.map(\.trackingId.rawValue)
        for try await _ in try await connection.run(
            "SELECT trackingId FROM cargo WHERE trackingId = ANY(\(ids)) ORDER BY trackingId FOR UPDATE")
        {}
        try await connection.run("DELETE FROM offer WHERE trackingId = ANY(\(ids))")
        let specifications = offers.map(\.specification)
        try await connection.run(
            """
            INSERT INTO offer (trackingId, origin, destination, readyTime, arrivalDeadline, cargoType, dangerousGoods, maxTransitSeconds)
            SELECT t, o, d, r, a, c, g, NULLIF(m, -1)
            FROM UNNEST(\(ids), \(specifications.map(\.origin.rawValue)), \(specifications.map(\.destination.rawValue)),
                        \(specifications.map(\.readyTime)), \(specifications.map(\.arrivalDeadline)), \(specifications.map(\.cargoType.rawValue)),
                        \(specifications.map(\.containsDangerousGoods)), \(specifications.map { $0.maximumTransitTime?.components.seconds ?? -1 }))
                 AS offered(t, o, d, r, a, c, g, m)
            """)
        try await insert(
            offered: offers.flatMap { offer in
                offer.itineraries.enumerated().flatMap { candidate, itinerary in
                    itinerary.legs.enumerated().map {
                        LegRecord(trackingId: offer.trackingId.rawValue, candidate: candidate, position: $0.offset, leg: $0.element)
                    }
                }
            }, connection)
    }

    /// The cargo of stored rows, whose version the next write of it is checked against.
    private func restore(_ stored: StoredCargo, network: ScheduleNetwork) throws -> Cargo {
        let cargo = try stored.cargo(network: network, store: store.path)
        versions[cargo.trackingId] = stored.record.version
        return cargo
    }

    // MARK: Rows

    /// The cargo's columns, in the order ``fetch(_:ids:customer:limit:offset:locking:alone:)`` decodes them.
    private static let cargoColumns = """
        trackingId, customerId, bookingReference, teu, revenuePerTEU, origin, destination, readyTime, arrivalDeadline, cargoType,
        dangerousGoods, maxTransitSeconds, bookedReadyTime, weight, version, cancelledAt
        """

    /// A cargo's customer id as it is matched in any case.
    private static let customerKey = PostgresStore.asciiLowercased(column: "customerId")

    /// The rows of the cargo with these ids (or of all, or a page of those of the customer whose ``customerKey`` is
    /// `customer`), in tracking id order; locked until the transaction ends when asked.
    ///
    /// The cargo's rows, then their legs, events and changes, in two statements: in a transaction, which sees one
    /// state of each cargo between them (a snapshot, or the rows locked), unless `alone`; then the second reads the
    /// cargo's versions again, and a version that moved throws ``WrittenBetweenStatements``.
    private static func fetch(
        _ connection: PostgresConnection, ids: [String]?, customer: String? = nil, limit: Int? = nil, offset: Int = 0, locking: Bool = false,
        alone: Bool = false
    ) async throws -> [StoredCargo] {
        let query: PostgresQuery =
            if let ids {
                "SELECT \(unescaped: cargoColumns) FROM cargo WHERE trackingId = ANY(\(ids)) ORDER BY trackingId\(unescaped: locking ? " FOR UPDATE" : "")"
            } else {
                """
                SELECT \(unescaped: cargoColumns) FROM cargo
                WHERE cancelledAt IS NULL AND (\(customer)::text IS NULL OR \(unescaped: customerKey) = \(customer))
                ORDER BY trackingId LIMIT \(limit) OFFSET \(offset)
                """
            }
        var records: [CargoRecord] = []
        for try await row in try await connection.run(query).decode(
            (String, String?, String?, Int, Double?, String, String, Date, Date, String, Bool, Int64?, Date?, Double?, Int, Date?).self
        ) {
            records.append(
                CargoRecord(
                    trackingId: row.0, customerId: row.1, bookingReference: row.2, teu: row.3, revenuePerTEU: row.4, origin: row.5, destination: row.6,
                    readyTime: row.7, arrivalDeadline: row.8, cargoType: row.9, dangerousGoods: row.10, maxTransitSeconds: row.11, bookedReadyTime: row.12,
                    weight: row.13, version: row.14, cancelledAt: row.15))
        }
        guard !records.isEmpty else { return [] }
        let (legs, events, changes, versions) = try await rows(of: records.map(\.trackingId), withVersions: alone, connection)
        // Every write of a cargo gives it a new version.
        guard !alone || records.allSatisfy({ versions[$0.trackingId] == $0.version }) else { throw WrittenBetweenStatements() }
        return records.map {
            StoredCargo(record: $0, legs: legs[$0.trackingId] ?? [], events: events[$0.trackingId] ?? [], changes: changes[$0.trackingId] ?? [])
        }
    }

    /// The rows of the cargo with these ids as ``fetch(_:ids:customer:limit:offset:locking:alone:)`` reads them
    /// outside a transaction: two statements, one round trip each, rather than four. Nil where a cargo was written
    /// between them; a transaction then reads it again.
    private static func fetch(_ connection: PostgresConnection, unlessWrittenBetween ids: [String]) async throws -> [StoredCargo]? {
        do {
            return try await fetch(connection, ids: ids, alone: true)
        } catch is WrittenBetweenStatements {
            return nil
        }
    }

    /// The itinerary legs, handling events and changes of these cargo, by tracking id, each in its order, and the
    /// cargo's versions when asked: in one statement, whose rows share one shape (a part, the tracking id, five
    /// numbers, four texts, two times).
    private static func rows(
        of ids: [String], withVersions: Bool, _ connection: PostgresConnection
    ) async throws -> (
        legs: [String: [LegRecord]], events: [String: [EventRecord]], changes: [String: [CargoChangeRecord]], versions: [String: Int]
    ) {
        var legs: [String: [LegRecord]] = [:], events: [String: [EventRecord]] = [:], changes: [String: [CargoChangeRecord]] = [:]
        var versions: [String: Int] = [:]
        let rows = try await connection.run(
            """
            SELECT 0 AS part, trackingId, position AS number, loadCall, unloadCall, firstMovement, lastMovement,
                voyage, loadLocation, unloadLocation, mode, loadTime, unloadTime
            FROM itineraryLeg WHERE trackingId = ANY(\(ids))
            UNION ALL
            SELECT 1, trackingId, id, NULL, NULL, NULL, NULL, kind, location, voyage, NULL, completionTime, registrationTime
            FROM handlingEvent WHERE trackingId = ANY(\(ids))
            UNION ALL
            SELECT 2, trackingId, position, NULL, NULL, NULL, NULL, kind, detail, changedBy, party, changedAt, NULL
            FROM cargoChange WHERE trackingId = ANY(\(ids))
            UNION ALL
            SELECT 3, trackingId, version, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
            FROM cargo WHERE \(withVersions) AND trackingId = ANY(\(ids))
            ORDER BY part, trackingId, number
            """)
        for try await row in rows.decode((Int, String, Int, Int?, Int?, Int?, Int?, String?, String?, String?, String?, Date?, Date?).self) {
            let id = row.1
            switch row.0 {
            case 0:
                guard let voyage = row.7, let load = row.8, let unload = row.9, let loadTime = row.11, let unloadTime = row.12 else {
                    throw UnreadableRow(table: "itineraryLeg", trackingId: id)
                }
                legs[id, default: []].append(
                    LegRecord(
                        trackingId: id, candidate: nil, position: row.2, voyage: voyage, loadLocation: load, unloadLocation: unload, loadTime: loadTime,
                        unloadTime: unloadTime, mode: row.10, loadCall: row.3, unloadCall: row.4, firstMovement: row.5, lastMovement: row.6))
            case 1:
                guard let kind = row.7, let location = row.8, let completion = row.11, let registration = row.12 else {
                    throw UnreadableRow(table: "handlingEvent", trackingId: id)
                }
                events[id, default: []].append(
                    EventRecord(
                        id: Int64(row.2), trackingId: id, kind: kind, location: location, voyage: row.9, completionTime: completion,
                        registrationTime: registration))
            case 2:
                guard let kind = row.7, let detail = row.8, let changedBy = row.9, let party = row.10, let changedAt = row.11 else {
                    throw UnreadableRow(table: "cargoChange", trackingId: id)
                }
                changes[id, default: []].append(
                    CargoChangeRecord(trackingId: id, position: row.2, kind: kind, detail: detail, changedBy: changedBy, party: party, changedAt: changedAt))
            default:
                versions[id] = row.2
            }
        }
        return (legs, events, changes, versions)
    }

    /// The legs of cargo's itineraries (`itineraryLeg`) or offers (`offerLeg`, by candidate), in order.
    private static func legs(of ids: [String], table: String, _ connection: PostgresConnection) async throws -> [LegRecord] {
        let offered = table == "offerLeg"
        let candidate = offered ? "candidate" : "NULL::bigint",
            calls = offered ? "NULL::bigint, NULL::bigint, NULL::bigint, NULL::bigint" : "loadCall, unloadCall, firstMovement, lastMovement"
        var legs: [LegRecord] = []
        for try await row in try await connection.run(
            """
            SELECT trackingId, \(unescaped: candidate), position, voyage, loadLocation, unloadLocation, loadTime, unloadTime, mode, \(unescaped: calls)
            FROM \(unescaped: table) WHERE trackingId = ANY(\(ids)) ORDER BY trackingId, \(unescaped: candidate), position
            """
        ).decode((String, Int?, Int, String, String, String, Date, Date, String?, Int?, Int?, Int?, Int?).self) {
            legs.append(
                LegRecord(
                    trackingId: row.0, candidate: row.1, position: row.2, voyage: row.3, loadLocation: row.4, unloadLocation: row.5, loadTime: row.6,
                    unloadTime: row.7, mode: row.8, loadCall: row.9, unloadCall: row.10, firstMovement: row.11, lastMovement: row.12))
        }
        return legs
    }

    private static func existing(_ ids: [String], _ connection: PostgresConnection) async throws -> Set<TrackingId> {
        var found: Set<TrackingId> = []
        for try await id in try await connection.run("SELECT trackingId FROM cargo WHERE trackingId = ANY(\(ids))")
            .decode(String.self)
        { if let id = TrackingId(id) { found.insert(id) } }
        return found
    }

    /// A written cargo's new write mark, as SQL over its row: its transaction's id, or one more than its mark before
    /// where that is greater.
    ///
    /// Marks need no lock and commit in any order: a reader reads after the oldest transaction still running when it
    /// read (``written(after:)``), which every write not yet committed is marked at or after. A cargo's writes take
    /// its row's lock in turn, and a transaction's id is given at its first write, so a later write of a cargo may have
    /// the lower id: the mark before, plus one, keeps its marks rising.
    static let markWritten = "GREATEST(writeMark + 1, pg_current_xact_id()::text::bigint)"

    /// Writes each cargo whole, checked against the version it was read at (none for a new cargo), marks them
    /// written (``markWritten``), and returns their new versions.
    ///
    /// A lone new cargo without a booking reference is written in one statement, which needs no transaction around
    /// it; others in several, which do. A new cargo whose tracking id is taken is a conflict.
    ///
    /// - Parameter storedLegs: The itinerary legs stored for the cargo written over, already read in this transaction;
    ///   read here when nil.
    private static func write(
        _ cargo: [(Cargo, Int?)], storedLegs: [String: [LegRecord]]? = nil, _ connection: PostgresConnection
    ) async throws -> [Int] {
        guard let first = cargo.first else { return [] }
        let lone = cargo.count == 1 && first.1 == nil && first.0.bookingReference == nil
        var versions: [TrackingId: Int] = [:], all: [StoredCargo] = []
        let stored = Set(cargo.filter { $0.1 != nil }.map(\.0.trackingId.rawValue))
        var before = storedLegs ?? [:]
        if storedLegs == nil && !stored.isEmpty {
            before = Dictionary(grouping: try await legs(of: stored.sorted(), table: "itineraryLeg", connection), by: \.trackingId)
        }
        // In tracking id order, the order rows are locked in everywhere, so that two writers never wait on each other.
        for (each, version) in cargo.sorted(by: { $0.0.trackingId < $1.0.trackingId }) {
            let rows = StoredCargo(each, version: (version ?? 0) + 1), record = rows.record
            var written = false
            if lone {
                // Inserted by the last statement below.
                written = true
            } else if let version {
                // The cargo's row, and, where it was still at the version read, its other rows deleted, to be
                // written anew below.
                for try await _ in try await connection.run(
                    """
                    WITH updated AS (
                        UPDATE cargo SET customerId = \(record.customerId), teu = \(record.teu), revenuePerTEU = \(record.revenuePerTEU),
                        origin = \(record.origin), destination = \(record.destination), readyTime = \(record.readyTime),
                        arrivalDeadline = \(record.arrivalDeadline), cargoType = \(record.cargoType), dangerousGoods = \(record.dangerousGoods),
                        maxTransitSeconds = \(record.maxTransitSeconds), version = \(record.version), cancelledAt = \(record.cancelledAt)
                        WHERE trackingId = \(record.trackingId) AND version = \(version) RETURNING trackingId, version
                    ), legs AS (DELETE FROM itineraryLeg WHERE trackingId IN (SELECT trackingId FROM updated)),
                    events AS (DELETE FROM handlingEvent WHERE trackingId IN (SELECT trackingId FROM updated)),
                    changes AS (DELETE FROM cargoChange WHERE trackingId IN (SELECT trackingId FROM updated))
                    SELECT version FROM updated
                    """
                ) { written = true }
            } else {
                if let reference = record.bookingReference {
                    // Bookings of one reference take turns, so that two processes cannot both find it free.
                    let key = (record.customerId ?? "") + "\n" + reference
                    for try await _ in try await connection.run("SELECT pg_advisory_xact_lock(hashtextextended(\(key), 1))") {}
                    for try await booked in try await connection.run(
                        """
                        SELECT trackingId FROM cargo WHERE customerId IS NOT DISTINCT FROM \(record.customerId) AND bookingReference = \(reference)
                        """
                    ).decode(String.self) {
                        throw StoreError.bookedTwice(bookingReference: reference, trackingId: TrackingId(booked) ?? each.trackingId)
                    }
                }
                do {
                    for try await _ in try await connection.run(
                        """
                        INSERT INTO cargo (\(unescaped: cargoColumns)) VALUES (
                            \(record.trackingId), \(record.customerId), \(record.bookingReference), \(record.teu), \(record.revenuePerTEU),
                            \(record.origin), \(record.destination), \(record.readyTime), \(record.arrivalDeadline), \(record.cargoType),
                            \(record.dangerousGoods), \(record.maxTransitSeconds), \(record.bookedReadyTime), \(record.weight), \(record.version),
                            \(record.cancelledAt))
                        ON CONFLICT (trackingId) DO NOTHING RETURNING version
                        """
                    ) { written = true }
                } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
                    // Another process booked the same booking reference meanwhile.
                    written = false
                }
            }
            guard written else { throw StoreError.conflict(trackingId: each.trackingId) }
            versions[each.trackingId] = record.version
            all.append(rows)
        }
        // A stored cargo whose itinerary changes loses the options it was last offered (`CargoRepository.save(_:)`).
        let rerouted = all.filter { stored.contains($0.record.trackingId) && !LegRecord.sameLegs(before[$0.record.trackingId] ?? [], $0.legs) }
            .map(\.record.trackingId)
        if !rerouted.isEmpty { try await connection.run("DELETE FROM offer WHERE trackingId = ANY(\(rerouted))") }
        // The legs, events, changes and the marks in one statement (an empty array inserts nothing), with a lone new
        // cargo's row (marked as it is inserted: an update in the same statement does not see the row), and its other
        // rows only if the row was inserted; the events in their order, which their ids keep.
        let legs = all.flatMap(\.legs), events = all.flatMap(\.events), changes = all.flatMap(\.changes), record = all[0].record
        var inserted = 0
        for try await count in try await connection.run(
            """
            WITH inserted AS (
                INSERT INTO cargo (\(unescaped: cargoColumns), writeMark)
                SELECT \(record.trackingId), \(record.customerId), \(record.bookingReference), \(record.teu), \(record.revenuePerTEU),
                    \(record.origin), \(record.destination), \(record.readyTime), \(record.arrivalDeadline), \(record.cargoType),
                    \(record.dangerousGoods), \(record.maxTransitSeconds), \(record.bookedReadyTime), \(record.weight), \(record.version),
                    \(record.cancelledAt), pg_current_xact_id()::text::bigint
                WHERE \(lone)
                ON CONFLICT (trackingId) DO NOTHING RETURNING trackingId
            ), written AS (
                SELECT NOT \(lone) OR EXISTS (SELECT FROM inserted) AS rows
            ), legs AS (
                INSERT INTO itineraryLeg (trackingId, position, voyage, loadLocation, unloadLocation, loadTime, unloadTime, mode, loadCall, unloadCall)
                SELECT t, p, v, ld, ul, lt, ut, NULLIF(m, ''), NULLIF(f, 0), NULLIF(e, 0)
                FROM UNNEST(\(legs.map(\.trackingId)), \(legs.map(\.position)), \(legs.map(\.voyage)), \(legs.map(\.loadLocation)),
                    \(legs.map(\.unloadLocation)), \(legs.map(\.loadTime)), \(legs.map(\.unloadTime)), \(legs.map { $0.mode ?? "" }),
                    \(legs.map { $0.loadCall ?? 0 }), \(legs.map { $0.unloadCall ?? 0 })) AS leg(t, p, v, ld, ul, lt, ut, m, f, e), written
                WHERE written.rows
            ), events AS (
                INSERT INTO handlingEvent (trackingId, kind, location, voyage, completionTime, registrationTime)
                SELECT trackingId, kind, location, NULLIF(voyage, ''), completionTime, registrationTime
                FROM UNNEST(\(events.map(\.trackingId)), \(events.map(\.kind)), \(events.map(\.location)), \(events.map { $0.voyage ?? "" }),
                    \(events.map(\.completionTime)), \(events.map(\.registrationTime)))
                    WITH ORDINALITY AS event (trackingId, kind, location, voyage, completionTime, registrationTime, position), written
                WHERE written.rows
                ORDER BY position
            ), marked AS (
                UPDATE cargo SET writeMark = \(unescaped: markWritten) WHERE NOT \(lone) AND trackingId = ANY(\(all.map(\.record.trackingId)))
            ), changes AS (
                INSERT INTO cargoChange (trackingId, position, kind, detail, changedBy, party, changedAt)
                SELECT change.* FROM UNNEST(\(changes.map(\.trackingId)), \(changes.map(\.position)), \(changes.map(\.kind)),
                    \(changes.map(\.detail)), \(changes.map(\.changedBy)), \(changes.map(\.party)), \(changes.map(\.changedAt)))
                    AS change(trackingId, position, kind, detail, changedBy, party, changedAt), written
                WHERE written.rows
            )
            SELECT COUNT(*) FROM inserted
            """
        ).decode(Int.self) { inserted = count }
        if lone, inserted == 0 { throw StoreError.conflict(trackingId: first.0.trackingId) }
        return cargo.map { versions[$0.0.trackingId] ?? 0 }
    }

    /// Inserts the legs of offered options into `offerLeg`.
    private static func insert(offered legs: [LegRecord], _ connection: PostgresConnection) async throws {
        guard !legs.isEmpty else { return }
        try await connection.run(
            """
            INSERT INTO offerLeg (trackingId, candidate, position, voyage, loadLocation, unloadLocation, loadTime, unloadTime, mode)
            SELECT t, c, p, v, ld, ul, lt, ut, NULLIF(m, '')
            FROM UNNEST(\(legs.map(\.trackingId)), \(legs.map { $0.candidate ?? 0 }), \(legs.map(\.position)), \(legs.map(\.voyage)),
                \(legs.map(\.loadLocation)), \(legs.map(\.unloadLocation)), \(legs.map(\.loadTime)), \(legs.map(\.unloadTime)),
                \(legs.map { $0.mode ?? "" })) AS leg(t, c, p, v, ld, ul, lt, ut, m)
            """)
    }
}

/// A cargo written between the two statements of a read outside a transaction, which reads it again in one.
private struct WrittenBetweenStatements: Error {}

/// A row with an empty column that the store's schema makes required; the store reports it as unreadable.
private struct UnreadableRow: Error, CustomStringConvertible {
    let table: String
    let trackingId: String

    var description: String { "cargo \(trackingId): a row of \(table) cannot be read" }
}
