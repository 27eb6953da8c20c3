import Foundation
import RoutePlanner
import RoutePlannerTestSupport
import Testing

/// Door to door on a hand-made chain: a truck from a factory to a barge terminal on the Yangtze, a barge to Shanghai, a
/// vessel to Rotterdam, a barge up the Rhine to Duisburg and a truck to a warehouse, or a truck from Rotterdam.
@Suite struct DoorToDoorTests {
    @Test func aFactoryToAWarehouseRidesBargeVesselAndBargeWithTrucksAtBothEnds() throws {
        let specification = try RouteSpecification(
            origin: "CNFAC", destination: "DEWHS", readyTime: DoorToDoorSample.at(0), arrivalDeadline: DoorToDoorSample.at(60 * 24))
        let router = Router(network: try DoorToDoorSample.network())
        // By CO2e: the truck from Rotterdam arrives first (21 kg); the barge up the Rhine and the short truck (4 kg) later.
        let candidates = try router.candidates(for: specification, limit: 5, options: RoutingOptions(criteria: [.co2e]))
        #expect(candidates.count == 2)
        let byTruck = candidates[0], byBarge = candidates[1]
        #expect(byTruck.legs.map(\.voyage.mode) == [.truck, .barge, .vessel, .truck])
        #expect(byBarge.legs.map(\.voyage.mode) == [.truck, .barge, .vessel, .barge, .truck])
        #expect(byBarge.legs.map(\.voyage.number) == ["TRUCK CNFAC-CNCKG", "YB1", "AE1", "RB1", "TRUCK DEDUI-DEWHS"])
        // The truck to the barge leaves as late as it still meets the barge's cut-off (12:00): at 09:00.
        #expect(byBarge.departureTime == DoorToDoorSample.at(9))
        #expect(byBarge.legs[0].unloadTime == DoorToDoorSample.at(12))
        // Two transshipments (barge to vessel, vessel to barge); the trucks at either end make none.
        #expect(byBarge.transshipmentCount == 2)
        #expect(byBarge.transshipmentLocations.map(\.code) == ["CNSHA", "NLRTM"])
        // The Rhine barge arrives on Friday 13 February at 20:00 (day 43); the truck leaves Duisburg once its
        // transshipment time has passed, at 00:00 on Saturday, when the gate is closed: it waits for Monday 06:00, and
        // the warehouse takes it at once.
        #expect(byBarge.legs[4].loadTime == DoorToDoorSample.at(46 * 24 + 6))
        #expect(byBarge.arrivalTime == DoorToDoorSample.at(46 * 24 + 7) + 3_600)
        #expect(byTruck.arrivalTime == DoorToDoorSample.at(41 * 24 + 8))
        #expect(byTruck.co2ePerTEU == nil && byBarge.legs.compactMap(\.co2ePerTEU) == [12, 4])
        // Without the criterion the truck dominates: it arrives first with one transshipment fewer.
        #expect(try router.candidates(for: specification).map(\.arrivalTime) == [byTruck.arrivalTime])
        #expect(specification.isSatisfied(by: byBarge) && specification.isSatisfied(by: byTruck))
        // The earliest arrival is the truck's; with Rotterdam avoided, there is no way at all.
        #expect(try router.earliestArrival(for: specification).arrivalTime == byTruck.arrivalTime)
        #expect(throws: RoutingError.noRoute) { try router.earliestArrival(for: specification, options: RoutingOptions(avoidedLocations: ["NLRTM"])) }
        // The trucks' CO2e and distance are the leg's: 12 kg and 120 km (in nautical miles).
        #expect(byBarge.legs[0].co2ePerTEU == 12)
        #expect(abs((byBarge.legs[0].distance ?? 0) - 64.8) < 0.05)
    }

