import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerTestSupport
import Testing

/// The cargo type and the dangerous-goods flag, from the form through booking, routing and re-routing, on the
/// sample schedule where AE1-0100W's Hong Kong call closes early for reefers and dangerous goods.
@Suite struct CargoTypeTests {
    /// AE1-0100W leaves Hong Kong on 2 March; its call takes dry containers until noon on 1 March, reefers until
    /// 28 February and dangerous goods until 27 February. The booking is ready on 1 March.
    static let network: ScheduleNetwork = {
        var movements = SampleVoyages.asiaEurope1.movements
        movements[0].cutOffTimes = [
            CutOffTime(.fullContainerDelivery, SampleVoyages.day(3, 1, hour: 12)), CutOffTime(.reefer, SampleVoyages.day(2, 28)),
            CutOffTime(.dangerousGoods, SampleVoyages.day(2, 27)),
        ]
        let voyages = SampleVoyages.all.map { $0.number == "AE1-0100W" ? $0.replacingMovements(movements) : $0 }
        return try! ScheduleNetwork(locations: SampleLocations.all, voyages: voyages)
    }()
    static let schedule = InMemoryScheduleRepository(network: network)

    static func route(_ form: RouteCargoForm, cargo: InMemoryCargoRepository = InMemoryCargoRepository()) async throws -> [Itinerary] {
        try await RouteCargoInteractor(locations: schedule, voyages: schedule, cargo: cargo).execute(RouteCargoRequest.create(form).get()).get().itineraries
    }

    static func form(_ cargoType: String, dangerousGoods: Bool = false) -> RouteCargoForm {
        RouteCargoForm(origin: "HKHKG", destination: "SESTO", ready: "2026-03-01", deadline: "2026-04-15", cargoType: cargoType, dangerousGoods: dangerousGoods)
    }

    static func specification(_ form: RouteCargoForm) throws -> RouteSpecification? {
        guard case .specification(let specification) = try RouteCargoRequest.create(form).get().target else { return nil }
        return specification
    }

    @Test func theFormsReadTheCargoType() throws {
        #expect(try Self.specification(Self.form(""))?.cargoType == .dry)
        let reefer = try #require(try Self.specification(Self.form(" reefer ", dangerousGoods: true)))
        #expect(reefer.cargoType == .reefer && reefer.containsDangerousGoods)
        #expect(RouteCargoRequest.create(Self.form("FROZEN")) == .failure(ValidationError(fields: [.cargoType: "Enter DRY or REEFER."])))
        let booking = BookCargoForm(origin: "HKHKG", destination: "SESTO", ready: "2026-03-01", deadline: "2026-04-15", customer: "ACME", cargoType: "tank")
        #expect(BookCargoRequest.create(booking) == .failure(ValidationError(fields: [.cargoType: "Enter DRY or REEFER."])))
        // A booked cargo is routed as it was booked: the form's type would contradict it.
        #expect(
            RouteCargoRequest.create(RouteCargoForm(trackingId: "RP000001", cargoType: "REEFER"))
                == .failure(
                    ValidationError(fields: [
                        .cargoType: "Leave this blank: a booked cargo is routed by its own specification."
                    ])))
    }

    @Test func eachCargoTypeBoardsByItsOwnCutOffs() async throws {
        #expect(try await Self.route(Self.form("DRY")).first?.voyageNumbers.first == "AE1-0100W")
        #expect(try await Self.route(Self.form("REEFER")).allSatisfy { !$0.voyageNumbers.contains("AE1-0100W") })
        #expect(try await Self.route(Self.form("DRY", dangerousGoods: true)).allSatisfy { !$0.voyageNumbers.contains("AE1-0100W") })
        #expect(try await Self.route(Self.form("REEFER")).first?.voyageNumbers.first == "AE1-0200W")
    }

    @Test func aBookedReeferIsRoutedAndReRoutedAsAReefer() async throws {
        let cargo = InMemoryCargoRepository()
        let customers = InMemoryCustomerRepository([Customer(id: "ACME", name: "Acme Shipping")!])
        let booked = try await BookCargoInteractor(cargo: cargo, customers: customers, locations: Self.schedule, now: Sample.asOf).execute(
            BookCargoRequest.create(
                BookCargoForm(
                    origin: "HKHKG", destination: "SESTO", ready: "2026-03-01", deadline: "2026-04-15", customer: "ACME", cargoType: "REEFER")
            ).get()
        ).get().cargo
        #expect(try await cargo.cargo(booked.trackingId)?.specification.cargoType == .reefer)

        let options = try await Self.route(RouteCargoForm(trackingId: booked.trackingId.rawValue), cargo: cargo)
        #expect(!options.isEmpty && options.allSatisfy { !$0.voyageNumbers.contains("AE1-0100W") })

        let reRoute = ReRouteCargoInteractor(cargo: cargo, voyages: Self.schedule)
        let entries = try await reRoute.execute(ReRouteCargoRequest.create(ReRouteCargoForm(trackingId: booked.trackingId.rawValue)).get()).get().entries
        let reRouted = try #require(try entries.first?.options.get())
        #expect(!reRouted.isEmpty && reRouted.allSatisfy { !$0.voyageNumbers.contains("AE1-0100W") })
        #expect(entries.first?.specification?.cargoType == .reefer)
    }
}

