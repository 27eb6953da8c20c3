import Foundation
import RoutePlanner
import RoutePlannerFormats
import RoutePlannerApplication
@testable import RoutePlannerStore
import RoutePlannerTestSupport
import Testing

/// What every carrier event repository does, in memory, in an SQLite file and in a PostgreSQL database: events kept by
/// identifier, once; a batch with a new transport event is the schedule's next version, one at a time however many
/// batches come at once; the events listed in the order recorded.
func checkCarrierEventRepositoryContract(_ events: any CarrierEventRepository, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    func call(_ id: String, _ hours: Double) -> VesselCallEvent {
        VesselCallEvent(
            id: id, created: SampleVoyages.day(3, 1), kind: .arrival, classifier: .estimated, time: SampleVoyages.day(3, 30) + hours * 3600,
            call: CallReference(voyage: "AE1-0100W", port: "NLRTM", sequence: hours > 10 ? 1 : nil))
    }
    let load = EquipmentEvent(
        id: "load", created: SampleVoyages.day(3, 2), kind: .load, time: SampleVoyages.day(3, 2), port: "HKHKG", voyage: "AE1-0100W",
        bookingReference: "ACME-1")
    let gateIn = EquipmentEvent(
        id: "gate-in", created: SampleVoyages.day(3, 1), kind: .gateIn, time: SampleVoyages.day(3, 1), port: "HKHKG", voyage: nil, bookingReference: "ACME-1")
    func batch(_ calls: [VesselCallEvent], _ equipment: [EquipmentEvent] = []) -> CarrierEventBatch {
        CarrierEventBatch(vesselCalls: calls, equipment: equipment.map { ($0, "ABC123") }, source: "test", recordedAt: SampleVoyages.day(3, 3))
    }

    #expect(try await events.scheduleVersion() == 0, sourceLocation: sourceLocation)
    #expect(try await events.recordedEvents(limit: 10).total == 0, sourceLocation: sourceLocation)
    #expect(try await events.record(batch([call("a", 5), call("b", 24)], [load])) == 1, sourceLocation: sourceLocation)
    let recorded = try await events.scheduleChanges()
    let (calls, version) = (recorded.events, recorded.version)
    #expect(version == 1 && Set(calls) == [call("a", 5), call("b", 24)], sourceLocation: sourceLocation)
    #expect(
        Set(try await events.recordedEvents(among: ["a", "load", "nope"])) == [.vesselCall(call("a", 5)), .equipment(load)], sourceLocation: sourceLocation)
    // Again: nothing is new, and the version stays.
    #expect(try await events.record(batch([call("a", 5), call("b", 24)], [load])) == 1, sourceLocation: sourceLocation)
    // Equipment alone moves no schedule.
    #expect(try await events.record(batch([], [gateIn])) == 1, sourceLocation: sourceLocation)
    #expect(try await events.record(batch([call("a", 5), call("c", 30)])) == 2, sourceLocation: sourceLocation)
    let listed = try await events.recordedEvents(limit: 10)
    #expect(listed.total == 5, sourceLocation: sourceLocation)
    #expect(
        listed.events == [.vesselCall(call("a", 5)), .vesselCall(call("b", 24)), .equipment(load), .equipment(gateIn), .vesselCall(call("c", 30))],
        sourceLocation: sourceLocation)
    // Read on from a position, in the order recorded.
    let page = try await events.recordedEvents(after: 1, limit: 3)
    #expect(
        page.map(\.position) == [2, 3, 4] && page.map(\.event) == [.vesselCall(call("b", 24)), .equipment(load), .equipment(gateIn)],
        sourceLocation: sourceLocation)
    #expect(try await events.recordedEvents(after: 5, limit: 3).isEmpty, sourceLocation: sourceLocation)
    #expect(try await events.recordedEvents(limit: 2).events.map(\.id) == ["gate-in", "c"], sourceLocation: sourceLocation)

    // Eight batches at once: each a version of its own. One that waited past the lock timeout for the others (a test
    // process whose threads are all busy can stall them) wrote nothing and is sent again, as a feed would.
    @Sendable func recordedOnce(_ batch: CarrierEventBatch) async throws -> Int {
        for _ in 1..<5 {
            do { return try await events.record(batch) } catch StoreError.busy {}
        }
        return try await events.record(batch)
    }
    let versions = try await withThrowingTaskGroup(of: Int.self) { group in
        for index in 0..<8 { group.addTask { try await recordedOnce(batch([call("many-\(index)", Double(index))])) } }
        return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(versions.sorted() == Array(3...10), sourceLocation: sourceLocation)
    let final = try await events.scheduleVersion(), total = try await events.recordedEvents(limit: 1_000).total
    #expect(final == 10 && total == 13, sourceLocation: sourceLocation)

    // Voyages published again are the next version, kept in the order recorded with their calls, times and cut-offs; of
    // a voyage's publications, the last is its schedule.
    func publication(_ hours: Int) -> Voyage {
        Voyage(
            number: "AE1-0100W",
            movements: [
                CarrierMovement(
                    from: "HKHKG", to: "SGSIN", departure: SampleVoyages.day(3, hours), arrival: SampleVoyages.day(6, hours), capacity: 0,
                    cutOffTimes: [CutOffTime(.documentation, SampleVoyages.day(2, hours))], departureUTCOffset: 8 * 3600, arrivalUTCOffset: 8 * 3600),
                CarrierMovement(from: "SGSIN", to: "NLRTM", departure: SampleVoyages.day(7, hours), arrival: SampleVoyages.day(30, hours), capacity: 0),
            ], vesselIMONumber: "9321483")
    }
    let omits = LiveSchedule.Republication(
        voyage: "AE1-0100W", omitted: [CallReference(voyage: "AE1-0100W", port: "CNSHA", sequence: 1)], added: [], moved: 3, changesNothing: false)
    let moves = LiveSchedule.Republication(voyage: "AE1-0100W", omitted: [], added: [], moved: 2, changesNothing: false)
    #expect(
        try await events.record(
            CarrierEventBatch(
                publications: [(publication(1), omits), (publication(2), moves)], vesselCalls: [], equipment: [], source: "test",
                recordedAt: SampleVoyages.day(3, 3))) == 11,
        sourceLocation: sourceLocation)
    let changes = try await events.scheduleChanges()
    #expect(changes.version == 11 && changes.publications == [publication(2)] && changes.events.count == 11, sourceLocation: sourceLocation)
    let published = try await events.recordedPublications(limit: 1)
    #expect(
        published.total == 2
            && published.publications == [
                RecordedPublication(changes: moves, version: 11, source: "test", recordedAt: SampleVoyages.day(3, 3))
            ], sourceLocation: sourceLocation)
    #expect(try await events.recordedPublications(limit: 5).publications.map(\.changes) == [omits, moves], sourceLocation: sourceLocation)

    // An eventID names one event: of a batch's events that share one, whatever their kinds, the first is recorded.
    let twice = EquipmentEvent(
        id: "twice", created: SampleVoyages.day(3, 2), kind: .discharge, time: SampleVoyages.day(30, 2), port: "NLRTM", voyage: "AE1-0100W",
        bookingReference: "ACME-1")
    #expect(try await events.record(batch([call("twice", 50), call("twice", 51)], [twice])) == 12, sourceLocation: sourceLocation)
    #expect(try await events.recordedEvents(limit: 1).events == [.vesselCall(call("twice", 50))], sourceLocation: sourceLocation)
    #expect(try await events.recordedEvents(limit: 0).total == 14, sourceLocation: sourceLocation)
}

