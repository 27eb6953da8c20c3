import Foundation
import RoutePlanner
import RoutePlannerApplication
import GRDB
@testable import RoutePlannerStore
import RoutePlannerTestSupport
import Synchronization
import Testing

/// What every cargo repository promises (see `CargoRepository`), checked on one repository that starts empty.
///
/// The customer ACME is registered in `customers` first, since a store keeps cargo to known customers only.
func checkCargoRepositoryContract(
    _ repository: any CargoRepository, customers: any CustomerRepository, sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    try await customers.save(Customer(id: "ACME", name: "Acme Shipping")!)
    #expect(try await repository.allCargo().isEmpty, sourceLocation: sourceLocation)
    #expect(try await repository.cargo("ABC123") == nil, sourceLocation: sourceLocation)
    #expect(try await repository.offer(for: "ABC123") == nil, sourceLocation: sourceLocation)

    // Tracking ids: unique and increasing across calls.
    var ids: [TrackingId] = []
    for _ in 0..<3 { ids.append(try await repository.nextTrackingId()) }
    #expect(ids == ids.sorted() && Set(ids).count == 3, "\(ids)", sourceLocation: sourceLocation)
    #expect(ids.allSatisfy { $0.rawValue.hasPrefix("RP") && $0.rawValue.count == 8 }, "\(ids)", sourceLocation: sourceLocation)

    // A cargo with its itinerary, events, customer and revenue comes back as it was saved.
    let late = try HandlingEvent(
        kind: .load, location: "HKHKG", voyage: "AE1-0100W", completionTime: SampleVoyages.day(3, 2), registrationTime: SampleVoyages.day(3, 3, hour: 7))
    var cargo = try Cargo(trackingId: "ABC123", teu: 2, specification: Sample.specification, revenuePerTEU: 1_250.5, customerId: "ACME", weight: 24.5)
    try cargo.assign(to: Sample.fastest)
    try cargo.register(late)
    try cargo.register(Sample.receive)
    cargo.record([
        CargoChange(kind: .booked, detail: "HKHKG → SESTO", by: "bob", party: .customer, at: SampleVoyages.day(2, 1)),
        CargoChange(kind: .routed, detail: "HKHKG → NLRTM → SESTO", by: "Ålice <b>", party: .carrier, at: SampleVoyages.day(2, 2, hour: 9)),
    ])
    try await repository.save(cargo)
    let loaded = try await repository.cargo("ABC123")
    #expect(loaded == cargo, sourceLocation: sourceLocation)
    #expect(loaded?.itinerary == Sample.fastest, sourceLocation: sourceLocation)
    #expect(loaded?.handlingEvents == [Sample.receive, late], sourceLocation: sourceLocation)
    #expect(loaded?.changes == cargo.changes && loaded?.changes.map(\.by) == ["bob", "Ålice <b>"], sourceLocation: sourceLocation)
    #expect(loaded?.customerId == "ACME" && loaded?.revenuePerTEU == 1_250.5 && loaded?.teu == 2, sourceLocation: sourceLocation)
    #expect(loaded?.weight == 24.5 && loaded?.booking.weight == 24.5, sourceLocation: sourceLocation)
    #expect(loaded?.delivery == cargo.delivery, sourceLocation: sourceLocation)

    // Saving again replaces it: a new event, a new specification (of another cargo type, with dangerous goods and
    // a maximum transit time).
    var changed = try #require(loaded, sourceLocation: sourceLocation)
    try changed.register(Sample.unloadInHamburg)
    try await repository.save(changed)
    var again = try #require(try await repository.cargo("ABC123"), sourceLocation: sourceLocation)
    #expect(again.handlingEvents.count == 3 && again.isMisdirected, sourceLocation: sourceLocation)
    again.specifyNewRoute(
        try RouteSpecification(
            origin: "HKHKG", destination: "FIHEL", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(4, 30),
            cargoType: .reefer, containsDangerousGoods: true, maximumTransitTime: .seconds(30 * 86_400 + 3_600)))
    try await repository.save(again)
    #expect(try await repository.cargo("ABC123") == again, sourceLocation: sourceLocation)
    #expect(try await repository.cargo("ABC123")?.routingStatus == .misrouted, sourceLocation: sourceLocation)

    // Many at once, all of them; every cargo in tracking id order.
    let plain = try Cargo(trackingId: "AAA001", teu: 1, specification: Sample.specification)
    let other = try Cargo(trackingId: "ZZZ999", teu: 3, specification: Sample.specification)
    try await repository.save([other, plain])
    #expect(try await repository.allCargo().map(\.trackingId) == ["AAA001", "ABC123", "ZZZ999"], sourceLocation: sourceLocation)

    // A page of them: in tracking id order, of one customer (in any case) or all, with how many there are in all.
    let first = try await repository.cargo(from: 0, limit: 2, customer: nil)
    #expect(first.cargo.map(\.trackingId) == ["AAA001", "ABC123"] && first.total == 3, sourceLocation: sourceLocation)
    let rest = try await repository.cargo(from: 2, limit: 2, customer: nil)
    #expect(rest.cargo.map(\.trackingId) == ["ZZZ999"] && rest.total == 3, sourceLocation: sourceLocation)
    #expect(try await repository.cargo(from: 5, limit: 2, customer: nil).cargo.isEmpty, sourceLocation: sourceLocation)
    let acme = try await repository.cargo(from: 0, limit: 10, customer: "acme")
    #expect(acme.cargo.map(\.trackingId) == ["ABC123"] && acme.total == 1, sourceLocation: sourceLocation)
    #expect(try await repository.cargo(from: 0, limit: 10, customer: "GLOBEX").total == 0, sourceLocation: sourceLocation)
    #expect(acme.cargo.first == (try await repository.cargo("ABC123")), sourceLocation: sourceLocation)
    #expect(try await repository.cargo("AAA001") == plain, sourceLocation: sourceLocation)
    #expect(try await repository.cargo("ZZZ999")?.teu == 3, sourceLocation: sourceLocation)
    var both = try await repository.allCargo()
    // (ABC123 goes to Helsinki now: it keeps the itinerary it had.)
    for index in both.indices { try? both[index].assign(to: Sample.fastest) }
    try await repository.save(both)
    #expect(try await repository.allCargo().filter { $0.itinerary != nil }.map(\.trackingId) == ["AAA001", "ABC123", "ZZZ999"], sourceLocation: sourceLocation)

    // Saved unless changed since read: of two cargo read together, the one changed in between keeps its change.
    let readTogether = try await repository.allCargo().filter { ["AAA001", "ZZZ999"].contains($0.trackingId) }
    var meanwhile = try #require(try await repository.cargo("ZZZ999"), sourceLocation: sourceLocation)
    try meanwhile.register(Sample.receive)
    try await repository.save(meanwhile)
    let slower = try Sample.network.candidates(for: Sample.specification)[1]
    let rerouted = try readTogether.map { each in
        var each = each
        try each.assign(to: slower)
        return each
    }
    #expect(try await repository.save(rerouted, unlessChangedSince: readTogether) == ["ZZZ999"], sourceLocation: sourceLocation)
    #expect(try await repository.cargo("AAA001")?.itinerary == slower, sourceLocation: sourceLocation)
    #expect(try await repository.cargo("ZZZ999") == meanwhile && meanwhile.itinerary == Sample.fastest, sourceLocation: sourceLocation)
    #expect(try await repository.cargo("ZZZ999")?.handlingEvents == [Sample.receive], sourceLocation: sourceLocation)
    // One that is gone, or read from another state, is not saved either.
    let ghost = try Cargo(trackingId: "GHOST1", teu: 1, specification: Sample.specification)
    #expect(try await repository.save([ghost], unlessChangedSince: [ghost]) == ["GHOST1"], sourceLocation: sourceLocation)
    #expect(try await repository.cargo("GHOST1") == nil, sourceLocation: sourceLocation)

    // Saved if unchanged since read: all or none. A batch with a cargo changed since it was read (ZZZ999, read
    // before `meanwhile`) writes nothing, nor does one whose new cargo exists already; read again, it is written.
    let fresh = try Cargo(trackingId: "NEW001", teu: 1, specification: Sample.specification)
    let readNow = try #require(try await repository.cargo("AAA001"), sourceLocation: sourceLocation)
    var received = readNow
    try received.register(Sample.receive)
    let staleZ = try #require(readTogether.last, sourceLocation: sourceLocation)
    await #expect(throws: (any Error).self, sourceLocation: sourceLocation) {
        try await repository.save([fresh, received, staleZ.registering(Sample.loadInHongKong)], ifUnchangedSince: [readNow, staleZ])
    }
    await #expect(throws: (any Error).self, sourceLocation: sourceLocation) {
        try await repository.save([received.registering(Sample.loadInHongKong)], ifUnchangedSince: [])
    }
    #expect(try await repository.cargo("NEW001") == nil, sourceLocation: sourceLocation)
    #expect(try await repository.cargo("AAA001") == readNow, sourceLocation: sourceLocation)
    try await repository.save([fresh, received], ifUnchangedSince: [readNow])
    #expect(try await repository.cargo("AAA001")?.handlingEvents == [Sample.receive], sourceLocation: sourceLocation)
    #expect(try await repository.cargo("NEW001") == fresh, sourceLocation: sourceLocation)

    // A tracking id is never one a cargo has: an imported booking took the next number.
    let last = try #require(ids.last.flatMap { Int($0.rawValue.dropFirst(2)) }, sourceLocation: sourceLocation)
    let taken = TrackingId.sequenced(last + 1)
    try await repository.save(try Cargo(trackingId: taken, teu: 1, specification: Sample.specification))
    let next = try await repository.nextTrackingId()
    #expect(next != taken && next > ids.last! && !ids.contains(next), "\(next) after \(ids), \(taken) taken", sourceLocation: sourceLocation)
    let existing = Set(try await repository.allCargo().map(\.trackingId))
    for _ in 0..<3 {
        let id = try await repository.nextTrackingId()
        #expect(!existing.contains(id) && id > next, "\(id)", sourceLocation: sourceLocation)
    }

    // A new cargo under the next id, minted and stored at once; one its maker refuses is not stored.
    let minted = try await repository.saveNew { id in try Cargo(trackingId: id, teu: 2, specification: Sample.specification, customerId: "ACME") }
    #expect(minted.trackingId > next && !existing.contains(minted.trackingId), "\(minted.trackingId)", sourceLocation: sourceLocation)
    #expect(try await repository.cargo(minted.trackingId) == minted, sourceLocation: sourceLocation)
    // The next number taken by an imported booking: the booking gets the one after, whatever the store checks first.
    let number = try #require(Int(minted.trackingId.rawValue.dropFirst(2)), sourceLocation: sourceLocation)
    try await repository.save(try Cargo(trackingId: .sequenced(number + 1), teu: 1, specification: Sample.specification))
    let past = try await repository.saveNew { id in try Cargo(trackingId: id, teu: 2, specification: Sample.specification, customerId: "ACME") }
    #expect(past.trackingId == .sequenced(number + 2), "\(past.trackingId)", sourceLocation: sourceLocation)
    #expect(try await repository.cargo(.sequenced(number + 1))?.teu == 1, sourceLocation: sourceLocation)
    // And a booking under a booking reference.
    try await repository.save(try Cargo(trackingId: .sequenced(number + 3), teu: 1, specification: Sample.specification))
    let withReference = try await repository.saveNew { id in
        try Cargo(trackingId: id, teu: 2, specification: Sample.specification, customerId: "ACME", bookingReference: "PAST-TAKEN")
    }
    #expect(withReference.trackingId == .sequenced(number + 4), "\(withReference.trackingId)", sourceLocation: sourceLocation)
    let refusedId = Mutex<TrackingId?>(nil)
    await #expect(throws: CargoError.sizeNotPositive(0), sourceLocation: sourceLocation) {
        _ = try await repository.saveNew { id in
            refusedId.withLock { $0 = id }
            return try Cargo(trackingId: id, teu: 0, specification: Sample.specification)
        }
    }
    if let refused = refusedId.withLock({ $0 }) { #expect(try await repository.cargo(refused) == nil, sourceLocation: sourceLocation) }

    // A batch of ids: as many as asked, all new, after the ones before; none for zero.
    let batch = try await repository.nextTrackingIds(5)
    #expect(
        batch.count == 5 && batch == batch.sorted() && batch.first! > next && Set(batch).isDisjoint(with: existing), "\(batch)", sourceLocation: sourceLocation)
    #expect(try await repository.nextTrackingIds(0) == [], sourceLocation: sourceLocation)

    // Booking references: the cargo booked under them, by reference; cargo without one is not found.
    let referenced = try Cargo(trackingId: batch[0], teu: 1, specification: Sample.specification, customerId: "ACME", bookingReference: "BK-7")
    try await repository.save(referenced)
    #expect(try await repository.cargo(batch[0])?.bookingReference == "BK-7", sourceLocation: sourceLocation)
    #expect(
        try await repository.trackingIds(bookingReferences: ["BK-7", "BK-8", "ABC123"], customerId: "ACME") == ["BK-7": batch[0]],
        sourceLocation: sourceLocation)
    let many = (0..<1_200).map { "REF-\($0)" } + ["BK-7"]
    #expect(try await repository.trackingIds(bookingReferences: many, customerId: "ACME") == ["BK-7": batch[0]], sourceLocation: sourceLocation)
    // A reference is the customer's own: another customer may use it, the same customer may not again.
    try await customers.save(Customer(id: "GLOBEX", name: "Globex")!)
    #expect(try await repository.trackingIds(bookingReferences: ["BK-7"], customerId: "GLOBEX") == [:], sourceLocation: sourceLocation)
    try await repository.save(try Cargo(trackingId: batch[1], teu: 1, specification: Sample.specification, customerId: "GLOBEX", bookingReference: "BK-7"))
    #expect(try await repository.trackingIds(bookingReferences: ["BK-7"], customerId: "GLOBEX") == ["BK-7": batch[1]], sourceLocation: sourceLocation)
    await #expect(throws: (any Error).self, sourceLocation: sourceLocation) {
        try await repository.save([
            try Cargo(trackingId: batch[3], teu: 1, specification: Sample.specification, customerId: "ACME", bookingReference: "BK-9"),
            try Cargo(trackingId: batch[2], teu: 1, specification: Sample.specification, customerId: "ACME", bookingReference: "BK-7"),
        ])
    }
    #expect(try await repository.cargo(batch[3]) == nil, "nothing of a refused batch is saved", sourceLocation: sourceLocation)

    // Offers: the candidates in order with their specification, replaced by the next offer.
    let candidates = try Sample.network.candidates(for: Sample.specification)
    #expect(candidates.count == 2, sourceLocation: sourceLocation)
    let offer = RouteOffer(trackingId: "AAA001", specification: Sample.specification, itineraries: candidates)
    try await repository.save(offer)
    #expect(try await repository.offer(for: "AAA001") == offer, sourceLocation: sourceLocation)
    #expect(try await repository.offer(for: "ABC123") == nil, sourceLocation: sourceLocation)
    let fromHamburg = try RouteSpecification(
        origin: "DEHAM", destination: "SESTO", readyTime: SampleVoyages.day(4, 2, hour: 12), arrivalDeadline: SampleVoyages.day(4, 15), cargoType: .reefer,
        maximumTransitTime: .seconds(10 * 86_400))
    let replaced = RouteOffer(trackingId: "AAA001", specification: fromHamburg, itineraries: [try Sample.network.earliestArrival(for: fromHamburg)])
    try await repository.save(replaced)
    #expect(try await repository.offer(for: "AAA001") == replaced, sourceLocation: sourceLocation)
    let none = RouteOffer(trackingId: "ZZZ999", specification: Sample.specification, itineraries: [])
    try await repository.save(none)
    #expect(try await repository.offer(for: "ZZZ999")?.itineraries == [], sourceLocation: sourceLocation)
    // Read at once, the offers of the cargo that have some, each as read alone.
    let several = try await repository.offers(for: ["AAA001", "ABC123", "ZZZ999"])
    let noOffers = try await repository.offers(for: [])
    #expect(several == ["AAA001": replaced, "ZZZ999": none] && noOffers.isEmpty, sourceLocation: sourceLocation)
    // Options answer where a cargo could go as it stood when offered: a write that keeps its itinerary keeps them; one
    // that changes it drops them, whichever write it is.
    let offered = try Cargo(trackingId: "OFR001", teu: 1, specification: Sample.specification, customerId: "ACME")
    try await repository.save(offered)
    let offeredOptions = RouteOffer(trackingId: "OFR001", specification: Sample.specification, itineraries: candidates)
    try await repository.save(offeredOptions)
    try await repository.save(offered)
    #expect(try await repository.offer(for: "OFR001") == offeredOptions, "an unchanged itinerary keeps its options", sourceLocation: sourceLocation)
    var routed = offered
    try routed.assign(to: candidates[0])
    try await repository.save([routed], ifUnchangedSince: [offered])
    #expect(try await repository.offer(for: "OFR001") == nil, "a route assigned drops the options", sourceLocation: sourceLocation)
    try await repository.save(offeredOptions)
    var routedAgain = routed
    try routedAgain.assign(to: candidates[1])
    #expect(try await repository.save([routedAgain], unlessChangedSince: [routed]).isEmpty, sourceLocation: sourceLocation)
    #expect(try await repository.offer(for: "OFR001") == nil, "a route changed drops the options", sourceLocation: sourceLocation)
    try await repository.save(offeredOptions)
    var handledOffered = routedAgain
    try handledOffered.register(Sample.receive)
    try await repository.save(handledOffered)
    #expect(try await repository.offer(for: "OFR001") == offeredOptions, "a handling event keeps the options", sourceLocation: sourceLocation)
    // Options found from the cargo as it was read are stored only while it is so.
    do {
        try await repository.save(RouteOffer(trackingId: "OFR001", specification: Sample.specification, itineraries: []), ifUnchangedSince: routedAgain)
        Issue.record("options over a changed cargo are stored", sourceLocation: sourceLocation)
    } catch let error as any StoreFailure {
        #expect(error.isConflict, "\(error)", sourceLocation: sourceLocation)
    } catch let error as DomainError {
        if case .storage(.conflict) = error {} else { Issue.record("\(error)", sourceLocation: sourceLocation) }
    }
    #expect(try await repository.offer(for: "OFR001") == offeredOptions, sourceLocation: sourceLocation)
    let found = RouteOffer(trackingId: "OFR001", specification: Sample.specification, itineraries: [candidates[0]])
    try await repository.save(found, ifUnchangedSince: try #require(try await repository.cargo("OFR001"), sourceLocation: sourceLocation))
    #expect(try await repository.offer(for: "OFR001") == found, sourceLocation: sourceLocation)

    // A cancelled booking keeps its record, found by its tracking id, and leaves every list and count.
    let listed = try await repository.allCargo().map(\.trackingId)
    let customersCargo = try await repository.cargo(from: 0, limit: 100, customer: "ACME").total
    var cancelled = try #require(try await repository.cargo(batch[0]), sourceLocation: sourceLocation)
    try cancelled.cancel(at: SampleVoyages.day(2, 3))
    try await repository.save(cancelled)
    let kept = try await repository.cargo(batch[0])
    #expect(kept == cancelled && kept?.cancellationTime == SampleVoyages.day(2, 3) && kept?.delivery.status == .cancelled, sourceLocation: sourceLocation)
    #expect(try await repository.allCargo().map(\.trackingId) == listed.filter { $0 != batch[0] }, sourceLocation: sourceLocation)
    #expect(try await repository.cargo(from: 0, limit: 100, customer: "ACME").total == customersCargo - 1, sourceLocation: sourceLocation)
    #expect(
        try await repository.cargo(from: 0, limit: 100, customer: nil).cargo.map(\.trackingId) == listed.filter { $0 != batch[0] },
        sourceLocation: sourceLocation)
    // Its booking reference stays its own.
    #expect(try await repository.trackingIds(bookingReferences: ["BK-7"], customerId: "ACME") == ["BK-7": batch[0]], sourceLocation: sourceLocation)

    // Write marks: every cargo after 0, the cancelled one too; after the mark returned, no write not read (a store
    // whose marks commit out of order may read again some read, at the same marks); then each write since, the latest
    // of each cargo, under a greater mark than the cargo's before.
    let all = try await repository.cargoWritten(after: 0), written = all.cargo
    let stored = Set(listed + [batch[0]])
    #expect(Set(written.map(\.cargo.trackingId)) == stored && written.allSatisfy { $0.mark > 0 }, sourceLocation: sourceLocation)
    #expect(written.first { $0.cargo.trackingId == batch[0] }?.cargo == kept, sourceLocation: sourceLocation)
    let marks = Dictionary(uniqueKeysWithValues: written.map { ($0.cargo.trackingId, $0.mark) })
    let reread = try await repository.cargoWritten(after: all.mark)
    #expect(reread.cargo.allSatisfy { marks[$0.cargo.trackingId] == $0.mark }, sourceLocation: sourceLocation)
    var handled = try #require(try await repository.cargo("ABC123"), sourceLocation: sourceLocation)
    try handled.register(Sample.loadInHongKong)
    try await repository.save(handled)
    let booked = try await repository.saveNew { try Cargo(trackingId: $0, teu: 1, specification: Sample.specification, customerId: "ACME") }
    let since = try await repository.cargoWritten(after: reread.mark).cargo.filter { marks[$0.cargo.trackingId] != $0.mark }
    #expect(since.map(\.cargo.trackingId).sorted() == ["ABC123", booked.trackingId].sorted(), sourceLocation: sourceLocation)
    #expect(since.first { $0.cargo.trackingId == "ABC123" }?.cargo == handled, sourceLocation: sourceLocation)
    #expect(since.allSatisfy { $0.mark > marks[$0.cargo.trackingId] ?? 0 }, sourceLocation: sourceLocation)
}

