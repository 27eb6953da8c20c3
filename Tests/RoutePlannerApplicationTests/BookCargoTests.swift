import Foundation
import RoutePlanner
@testable import RoutePlannerApplication
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
