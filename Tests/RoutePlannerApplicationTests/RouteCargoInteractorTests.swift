import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerTestSupport
import Testing

/// Route cargo over the in-memory repositories: a free-standing specification, or a booked cargo from
/// where it is, whose candidates become its offer.
@Suite struct RouteCargoInteractorTests {
    static func interactor(_ cargo: InMemoryCargoRepository? = nil) -> RouteCargoInteractor {
        RouteCargoInteractor(locations: Sample.schedule, voyages: Sample.schedule, cargo: cargo)
    }

    static func request(_ form: RouteCargoForm) -> RouteCargoRequest { try! RouteCargoRequest.create(form).get() }

    @Test func ordersTheOptionsByHandlingCostWhenAsked() async throws {
        // A network whose transshipments cost a lot: the direct sailings come first by cost.
        let locations = SampleLocations.all.map { location in
            Location(
                code: location.code, name: location.name, transshipmentTime: location.transshipmentTime, handlingCostPerTEU: 50,
                transshipmentCostPerTEU: 1_000)
        }
        let schedule = InMemoryScheduleRepository(network: try ScheduleNetwork(locations: locations, voyages: SampleVoyages.all))
        let interactor = RouteCargoInteractor(locations: schedule, voyages: schedule)
        let form = RouteCargoForm(origin: "HKHKG", destination: "SESTO", ready: "2026-03-01", deadline: "2026-05-15", limit: "10")
        let byArrival = try await interactor.execute(Self.request(form)).get().itineraries
        var cheapest = form
        cheapest.order = " Cost "
        let byCost = try await interactor.execute(Self.request(cheapest)).get().itineraries
        #expect(Set(byCost) == Set(byArrival) && byCost.count > 1)
        let costs = byCost.map { $0.handlingCostPerTEU ?? .infinity }
        #expect(costs == costs.sorted())
        // Options of the same cost keep the router's order.
        for (first, second) in zip(byCost, byCost.dropFirst()) where first.handlingCostPerTEU == second.handlingCostPerTEU {
            #expect(byArrival.firstIndex(of: first)! < byArrival.firstIndex(of: second)!)
        }
        // A booked cargo's offer keeps the order asked for, so that assign-route's numbers are the ones shown.
        let cargo = InMemoryCargoRepository([try Sample.cargo(routed: false)])
        let booked = try await RouteCargoInteractor(locations: schedule, voyages: schedule, cargo: cargo)
            .execute(Self.request(RouteCargoForm(trackingId: "ABC123", order: "cost"))).get().itineraries
        #expect(booked.map { $0.handlingCostPerTEU ?? .infinity } == booked.map { $0.handlingCostPerTEU ?? .infinity }.sorted())
        #expect(try await cargo.offer(for: "ABC123")?.itineraries == booked)
        var wrong = form
        wrong.order = "fastest"
        #expect(RouteCargoRequest.create(wrong) == .failure(ValidationError(fields: [.order: "Enter arrival, cost or co2."])))
    }

    /// A booked cargo's options leave the room the other open cargo take: a feeder that another cargo all but fills
    /// is no option for it, while its own itinerary's room counts as its own.
    @Test func aBookedCargosOptionsRespectTheRoomTheOthersTake() async throws {
        func options(_ cargo: [Cargo]) async throws -> [Itinerary] {
            try await Self.interactor(InMemoryCargoRepository(cargo)).execute(Self.request(RouteCargoForm(trackingId: "ABC123", limit: "10"))).get().itineraries
        }
        let feeder: VoyageNumber = "NF-0310N"  // 1,200 TEU
        let alone = try await options([try Sample.cargo(teu: 300, routed: false)])
        #expect(alone.contains { $0.legs.contains { $0.voyage.number == feeder } })
        let crowded = try await options([try Sample.cargo(teu: 300, routed: false), try Sample.cargo("BIG", teu: 1_000)])
        #expect(!crowded.isEmpty && !crowded.contains { $0.legs.contains { $0.voyage.number == feeder } })
        // Routed on the feeder already, with 900 TEU beside it: its own 300 still fit there.
        let own = try await options([try Sample.cargo(teu: 300), try Sample.cargo("BIG", teu: 900)])
        #expect(own.contains { $0.legs.contains { $0.voyage.number == feeder } })
        // A claimed cargo takes no room.
        var claimed = try Sample.cargo("BIG", teu: 1_000, events: [Sample.receive, Sample.loadInHongKong, Sample.unloadInRotterdam])
        try claimed.register(Sample.event(.load, "NLRTM", feeder, SampleVoyages.day(4, 1)))
        try claimed.register(Sample.event(.unload, "SESTO", feeder, SampleVoyages.day(4, 5)))
        try claimed.register(Sample.event(.claim, "SESTO", nil, SampleVoyages.day(4, 6)))
        #expect(try await options([try Sample.cargo(teu: 300, routed: false), claimed]).contains { $0.legs.contains { $0.voyage.number == feeder } })
    }

