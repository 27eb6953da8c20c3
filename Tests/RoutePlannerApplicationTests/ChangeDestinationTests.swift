import Foundation
import RoutePlanner
@testable import RoutePlannerApplication
import RoutePlannerTestSupport
import Testing

@Suite struct ChangeDestinationTests {
    @Test func theRequestReadsTheForm() throws {
        #expect(
            ChangeDestinationRequest.create(ChangeDestinationForm(trackingId: " ", destination: "FI-HEL", deadline: "soon"))
                == .failure(
                    ValidationError(fields: [
                        .trackingId: "Enter a tracking id, such as RP000001.",
                        .destination: "\"FI-HEL\" is not a UN/LOCODE: 2 letters for the country and 3 letters or digits for the place, such as NLRTM.",
                        .deadline: "\"soon\" is not a date (2026-03-01) or a date-time with a zone (2026-03-01T08:00:00Z).",
                    ])))
        #expect(
            ChangeDestinationRequest.create(ChangeDestinationForm(trackingId: "ABC123", destination: "fihel"))
                == .success(ChangeDestinationRequest(trackingId: "ABC123", destination: "FIHEL", deadline: nil)))
        #expect(
            try ChangeDestinationRequest.create(ChangeDestinationForm(trackingId: "ABC123", destination: "FIHEL", deadline: "2026-04-30")).get().deadline
                == Sample.utc("2026-04-30T23:59:59Z"))
    }

    @Test func thePresenterSaysWhatToDoNext() throws {
        var moved = try Sample.cargo()
        moved.specifyNewRoute(
            try RouteSpecification(
                origin: "HKHKG", destination: "FIHEL", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(4, 30)))
        #expect(
            ChangeDestinationPresenter().content(for: ChangeDestinationResponse(cargo: CargoSummary(moved))).text
                == "Cargo ABC123 now goes to FIHEL by Thu 30 Apr 2026, 00:00 UTC; route it again.")
        var later = try Sample.cargo()
        later.specifyNewRoute(
            try RouteSpecification(
                origin: "HKHKG", destination: "SESTO", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(4, 30)))
        #expect(
            ChangeDestinationPresenter().content(for: ChangeDestinationResponse(cargo: CargoSummary(later))).text
                == "Cargo ABC123 now goes to SESTO by Thu 30 Apr 2026, 00:00 UTC; its itinerary still fits.")
    }

    static func interactor(_ cargo: Cargo...) -> (ChangeDestinationInteractor, InMemoryCargoRepository) {
        let repository = InMemoryCargoRepository(cargo)
        return (ChangeDestinationInteractor(cargo: repository, locations: Sample.schedule), repository)
    }

    @Test func theInteractorGivesANewSpecificationAndKeepsTheItinerary() async throws {
        let (interactor, repository) = Self.interactor(try Sample.cargo())
        let response = try await interactor.execute(ChangeDestinationRequest(trackingId: "ABC123", destination: "FIHEL", deadline: SampleVoyages.day(4, 30)))
            .get()
        #expect(
            response.cargo.specification
                == (try RouteSpecification(
                    origin: "HKHKG", destination: "FIHEL", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(4, 30))))
        #expect(response.cargo.routingStatus == .misrouted)
        let stored = try #require(try await repository.cargo("ABC123"))
        #expect(stored.itinerary == Sample.fastest)
        #expect(stored.specification.destination == "FIHEL")
        // Without a deadline, the booked one stays.
        let same = try await interactor.execute(ChangeDestinationRequest(trackingId: "ABC123", destination: "DEHAM", deadline: nil)).get()
        #expect(same.cargo.specification.arrivalDeadline == SampleVoyages.day(4, 30))
    }

    @Test func theInteractorRefusesWhatCannotBe() async throws {
        let claimed = try Sample.cargo("CLAIMED", events: [Sample.receive, Sample.claim])
        let (interactor, repository) = Self.interactor(try Sample.cargo(), claimed)
        #expect(
            await interactor.execute(ChangeDestinationRequest(trackingId: "ABC123", destination: "FIHEX", deadline: nil))
                == .failure(.schedule(.unknownLocation("FIHEX", closest: ["FIHEL"]))))
        #expect(
            await interactor.execute(ChangeDestinationRequest(trackingId: "NOBODY", destination: "FIHEL", deadline: nil))
                == .failure(.cargo(.notFound("NOBODY"))))
        #expect(
            await interactor.execute(ChangeDestinationRequest(trackingId: "CLAIMED", destination: "FIHEL", deadline: nil))
                == .failure(.cargo(.closed("CLAIMED", claim: Sample.claim))))
        #expect(
            await interactor.execute(ChangeDestinationRequest(trackingId: "ABC123", destination: "HKHKG", deadline: nil))
                == .failure(.invalidOperation("HKHKG is where cargo ABC123 starts; choose another destination.")))
        #expect(
            await interactor.execute(ChangeDestinationRequest(trackingId: "ABC123", destination: "FIHEL", deadline: SampleVoyages.day(2, 1)))
                == .failure(.invalidOperation("The new deadline is before cargo ABC123 is ready.")))
        #expect(try await repository.cargo("ABC123")?.specification == Sample.specification)
    }
}
