import Foundation
import RoutePlanner
import RoutePlannerTestSupport
import Testing

/// A place's transshipment times by change of mode (``Location/transshipmentTimesByMode``), by hand; the seeded oracle
/// tests draw them on their door-to-door networks.
@Suite struct TransshipmentTimesByModeTests {
    private func at(_ hours: Double) -> Date { DoorToDoorSample.at(hours) }

    private func movement(_ from: UnLocode, _ to: UnLocode, _ departure: Double, _ arrival: Double) -> CarrierMovement {
        CarrierMovement(from: from, to: to, departure: at(departure), arrival: at(arrival), capacity: 100)
    }

    /// A voyage of one movement.
    private func voyage(_ number: VoyageNumber, _ from: UnLocode, _ to: UnLocode, _ departure: Double, _ arrival: Double, _ mode: TransportMode = .vessel)
        -> Voyage
    {
        Voyage(number: number, movements: [movement(from, to, departure, arrival)], mode: mode)
    }

    /// A network of these voyages between A, the hub and D.
    private func hubNetwork(_ voyages: [Voyage]) throws -> ScheduleNetwork {
        try ScheduleNetwork(locations: [Location(code: "AAAAA", name: "A"), hub, Location(code: "DDDDD", name: "D")], voyages: voyages)
    }

    /// From A to D, ready at hour 0, by hour 100.
    private func aToD() throws -> RouteSpecification {
        try RouteSpecification(origin: "AAAAA", destination: "DDDDD", readyTime: at(0), arrivalDeadline: at(100))
    }

    /// Costs for pricing: 100 on the movement that arrives at `hours`, else nothing.
    private func costs(dearArrivingAt hours: Double, in network: ScheduleNetwork) -> [Double] {
        (0..<network.movementCount).map { network.movement(ScheduleNetwork.MovementID($0)).arrivalTime == at(hours) ? 100.0 : 0 }
    }

    /// A hub where cargo off a vessel needs 4 hours for a vessel and 30 for a barge, and cargo off a barge 20 for a vessel.
    private let hub = Location(
        code: "HBHUB", name: "Hub", transshipmentTime: .seconds(4 * 3_600),
        transshipmentTimesByMode: [
            ModeChange(from: .vessel, to: .barge): .seconds(30 * 3_600), ModeChange(from: .barge, to: .vessel): .seconds(20 * 3_600),
        ])

    @Test func eachChangeOfModeWaitsItsOwnTime() throws {
        let network = try hubNetwork([
            voyage("IN-BARGE", "AAAAA", "HBHUB", 0, 10, .barge),
            voyage("IN-VESSEL", "AAAAA", "HBHUB", 0, 12),
            // 14 hours after the barge, 12 after the vessel: only cargo off the vessel makes it.
            voyage("OUT-EARLY", "HBHUB", "DDDDD", 24, 40),
            voyage("OUT-LATE", "HBHUB", "DDDDD", 30, 50),
        ])
        let specification = try aToD()
        let router = Router(network: network)
        #expect(try router.earliestArrival(for: specification).legs.map(\.voyage.number) == ["IN-VESSEL", "OUT-EARLY"])
        // Kept to barges and the vessel out: the barge's cargo waits its 20 hours, for the later vessel.
        let bargeOnly = RoutingOptions(avoidedVoyages: ["IN-VESSEL"])
        #expect(try router.earliestArrival(for: specification, options: bargeOnly).legs.map(\.voyage.number) == ["IN-BARGE", "OUT-LATE"])
        for criteria in [[], [RoutingCriterion.co2e]] {
            let options = try router.candidates(for: specification, options: RoutingOptions(avoidedVoyages: ["IN-VESSEL"], criteria: Set(criteria)))
            #expect(options.map { $0.legs.map(\.voyage.number) } == [["IN-BARGE", "OUT-LATE"]])
        }
        // Priced with the vessel in dear, the barge's cargo waits its 20 hours too.
        let dear = costs(dearArrivingAt: 12, in: network)
        #expect(try router.cheapestItinerary(for: specification, costs: dear)?.itinerary.legs.map(\.voyage.number) == ["IN-BARGE", "OUT-LATE"])
        // With CO2e, the bags keep the vessel's chain beside the barge's earlier one: each boards what the other cannot.
        let all = try router.candidates(for: specification, options: RoutingOptions(criteria: [.co2e]))
        #expect(all.map { $0.legs.map(\.voyage.number) } == [["IN-VESSEL", "OUT-EARLY"]])
        // An itinerary that changes faster than its modes allow is refused, and a later one accepted.
        let legs = try router.earliestArrival(for: specification, options: bargeOnly).legs
        let tooSoon = Leg(voyage: network.voyage("OUT-EARLY")!, movementIndices: 0..<1, loadLocation: hub, unloadLocation: network.location("DDDDD")!)
        #expect(throws: ItineraryError(problems: [.transshipmentTooShort(leg: 1, at: "HBHUB")])) { try Itinerary(legs: [legs[0], tooSoon]) }
        #expect(legs[0].transshipmentTime(before: legs[1]) == .seconds(20 * 3_600))
    }

