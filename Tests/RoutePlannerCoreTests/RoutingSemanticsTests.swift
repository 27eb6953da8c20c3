import Foundation
import RoutePlanner
import Testing

/// One test per rule of Guides/Routing.md, "Semantics".
@Suite struct RoutingSemanticsTests {
    @Test func cargoMayLoadOnADepartureExactlyAtTheReadyTime() throws {
        var fixture = Fixture([("AAAAA", 0), ("BBBBB", 0)])
        fixture.voyage("EARLY", [("AAAAA", "BBBBB", 9, 20)])
        fixture.voyage("READY", [("AAAAA", "BBBBB", 10, 30)])
        let specification = try Fixture.specification("AAAAA", "BBBBB", ready: 10, deadline: 100)
        let itinerary = try fixture.network().earliestArrival(for: specification)
        #expect(itinerary.voyageNumbers == ["READY"])
        #expect(itinerary.departureTime == Fixture.at(10))
        #expect(specification.isSatisfied(by: itinerary))
    }

    @Test func anExactInstantConnectionNeedsATransshipmentTimeOfZero() throws {
        var fixture = Fixture([("AAAAA", 0), ("BBBBB", 0), ("CCCCC", 0)])
        fixture.voyage("FIRST", [("AAAAA", "BBBBB", 0, 10)])
        fixture.voyage("SECOND", [("BBBBB", "CCCCC", 10, 20)])
        fixture.voyage("LATER", [("BBBBB", "CCCCC", 30, 40)])
        let specification = try Fixture.specification("AAAAA", "CCCCC", ready: 0, deadline: 100)
        let itinerary = try fixture.network().earliestArrival(for: specification)
        #expect(itinerary.voyageNumbers == ["FIRST", "SECOND"])
        #expect(itinerary.arrivalTime == Fixture.at(20))
    }

    @Test func anExactInstantConnectionIsRefusedWithAPositiveTransshipmentTime() throws {
        var fixture = Fixture([("AAAAA", 0), ("BBBBB", 1), ("CCCCC", 0)])
        fixture.voyage("FIRST", [("AAAAA", "BBBBB", 0, 10)])
        fixture.voyage("SECOND", [("BBBBB", "CCCCC", 10, 20)])
        fixture.voyage("LATER", [("BBBBB", "CCCCC", 11, 40)])
        let specification = try Fixture.specification("AAAAA", "CCCCC", ready: 0, deadline: 100)
        let itinerary = try fixture.network().earliestArrival(for: specification)
        #expect(itinerary.voyageNumbers == ["FIRST", "LATER"])
        #expect(itinerary.arrivalTime == Fixture.at(40))
    }

    @Test func stayingAboardNeedsNoTransshipmentTime() throws {
        var fixture = Fixture([("AAAAA", 0), ("BBBBB", 48), ("CCCCC", 0)])
        fixture.voyage("THROUGH", [("AAAAA", "BBBBB", 0, 10), ("BBBBB", "CCCCC", 10, 20)])
        let specification = try Fixture.specification("AAAAA", "CCCCC", ready: 0, deadline: 20)
        let itinerary = try fixture.network().earliestArrival(for: specification)
        #expect(itinerary.legs.count == 1)
        #expect(itinerary.transshipmentCount == 0)
        #expect(itinerary.legs[0].calls == ["BBBBB", "CCCCC"])
        #expect(itinerary.arrivalTime == Fixture.at(20))
    }

    @Test func anArrivalExactlyAtTheDeadlineMeetsIt() throws {
        var fixture = Fixture([("AAAAA", 0), ("BBBBB", 0)])
        fixture.voyage("ONTIME", [("AAAAA", "BBBBB", 0, 50)])
        let network = try fixture.network()
        let exact = try Fixture.specification("AAAAA", "BBBBB", ready: 0, deadline: 50)
        #expect(try network.earliestArrival(for: exact).arrivalTime == Fixture.at(50))
        let tooEarly = try Fixture.specification("AAAAA", "BBBBB", ready: 0, deadline: 49)
        #expect(throws: RoutingError.noRoute) { try network.earliestArrival(for: tooEarly) }
    }

