import RoutePlanner
@testable import RoutePlannerApplication
import RoutePlannerTestSupport
import Testing

@Suite struct AssignToRouteTests {
    @Test func theRequestNumbersCandidatesFromOne() throws {
        #expect(
            AssignToRouteRequest.create(AssignToRouteForm(trackingId: "", candidate: "0"))
                == .failure(
                    ValidationError(fields: [
                        .trackingId: "Enter a tracking id, such as RP000001.",
                        .candidate: "Enter the option's number from 1 to 50 or its reference, such as RP-9b7b9e8e130ab9d2.",
                    ])))
        #expect(
            AssignToRouteRequest.create(AssignToRouteForm(trackingId: "ABC123", candidate: "first"))
                == .failure(
                    ValidationError(fields: [
                        .candidate: "Enter the option's number from 1 to 50 or its reference, such as RP-9b7b9e8e130ab9d2."
                    ])))
        #expect(
            AssignToRouteRequest.create(AssignToRouteForm(trackingId: " ABC123 ", candidate: "2"))
                == .success(AssignToRouteRequest(trackingId: "ABC123", choice: .position(1))))
        #expect(
            AssignToRouteRequest.create(AssignToRouteForm(trackingId: "ABC123", candidate: " RP-00ff00ff00ff00ff "))
                == .success(AssignToRouteRequest(trackingId: "ABC123", choice: .reference("RP-00ff00ff00ff00ff"))))
        for notAReference in ["RP-00FF00FF00FF00FF", "RP-00ff", "rp-00ff00ff00ff00ff", "RP-00ff00ff00ff00fg"] {
            #expect(
                AssignToRouteRequest.create(AssignToRouteForm(trackingId: "ABC123", candidate: notAReference))
                    == .failure(
                        ValidationError(fields: [
                            .candidate: "Enter the option's number from 1 to 50 or its reference, such as RP-9b7b9e8e130ab9d2."
                        ])), "\(notAReference)")
        }
    }

    @Test func theInteractorAssignsTheCandidateByItsReference() async throws {
        let repository = try await Self.offered()
        let offer = try #require(try await repository.offer(for: "ABC123"))
        let second = offer.itineraries[1]
        let references = offer.itineraries.map(\.reference).joined(separator: ", ")
        #expect(
            await AssignToRouteInteractor(cargo: repository).execute(AssignToRouteRequest(trackingId: "ABC123", choice: .reference("RP-0000000000000000")))
                == .failure(.invalidOperation("Cargo ABC123 was not offered option RP-0000000000000000; its last list holds \(references).")))
        let response = try await AssignToRouteInteractor(cargo: repository).execute(
            AssignToRouteRequest(trackingId: "ABC123", choice: .reference(second.reference))
        ).get()
        #expect(response.cargo.itinerary?.voyageNumbers == ["AE1-0200W", "NF-0320N"])
        // The options are spent: the same route sent again changes nothing; another asks for new options.
        #expect(try await repository.offer(for: "ABC123") == nil)
        #expect(
            try await AssignToRouteInteractor(cargo: repository).execute(AssignToRouteRequest(trackingId: "ABC123", choice: .reference(second.reference)))
                .get().cargo == response.cargo)
        #expect(
            await AssignToRouteInteractor(cargo: repository).execute(
                AssignToRouteRequest(trackingId: "ABC123", choice: .reference(offer.itineraries[0].reference)))
                == .failure(
                    .invalidOperation("Cargo ABC123 has no options: a cargo's options are spent once its route is assigned; route it again to find new ones.")))
    }

    @Test func thePresenterWritesTheItinerary() throws {
        let routed = AssignToRouteResponse(cargo: CargoSummary(try Sample.cargo()))
        #expect(
            AssignToRoutePresenter().present(.success(routed)).text()
                == .success(
                    "Cargo ABC123 is routed HKHKG → NLRTM → SESTO, arriving Sun 5 Apr 2026, 00:00 UTC; it arrives 10 days before the deadline."))
        let open = AssignToRouteResponse(cargo: CargoSummary(try Sample.cargo(routed: false)))
        #expect(AssignToRoutePresenter().content(for: open) == Described(open, "Cargo ABC123 has no itinerary."))
    }

    /// A cargo not routed yet, offered the two sample candidates.
    static func offered(_ cargo: Cargo? = nil) async throws -> InMemoryCargoRepository {
        let cargo = try cargo ?? Sample.cargo(routed: false)
        let repository = InMemoryCargoRepository([cargo])
        _ = try await RouteCargoInteractor(locations: Sample.schedule, voyages: Sample.schedule, cargo: repository)
            .execute(RouteCargoRequest.create(RouteCargoForm(trackingId: cargo.trackingId.rawValue)).get()).get()
        return repository
    }

    @Test func theInteractorAssignsTheCandidateChosen() async throws {
        let repository = try await Self.offered()
        let response = try await AssignToRouteInteractor(cargo: repository).execute(AssignToRouteRequest(trackingId: "ABC123", choice: .position(1))).get()
        #expect(response.cargo.itinerary?.voyageNumbers == ["AE1-0200W", "NF-0320N"])
        #expect(response.cargo.routingStatus == .routed)
        #expect(try await repository.cargo("ABC123")?.itinerary == response.cargo.itinerary)
    }

    @Test func theInteractorRefusesWhatWasNotOffered() async throws {
        let repository = try await Self.offered()
        let interactor = AssignToRouteInteractor(cargo: repository)
        #expect(
            await interactor.execute(AssignToRouteRequest(trackingId: "ABC123", choice: .position(2)))
                == .failure(.invalidOperation("Cargo ABC123 was offered 2 options; choose 1 to 2.")))
        #expect(await interactor.execute(AssignToRouteRequest(trackingId: "NOBODY", choice: .position(0))) == .failure(.cargo(.notFound("NOBODY"))))
        let notOffered = AssignToRouteInteractor(cargo: InMemoryCargoRepository([try Sample.cargo(routed: false)]))
        #expect(
            await notOffered.execute(AssignToRouteRequest(trackingId: "ABC123", choice: .position(0)))
                == .failure(.invalidOperation("Cargo ABC123 has no options yet; route it first.")))
        #expect(try await repository.cargo("ABC123")?.routingStatus == .notRouted)
    }

    @Test func theInteractorRefusesAnOfferMadeBeforeTheDestinationChanged() async throws {
        let repository = try await Self.offered()
        _ = try await ChangeDestinationInteractor(cargo: repository, locations: Sample.schedule)
            .execute(ChangeDestinationRequest(trackingId: "ABC123", destination: "FIHEL", deadline: nil)).get()
        #expect(
            await AssignToRouteInteractor(cargo: repository).execute(AssignToRouteRequest(trackingId: "ABC123", choice: .position(0)))
                == .failure(.invalidOperation("The destination of cargo ABC123 changed after these options; list them again.")))
    }

    @Test func theInteractorRefusesAnItineraryThatNoLongerFits() async throws {
        // The offer names a later ready time than the cargo's but the same destination and deadline, and an
        // itinerary that leaves before it: made by hand, as a stale offer would be.
        let repository = InMemoryCargoRepository([try Sample.cargo(routed: false)])
        let later = try RouteSpecification(
            origin: "HKHKG", destination: "SESTO", readyTime: SampleVoyages.day(3, 5), arrivalDeadline: Sample.specification.arrivalDeadline)
        try await repository.save(RouteOffer(trackingId: "ABC123", specification: later, itineraries: [Sample.fastest]))
        #expect(
            await AssignToRouteInteractor(cargo: repository).execute(AssignToRouteRequest(trackingId: "ABC123", choice: .position(0)))
                == .failure(.cargo(.itineraryDoesNotFit(trackingId: "ABC123", reasons: ["it leaves before the cargo is ready"]))))
    }
}