/// A stored leg keeps which movements of its voyage it rides, so that the schedule as events moved it finds the leg
/// whatever its times became.
func checkStoredLegsAreFoundOnTheLiveSchedule(_ store: any Store, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let planned = try Sample.cargo()
    try await store.customerRepository.save(Customer(id: "ACME", name: "Acme")!)
    try await store.cargoRepository(voyages: Sample.schedule).save(planned)
    let leg = Sample.fastest.legs[0]
    var live = LiveSchedule(published: Sample.network)
    live.apply([
        VesselCallEvent(
            id: "late", created: SampleVoyages.day(3, 1), kind: .departure, classifier: .estimated, time: leg.loadTime + 6 * 3600,
            call: CallReference(voyage: leg.voyage.number, port: leg.loadLocation.code))
    ])
    let network = live.network()
    let restored = try #require(
        try await store.cargoRepository(voyages: InMemoryScheduleRepository(network: network)).cargo("ABC123"), sourceLocation: sourceLocation)
    // As planned, and found on the live schedule six hours later.
    #expect(restored.itinerary?.legs.map(\.loadTime) == Sample.fastest.legs.map(\.loadTime), sourceLocation: sourceLocation)
    #expect(network.sailing(try #require(restored.itinerary?.legs[0]))?.loadTime == leg.loadTime + 6 * 3600, sourceLocation: sourceLocation)

    // Published again without the leg's discharge call, the voyage no longer sails the leg, whichever schedule the cargo
    // was read over; a leg read over it still names its calls.
    let voyage = try #require(network.voyage(leg.voyage.number))
    var republished = LiveSchedule(published: Sample.network)
    #expect(
        republished.republish([BruteForceDisruption.omitting(call: leg.movementIndices.upperBound, of: voyage)]).allSatisfy { (try? $0.get()) != nil },
        sourceLocation: sourceLocation)
    let without = republished.network()
    #expect(without.sailing(try #require(restored.itinerary?.legs[0])) == nil, sourceLocation: sourceLocation)
    let readOver = try #require(
        try await store.cargoRepository(voyages: InMemoryScheduleRepository(network: without)).cargo("ABC123"), sourceLocation: sourceLocation)
    let kept = try #require(readOver.itinerary?.legs[0])
    #expect(without.sailing(kept) == nil && kept.loadCall == leg.loadCall && kept.unloadCall == leg.unloadCall, sourceLocation: sourceLocation)
}