/// A maximum transit time and the extra criteria, from the forms to the search; a booked cargo keeps its limit, and
/// once loaded the limit counts from the first load.
@Suite struct TransitAndCriteriaFormTests {
    @Test func theFormsReadAMaximumTransitTimeAndCriteria() throws {
        var form = CargoTypeTests.form("")
        form.maxTransitDays = " 35.5 "
        form.criteria = ["cost", "CO2,cost"]
        let request = try RouteCargoRequest.create(form).get()
        guard case .specification(let specification) = request.target else { Issue.record("not a specification"); return }
        #expect(specification.maximumTransitTime == .seconds(35 * 86_400 + 43_200))
        #expect(request.options.criteria == [.handlingCost, .co2e])
        form.maxTransitDays = "0"
        form.criteria = ["speed"]
        #expect(
            RouteCargoRequest.create(form)
                == .failure(
                    ValidationError(fields: [
                        .maxTransitDays: "Enter a number of days above 0 and up to 3650, such as 35 or 35.5.",
                        .criteria: "Enter cost, co2 or both (cost,co2); \"speed\" is neither.",
                    ])))
        #expect(
            RouteCargoRequest.create(RouteCargoForm(trackingId: "RP000001", maxTransitDays: "30"))
                == .failure(
                    ValidationError(fields: [
                        .maxTransitDays: "Leave this blank: a booked cargo is routed by its own specification."
                    ])))
        var booking = BookCargoForm(
            origin: "HKHKG", destination: "SESTO", ready: "2026-03-01", deadline: "2026-04-15", customer: "ACME", maxTransitDays: "20", weight: " 24.5 ")
        #expect(try BookCargoRequest.create(booking).get().specification.maximumTransitTime == .seconds(20 * 86_400))
        #expect(try BookCargoRequest.create(booking).get().weight == 24.5)
        booking.weight = "0"
        #expect(
            BookCargoRequest.create(booking)
                == .failure(
                    ValidationError(fields: [
                        .weight: "Enter the weight in tonnes, above 0 and up to 10000000, such as 24.5."
                    ])))
    }

    @Test func aMaximumTransitTimeIsInclusiveAndHard() async throws {
        // Both options from Hong Kong to Stockholm take 34 days.
        let all = try await CargoTypeTests.route(CargoTypeTests.form(""))
        #expect(all.count == 2 && all.allSatisfy { $0.arrivalTime.timeIntervalSince($0.departureTime) == 34 * 86_400 })
        var form = CargoTypeTests.form("")
        form.maxTransitDays = "34"
        #expect(try await CargoTypeTests.route(form) == all)
        form.maxTransitDays = "33.9"
        let request = try RouteCargoRequest.create(form).get()
        let schedule = CargoTypeTests.schedule
        let result = await RouteCargoInteractor(locations: schedule, voyages: schedule, cargo: InMemoryCargoRepository()).execute(request)
        guard case .failure(.schedule(.noRoute)) = result else { Issue.record("expected no route, got \(result)"); return }
    }

    @Test func onceLoadedTheTransitLimitIsADeadlineFromTheFirstLoad() throws {
        let specification = try RouteSpecification(
            origin: "HKHKG", destination: "SESTO", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(4, 30),
            maximumTransitTime: .seconds(20 * 86_400))
        let onward = try specification.replacing(origin: "NLRTM", readyTime: SampleVoyages.day(3, 15), departedAt: SampleVoyages.day(3, 2))
        #expect(onward.arrivalDeadline == SampleVoyages.day(3, 22) && onward.maximumTransitTime == nil)
        let notYet = try specification.replacing(readyTime: SampleVoyages.day(3, 2))
        #expect(notYet.arrivalDeadline == SampleVoyages.day(4, 30) && notYet.maximumTransitTime == .seconds(20 * 86_400))
        #expect(throws: RouteSpecificationError(problems: [.invalidMaximumTransitTime])) {
            try RouteSpecification(
                origin: "HKHKG", destination: "SESTO", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(4, 30),
                maximumTransitTime: .zero)
        }
    }
}
