import Foundation
import RoutePlanner
@testable import RoutePlannerApplication
import RoutePlannerBcrypt
import RoutePlannerFormats
import RoutePlannerTestSupport
import Testing

@Suite struct BookCargoTests {
    static let form = BookCargoForm(
        origin: "hkhkg", destination: "SESTO", ready: "2026-03-01", deadline: "2026-04-15", teu: "2", customer: " ACME ", revenue: "1250")

    @Test func theRequestReadsTheForm() throws {
        let request = try BookCargoRequest.create(Self.form).get()
        #expect(
            request.specification
                == (try RouteSpecification(
                    origin: "HKHKG", destination: "SESTO", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: Sample.utc("2026-04-15T23:59:59Z"))))
        #expect(request.teu == 2)
        #expect(request.customerId == "ACME")
        #expect(request.revenuePerTEU == 1_250)
        var noRevenue = Self.form
        noRevenue.revenue = " "
        #expect(try BookCargoRequest.create(noRevenue).get().revenuePerTEU == nil)
    }

    @Test func theRequestReportsEveryFieldError() {
        let blank = BookCargoForm(origin: "", destination: "", ready: "", deadline: "", teu: "", customer: "")
        let date = "Enter a date (2026-03-01) or a date-time with a zone (2026-03-01T08:00:00Z)."
        #expect(
            BookCargoRequest.create(blank)
                == .failure(
                    ValidationError(fields: [
                        .origin: "Enter a UN/LOCODE, such as NLRTM.", .destination: "Enter a UN/LOCODE, such as NLRTM.", .ready: date,
                        .deadline: date, .teu: "Enter a whole number from 1 to 100000.",
                        .customer: "Enter the id of the customer who books, such as ACME.",
                    ])))
        let wrong = BookCargoForm(
            origin: "SESTO", destination: "sesto", ready: "2026-04-02", deadline: "2026-04-01", teu: "0", customer: "ACME", revenue: "-5")
        #expect(
            BookCargoRequest.create(wrong)
                == .failure(
                    ValidationError(fields: [
                        .destination: "The destination must differ from the origin.",
                        .deadline: "The deadline must be after the ready time.",
                        .teu: "Enter a whole number from 1 to 100000.",
                        .revenue: "Enter a number from 0 to 1000000000, such as 1250.",
                    ])))
    }

    @Test func thePresenterWritesTheBooking() throws {
        let cargo = try Cargo(trackingId: "RP000001", teu: 2, specification: Sample.specification, customerId: "ACME")
        let response = BookCargoResponse(cargo: CargoSummary(cargo))
        #expect(
            BookCargoPresenter().present(.success(response))
                == .success(
                    Described(
                        response, "Booked RP000001: 2 TEU for ACME, HKHKG → SESTO, ready Sun 1 Mar 2026, 00:00 UTC, due Wed 15 Apr 2026, 00:00 UTC.")))
        // The typed values are there beside the sentence.
        #expect(BookCargoPresenter().content(for: response).response.cargo.trackingId == "RP000001")
        let anonymous = try Cargo(trackingId: "RP000002", teu: 1, specification: Sample.specification)
        #expect(BookCargoPresenter().content(for: BookCargoResponse(cargo: CargoSummary(anonymous))).text.hasPrefix("Booked RP000002: 1 TEU for no customer, "))
    }

    static func app() -> (BookCargoInteractor, InMemoryCargoRepository) {
        let cargo = InMemoryCargoRepository()
        let customers = InMemoryCustomerRepository([Customer(id: "ACME", name: "Acme Shipping")!])
        return (BookCargoInteractor(cargo: cargo, customers: customers, locations: Sample.schedule, now: Sample.asOf), cargo)
    }

    @Test func theInteractorBooksUnderNewTrackingIds() async throws {
        let (interactor, repository) = Self.app()
        let request = try BookCargoRequest.create(Self.form).get()
        let first = try await interactor.execute(request).get().cargo
        let second = try await interactor.execute(request).get().cargo
        #expect(first.trackingId == "RP000001")
        #expect(second.trackingId == "RP000002")
        #expect(first.customerId == "ACME" && first.teu == 2 && first.routingStatus == .notRouted)
        let stored = try #require(try await repository.cargo("RP000001"))
        #expect(stored.customerId == "ACME")
        #expect(stored.revenuePerTEU == 1_250)
        #expect(stored.specification == request.specification)
        #expect(try await repository.allCargo().map(\.trackingId) == ["RP000001", "RP000002"])
    }

    /// A customer id is matched without regard to case, as ports and tracking ids are; the cargo names the
    /// customer by the id it was registered under.
    @Test func theCustomerIsFoundWhateverTheCase() async throws {
        let (interactor, repository) = Self.app()
        var form = Self.form
        form.customer = "acme"
        let booked = try await interactor.execute(try BookCargoRequest.create(form).get()).get().cargo
        #expect(booked.customerId == "ACME")
        #expect(try await repository.cargo(booked.trackingId)?.customerId == "ACME")
    }

    @Test func theInteractorRefusesADeadlineThatHasPassed() async throws {
        let cargo = InMemoryCargoRepository()
        let customers = InMemoryCustomerRepository([Customer(id: "ACME", name: "Acme Shipping")!])
        let late = BookCargoInteractor(cargo: cargo, customers: customers, locations: Sample.schedule, now: { SampleVoyages.day(5, 1) })
        let request = try BookCargoRequest.create(Self.form).get()
        #expect(await late.execute(request) == .failure(.cargo(.deadlinePassed(request.specification.arrivalDeadline, asOf: SampleVoyages.day(5, 1)))))
        #expect(
            BookCargoPresenter().present(.failure(.domain(.cargo(.deadlinePassed(SampleVoyages.day(4, 15), asOf: SampleVoyages.day(5, 1))))))
                == .failure(ViewFailure(.rejected, "The deadline, Wed 15 Apr 2026, 00:00 UTC, has passed: it is Fri 1 May 2026, 00:00 UTC now.")))
        #expect(try await cargo.allCargo().isEmpty)
        // The system clock by default: a deadline in 2020 has passed.
        var old = Self.form
        (old.ready, old.deadline) = ("2020-01-01", "2020-02-01")
        let now = BookCargoInteractor(cargo: cargo, customers: customers, locations: Sample.schedule)
        guard case .failure(.cargo(.deadlinePassed)) = await now.execute(try BookCargoRequest.create(old).get()) else {
            Issue.record("a deadline in 2020 was accepted")
            return
        }
    }

    @Test func theInteractorChecksThePortsAndTheCustomer() async throws {
        let (interactor, repository) = Self.app()
        var unknownPort = Self.form
        unknownPort.destination = "SESTX"
        #expect(await interactor.execute(try BookCargoRequest.create(unknownPort).get()) == .failure(.schedule(.unknownLocation("SESTX", closest: ["SESTO"]))))
        var unknownCustomer = Self.form
        unknownCustomer.customer = "NOBODY"
        #expect(await interactor.execute(try BookCargoRequest.create(unknownCustomer).get()) == .failure(.customer(.notFound("NOBODY"))))
        #expect(try await repository.allCargo().isEmpty)
    }
}