    @Test func aLimitOnChangesOfModeLeavesOutTheRhineBarge() throws {
        let router = Router(network: try DoorToDoorSample.network())
        let specification = try DoorToDoorSample.specification()
        let co2 = RoutingOptions(criteria: [.co2e])
        // Truck, barge, vessel, truck: three changes; by the Rhine barge, four.
        #expect(try router.candidates(for: specification, options: co2).map(\.modeChangeCount) == [3, 4])
        var limited = co2
        limited.maxModeChanges = 3
        #expect(try router.candidates(for: specification, options: limited).map(\.modeChangeCount) == [3])
        limited.maxModeChanges = 2
        #expect(throws: RoutingError.noRoute) { try router.candidates(for: specification, options: limited) }
        #expect(throws: RoutingError.noRoute) { try router.earliestArrival(for: specification, options: limited) }
        limited.maxModeChanges = -1
        #expect(throws: RoutingError.invalidOptions("the most changes of mode, -1, is negative")) {
            try router.earliestArrival(for: specification, options: limited)
        }
    }

    /// At a hub, cargo off a barge is there first and from no later a departure, but boarding the vessel onward is a
    /// change of mode for it and none for cargo off a vessel: with no change of mode allowed, only the second goes on.
    @Test(arguments: [[], [RoutingCriterion.co2e]])
    func cargoOffABargeStandsForCargoOffAVesselOnlyWhereModesDoNotCount(criteria: [RoutingCriterion]) throws {
        let network = try ScheduleNetwork(
            locations: [Location(code: "AAAAA", name: "A"), Location(code: "BBBBB", name: "B"), Location(code: "CCCCC", name: "C")],
            voyages: [
                Voyage(
                    number: "BG",
                    movements: [
                        CarrierMovement(from: "AAAAA", to: "BBBBB", departure: DoorToDoorSample.at(8), arrival: DoorToDoorSample.at(12), capacity: 100)
                    ],
                    mode: .barge),
                Voyage(
                    number: "V1",
                    movements: [CarrierMovement(from: "AAAAA", to: "BBBBB", departure: DoorToDoorSample.at(8), arrival: DoorToDoorSample.at(13), capacity: 100)]
                ),
                Voyage(
                    number: "V2",
                    movements: [
                        CarrierMovement(from: "BBBBB", to: "CCCCC", departure: DoorToDoorSample.at(20), arrival: DoorToDoorSample.at(40), capacity: 100)
                    ]),
            ])
        let specification = try RouteSpecification(
            origin: "AAAAA", destination: "CCCCC", readyTime: DoorToDoorSample.at(0), arrivalDeadline: DoorToDoorSample.at(60))
        let router = Router(network: network)
        let options = RoutingOptions(maxModeChanges: 0, criteria: Set(criteria))
        #expect(try router.earliestArrival(for: specification, options: options).legs.map(\.voyage.number) == ["V1", "V2"])
        #expect(try router.candidates(for: specification, options: options).map { $0.legs.map(\.voyage.number) } == [["V1", "V2"]])
        // With one change allowed, the barge's option departs as late and arrives as early: either may be the one.
        #expect(try router.candidates(for: specification, options: RoutingOptions(maxModeChanges: 1, criteria: Set(criteria))).count == 1)
    }

    @Test func cargoReadyAfterTheBargesCutOffHasNoRoute() throws {
        let specification = try RouteSpecification(
            origin: "CNFAC", destination: "DEWHS", readyTime: DoorToDoorSample.at(9.5), arrivalDeadline: DoorToDoorSample.at(60 * 24))
        #expect(throws: RoutingError.noRoute) { try Router(network: try DoorToDoorSample.network()).earliestArrival(for: specification) }
    }

    @Test func haulsAndTruckVoyagesANetworkRefuses() throws {
        let hauls = [
            Haulage(from: "CNFAC", to: "XXXXX", duration: .seconds(60)),
            Haulage(from: "CNFAC", to: "CNFAC", duration: .seconds(60)),
            Haulage(from: "CNFAC", to: "CNCKG", duration: .zero),
            Haulage(from: "CNFAC", to: "CNSHA", duration: .seconds(60), distance: -1, costPerTEU: .nan, capacityPerDay: -1),
            Haulage(from: "DEDUI", to: "DEWHS", duration: .seconds(60)),
            Haulage(from: "DEDUI", to: "DEWHS", duration: .seconds(120)),
        ]
        let truck = Voyage(
            number: "T1",
            movements: [CarrierMovement(from: "NLRTM", to: "DEDUI", departure: DoorToDoorSample.at(1), arrival: DoorToDoorSample.at(5), capacity: 2)],
            mode: .truck)
        let error = try #require(throws: ScheduleNetworkError.self) {
            try ScheduleNetwork(locations: DoorToDoorSample.locations, voyages: DoorToDoorSample.voyages + [truck], haulage: hauls)
        }
        #expect(
            error.description == """
                voyage T1: a truck is not timetabled; give its hauls in a haulage table
                haul from CNFAC to XXXXX: unknown location XXXXX
                haul from CNFAC to CNFAC: a haul goes between two places
                haul from CNFAC to CNCKG: the time on the road is not between a second and 30 days
                haul from CNFAC to CNSHA: the distance is negative or more than 50000 km
                haul from CNFAC to CNSHA: the cost per TEU is negative or more than 1000000
                haul from CNFAC to CNSHA: the capacity a day is negative or more than 1000000 TEU
                haul from DEDUI to DEWHS: the haul is given more than once
                """)
        // A network with hauls keeps them through a rebuild with other hauls.
        let network = try DoorToDoorSample.network()
        #expect(network.haulage.count == 3)
        #expect(try network.withHaulage([]).haulage.isEmpty)
        #expect(throws: ScheduleNetworkError.self) { try network.withHaulage(hauls) }
    }

    /// Gates across the change to summer time: the gate at the haul's end closes at 02:30 local time on the night the
    /// clocks go from 02:00 to 03:00, a time the change skips, read at winter time's offset (01:30 UTC) whichever time
    /// the question is asked at, so the haul the search found is the one the itinerary is built with.
    @Test func aGateOverTheChangeToSummerTimeIsOneGateForEveryQuestion() throws {
        let locations = [
            Location(code: "XXFAC", name: "Factory", gateHours: GateHours("Sun 00:00-00:20")),
            Location(code: "NLTER", name: "Terminal", timeZone: TimeZone(identifier: "Europe/Amsterdam"), gateHours: GateHours("Sun 00:00-02:30")),
            Location(code: "NLDST", name: "Destination"),
        ]
        let sunday = Date(timeIntervalSince1970: 1_774_742_400)  // 2026-03-29 00:00 UTC, the night of the change
        let voyage = Voyage(
            number: "V1",
            movements: [CarrierMovement(from: "NLTER", to: "NLDST", departure: sunday + 2 * 3_600, arrival: sunday + 5 * 3_600, capacity: 10)])
        let haulage = [Haulage(from: "XXFAC", to: "NLTER", duration: .seconds(20 * 60))]
        let network = try ScheduleNetwork(locations: locations, voyages: [voyage], haulage: haulage)
        let oracle = BruteForceRouter(locations: locations, voyages: [voyage], haulage: haulage)
        let specification = try RouteSpecification(origin: "XXFAC", destination: "NLDST", readyTime: sunday, arrivalDeadline: sunday + 86_400)
        let expected = oracle.itineraries(for: specification).map(\.arrivalTime).min()
        #expect((try? Router(network: network).earliestArrival(for: specification))?.arrivalTime == expected)
        #expect(((try? Router(network: network).candidates(for: specification)) ?? []).map(\.arrivalTime).first == expected)
        // The gate is open until 01:29:59 UTC, and not after.
        let gate = try #require(locations[1].gateHours)
        #expect(gate.lastOpenSecond(atOrBefore: sunday + 2 * 3_600, in: locations[1].timeZone) == sunday + 5_399)
        #expect(gate.opening(atOrAfter: sunday + 5_400, in: locations[1].timeZone) > sunday + 86_400)
        #expect(gate.opening(atOrAfter: sunday + 1_800, in: locations[1].timeZone) == sunday + 1_800)
    }

    /// The lower bounds that prune the search count no stay where a truck delivers: cargo leaves on the next departure,
    /// even at a port whose transshipment time is two days, and through it as a via port. With a stay counted there,
    /// the one way in time would be pruned as too late.
    @Test func aTruckDeliversForTheNextDepartureUnderTheBounds() throws {
        let locations = [
            Location(code: "XXORG", name: "Origin"), Location(code: "XXCHG", name: "Change", transshipmentTime: .seconds(3_600)),
            Location(code: "XXVIA", name: "By truck", transshipmentTime: .seconds(48 * 3_600)), Location(code: "XXDST", name: "Destination"),
        ]
        let base = DoorToDoorSample.base
        func at(_ hours: Double) -> Date { base.addingTimeInterval(hours * 3_600) }
        let voyages = [
            Voyage(number: "V1", movements: [CarrierMovement(from: "XXORG", to: "XXCHG", departure: at(0), arrival: at(24), capacity: 10)]),
            Voyage(number: "V2", movements: [CarrierMovement(from: "XXVIA", to: "XXDST", departure: at(29), arrival: at(39), capacity: 10)]),
        ]
        let haulage = [Haulage(from: "XXCHG", to: "XXVIA", duration: .seconds(4 * 3_600))]
        let network = try ScheduleNetwork(locations: locations, voyages: voyages, haulage: haulage)
        let specification = try RouteSpecification(origin: "XXORG", destination: "XXDST", readyTime: at(0), arrivalDeadline: at(39))
        for router in [Router(network: network), Router(network: network.preparedForSearches())] {
            for options in [RoutingOptions(), RoutingOptions(via: ["XXVIA"])] {
                let earliest = try router.earliestArrival(for: specification, options: options)
                #expect(earliest.legs.map(\.voyage.number) == ["V1", "TRUCK XXCHG-XXVIA", "V2"] && earliest.arrivalTime == at(39), "\(options)")
                #expect(try router.candidates(for: specification, options: options).map(\.arrivalTime) == [at(39)], "\(options)")
            }
        }
    }

    /// A what-if that closes the warehouse closes its gate: the truck from Rotterdam, due on Wednesday 11 February at
    /// 08:00, waits for it to open again on Thursday at 12:00, and the itinerary it had is refused.
    @Test func aClosedPlaceShutsItsGateToTrucks() throws {
        let specification = try RouteSpecification(
            origin: "CNFAC", destination: "DEWHS", readyTime: DoorToDoorSample.at(0), arrivalDeadline: DoorToDoorSample.at(60 * 24))
        let network = try DoorToDoorSample.network()
        let before = try Router(network: network).earliestArrival(for: specification)
        #expect(before.arrivalTime == DoorToDoorSample.at(41 * 24 + 8))
        let closed = try network.applying(
            Scenario([.closePort("DEWHS", from: DoorToDoorSample.at(41 * 24), until: DoorToDoorSample.at(42 * 24 + 12) - 1)]))
        let after = try Router(network: closed).earliestArrival(for: specification)
        #expect(after.arrivalTime == DoorToDoorSample.at(42 * 24 + 12))
        #expect(after.legs.last?.voyage.number == "TRUCK NLRTM-DEWHS")
        let warehouse = try #require(closed.location("DEWHS"))
        #expect(warehouse.gateHours?.isOpen(at: before.arrivalTime, in: warehouse.timeZone) == false)
        #expect(warehouse.gateHours?.description == "Mon 08:00-17:00; Tue 08:00-17:00; Wed 08:00-17:00; Thu 08:00-17:00; Fri 08:00-17:00")
    }

    @Test func anItineraryRefusesAHaulAtAClosedGate() throws {
        let warehouse = DoorToDoorSample.locations[5], duisburg = DoorToDoorSample.locations[4]
        // Saturday 3 January, 10:00: the warehouse is closed.
        let haul = Leg(haul: DoorToDoorSample.haulage[1], from: duisburg, to: warehouse, departure: DoorToDoorSample.at(56), arrival: DoorToDoorSample.at(58))
        #expect(throws: ItineraryError(problems: [.gateClosed(leg: 0, at: "DEDUI"), .gateClosed(leg: 0, at: "DEWHS")])) { try Itinerary(legs: [haul]) }
    }
}