/// A batch recorded with the cargo it changed and the options it offered (`CargoRepository.record(_:appliedTo:…)`) is
/// one transaction: all of it, over the version it was applied to and the cargo as it was read, or none of it.
func checkABatchIsWrittenWithItsCargo(
    _ repository: any CargoRepository, _ events: any CarrierEventRepository, sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    func batch(_ id: String) -> CarrierEventBatch {
        CarrierEventBatch(
            vesselCalls: [
                VesselCallEvent(
                    id: id, created: SampleVoyages.day(3, 1), kind: .arrival, classifier: .estimated, time: SampleVoyages.day(3, 31),
                    call: CallReference(voyage: "AE1-0100W", port: "NLRTM"))
            ],
            equipment: [], source: "test", recordedAt: SampleVoyages.day(3, 3))
    }
    func offer(_ itineraries: [Itinerary]) -> RouteOffer { RouteOffer(trackingId: "ABC123", specification: Sample.specification, itineraries: itineraries) }
    let version = try await events.scheduleVersion(), recorded = try await events.recordedEvents(limit: 0).total
    let start = CarrierEventsMark(version: version, events: recorded)
    let read = try #require(try await repository.cargo("ABC123"), sourceLocation: sourceLocation)
    let before = try await repository.cargoWritten(after: 0)
    var handled = read
    try handled.register(Sample.event(.customs, "HKHKG", nil, SampleVoyages.day(3, 1, hour: 7)))

    // Over the mark the recording is at and the cargo as read: the events, the cargo and the offer together.
    #expect(
        try await repository.record(
            batch("together"), appliedTo: start, saving: [handled], ifUnchangedSince: [read], offers: [offer([Sample.fastest])]) == version + 1,
        sourceLocation: sourceLocation)
    #expect(try await events.recordedEvents(among: ["together"]).map(\.id) == ["together"], sourceLocation: sourceLocation)
    let stored = try #require(try await repository.cargo("ABC123"), sourceLocation: sourceLocation)
    #expect(stored.hasSameState(as: handled) && stored.handlingEvents.count == read.handlingEvents.count + 1, sourceLocation: sourceLocation)
    #expect(try await repository.offer(for: "ABC123")?.itineraries.count == 1, sourceLocation: sourceLocation)
    // And it is written under a new mark, as every write of a cargo is, for the processes that keep copies.
    let written = try await repository.cargoWritten(after: before.mark).cargo.filter { write in
        !before.cargo.contains { $0.cargo.trackingId == write.cargo.trackingId && $0.mark == write.mark }
    }
    #expect(written.map(\.cargo.trackingId) == ["ABC123"] && written.first?.cargo.hasSameState(as: handled) == true, sourceLocation: sourceLocation)

    // Over the mark before, or before a batch of equipment events only (which moves no version): nothing of it.
    let together = CarrierEventsMark(version: version + 1, events: recorded + 1)
    var again = stored
    try again.register(Sample.event(.customs, "HKHKG", nil, SampleVoyages.day(3, 1, hour: 8)))
    await #expect(throws: BatchOvertaken(appliedTo: start, found: together), sourceLocation: sourceLocation) {
        try await repository.record(batch("stale"), appliedTo: start, saving: [again], ifUnchangedSince: [stored], offers: [offer([])])
    }
    let gateIn = EquipmentEvent(
        id: "gate-in-ABC123", created: SampleVoyages.day(3, 1), kind: .gateIn, time: SampleVoyages.day(3, 1), port: "HKHKG", voyage: nil,
        bookingReference: "ACME-2")
    #expect(
        try await events.record(CarrierEventBatch(vesselCalls: [], equipment: [(gateIn, "ABC123")], source: "test", recordedAt: SampleVoyages.day(3, 3)))
            == version + 1, sourceLocation: sourceLocation)
    let equipment = CarrierEventsMark(version: version + 1, events: recorded + 2)
    await #expect(throws: BatchOvertaken(appliedTo: together, found: equipment), sourceLocation: sourceLocation) {
        try await repository.record(batch("stale"), appliedTo: together, saving: [again], ifUnchangedSince: [stored], offers: [offer([])])
    }
    // Over the cargo as it was before the last write, written or offered options: a conflict, and nothing of it, the
    // events neither.
    func isConflict(_ error: any Error) -> Bool {
        if case .storage(.conflict) = error as? DomainError { return true }
        return (error as? StoreError)?.isConflict == true
    }
    await #expect(sourceLocation: sourceLocation) {
        try await repository.record(batch("over"), appliedTo: equipment, saving: [again], ifUnchangedSince: [read], offers: [offer([])])
    } throws: { isConflict($0) }
    await #expect(sourceLocation: sourceLocation) {
        try await repository.record(batch("offered"), appliedTo: equipment, saving: [], ifUnchangedSince: [read], offers: [offer([])])
    } throws: { isConflict($0) }
    #expect(try await events.recordedEvents(among: ["stale", "over", "offered"]).isEmpty, sourceLocation: sourceLocation)
    #expect(try await events.scheduleVersion() == version + 1, sourceLocation: sourceLocation)
    #expect(try await repository.cargo("ABC123")?.hasSameState(as: handled) == true, sourceLocation: sourceLocation)
    #expect(try await repository.offer(for: "ABC123")?.itineraries.count == 1, sourceLocation: sourceLocation)
}