/// Booking in one step on a route option, with a reference, and with a deadline no sailing meets: through the
/// composition, as every front end books.
@Suite struct BookOnAnOptionTests {
    static func app(_ cargo: [Cargo] = []) async throws -> (RoutePlannerComposition, InMemoryCargoRepository) {
        let repository = InMemoryCargoRepository(cargo)
        let customers = InMemoryCustomerRepository([Customer(id: "ACME", name: "Acme Shipping")!])
        let app = RoutePlannerComposition(
            files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(), locations: Sample.schedule, voyages: Sample.schedule, cargo: repository,
            customers: customers, now: Sample.asOf)
        return (app, repository)
    }

    static func form(option: String = "", reference: String = "", deadline: String = "2026-04-15", teu: String = "1") -> BookCargoForm {
        BookCargoForm(
            origin: "HKHKG", destination: "SESTO", ready: "2026-03-01", deadline: deadline, teu: teu, customer: "ACME", bookingReference: reference,
            option: option)
    }

    @Test func anOptionIsBookedAndRoutedInOneWrite() async throws {
        let (app, repository) = try await Self.app()
        let option = Sample.fastest.reference
        let booked = try await app.bookCargo.controller.handle(Self.form(option: option, reference: "BK-7")).get()
        #expect(booked.cargo.itinerary?.reference == option && booked.cargo.delivery.status == .onTrack && booked.meetsDeadline)
        let stored = try #require(try await repository.cargo(booked.cargo.trackingId))
        #expect(stored.itinerary == Sample.fastest && stored.bookingReference == "BK-7")
        #expect(stored.changes.map(\.kind) == [.booked, .routed])
        let text = app.bookCargo.presenter.content(for: booked).lines
        #expect(text.count == 2 && text[0].hasSuffix(", booking BK-7.") && text[1].hasPrefix("Routed HKHKG → NLRTM → SESTO, arriving "))
    }

