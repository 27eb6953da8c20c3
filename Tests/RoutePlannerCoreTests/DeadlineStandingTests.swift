import Foundation
import RoutePlanner
import RoutePlannerTestSupport
import Testing

/// How a cargo stands against its deadline (`DeadlineStanding`), case by case: the itinerary arrives in Stockholm on
/// 5 April, and the deadlines and clocks move around it.
@Suite struct DeadlineStandingTests {
    static let arrival = CargoSample.itinerary.arrivalTime

    static func standing(deadline: Date, routed: Bool = true, events: [HandlingEvent] = [], now: Date = SampleVoyages.day(3, 1)) throws -> DeadlineStanding? {
        let specification = try RouteSpecification(
            origin: "HKHKG", destination: "SESTO", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: deadline)
        let delivery = Delivery(specification: specification, itinerary: routed ? CargoSample.itinerary : nil, events: events)
        return DeadlineStanding(delivery, deadline: deadline, now: now)
    }

    @Test func onTrackItIsFineWithADayToSpareAndAtRiskWithLess() throws {
        #expect(try Self.standing(deadline: Self.arrival + 86_400) == .fine)
        #expect(try Self.standing(deadline: Self.arrival + 86_399) == .atRisk)
        #expect(try Self.standing(deadline: Self.arrival) == .atRisk)
    }

    @Test func withoutAnETAItIsLateOnceTheDeadlineHasPassedAndElseHasNone() throws {
        let deadline = SampleVoyages.day(4, 15)
        #expect(try Self.standing(deadline: deadline, routed: false, now: SampleVoyages.day(4, 14)) == nil)
        #expect(try Self.standing(deadline: deadline, routed: false, now: SampleVoyages.day(4, 16)) == .late)
        // Misdirected: unloaded in Hamburg, which its itinerary did not expect.
        let hamburg = try CargoSample.event(.unload, "DEHAM", "AE1-0100W", SampleVoyages.day(4, 1))
        let misdirected = [CargoSample.receive, CargoSample.loadInHongKong, hamburg]
        #expect(try Self.standing(deadline: deadline, events: misdirected, now: SampleVoyages.day(4, 2)) == nil)
        #expect(try Self.standing(deadline: deadline, events: misdirected, now: SampleVoyages.day(4, 20)) == .late)
    }

    @Test func aClaimedCargoHasNone() throws {
        let claim = try CargoSample.event(.claim, "SESTO", nil, SampleVoyages.day(4, 6))
        #expect(try Self.standing(deadline: SampleVoyages.day(4, 15), events: [CargoSample.receive, claim], now: SampleVoyages.day(5, 1)) == nil)
    }

    @Test func aDisruptedRouteIsAtRiskOrLate() throws {
        // The first voyage six days late: the connection in Rotterdam is missed.
        let delayed = try CargoSample.network.applying(Scenario([.delay("AE1-0100W", by: .seconds(6 * 86_400), from: nil)]))
        var cargo = try CargoSample.cargo()
        let delivery = cargo.delivery(over: delayed)
        #expect(delivery.status == .disrupted)
        let deadline = cargo.specification.arrivalDeadline
        // Its route broken, it has no ETA: at risk until its deadline passes, late after.
        #expect(delivery.estimatedTimeOfArrival == nil)
        #expect(DeadlineStanding(delivery, deadline: deadline, now: SampleVoyages.day(3, 1)) == .atRisk)
        #expect(DeadlineStanding(delivery, deadline: deadline, now: deadline + 1) == .late)
        // Late on a route that still takes it there: late, by its ETA.
        let late = try CargoSample.network.applying(Scenario([.delay("NF-0310N", by: .seconds(30 * 86_400), from: nil)]))
        let arriving = cargo.delivery(over: late)
        if case .arrivesLate = arriving.disruption {
            #expect(arriving.estimatedTimeOfArrival.map { $0 > deadline } == true)
            #expect(DeadlineStanding(arriving, deadline: deadline, now: SampleVoyages.day(3, 1)) == .late)
        } else {
            Issue.record("the second voyage thirty days late does not make the cargo late: \(String(describing: arriving.disruption))")
        }
        try cargo.cancel(at: SampleVoyages.day(2, 20))
        #expect(DeadlineStanding(cargo.delivery(over: delayed), deadline: deadline, now: SampleVoyages.day(3, 1)) == nil)
    }
}