    /// One chain boards a barge after its 4 hours and passes over a vessel before its 20.
    @Test func aChainPassesOverADepartureBeforeItsChangesTime() throws {
        let network = try hubNetwork([
            voyage("IN-BARGE", "AAAAA", "HBHUB", 0, 10, .barge),
            voyage("OUT-VESSEL", "HBHUB", "DDDDD", 16, 40),
            voyage("OUT-BARGE", "HBHUB", "DDDDD", 20, 60, .barge),
        ])
        let specification = try aToD()
        let router = Router(network: network)
        #expect(try router.earliestArrival(for: specification).legs.map(\.voyage.number) == ["IN-BARGE", "OUT-BARGE"])
        #expect(try router.candidates(for: specification).map { $0.legs.map(\.voyage.number) } == [["IN-BARGE", "OUT-BARGE"]])
        let priced = try router.cheapestItinerary(for: specification, costs: [Double](repeating: 0, count: network.movementCount))
        #expect(priced?.itinerary.legs.map(\.voyage.number) == ["IN-BARGE", "OUT-BARGE"])
    }

    /// Pricing: the cheaper barge's label passes over the vessel out, too soon for it; the dearer vessel's label, which
    /// settles after, boards it from the departures passed over.
    @Test func pricingBoardsADeparturePassedOverByACheaperLabel() throws {
        let network = try hubNetwork([
            voyage("IN-BARGE", "AAAAA", "HBHUB", 0, 10, .barge),
            voyage("IN-VESSEL", "AAAAA", "HBHUB", 0, 12),
            voyage("OUT-EARLY", "HBHUB", "DDDDD", 24, 40),
        ])
        let specification = try aToD()
        let dear = costs(dearArrivingAt: 12, in: network)
        let priced = try Router(network: network).cheapestItinerary(for: specification, costs: dear)
        #expect(priced?.itinerary.legs.map(\.voyage.number) == ["IN-VESSEL", "OUT-EARLY"] && priced?.cost == 100)
    }

    @Test func aTruckCollectsAfterTheTimeOntoATruck() throws {
        let place = Location(code: "WWWWW", name: "Warehouse")
        let quick = Location(
            code: "HBHUB", name: "Hub", transshipmentTime: .seconds(24 * 3_600),
            transshipmentTimesByMode: [ModeChange(from: .vessel, to: .truck): .seconds(2 * 3_600)])
        let network = try ScheduleNetwork(
            locations: [Location(code: "AAAAA", name: "A"), quick, place],
            voyages: [Voyage(number: "V1", movements: [movement("AAAAA", "HBHUB", 0, 10)])],
            haulage: [Haulage(from: "HBHUB", to: "WWWWW", duration: .seconds(3 * 3_600))])
        let specification = try RouteSpecification(origin: "AAAAA", destination: "WWWWW", readyTime: at(0), arrivalDeadline: at(100))
        let itinerary = try Router(network: network).earliestArrival(for: specification)
        // Collected 2 hours after the discharge, not 24.
        #expect(itinerary.legs.map(\.loadTime) == [at(0), at(12)])
        #expect(itinerary.arrivalTime == at(15))
        let priced = try Router(network: network).cheapestItinerary(for: specification, costs: [0])
        #expect(priced?.itinerary.arrivalTime == at(15))
    }

