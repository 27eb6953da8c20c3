import Foundation
import RoutePlanner
@testable import RoutePlannerApplication
import RoutePlannerBcrypt
import RoutePlannerFormats
import RoutePlannerTestSupport
import Testing

@Suite struct CancelBookingTests {
    static let realNow = SampleVoyages.day(2, 20, hour: 10)

    static func app(_ cargo: Cargo...) -> (RoutePlannerComposition, InMemoryCargoRepository) {
        let repository = InMemoryCargoRepository(cargo)
        let app = RoutePlannerComposition(
            files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(), locations: Sample.schedule, voyages: Sample.schedule, cargo: repository,
            now: Sample.asOf, realNow: { Self.realNow })
        return (app, repository)
    }

    @Test func theRequestReadsTheForm() {
        #expect(
            CancelBookingRequest.create(CancelBookingForm(trackingId: " "))
                == .failure(ValidationError(fields: [.trackingId: "Enter a tracking id, such as RP000001."])))
        #expect(CancelBookingRequest.create(CancelBookingForm(trackingId: "ABC123")) == .success(CancelBookingRequest(trackingId: "ABC123")))
    }

    @Test func aCancelledBookingReleasesItsRouteLeavesTheListsAndKeepsItsRecord() async throws {
        let (app, repository) = Self.app(try Sample.cargo(), try Sample.cargo("OTHER01"))
        let state = await app.cancelBooking(CancelBookingForm(trackingId: "abc123")).text()
        #expect(
            state
                == .success(
                    "The booking of cargo ABC123 is cancelled. Its route on AE1-0100W, NF-0310N was released. Its record stays; it is no longer listed."))
        let kept = try #require(try await repository.cargo("ABC123"))
        #expect(kept.isCancelled && kept.cancellationTime == Self.realNow && kept.itinerary == nil)
        #expect(kept.changes.last?.kind == .cancelled && kept.changes.last?.by == "command line")
        #expect(kept.changes.last?.detail.contains("released") == true)
        // It leaves the lists and the room it took; tracked by its id, it says it is cancelled.
        #expect(try await repository.allCargo().map(\.trackingId) == ["OTHER01"])
        guard case .success(let list) = await app.listCargo(ListCargoForm()) else { Issue.record("no list"); return }
        #expect(list.map(\.trackingId) == ["OTHER01"])
        guard case .success(let tracked) = await app.trackCargo(TrackCargoForm(trackingId: "ABC123")) else { Issue.record("not tracked"); return }
        #expect(tracked.status == "cancelled" && tracked.cargo.cancellationTime == Self.realNow)
        #expect(tracked.advice == "None: its booking was cancelled.")
        // A list of cancelled cargo is no list: the status is refused, naming the ones it takes.
        #expect(await app.listCargo(ListCargoForm(status: "cancelled")).fieldErrors[.status]?.hasPrefix("Enter one of on-track,") == true)
    }

    @Test func nothingMoreHappensToACancelledCargo() async throws {
        let (app, _) = Self.app(try Sample.cargo())
        _ = await app.cancelBooking(CancelBookingForm(trackingId: "ABC123"))
        let cancelled = ViewFailure(.rejected, "The booking of cargo ABC123 was cancelled at Fri 20 Feb 2026, 10:00 UTC; nothing more happens to it.")
        #expect(await app.cancelBooking(CancelBookingForm(trackingId: "ABC123")).text() == .failure(cancelled))
        #expect(await app.routeCargo(RouteCargoForm(trackingId: "ABC123")) == .failure(cancelled))
        #expect(await app.assignToRoute(AssignToRouteForm(trackingId: "ABC123", candidate: "1")).text() == .failure(cancelled))
        #expect(await app.changeDestination(ChangeDestinationForm(trackingId: "ABC123", destination: "DEHAM")).text() == .failure(cancelled))
        #expect(
            await app.registerHandlingEvent(
                RegisterHandlingEventForm(
                    trackingId: "ABC123", event: "RECEIVE", location: "HKHKG", completionTime: "2026-03-01T00:00:00Z")
            ).failureMessage
                == "Cargo ABC123: the booking was cancelled at 2026-02-20T10:00:00Z; nothing more happens to the cargo.")
    }

    @Test func aCargoLoadedOrClaimedIsNotCancelledAndSaysWhy() async throws {
        let received = try Sample.cargo("RECEIVED", events: [Sample.receive])
        let loaded = try Sample.cargo("LOADED", events: [Sample.receive, Sample.loadInHongKong])
        let claimed = try Sample.cargo("CLAIMED", events: [Sample.receive, Sample.claim])
        let (app, repository) = Self.app(received, loaded, claimed)
        #expect(
            await app.cancelBooking(CancelBookingForm(trackingId: "LOADED")).text()
                == .failure(
                    ViewFailure(
                        .rejected,
                        "Cargo LOADED was loaded (load at HKHKG on AE1-0100W, Mon 2 Mar 2026, 00:00 UTC); a booking is cancelled only before its cargo is loaded."
                    )))
        #expect(await app.cancelBooking(CancelBookingForm(trackingId: "CLAIMED")).failureMessage?.hasPrefix("Cargo CLAIMED was claimed at SESTO") == true)
        #expect(
            await app.cancelBooking(CancelBookingForm(trackingId: "NOBODY")).text()
                == .failure(ViewFailure(.notFound, "There is no cargo with tracking id NOBODY.")))
        #expect(try await repository.cargo("LOADED")?.isCancelled == false)
        #expect(try await repository.cargo("CLAIMED")?.isCancelled == false)
        // Received but not loaded: still the customer's to cancel.
        guard case .success = await app.cancelBooking(CancelBookingForm(trackingId: "RECEIVED")) else { Issue.record("refused"); return }
        #expect(try await repository.cargo("RECEIVED")?.delivery.status == .cancelled)
    }

    @Test func aCustomerCancelsItsOwnBookingsAlone() async throws {
        let own = try Cargo(trackingId: "OWN0001", teu: 1, specification: Sample.specification, customerId: "ACME")
        let others = try Cargo(trackingId: "OTHER01", teu: 1, specification: Sample.specification, customerId: "GLOBEX")
        let (app, repository) = Self.app(own, others)
        let acme = app.acting(as: Principal(name: "ann", role: .customer("ACME")))
        #expect(
            await acme.cancelBooking(CancelBookingForm(trackingId: "OTHER01")).text()
                == .failure(ViewFailure(.notFound, "There is no cargo with tracking id OTHER01.")))
        guard case .success = await acme.cancelBooking(CancelBookingForm(trackingId: "OWN0001")) else { Issue.record("refused"); return }
        let last = try await repository.cargo("OWN0001")?.changes.last
        #expect(last?.kind == .cancelled && last?.by == "ann")
        #expect(try await repository.cargo("OTHER01")?.isCancelled == false)
    }

    /// A load registered between the read and the write is never cancelled over.
    @Test func aCancellationOverAChangeMadeMeanwhileIsAConflict() async throws {
        let repository = InMemoryCargoRepository([try Sample.cargo()])
        let racing = LoadingMeanwhile(base: repository)
        let interactor = CancelBookingInteractor(cargo: racing, now: { Self.realNow })
        guard case .failure(let error) = await interactor.execute(CancelBookingRequest(trackingId: "ABC123")) else { Issue.record("cancelled"); return }
        #expect(error.kind == .conflict)
        #expect(try await repository.cargo("ABC123")?.isCancelled == false)
    }
}

/// A repository over which another writer registers the cargo's load right after each read.
private struct LoadingMeanwhile: ForwardingCargoRepository {
    let base: InMemoryCargoRepository
    var forwarded: any CargoRepository { base }

    func cargo(_ trackingId: TrackingId) async throws -> Cargo? {
        guard let read = try await base.cargo(trackingId) else { return nil }
        try await base.save(read.registering(Sample.receive).registering(Sample.loadInHongKong))
        return read
    }
}