/// What every customer repository promises, on one that starts empty.
func checkCustomerRepositoryContract(_ customers: any CustomerRepository, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    #expect(try await customers.allCustomers().isEmpty, sourceLocation: sourceLocation)
    #expect(try await customers.customer("ACME") == nil, sourceLocation: sourceLocation)
    try await customers.save(Customer(id: "GLOBEX", name: "Globex")!)
    try await customers.save(Customer(id: "ACME", name: "Acme Shipping")!)
    #expect(try await customers.customer("ACME") == Customer(id: "ACME", name: "Acme Shipping"), sourceLocation: sourceLocation)
    try await customers.save(Customer(id: "ACME", name: "Acme Lines")!)
    #expect(
        try await customers.allCustomers() == [Customer(id: "ACME", name: "Acme Lines")!, Customer(id: "GLOBEX", name: "Globex")!],
        sourceLocation: sourceLocation)
    // Ids are matched without regard to case, as ports and tracking ids are; a customer keeps the id it was first
    // registered under, which its cargo names.
    #expect(try await customers.customer("acme") == Customer(id: "ACME", name: "Acme Lines"), sourceLocation: sourceLocation)
    #expect(try await customers.customer("Globex") == Customer(id: "GLOBEX", name: "Globex"), sourceLocation: sourceLocation)
    try await customers.save(Customer(id: "acme", name: "Acme Freight")!)
    #expect(
        try await customers.allCustomers() == [Customer(id: "ACME", name: "Acme Freight")!, Customer(id: "GLOBEX", name: "Globex")!],
        sourceLocation: sourceLocation)
    try await customers.save(Customer(id: "Überseering", name: "Überseering Logistik")!)
    #expect(try await customers.customer("üBERSEERING")?.id == "Überseering", sourceLocation: sourceLocation)
    #expect(try await customers.customer("ACM") == nil, sourceLocation: sourceLocation)
}