    /// Cargo a truck delivers at the hub boards the vessel there at once; cargo off another vessel needs 20 hours for it.
    /// A change of voyage whose first departure is no later does not stand for the truck's cargo: it may not board
    /// every departure from there. The random networks seldom reach this, so it is pinned here, with and without the
    /// bags of extra criteria.
    @Test(arguments: [[], [RoutingCriterion.co2e]])
    func aChangeOfVoyageDoesNotStandForCargoATruckDelivers(criteria: [RoutingCriterion]) throws {
        let hub = Location(
            code: "HBHUB", name: "Hub", transshipmentTime: .zero, transshipmentTimesByMode: [ModeChange(from: .vessel, to: .vessel): .seconds(20 * 3_600)])
        let network = try ScheduleNetwork(
            locations: [Location(code: "AAAAA", name: "A"), Location(code: "QQQQQ", name: "Q"), hub, Location(code: "DDDDD", name: "D")],
            voyages: [
                // Off this vessel at 10, the hub's departure at 15 is 5 hours away: too soon.
                Voyage(number: "V1", movements: [movement("AAAAA", "HBHUB", 0, 10)]),
                Voyage(number: "B0", movements: [movement("AAAAA", "QQQQQ", 0, 11)], mode: .barge),
                Voyage(number: "V2", movements: [movement("HBHUB", "DDDDD", 15, 30)]),
            ],
            haulage: [Haulage(from: "QQQQQ", to: "HBHUB", duration: .seconds(3_600))])
        let specification = try aToD()
        let router = Router(network: network)
        let options = RoutingOptions(criteria: Set(criteria))
        #expect(try router.earliestArrival(for: specification, options: options).legs.map(\.voyage.number) == ["B0", "TRUCK QQQQQ-HBHUB", "V2"])
        #expect(try router.candidates(for: specification, options: options).map { $0.legs.map(\.voyage.number) } == [["B0", "TRUCK QQQQQ-HBHUB", "V2"]])
    }

    /// A cargo's progress waits each change's own time; routed again from the hub, it is ready once the longest
    /// change from the mode it arrived by has passed, so that no option leaves too soon.
    @Test func aCargoDischargedAtTheHubWaitsItsChangesTime() throws {
        let network = try hubNetwork([
            voyage("IN-BARGE", "AAAAA", "HBHUB", 0, 10, .barge),
            voyage("OUT-LATE", "HBHUB", "DDDDD", 30, 50),
        ])
        let specification = try aToD()
        var cargo = try Cargo(trackingId: "MODE01", teu: 1, specification: specification)
        try cargo.assign(to: try Router(network: network).earliestArrival(for: specification))
        func event(_ kind: HandlingEvent.Kind, _ location: UnLocode, _ voyage: VoyageNumber, _ hours: Double) throws -> HandlingEvent {
            try HandlingEvent(kind: kind, location: location, voyage: voyage, completionTime: at(hours), registrationTime: at(hours))
        }
        try cargo.register(event(.load, "AAAAA", "IN-BARGE", 0))
        // Aboard the barge: from the hub once the longest change from a barge (20 hours, to a vessel) has passed.
        #expect(try cargo.specificationFromWhereItIs(in: network).readyTime == at(30))
        // Discharged 12 hours late, at 22: 8 hours before the vessel, where a barge's cargo needs 20.
        try cargo.register(event(.unload, "HBHUB", "IN-BARGE", 22))
        #expect(cargo.disruption(in: network) == .missesConnection(leg: 1, at: "HBHUB"))
        #expect(cargo.disruptionCause(in: network)?.margin == .seconds(12 * 3_600))
        #expect(try cargo.specificationFromWhereItIs(in: network).readyTime == at(42))
    }

    @Test func aNetworkRefusesATimeOffATruckAndOneOutOfRange() throws {
        let place = Location(
            code: "HBHUB", name: "Hub",
            transshipmentTimesByMode: [ModeChange(from: .truck, to: .vessel): .seconds(3_600), ModeChange(from: .rail, to: .barge): .seconds(-1)])
        let error = try #require(throws: ScheduleNetworkError.self) { try ScheduleNetwork(locations: [place], voyages: []) }
        #expect(
            error.description == """
                location HBHUB: the transshipment time of rail-barge is negative or longer than a year
                location HBHUB: truck-vessel has a transshipment time, but cargo off a truck needs none
                """)
    }
}