    /// Where only the hauls are limited (the voyages' capacities unknown, a truck taking 3 TEU a day), a booked cargo's
    /// options still leave the room the others take: with 2 TEU on the first vessel's truck day, 2 more go on the next
    /// day's truck, for the later vessel.
    @Test func aBookedCargosOptionsRespectTheRoomOfAHaulsDay() async throws {
        let network = try TruckDaySample.network(capacityPerDay: 3, capacitiesAreKnown: false)
        #expect(network.countsRoom)
        let specification = TruckDaySample.specification
        var routed = try Cargo(trackingId: "BIG", teu: 2, specification: specification)
        try routed.assign(to: try Router(network: network).earliestArrival(for: specification))
        let schedule = InMemoryScheduleRepository(network: network)
        func options(_ cargo: [Cargo]) async throws -> [[VoyageNumber]] {
            try await RouteCargoInteractor(locations: schedule, voyages: schedule, cargo: InMemoryCargoRepository(cargo))
                .execute(Self.request(RouteCargoForm(trackingId: "ABC123", limit: "10"))).get().itineraries.map { $0.voyageLegs.map(\.voyage.number) }
        }
        let booked = try Cargo(trackingId: "ABC123", teu: 2, specification: specification)
        #expect(try await options([booked]) == [["V1"], ["V2"]])
        #expect(try await options([booked, routed]) == [["V2"]])
    }