@Suite struct InMemoryRepositoryContractTests {
    @Test func cargo() async throws {
        try await checkCargoRepositoryContract(InMemoryCargoRepository(), customers: InMemoryCustomerRepository())
    }

    @Test func customers() async throws {
        try await checkCustomerRepositoryContract(InMemoryCustomerRepository())
    }
}

@Suite struct SQLiteRepositoryContractTests {
    /// A store in a new temporary file, removed (with its WAL files) after the body.
    static func withStore(_ body: (String) async throws -> Void) async throws {
        let path = Sample.temporaryFile("store.sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        try await body(path)
    }

    /// A store file brought up to an older migration and given rows as that version wrote them, before `body` opens it.
    static func withStore(
        migratedUpTo migration: String, writing rows: @escaping @Sendable (Database) throws -> Void, _ body: (String) async throws -> Void
    ) async throws {
        try await withStore { path in
            do {
                let older = try DatabaseQueue(path: path)
                try CargoStore.migrator.migrate(older, upTo: migration)
                try await older.write(rows)
            }
            try await body(path)
        }
    }

    @Test func cargo() async throws {
        try await Self.withStore { path in
            let store = try CargoStore(path: path)
            try await checkCargoRepositoryContract(store.cargoRepository(voyages: Sample.schedule), customers: store.customerRepository)
            #expect(try store.integrityCheck() == ["ok"])
        }
    }

    @Test func customers() async throws {
        try await Self.withStore { path in
            try await checkCustomerRepositoryContract(try CargoStore(path: path).customerRepository)
        }
    }

    @Test func doorToDoorLegs() async throws {
        try await Self.withStore { path in
            let store = try CargoStore(path: path)
            try await checkDoorToDoorLegs(
                store.cargoRepository(voyages: DoorToDoorSchedules.network), customers: store.customerRepository,
                without: store.cargoRepository(voyages: DoorToDoorSchedules.without))
        }
    }

    @Test func reopeningTheFileGivesTheSameData() async throws {
        try await Self.withStore { path in
            let before: (cargo: [Cargo], offer: RouteOffer?, customers: [Customer], lastId: TrackingId)
            do {
                let store = try CargoStore(path: path)
                let repository = store.cargoRepository(voyages: Sample.schedule)
                try await checkCargoRepositoryContract(repository, customers: store.customerRepository)
                before = (
                    try await repository.allCargo(), try await repository.offer(for: "AAA001"), try await store.customerRepository.allCustomers(),
                    try await repository.nextTrackingId()
                )
            }
            let reopened = try CargoStore(path: path)
            let repository = reopened.cargoRepository(voyages: Sample.schedule)
            #expect(try await repository.allCargo() == before.cargo)
            #expect(try await repository.offer(for: "AAA001") == before.offer)
            #expect(try await reopened.customerRepository.allCustomers() == before.customers)
            let next = try await repository.nextTrackingId()
            #expect(next > before.lastId)
            #expect(try reopened.integrityCheck() == ["ok"])
        }
    }

    @Test func aFileOfTheFirstVersionIsBroughtUpToDate() async throws {
        try await Self.withStore(migratedUpTo: "v1: cargo, customers, itineraries, handling events, offers") { db in
            try db.execute(sql: "INSERT INTO customer (id, name) VALUES ('ACME', 'Acme Shipping')")
            try db.execute(
                sql: """
                    INSERT INTO cargo (trackingId, customerId, teu, origin, destination, readyTime, arrivalDeadline, version)
                    VALUES ('RP000001', 'ACME', 2, 'HKHKG', 'SESTO', ?, ?, 1)
                    """,
                arguments: [Sample.specification.readyTime, Sample.specification.arrivalDeadline])
        } _: { path in
            do {
                // A revenue an earlier version accepted, above today's maximum, stays readable.
                let earlier = try DatabaseQueue(path: path)
                try await earlier.write { db in
                    try db.execute(
                        sql: """
                            INSERT INTO cargo (trackingId, customerId, teu, revenuePerTEU, origin, destination, readyTime, arrivalDeadline, version)
                            VALUES ('RP000009', 'ACME', 1, 5e9, 'HKHKG', 'SESTO', ?, ?, 1)
                            """,
                        arguments: [Sample.specification.readyTime, Sample.specification.arrivalDeadline])
                }
            }
            let store = try CargoStore(path: path)
            let repository = store.cargoRepository(voyages: Sample.schedule)
            #expect(try await repository.cargo("RP000009")?.revenuePerTEU == 5e9)
            #expect(try await repository.cargo("RP000009")?.booking.revenuePerTEU == Booking.maximumRevenuePerTEU)
            let old = try #require(try await repository.cargo("RP000001"))
            #expect(old.bookingReference == nil && old.customerId == "ACME" && old.teu == 2)
            try await repository.save(
                try Cargo(
                    trackingId: "RP000002", teu: 1, specification: Sample.specification, customerId: "ACME", bookingReference: "BK-1"))
            #expect(try await repository.trackingIds(bookingReferences: ["BK-1"], customerId: "ACME") == ["BK-1": "RP000002"])
            // Two cargo may not share a reference, even when written past the use cases.
            await #expect(throws: StoreError.bookedTwice(bookingReference: "BK-1", trackingId: "RP000002")) {
                try await repository.save(
                    try Cargo(
                        trackingId: "RP000003", teu: 1, specification: Sample.specification, customerId: "ACME", bookingReference: "BK-1"))
            }
            #expect(try store.integrityCheck() == ["ok"])
        }
    }