@Suite struct CarrierEventRepositoryContractTests {
    @Test func inMemory() async throws {
        try await checkCarrierEventRepositoryContract(InMemoryCarrierEventRepository())
        let cargo = InMemoryCargoRepository([try Sample.cargo()])
        try await checkABatchIsWrittenWithItsCargo(cargo, cargo.carrierEvents)
    }

    /// Bookings read from a file keep no carriers' events: a batch over them is refused, naming the store.
    @Test func bookingsFromAFileRefuseABatch() async throws {
        let file = CSVCargoRepository(bookings: URL(fileURLWithPath: "/nonexistent/bookings.csv"), schedule: Sample.schedule)
        let batch = CarrierEventBatch(vesselCalls: [], equipment: [], source: "test", recordedAt: SampleVoyages.day(3, 3))
        await #expect {
            try await file.record(batch, appliedTo: CarrierEventsMark(version: 0, events: 0), saving: [], ifUnchangedSince: [], offers: [])
        } throws: { error in
            guard case .invalidOperation(let message) = error as? DomainError else { return false }
            return message.contains("name the store")
        }
    }

    @Test func sqlite() async throws {
        try await SQLiteRepositoryContractTests.withStore { path in
            let store = try CargoStore(path: path, creating: true)
            try await checkCarrierEventRepositoryContract(store.carrierEventRepository)
            try await checkStoredLegsAreFoundOnTheLiveSchedule(store)
            try await checkABatchIsWrittenWithItsCargo(store.cargoRepository(voyages: Sample.schedule), store.carrierEventRepository)
        }
    }

    @Test(.enabled(if: TestPostgres.isAvailable, "ROUTE_PLANNER_TEST_POSTGRES names no PostgreSQL server"))
    func postgres() async throws {
        try await TestPostgres.withDatabase { address in
            let store = try await TestPostgres.store(address)
            try await checkCarrierEventRepositoryContract(store.carrierEventRepository)
            try await checkStoredLegsAreFoundOnTheLiveSchedule(store)
            try await checkABatchIsWrittenWithItsCargo(store.cargoRepository(voyages: Sample.schedule), store.carrierEventRepository)
        }
    }
}