    @Test func aReferenceNamesOneBookingOfItsCustomer() async throws {
        let (app, repository) = try await Self.app()
        _ = try await app.bookCargo.controller.handle(Self.form(reference: "BK-7")).get()
        let again = await app.bookCargo.controller.handle(Self.form(reference: "BK-7"))
        #expect(
            again
                == .failure(
                    .validation(ValidationError(fields: [.bookingReference: "BK-7 is already booked as cargo RP000001: give another reference, or none."]))))
        #expect(try await repository.allCargo().count == 1)
        let long = await app.bookCargo.controller.handle(Self.form(reference: String(repeating: "x", count: 36)))
        #expect(
            long
                == .failure(
                    .validation(
                        ValidationError(fields: [.bookingReference: "Enter at most 35 characters without line breaks, such as BK-2026-0417, or nothing."]))))
        let option = await app.bookCargo.controller.handle(Self.form(option: "fastest"))
        #expect(
            option == .failure(.validation(ValidationError(fields: [.option: "Enter a route option's reference, such as RP-9b7b9e8e130ab9d2, or nothing."]))))
    }

    /// An option the schedule no longer offers the booking, or one whose room the other cargo took, is refused
    /// whole: nothing is booked.
    @Test func anOptionNoLongerOfferedIsRefused() async throws {
        let (app, repository) = try await Self.app()
        let stale = await app.bookCargo.controller.handle(Self.form(option: "RP-0000000000000000"))
        guard case .failure(.domain(.invalidOperation(let message))) = stale else { Issue.record("\(stale)"); return }
        #expect(message.hasPrefix("Option RP-0000000000000000 is not one the schedule offers this booking now"))
        // The others take the fastest route's room: it is no longer offered.
        let capacity = Sample.network.voyages.first { $0.number == "AE1-0100W" }!.movements[0].capacity
        let full = try Cargo(trackingId: "FULL", teu: capacity, specification: Sample.specification, customerId: "ACME")
        var routed = full
        try routed.assign(to: Sample.fastest)
        let (crowded, crowdedRepository) = try await Self.app([routed])
        let taken = await crowded.bookCargo.controller.handle(Self.form(option: Sample.fastest.reference))
        guard case .failure(.domain(.invalidOperation)) = taken else { Issue.record("\(taken)"); return }
        #expect(try await crowdedRepository.allCargo().map(\.trackingId) == ["FULL"])
        #expect(try await repository.allCargo().isEmpty)
    }

    @Test func aDeadlineNoSailingMeetsIsFlaggedWithTheEarliestArrival() async throws {
        let (app, repository) = try await Self.app()
        let booked = try await app.bookCargo.controller.handle(Self.form(deadline: "2026-03-10")).get()
        #expect(!booked.meetsDeadline && booked.earliestPossibleArrival == Sample.fastest.arrivalTime)
        #expect(try await repository.allCargo().count == 1)
        let lines = app.bookCargo.presenter.content(for: booked).lines
        #expect(
            lines.last == "No sailing reaches SESTO by its deadline: the earliest possible arrival is \(PlannerFormat().dateTime(Sample.fastest.arrivalTime)).")
        let inTime = try await app.bookCargo.controller.handle(Self.form()).get()
        #expect(inTime.meetsDeadline && inTime.earliestPossibleArrival == nil)
        // In the documents of the API and of book --format json, each valid against its schema.
        let late = CargoDocument.json(booked), listed = CargoDocument.listed(booked)
        let arrival = "\"earliestPossibleArrival\" : \"\(DateText.timestamp(Sample.fastest.arrivalTime))\""
        #expect(late.contains("\"meetsDeadline\" : false") && late.contains(arrival) && listed.contains(arrival))
        #expect(CargoDocument.json(inTime).contains("\"meetsDeadline\" : true") && !CargoDocument.json(inTime).contains("earliestPossibleArrival"))
        #expect(try JSONSchemas.problems([late, CargoDocument.json(inTime)], schema: "cargo") == "")
        #expect(try JSONSchemas.problems([listed, CargoDocument.listed(inTime)], schema: "cargo-list") == "")
    }
}