    @Test func aCargoReRoutedBeforeVersionFourKeepsTheReadyTimeOfItsHandling() async throws {
        try await Self.withStore(migratedUpTo: "v3: cargo types") { db in
            // Re-routed from Rotterdam: its specification is ready a month after its first event.
            try db.execute(
                sql: """
                    INSERT INTO cargo (trackingId, teu, origin, destination, readyTime, arrivalDeadline, version)
                    VALUES ('RP000001', 1, 'NLRTM', 'SESTO', ?, ?, 1), ('RP000002', 1, 'HKHKG', 'SESTO', ?, ?, 1)
                    """,
                arguments: [
                    SampleVoyages.day(3, 31), Sample.specification.arrivalDeadline, Sample.specification.readyTime,
                    Sample.specification.arrivalDeadline,
                ])
            try db.execute(
                sql: """
                    INSERT INTO handlingEvent (trackingId, kind, location, voyage, completionTime, registrationTime)
                    VALUES ('RP000001', 'receive', 'HKHKG', NULL, ?, ?)
                    """,
                arguments: [SampleVoyages.day(3, 1, hour: 8), SampleVoyages.day(3, 1, hour: 8)])
        } _: { path in
            let repository = try CargoStore(path: path).cargoRepository(voyages: Sample.schedule)
            #expect(try await repository.cargo("RP000001")?.bookedReadyTime == SampleVoyages.day(3, 1, hour: 8))
            #expect(try await repository.cargo("RP000002")?.bookedReadyTime == Sample.specification.readyTime)
        }
    }

