import RoutePlanner
@testable import RoutePlannerApplication
import RoutePlannerTestSupport
import Testing

@Suite struct TrackCargoTests {
    @Test func theRequestNeedsATrackingId() throws {
        #expect(
            TrackCargoRequest.create(TrackCargoForm(trackingId: "  "))
                == .failure(
                    ValidationError(fields: [
                        .trackingId: "Enter a tracking id, such as RP000001."
                    ])))
        #expect(try TrackCargoRequest.create(TrackCargoForm(trackingId: " ABC123 ")).get().trackingId == "ABC123")
    }

    @Test func aTrackingIdTypedInLowerCaseIsFound() async throws {
        let interactor = TrackCargoInteractor(cargo: InMemoryCargoRepository([try Sample.cargo()]))
        let found = await interactor.execute(try TrackCargoRequest.create(TrackCargoForm(trackingId: "abc123")).get())
        #expect(try found.get().cargo.trackingId == "ABC123")
        #expect(await interactor.execute(try TrackCargoRequest.create(TrackCargoForm(trackingId: "abc124")).get()) == .failure(.cargo(.notFound("abc124"))))
    }

    @Test func thePresenterWritesTheDeliveryOfACargoOnBoard() throws {
        let cargo = try Sample.cargo(customerId: "ACME", events: [Sample.receive, Sample.loadInHongKong])
        let view = TrackCargoPresenter().content(for: TrackCargoResponse(cargo: CargoSummary(cargo)))
        #expect(view.trackingId == "ABC123")
        #expect(view.size == "1 TEU for ACME")
        #expect(view.route == "HKHKG → SESTO")
        #expect(view.window == "ready Sun 1 Mar 2026, 00:00 UTC, due Wed 15 Apr 2026, 00:00 UTC")
        #expect(view.routingStatus == "routed")
        #expect(view.transportStatus == "on board carrier")
        #expect(view.status == "on track")
        #expect(view.isOnTrack && !view.isMisdirected)
        #expect(view.lastKnownLocation == "Hong Kong (HKHKG)")
        #expect(view.currentVoyage == "AE1-0100W")
        #expect(view.nextExpectedActivity == "unload at NLRTM on AE1-0100W, Mon 30 Mar 2026, 00:00 UTC")
        #expect(view.estimatedTimeOfArrival == "Sun 5 Apr 2026, 00:00 UTC")
        #expect(view.itinerary?.route == "HKHKG → NLRTM → SESTO")
        #expect(view.events == ["Sun 1 Mar 2026, 00:00 UTC  receive at HKHKG", "Mon 2 Mar 2026, 00:00 UTC  load at HKHKG on AE1-0100W"])
    }

    @Test func thePresenterWritesAMisdirectedCargo() throws {
        let cargo = try Sample.cargo(events: [Sample.receive, Sample.loadInHongKong, Sample.unloadInHamburg])
        let view = TrackCargoPresenter().content(for: TrackCargoResponse(cargo: CargoSummary(cargo)))
        #expect(view.status == "misdirected")
        #expect(view.transportStatus == "in port")
        #expect(view.isMisdirected && !view.isOnTrack)
        #expect(view.advice == "The unload at DEHAM on AE1-0100W was not the next step of its itinerary: route it again from DEHAM.")
        #expect(view.lastKnownLocation == "DEHAM")  // not on the itinerary, so only the code
        #expect(view.currentVoyage == nil)
        #expect(view.nextExpectedActivity == nil)
        #expect(view.estimatedTimeOfArrival == nil)
    }

    @Test func thePresenterWritesACargoNotRoutedNorReceived() throws {
        let view = TrackCargoPresenter().content(for: TrackCargoResponse(cargo: CargoSummary(try Sample.cargo(routed: false))))
        #expect(view.status == "not routed")
        #expect(view.routingStatus == "not routed")
        #expect(view.transportStatus == "not received")
        #expect(view.lastKnownLocation == nil)
        #expect(view.itinerary == nil)
        #expect(view.events.isEmpty)
        #expect(view.size == "1 TEU")
    }

    @Test func theInteractorFindsTheCargo() async throws {
        let cargo = try Sample.cargo(events: [Sample.receive])
        let interactor = TrackCargoInteractor(cargo: InMemoryCargoRepository([cargo]))
        #expect(try await interactor.execute(TrackCargoRequest(trackingId: "ABC123")).get().cargo == CargoSummary(cargo))
        #expect(await interactor.execute(TrackCargoRequest(trackingId: "NOBODY")) == .failure(.cargo(.notFound("NOBODY"))))
    }

    /// Tracked at a business time, a cargo says how it stands against its deadline, and how far its ETA moved from the
    /// plan when the schedule sails late: the same words as the cargo list.
    @Test func aCargoSaysHowItStandsAgainstItsDeadlineAndItsDelay() async throws {
        let cargo = try Sample.cargo(customerId: "ACME")
        let interactor = TrackCargoInteractor(cargo: InMemoryCargoRepository([cargo]), now: Sample.asOf)
        let response = try await interactor.execute(TrackCargoRequest(trackingId: "ABC123")).get()
        #expect(response.asOf == Sample.asOf())
        let view = TrackCargoPresenter().content(for: response)
        let slack = Sample.specification.arrivalDeadline.timeIntervalSince(Sample.fastest.arrivalTime)
        #expect(view.standing == "fine: \(PlannerFormat.duration(slack)) to spare" && view.delay == nil)
        // The last leg's voyage three days late: the ETA moves, and the cargo is late by what the delay leaves.
        let late = try Sample.network.applying(Scenario([.delay("NF-0310N", by: .seconds(3 * 86_400), from: nil)]))
        let delayed = CargoSummary(cargo, over: late)
        let shown = TrackCargoPresenter().content(for: TrackCargoResponse(cargo: delayed, asOf: Sample.asOf()))
        #expect(shown.delay == "3 days later than planned")
        #expect(shown.standing == PlannerFormat().standing(delayed, asOf: Sample.asOf()))
        #expect(shown.standing?.hasPrefix(delayed.standing(at: Sample.asOf())?.rawValue ?? "none") == true, "\(shown.standing ?? "none")")
        // Without a time, no standing is told.
        #expect(TrackCargoPresenter().content(for: TrackCargoResponse(cargo: delayed)).standing == nil)
    }
}
