import Foundation
import RoutePlanner
@testable import RoutePlannerApplication
import RoutePlannerTestSupport
import Testing

@Suite struct RegisterHandlingEventTests {
    @Test func theRequestReadsTheForm() throws {
        let request = try RegisterHandlingEventRequest.create(
            RegisterHandlingEventForm(
                trackingId: " ABC123 ", event: "Load", location: "hkhkg", voyage: "AE1-0100W", completionTime: "2026-03-02T00:00:00Z",
                registrationTime: "2026-03-02T06:00:00Z")
        ).get()
        #expect(
            request
                == RegisterHandlingEventRequest(
                    trackingId: "ABC123", kind: .load, location: "HKHKG", voyage: "AE1-0100W", completionTime: SampleVoyages.day(3, 2),
                    registrationTime: SampleVoyages.day(3, 2, hour: 6)))
        let now = try RegisterHandlingEventRequest.create(
            RegisterHandlingEventForm(
                trackingId: "ABC123", event: "receive", location: "HKHKG", completionTime: "2026-03-01T00:00:00Z")
        ).get()
        #expect(now.registrationTime == nil)
        #expect(now.voyage == nil)
    }

    @Test func theRequestReportsEveryFieldError() {
        let bad = RegisterHandlingEventForm(trackingId: "", event: "lost", location: "XX", completionTime: "2026-03-01", registrationTime: "soon")
        #expect(
            RegisterHandlingEventRequest.create(bad)
                == .failure(
                    ValidationError(fields: [
                        .trackingId: "Enter a tracking id, such as RP000001.",
                        .event: "Enter one of receive, load, unload, customs, claim.",
                        .location: "\"XX\" is not a UN/LOCODE: 2 letters for the country and 3 letters or digits for the place, such as NLRTM.",
                        .completionTime: "Enter a date-time with a zone, such as 2026-03-01T08:00:00Z.",
                        .registrationTime: "\"soon\" is not a date (2026-03-01) or a date-time with a zone (2026-03-01T08:00:00Z).",
                    ])))
    }

    @Test(arguments: [
        ("load", "", RegisterHandlingEventForm.Field.voyage, "Enter the voyage the cargo was loaded onto."),
        ("unload", " ", .voyage, "Enter the voyage the cargo was discharged from."),
        ("receive", "AE1-0100W", .voyage, "A receive names no voyage; leave it blank."),
        ("claim", "AE1-0100W", .voyage, "A claim names no voyage; leave it blank."),
    ])
    func theRequestChecksTheVoyageAgainstTheKind(_ event: String, _ voyage: String, _ field: RegisterHandlingEventForm.Field, _ message: String) {
        let form = RegisterHandlingEventForm(trackingId: "ABC123", event: event, location: "HKHKG", voyage: voyage, completionTime: "2026-03-02T00:00:00Z")
        #expect(RegisterHandlingEventRequest.create(form) == .failure(ValidationError(fields: [field: message])))
    }

    @Test func theRequestRefusesAReportBeforeTheEvent() {
        let form = RegisterHandlingEventForm(
            trackingId: "ABC123", event: "receive", location: "HKHKG", completionTime: "2026-03-02T00:00:00Z", registrationTime: "2026-03-01T00:00:00Z")
        #expect(
            RegisterHandlingEventRequest.create(form)
                == .failure(
                    ValidationError(fields: [
                        .completionTime: "The event cannot have happened after it was reported."
                    ])))
    }

    @Test func thePresenterWritesWhatTheReportDid() throws {
        let cargo = CargoSummary(try Sample.cargo(events: [Sample.receive]))
        let presenter = RegisterHandlingEventPresenter()
        #expect(
            presenter.content(for: RegisterHandlingEventResponse(event: Sample.receive, outcome: .recorded, cargo: cargo)).text
                == "Cargo ABC123: receive at HKHKG at Sun 1 Mar 2026, 00:00 UTC registered. Now in port, on track; next: load at HKHKG on AE1-0100W, Mon 2 Mar 2026, 00:00 UTC."
        )
        #expect(
            presenter.content(for: RegisterHandlingEventResponse(event: Sample.receive, outcome: .duplicate, cargo: cargo)).text
                == "Cargo ABC123: receive at HKHKG at Sun 1 Mar 2026, 00:00 UTC was already registered; nothing changed. Now in port, on track; next: load at HKHKG on AE1-0100W, Mon 2 Mar 2026, 00:00 UTC."
        )
        let misdirected = CargoSummary(try Sample.cargo(events: [Sample.receive, Sample.loadInHongKong, Sample.unloadInHamburg]))
        #expect(
            presenter.content(for: RegisterHandlingEventResponse(event: Sample.loadInHongKong, outcome: .recordedOutOfOrder, cargo: misdirected)).text
                == "Cargo ABC123: load at HKHKG on AE1-0100W at Mon 2 Mar 2026, 00:00 UTC registered out of order (an earlier event than the last known; the cargo's state follows completion times). Now in port, misdirected."
        )
    }

    static let registeredAt = SampleVoyages.day(11, 1)

    static func app(_ cargo: Cargo...) -> (RegisterHandlingEventInteractor, InMemoryCargoRepository) {
        let repository = InMemoryCargoRepository(cargo)
        return (RegisterHandlingEventInteractor(cargo: repository, voyages: Sample.schedule, now: { registeredAt + 0.75 }), repository)
    }

    static func request(_ event: String, _ location: String, _ voyage: String, _ time: String, trackingId: String = "ABC123") -> RegisterHandlingEventRequest {
        try! RegisterHandlingEventRequest.create(
            RegisterHandlingEventForm(
                trackingId: trackingId, event: event, location: location, voyage: voyage, completionTime: time)
        ).get()
    }

    @Test func theInteractorRegistersInCompletionOrder() async throws {
        let (interactor, repository) = Self.app(try Sample.cargo())
        let load = try await interactor.execute(Self.request("load", "HKHKG", "AE1-0100W", "2026-03-02T00:00:00Z")).get()
        #expect(load.outcome == .recorded)
        #expect(load.event.registrationTime == Self.registeredAt)  // the clock, rounded down to the second
        let unload = try await interactor.execute(Self.request("unload", "NLRTM", "AE1-0100W", "2026-03-30T00:00:00Z")).get()
        #expect(unload.outcome == .recorded)
        let receive = try await interactor.execute(Self.request("receive", "HKHKG", "", "2026-03-01T00:00:00Z")).get()
        #expect(receive.outcome == .recordedOutOfOrder)
        #expect(receive.cargo.delivery.transportStatus == .inPort)
        #expect(receive.cargo.delivery.nextExpectedActivity?.description == "load at NLRTM on NF-0310N")
        let stored = try #require(try await repository.cargo("ABC123"))
        #expect(stored.handlingEvents.map(\.kind) == [.receive, .load, .unload])
    }

    @Test func theInteractorAcknowledgesADuplicateAndChangesNothing() async throws {
        let (interactor, repository) = Self.app(try Sample.cargo(events: [Sample.receive]))
        let again = try await interactor.execute(Self.request("receive", "HKHKG", "", "2026-03-01T00:00:00Z")).get()
        #expect(again.outcome == .duplicate)
        #expect(try await repository.cargo("ABC123")?.handlingEvents == [Sample.receive])
    }

    @Test func theInteractorMarksAMisdirection() async throws {
        let (interactor, _) = Self.app(try Sample.cargo(events: [Sample.receive, Sample.loadInHongKong]))
        let response = try await interactor.execute(Self.request("unload", "DEHAM", "AE1-0100W", "2026-04-01T00:00:00Z")).get()
        #expect(response.cargo.isMisdirected)
    }

    /// An unload from a voyage the cargo never boarded is impossible: refused, naming the last load, not
    /// registered as a misdirection.
    @Test func theInteractorRefusesAnUnloadFromAVoyageNeverBoarded() async throws {
        let (interactor, repository) = Self.app(try Sample.cargo(events: [Sample.receive, Sample.loadInHongKong]))
        #expect(
            await interactor.execute(Self.request("unload", "SESTO", "NF-0310N", "2026-04-03T00:00:00Z"))
                == .failure(
                    .invalidOperation(
                        "Cargo ABC123: the cargo was never loaded onto NF-0310N, so it cannot be unloaded from it: its last recorded load is "
                            + "load at HKHKG on AE1-0100W, 2026-03-02T00:00:00Z.")))
        let (received, _) = Self.app(try Sample.cargo(events: [Sample.receive]))
        #expect(
            await received.execute(Self.request("unload", "NLRTM", "AE1-0100W", "2026-03-30T00:00:00Z"))
                == .failure(
                    .invalidOperation(
                        "Cargo ABC123: the cargo was never loaded onto AE1-0100W, so it cannot be unloaded from it: no load is recorded before; register the load first."
                    )))
        #expect(try await repository.cargo("ABC123")?.handlingEvents == [Sample.receive, Sample.loadInHongKong])
    }

    @Test(arguments: [
        ("load", "SESTX", "AE1-0100W", "2026-03-02T00:00:00Z", "SESTX is not a port of this network. Did you mean SESTO?"),
        ("load", "HKHKG", "XX-1", "2026-03-02T00:00:00Z", "Voyage XX-1 is not in the schedule."),
        ("load", "SESTO", "AE1-0100W", "2026-03-02T00:00:00Z", "Voyage AE1-0100W does not depart from SESTO."),
        ("unload", "HKHKG", "AE1-0100W", "2026-03-02T00:00:00Z", "Voyage AE1-0100W does not arrive at HKHKG."),
        (
            "load", "HKHKG", "AE1-0100W", "2026-03-20T00:00:00Z",
            "Voyage AE1-0100W calls at HKHKG at 2026-03-02T00:00:00Z, not within a week of 2026-03-20T00:00:00Z."
        ),
    ])
    func theInteractorChecksTheEventAgainstTheSchedule(_ event: String, _ location: String, _ voyage: String, _ time: String, _ message: String) async throws {
        let (interactor, repository) = Self.app(try Sample.cargo())
        #expect(await interactor.execute(Self.request(event, location, voyage, time)) == .failure(.invalidOperation(message)))
        #expect(try await repository.cargo("ABC123")?.handlingEvents == [])
    }

    @Test func theInteractorRefusesUnknownCargoEventsAfterTheClaimAndReportsFromTheFuture() async throws {
        let claimed = try Sample.cargo("CLAIMED", events: [Sample.receive, Sample.claim])
        let (interactor, _) = Self.app(claimed)
        #expect(
            await interactor.execute(Self.request("receive", "HKHKG", "", "2026-03-01T00:00:00Z", trackingId: "NOBODY"))
                == .failure(.cargo(.notFound("NOBODY"))))
        #expect(
            await interactor.execute(Self.request("customs", "SESTO", "", "2026-04-07T00:00:00Z", trackingId: "CLAIMED"))
                == .failure(.invalidOperation("Cargo CLAIMED: the cargo was claimed at 2026-04-06T00:00:00Z; nothing can happen to it afterwards.")))
        #expect(
            await interactor.execute(Self.request("customs", "SESTO", "", "2026-12-01T00:00:00Z", trackingId: "CLAIMED"))
                == .failure(.invalidOperation("The event cannot have happened after it was reported (2026-11-01T00:00:00Z).")))
    }
}