    @Test func theChangesRecordedBeforeVersionFifteenAreGivenTheirParty() async throws {
        try await Self.withStore(migratedUpTo: "v14: write marks") { db in
            try db.execute(sql: "INSERT INTO customer (id, name) VALUES ('ACME', 'Acme')")
            try db.execute(
                sql: """
                    INSERT INTO "user" (name, role, customerId, passwordHash, createdAt)
                    VALUES ('bob', 'customer', 'ACME', 'x', ?), ('alice', 'planner', NULL, 'x', ?)
                    """,
                arguments: [SampleVoyages.day(2, 1), SampleVoyages.day(2, 1)])
            try db.execute(
                sql: """
                    INSERT INTO cargo (trackingId, customerId, teu, origin, destination, readyTime, arrivalDeadline, version)
                    VALUES ('RP000001', 'ACME', 1, 'HKHKG', 'SESTO', ?, ?, 1)
                    """,
                arguments: [Sample.specification.readyTime, Sample.specification.arrivalDeadline])
            // Booked by a customer's user, handled by the event feed, re-specified by a planner, by the command
            // line, and by a user since removed.
            for (position, by) in ["bob", "event feed", "alice", "command line", "carol"].enumerated() {
                try db.execute(
                    sql:
                        "INSERT INTO cargoChange (trackingId, position, kind, detail, changedBy, changedAt) VALUES ('RP000001', ?, 'booked', '-', ?, ?)",
                    arguments: [position, by, SampleVoyages.day(2, 1)])
            }
        } _: { path in
            let repository = try CargoStore(path: path).cargoRepository(voyages: Sample.schedule)
            let changes = try #require(try await repository.cargo("RP000001")).changes
            #expect(changes.map(\.by) == ["bob", "event feed", "alice", "command line", "carol"])
            #expect(changes.map(\.party) == [.customer, .carrier, .forwarder, .forwarder, .forwarder])
        }
    }

