import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerTestSupport
import Testing

/// The DDD sample's cargo lifecycle as one story, on real codes, through the application layer:
/// book, route, misdirect, re-specify, re-route.
@Suite struct CargoLifecycleScenarioTests {
    @Test func aContainerFromHongKongToStockholmIsMisdirectedAndReRouted() async throws {
        // A schedule of real ports (see SampleVoyages) and a cargo repository, wired as an app would.
        let schedule = InMemoryScheduleRepository(network: SampleVoyages.network())
        let repository = InMemoryCargoRepository()
        let routing = RouteCargoCoordinator(controller: RouteCargoController(useCase: RouteCargoInteractor(locations: schedule, voyages: schedule)))
        let assigning = AssignItineraryCoordinator(controller: AssignItineraryController(useCase: AssignItineraryInteractor(cargo: repository)))
        let reRouting = ReRouteCargoController(useCase: ReRouteCargoInteractor(cargo: repository, voyages: schedule))

        // 1. Book: a shipper in Hong Kong books container ABC123 to Stockholm, ready 1 March, due 15 April.
        let specification = try RouteSpecification(
            origin: "HKHKG", destination: "SESTO", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(4, 15))
        try await repository.save(Cargo(trackingId: "ABC123", teu: 1, specification: specification))
        #expect(try await repository.cargo("ABC123")?.routingStatus == .notRouted)

        // 2. Route: the booking clerk asks for options and assigns the fastest, via Rotterdam.
        let options = await routing.route(RouteCargoForm(origin: "HKHKG", destination: "SESTO", ready: "2026-03-01", deadline: "2026-04-15"))
        guard case .success(let views) = options else { Issue.record("\(options)"); return }
        #expect(views.map(\.route) == ["HKHKG → NLRTM → SESTO", "HKHKG → NLRTM → SESTO"])
        let fastest = try SampleVoyages.network().earliestArrival(for: specification)
        #expect(await assigning.assign(trackingId: "ABC123", itinerary: fastest)
            == .success("Cargo ABC123 is routed HKHKG → NLRTM → SESTO, arriving Sun 5 Apr 2026, 00:00 UTC; it arrives 10 days before the deadline."))
        // An itinerary to the wrong place is refused.
        let toHamburg = Leg(voyage: SampleVoyages.asiaEurope1, movementIndices: 0..<4, loadLocation: SampleLocations.hongKong, unloadLocation: SampleLocations.hamburg)
        #expect(await assigning.assign(trackingId: "ABC123", itinerary: try Itinerary(legs: [toHamburg]))
            == .failure("This itinerary does not fit cargo ABC123: it ends at DEHAM, not at SESTO."))

        // 3. Misdirect: instead of Rotterdam, the container is discharged in Hamburg on 1 April.
        var cargo = try #require(try await repository.cargo("ABC123"))
        cargo.registerUnload(at: "DEHAM", time: SampleVoyages.day(4, 1))
        try await repository.save(cargo)
        #expect(cargo.isMisdirected)

        // 4. Re-specify and re-route from where it is: Hamburg, after Hamburg's 36 hours of transshipment.
        let reRouted = await reRouting.reRoute(ReRouteCargoForm(trackingId: "ABC123", location: "DEHAM", time: "2026-04-01T00:00:00Z"))
        guard case .success(let response) = reRouted else { Issue.record("\(reRouted)"); return }
        #expect(response.cargo.specification.origin == "DEHAM")
        #expect(response.cargo.specification.readyTime == SampleVoyages.day(4, 2, hour: 12))
        #expect(response.cargo.routingStatus == .misrouted)  // the old itinerary starts in Hong Kong
        #expect(response.itineraries.map(\.voyageNumbers) == [["BF-0410E"]])

        // 5. Assign the new itinerary: the cargo is routed again, Baltic feeder to Stockholm on 6 April.
        #expect(await assigning.assign(trackingId: "ABC123", itinerary: response.itineraries[0])
            == .success("Cargo ABC123 is routed DEHAM → SESTO, arriving Mon 6 Apr 2026, 00:00 UTC; it arrives 9 days before the deadline."))
        #expect(try await repository.cargo("ABC123")?.routingStatus == .routed)

        // And a cargo nobody booked cannot be re-routed.
        #expect(await reRouting.reRoute(ReRouteCargoForm(trackingId: "XYZ999", location: "DEHAM", time: "2026-04-01")) == .failure(.domain(.cargoNotFound("XYZ999"))))
    }
}