    @Test func aLaterVesselThatArrivesEarlierIsFound() throws {
        var fixture = Fixture([("AAAAA", 0), ("BBBBB", 0)])
        fixture.voyage("SLOW", [("AAAAA", "BBBBB", 0, 100)])
        fixture.voyage("FAST", [("AAAAA", "BBBBB", 10, 40)])
        let specification = try Fixture.specification("AAAAA", "BBBBB", ready: 0, deadline: 200)
        let network = try fixture.network()
        #expect(try network.earliestArrival(for: specification).voyageNumbers == ["FAST"])
        // The slow vessel leaves earlier but arrives later: FAST dominates it.
        #expect(try network.candidates(for: specification).map(\.voyageNumbers) == [["FAST"]])
    }

    @Test func aRotationMayCallTheSamePortTwice() throws {
        var fixture = Fixture([("AAAAA", 0), ("BBBBB", 0), ("CCCCC", 0)])
        fixture.voyage(
            "LOOP",
            [
                ("AAAAA", "BBBBB", 0, 10), ("BBBBB", "CCCCC", 12, 20), ("CCCCC", "BBBBB", 22, 30), ("BBBBB", "AAAAA", 32, 40),
            ])
        let network = try fixture.network()
        let back = try network.earliestArrival(for: Fixture.specification("CCCCC", "AAAAA", ready: 0, deadline: 100))
        #expect(back.legs[0].calls == ["BBBBB", "AAAAA"])
        // Loaded at B's first call, the cargo stays aboard through B's second call on to A.
        let through = try network.earliestArrival(for: Fixture.specification("BBBBB", "AAAAA", ready: 11, deadline: 100))
        #expect(through.legs.count == 1)
        #expect(through.legs[0].movementIndices == 1..<4)
        #expect(through.legs[0].calls == ["CCCCC", "BBBBB", "AAAAA"])
    }

    @Test func aSixtyDayJourneyIsFound() throws {
        var fixture = Fixture([("AAAAA", 0), ("BBBBB", 24), ("CCCCC", 0)])
        fixture.voyage("LONG1", [("AAAAA", "BBBBB", 0, 30 * 24)])
        fixture.voyage("LONG2", [("BBBBB", "CCCCC", 31 * 24, 60 * 24)])
        let specification = try Fixture.specification("AAAAA", "CCCCC", ready: 0, deadline: 61 * 24)
        let itinerary = try fixture.network().earliestArrival(for: specification)
        #expect(itinerary.arrivalTime.timeIntervalSince(itinerary.departureTime) == 60 * 86_400)
    }

    @Test func timesAfter2038Work() throws {
        let base = Date(timeIntervalSince1970: 4_102_444_800)  // 2100-01-01T00:00:00Z
        let locations = [Location(code: "AAAAA", name: "A"), Location(code: "BBBBB", name: "B")]
        let voyage = Voyage(
            number: "FUTURE",
            movements: [
                CarrierMovement(from: "AAAAA", to: "BBBBB", departure: base, arrival: base + 86_400, capacity: 10)
            ])
        let network = try ScheduleNetwork(locations: locations, voyages: [voyage])
        let specification = try RouteSpecification(
            origin: "AAAAA", destination: "BBBBB", readyTime: base - 3600, arrivalDeadline: base + 2 * 86_400)
        #expect(try network.earliestArrival(for: specification).arrivalTime == base + 86_400)
    }

    @Test func originEqualToDestinationIsRejected() {
        #expect(throws: RouteSpecificationError(problems: [.originEqualsDestination("NLRTM")])) {
            try RouteSpecification(origin: "NLRTM", destination: "NLRTM", readyTime: Fixture.at(0), arrivalDeadline: Fixture.at(1))
        }
    }

    @Test func anUnreachableDestinationGivesNoRoute() throws {
        var fixture = Fixture([("AAAAA", 0), ("BBBBB", 0), ("CCCCC", 0)])
        fixture.voyage("AB", [("AAAAA", "BBBBB", 0, 10)])
        let network = try fixture.network()
        let specification = try Fixture.specification("AAAAA", "CCCCC", ready: 0, deadline: 1_000)
        #expect(throws: RoutingError.noRoute) { try network.earliestArrival(for: specification) }
        #expect(throws: RoutingError.noRoute) { try network.candidates(for: specification) }
    }
}