    @Test func aCargoChangedByAnotherProcessSinceItWasReadIsAConflict() async throws {
        try await Self.withStore { path in
            try await checkChangesOfProcessesConflict { try CargoStore(path: path).cargoRepository(voyages: Sample.schedule) }
            #expect(try CargoStore(path: path).integrityCheck() == ["ok"])
        }
    }

    @Test func theFileIsReadableBySQLitesOwnTool() async throws {
        try await Self.withStore { path in
            let store = try CargoStore(path: path)
            let repository = store.cargoRepository(voyages: Sample.schedule)
            try await repository.save([try Sample.cargo("A"), try Sample.cargo("B", events: [Sample.receive]), try Sample.cargo("C", routed: false)])
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
            process.arguments = [path, "SELECT COUNT(*) FROM cargo"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "3")
        }
    }

    @Test func anSQLiteFileOfOtherTablesIsNotMadeAStore() async throws {
        try await Self.withStore { path in
            try await DatabaseQueue(path: path).write { db in try db.execute(sql: "CREATE TABLE invoices (id INTEGER PRIMARY KEY)") }
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            for creating in [false, true] {
                #expect(throws: StoreError.notAStore(path: path)) { _ = try CargoStore(path: path, creating: creating) }
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
            #expect(
                String(describing: StoreError.notAStore(path: path)).hasSuffix(
                    "holds other tables and is not a store; it was left as it is: name a new file, or an empty database"))
        }
    }