    /// A booking larger than any voyage of the schedule carries is refused with the figure, before a tracking id is
    /// taken.
    @Test func aBookingLargerThanAnyVoyageIsRefusedWithTheFigure() async throws {
        let cargo = InMemoryCargoRepository()
        let customers = InMemoryCustomerRepository([Customer(id: "ACME", name: "Acme Shipping")!])
        let interactor = BookCargoInteractor(
            cargo: cargo, customers: customers, locations: Sample.schedule, voyages: Sample.schedule, now: { SampleVoyages.day(2, 1) })
        func book(_ teu: String) async -> Result<BookCargoResponse, DomainError> {
            await interactor.execute(
                try! BookCargoRequest.create(
                    BookCargoForm(
                        origin: "HKHKG", destination: "SESTO", ready: "2026-03-01", deadline: "2026-05-15", teu: teu, customer: "ACME")
                ).get())
        }
        #expect(
            await book("8001")
                == .failure(
                    .invalidOperation(
                        "The cargo cannot be carried: 8001 TEU is more than any voyage of the schedule carries (at most 8000 TEU). Book it as several cargo.")))
        #expect(try await cargo.allCargo().isEmpty)
        #expect(try await book("8000").get().cargo.trackingId == "RP000001")
    }

    /// A search stopped (its task cancelled, as past a budget) is answered as cancelled and leaves no offer.
    @Test func aCancelledSearchOfABookedCargoLeavesNoOffer() async throws {
        let cargo = InMemoryCargoRepository([try Sample.cargo("ABC123", routed: false)])
        let interactor = Self.interactor(cargo)
        let task = Task {
            while !Task.isCancelled { await Task.yield() }
            return await interactor.execute(Self.request(RouteCargoForm(trackingId: "ABC123")))
        }
        task.cancel()
        #expect(await task.value == .failure(.cancelled))
        #expect(try await cargo.offer(for: "ABC123") == nil)
        #expect(try await interactor.execute(Self.request(RouteCargoForm(trackingId: "ABC123"))).get().itineraries.isEmpty == false)
        #expect(try await cargo.offer(for: "ABC123") != nil)
    }

    @Test func findsTheCandidatesOfASpecification() async throws {
        let result = await Self.interactor().execute(
            Self.request(
                RouteCargoForm(
                    origin: "HKHKG", destination: "SESTO", ready: "2026-03-01", deadline: "2026-04-15T00:00:00Z")))
        let response = try result.get()
        #expect(response.trackingId == nil)
        #expect(response.specification == Sample.specification)
        #expect(response.itineraries.map(\.voyageNumbers) == [["AE1-0100W", "NF-0310N"], ["AE1-0200W", "NF-0320N"]])
        #expect(response.itineraries.first == Sample.fastest)
    }

    @Test func honoursTheOptions() async throws {
        let avoiding = await Self.interactor().execute(
            Self.request(
                RouteCargoForm(
                    origin: "HKHKG", destination: "SESTO", ready: "2026-03-01", deadline: "2026-04-15", avoidVoyages: ["NF-0310N", "NF-0320N"])))
        #expect(try avoiding.get().itineraries.map(\.voyageNumbers) == [["AE1-0100W", "BF-0410E"]])
        let limited = await Self.interactor().execute(
            Self.request(
                RouteCargoForm(
                    origin: "HKHKG", destination: "SESTO", ready: "2026-03-01", deadline: "2026-04-15", limit: "1")))
        #expect(try limited.get().itineraries.count == 1)
    }

    @Test func namesUnknownPortsAndVoyages() async {
        let unknownPort = await Self.interactor().execute(
            Self.request(
                RouteCargoForm(
                    origin: "HKHKG", destination: "SESTX", ready: "2026-03-01", deadline: "2026-04-15")))
        #expect(unknownPort == .failure(.schedule(.unknownLocation("SESTX", closest: ["SESTO"]))))
        let unknownVia = await Self.interactor().execute(
            Self.request(
                RouteCargoForm(
                    origin: "HKHKG", destination: "SESTO", ready: "2026-03-01", deadline: "2026-04-15", via: ["USLAX"])))
        #expect(unknownVia == .failure(.schedule(.unknownLocation("USLAX", closest: ["USNYC"]))))
        let unknownVoyage = await Self.interactor().execute(
            Self.request(
                RouteCargoForm(
                    origin: "HKHKG", destination: "SESTO", ready: "2026-03-01", deadline: "2026-04-15", avoidVoyages: ["XX-1"])))
        #expect(unknownVoyage == .failure(.schedule(.unknownVoyage("XX-1"))))
    }

    @Test func saysWhenTheEarliestArrivalWouldBe() async {
        let result = await Self.interactor().execute(
            Self.request(
                RouteCargoForm(
                    origin: "HKHKG", destination: "SESTO", ready: "2026-03-01", deadline: "2026-04-01")))
        let specification = try! RouteSpecification(
            origin: "HKHKG", destination: "SESTO", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: Sample.utc("2026-04-01T23:59:59Z"))
        #expect(result == .failure(.schedule(.noRoute(specification, earliestPossibleArrival: SampleVoyages.day(4, 5)))))
        let nowhere = await Self.interactor().execute(
            Self.request(
                RouteCargoForm(
                    origin: "USNYC", destination: "SESTO", ready: "2026-03-01", deadline: "2026-04-01")))
        guard case .failure(.schedule(.noRoute(_, nil))) = nowhere else { Issue.record("\(nowhere)"); return }
    }

    /// A ready time after the schedule's last departure, or a deadline before its first, is a field error that
    /// says what the schedule covers, not "no sailing connects"; the earliest possible arrival is searched over
    /// the whole schedule, however long before it the cargo is ready.
    @Test func checksTheDatesAgainstTheSchedule() async throws {
        let controller = Controller(useCase: Self.interactor(), check: RouteCargoRequest.scheduleCheck(Sample.schedule))
        let span = try #require(Sample.network.departureSpan), dates = try #require(Sample.network.sailingSpan)
        func day(_ date: Date) -> String { String(DateText.timestamp(date).prefix(10)) }
        let covers = "The schedule sails from \(day(dates.lowerBound)) to \(day(dates.upperBound))"
        let early = await controller.handle(RouteCargoForm(origin: "HKHKG", destination: "SESTO", ready: "2020-01-01", deadline: "2020-03-01"))
        #expect(
            early
                == .failure(
                    .validation(
                        ValidationError(fields: [
                            .deadline: covers + ", its first departure at \(DateText.timestamp(span.lowerBound)): enter a deadline after that."
                        ]))))
        let late = await controller.handle(RouteCargoForm(origin: "HKHKG", destination: "SESTO", ready: "2030-01-01", deadline: "2030-03-01"))
        #expect(
            late
                == .failure(
                    .validation(
                        ValidationError(fields: [
                            .ready: covers + ", its last departure at \(DateText.timestamp(span.upperBound)): enter a ready time no later than that."
                        ]))))
        // Ready six years before the schedule, with a deadline it cannot meet: the earliest possible arrival is found.
        let deadline = span.lowerBound + 86_400
        let ready = Sample.utc("2020-01-01T00:00:00Z")
        let long = await controller.handle(
            RouteCargoForm(
                origin: "HKHKG", destination: "SESTO", ready: "2020-01-01", deadline: DateText.timestamp(deadline)))
        let earliest = try Sample.network.earliestArrival(
            for: RouteSpecification(
                origin: "HKHKG", destination: "SESTO", readyTime: ready, arrivalDeadline: try #require(Sample.network.lastArrival)))
        let specification = try RouteSpecification(origin: "HKHKG", destination: "SESTO", readyTime: ready, arrivalDeadline: deadline)
        #expect(long == .failure(.domain(.schedule(.noRoute(specification, earliestPossibleArrival: earliest.arrivalTime)))))
        // A booked cargo is routed by its own specification from where it is: nothing to check here.
        #expect(try RouteCargoRequest.create(RouteCargoForm(trackingId: "ABC123")).get().fieldErrors(against: Sample.network).isEmpty)
    }

    @Test func routesABookedCargoAndStoresTheOffer() async throws {
        let repository = InMemoryCargoRepository([try Sample.cargo(routed: false)])
        let response = try await Self.interactor(repository).execute(Self.request(RouteCargoForm(trackingId: "ABC123"))).get()
        #expect(response.trackingId == "ABC123")
        #expect(response.specification == Sample.specification)
        #expect(response.itineraries.count == 2)
        let offer = try #require(try await repository.offer(for: "ABC123"))
        #expect(offer == RouteOffer(trackingId: "ABC123", specification: Sample.specification, itineraries: response.itineraries))
        // Routing does not assign.
        #expect(try await repository.cargo("ABC123")?.routingStatus == .notRouted)
    }

    @Test func routesAMisdirectedCargoFromWhereItWasUnloaded() async throws {
        let repository = InMemoryCargoRepository([
            try Sample.cargo(events: [Sample.receive, Sample.loadInHongKong, Sample.unloadInHamburg])
        ])
        let response = try await Self.interactor(repository).execute(Self.request(RouteCargoForm(trackingId: "ABC123"))).get()
        // From Hamburg, once its 36 hours of transshipment have passed, to the booked destination and deadline.
        #expect(
            response.specification
                == (try RouteSpecification(
                    origin: "DEHAM", destination: "SESTO", readyTime: SampleVoyages.day(4, 2, hour: 12), arrivalDeadline: SampleVoyages.day(4, 15))))
        #expect(response.itineraries.map(\.voyageNumbers) == [["BF-0410E"]])
        #expect(try await repository.offer(for: "ABC123")?.specification.origin == "DEHAM")
    }

    @Test func routesACargoOnBoardFromTheVoyagesNextCall() async throws {
        let repository = InMemoryCargoRepository([try Sample.cargo(events: [Sample.receive, Sample.loadInHongKong])])
        let response = try await Self.interactor(repository).execute(Self.request(RouteCargoForm(trackingId: "ABC123"))).get()
        // Aboard AE1-0100W from Hong Kong: its next call is Shanghai, on 4 March, plus a day of transshipment.
        #expect(response.specification.origin == "CNSHA")
        #expect(response.specification.readyTime == SampleVoyages.day(3, 5))
    }

    @Test func refusesCargoItCannotRoute() async throws {
        let claimed = try Sample.cargo(
            "CLAIMED",
            events: [
                Sample.receive, Sample.loadInHongKong, Sample.unloadInRotterdam,
                Sample.event(.load, "NLRTM", "NF-0310N", SampleVoyages.day(4, 1)), Sample.event(.unload, "SESTO", "NF-0310N", SampleVoyages.day(4, 5)),
                Sample.claim,
            ])
        let repository = InMemoryCargoRepository([claimed])
        #expect(
            await Self.interactor(repository).execute(Self.request(RouteCargoForm(trackingId: "CLAIMED")))
                == .failure(.cargo(.closed("CLAIMED", claim: Sample.claim))))
        #expect(await Self.interactor(repository).execute(Self.request(RouteCargoForm(trackingId: "NOBODY"))) == .failure(.cargo(.notFound("NOBODY"))))
        // Without a cargo repository, no cargo can be found.
        #expect(await Self.interactor().execute(Self.request(RouteCargoForm(trackingId: "CLAIMED"))) == .failure(.cargo(.notFound("CLAIMED"))))
        #expect(try await repository.offer(for: "CLAIMED") == nil)
    }

    @Test func aCancelledTaskGetsCancelled() async {
        let task = Task { () -> Result<RouteCargoResponse, DomainError> in
            while !Task.isCancelled { await Task.yield() }
            return await Self.interactor().execute(
                Self.request(
                    RouteCargoForm(
                        origin: "HKHKG", destination: "SESTO", ready: "2026-03-01", deadline: "2026-04-15")))
        }
        task.cancel()
        #expect(await task.value == .failure(.cancelled))
    }
}