    @Test func aFileThatIsNotAStoreIsADatabaseError() async throws {
        let path = Sample.temporaryFile("not-a-store.sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("this is not SQLite, just text long enough to fill a header of one hundred bytes or so...........".utf8)
            .write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try CargoStore(path: path)
        } throws: { error in
            guard case .database(let failed, _)? = error as? StoreError else { return false }
            return failed == path
        }
    }
}

/// Processes over one store, each with a repository of its own (`open` makes one): a cargo changed by one since
/// another read it is a conflict for the other, and nothing of its write is kept; read again, it may write; a batch
/// with one stale cargo writes none of it; a repository that never read a cargo cannot overwrite it.
func checkChangesOfProcessesConflict(
    sourceLocation: SourceLocation = #_sourceLocation, _ open: () async throws -> any CargoRepository
) async throws {
    let one = try await open(), two = try await open(), fresh = try await open()
    try await one.save(try Sample.cargo())
    var readByOne = try #require(try await one.cargo("ABC123"), sourceLocation: sourceLocation)
    var readByTwo = try #require(try await two.cargo("ABC123"), sourceLocation: sourceLocation)
    try readByOne.register(Sample.receive)
    try await one.save(readByOne)
    try readByTwo.register(Sample.event(.customs, "HKHKG", nil, SampleVoyages.day(3, 1, hour: 6)))
    await #expect(throws: StoreError.conflict(trackingId: "ABC123"), sourceLocation: sourceLocation) { try await two.save(readByTwo) }
    #expect(try await fresh.cargo("ABC123")?.handlingEvents == [Sample.receive], sourceLocation: sourceLocation)
    var reread = try #require(try await two.cargo("ABC123"), sourceLocation: sourceLocation)
    try reread.register(Sample.loadInHongKong)
    try await two.save(reread)
    #expect(try await fresh.cargo("ABC123")?.handlingEvents == [Sample.receive, Sample.loadInHongKong], sourceLocation: sourceLocation)
    try await one.save(try Sample.cargo("OTHER"))
    var other = try #require(try await one.cargo("OTHER"), sourceLocation: sourceLocation)
    try other.register(Sample.receive)
    await #expect(throws: StoreError.conflict(trackingId: "ABC123"), sourceLocation: sourceLocation) {
        try await one.save([other, try readByOne.registering(Sample.loadInHongKong)])
    }
    #expect(try await fresh.cargo("OTHER")?.handlingEvents == [], sourceLocation: sourceLocation)
    #expect(try await fresh.cargo("ABC123")?.handlingEvents == [Sample.receive, Sample.loadInHongKong], sourceLocation: sourceLocation)
    let blind = try await open()
    await #expect(throws: StoreError.conflict(trackingId: "OTHER"), sourceLocation: sourceLocation) { try await blind.save(try Sample.cargo("OTHER")) }
}

/// A store keeps each leg's mode (store version 17): a cargo routed from a factory to a warehouse by truck, barge,
/// vessel, barge and truck, and an offer of such routes, come back with their hauls and barges, as planned, whatever
/// the network does to them later. `repository` is over `DoorToDoorSample`'s network; `without` over the same network
/// without its hauls and with its Rhine barge gone.
func checkDoorToDoorLegs(
    _ repository: any CargoRepository, customers: any CustomerRepository, without: any CargoRepository, sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    try await customers.save(Customer(id: "ACME", name: "Acme Shipping")!)
    let route = try DoorToDoorSample.byBarge()
    var cargo = try Cargo(trackingId: "D2D001", teu: 2, specification: DoorToDoorSample.specification(), customerId: "ACME")
    try cargo.assign(to: route)
    try cargo.register(
        HandlingEvent(
            kind: .load, location: "CNFAC", voyage: "TRUCK CNFAC-CNCKG", completionTime: DoorToDoorSample.at(9), registrationTime: DoorToDoorSample.at(9)))
    try await repository.save(cargo)
    let loaded = try #require(try await repository.cargo("D2D001"), sourceLocation: sourceLocation)
    #expect(loaded == cargo && loaded.itinerary == route, sourceLocation: sourceLocation)
    #expect(loaded.itinerary?.legs.map(\.voyage.mode) == [.truck, .barge, .vessel, .barge, .truck], sourceLocation: sourceLocation)
    #expect(loaded.itinerary?.legs[0].co2ePerTEU == 12, sourceLocation: sourceLocation)
    let offer = RouteOffer(
        trackingId: "D2D001", specification: try DoorToDoorSample.specification(),
        itineraries: try Router(network: DoorToDoorSample.network()).candidates(
            for: DoorToDoorSample.specification(), limit: 5, options: RoutingOptions(criteria: [.co2e])))
    try await repository.save(offer)
    #expect(try await repository.offer(for: "D2D001") == offer, sourceLocation: sourceLocation)
    // Over a network that no longer has the hauls or the Rhine barge: the legs as planned, each of its mode.
    let planned = try #require(try await without.cargo("D2D001"), sourceLocation: sourceLocation)
    #expect(planned.itinerary?.legs.map(\.voyage.mode) == [.truck, .barge, .vessel, .barge, .truck], sourceLocation: sourceLocation)
    #expect(
        planned.itinerary?.legs.map { [$0.loadTime, $0.unloadTime] } == route.legs.map { [$0.loadTime, $0.unloadTime] }, sourceLocation: sourceLocation)
    #expect(planned.itinerary?.legs[0].co2ePerTEU == nil, sourceLocation: sourceLocation)
}

/// `DoorToDoorSample`'s network, and the same without its hauls and with its Rhine barge gone.
enum DoorToDoorSchedules {
    static let network = InMemoryScheduleRepository(network: try! DoorToDoorSample.network())
    static let without = InMemoryScheduleRepository(
        network: try! ScheduleNetwork(locations: DoorToDoorSample.locations, voyages: Array(DoorToDoorSample.voyages.prefix(2))))
}
