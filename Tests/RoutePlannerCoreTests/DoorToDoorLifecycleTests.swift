import Foundation
import RoutePlanner
import RoutePlannerTestSupport
import Testing

/// A cargo's life from a factory to a warehouse (`DoorToDoorSample`'s route by the Rhine barge): the trucks' handling
/// events, where the cargo is, what disrupts it, and where it is routed again from.
@Suite struct DoorToDoorLifecycleTests {
    typealias At = DoorToDoorSample

    static let firstTruck: VoyageNumber = "TRUCK CNFAC-CNCKG", lastTruck: VoyageNumber = "TRUCK DEDUI-DEWHS"

    /// A cargo of 2 TEU booked and routed by the Rhine barge.
    static func cargo() throws -> Cargo {
        var cargo = try Cargo(trackingId: "D2D001", teu: 2, specification: At.specification())
        try cargo.assign(to: At.byBarge())
        return cargo
    }

    static func event(_ kind: HandlingEvent.Kind, _ location: UnLocode, _ voyage: VoyageNumber?, at hours: Double) throws -> HandlingEvent {
        try HandlingEvent(kind: kind, location: location, voyage: voyage, completionTime: At.at(hours), registrationTime: At.at(hours))
    }

    @Test func aTruckIsLoadedAndUnloadedAsItsItineraryExpects() throws {
        let network = try At.network()
        var cargo = try Self.cargo()
        // The truck leaves as late as it meets the barge's cut-off: at 09:00, delivering at 12:00.
        #expect(cargo.itinerary?.legs[0].loadTime == At.at(9) && cargo.itinerary?.legs[0].unloadTime == At.at(12))
        try cargo.register(Self.event(.receive, "CNFAC", nil, at: 8))
        #expect(cargo.delivery(over: network).nextExpectedActivity == HandlingActivity(kind: .load, location: "CNFAC", voyage: Self.firstTruck, time: At.at(9)))
        try cargo.register(Self.event(.load, "CNFAC", Self.firstTruck, at: 9))
        var delivery = cargo.delivery(over: network)
        #expect(delivery.status == .onTrack && delivery.transportStatus == .onboardCarrier)
        #expect(delivery.nextExpectedActivity == HandlingActivity(kind: .unload, location: "CNCKG", voyage: Self.firstTruck, time: At.at(12)))
        // On the truck, it is routed again from where the truck delivers, once it has.
        let fromTheTruck = try cargo.specificationFromWhereItIs(in: network)
        #expect(fromTheTruck.origin == "CNCKG" && fromTheTruck.readyTime == At.at(12))
        try cargo.register(Self.event(.unload, "CNCKG", Self.firstTruck, at: 11.5))
        delivery = cargo.delivery(over: network)
        #expect(delivery.status == .onTrack && !delivery.isMisdirected)
        #expect(delivery.nextExpectedActivity?.voyage == "YB1")
        // Off a truck, no transshipment time: ready at once (Chongqing's is 6 hours).
        #expect(try cargo.specificationFromWhereItIs(in: network).readyTime == At.at(11.5))
        // The warehouse takes the last truck on Monday at 08:00, when its gate opens.
        #expect(delivery.estimatedTimeOfArrival == At.at(46 * 24 + 8))
        #expect(cargo.reasonToReRoute(in: network) == nil && network.disruptedLegs(of: cargo.itinerary!).isEmpty)
    }

    @Test func aTruckThatDeliversAfterTheCutOffMissesTheBarge() throws {
        let network = try At.network()
        var cargo = try Self.cargo()
        try cargo.register(Self.event(.receive, "CNFAC", nil, at: 8))
        try cargo.register(Self.event(.load, "CNFAC", Self.firstTruck, at: 10))
        // Loaded an hour late, the truck delivers at 13:00, after the barge's cut-off at 12:00.
        #expect(cargo.disruption(in: network) == .missesConnection(leg: 1, at: "CNCKG"))
        #expect(cargo.disruptionCause(in: network)?.margin == .seconds(3_600))
        try cargo.register(Self.event(.unload, "CNCKG", Self.firstTruck, at: 13))
        #expect(cargo.delivery(over: network).status == .disrupted)
        #expect(cargo.disruption(in: network) == .missesConnection(leg: 1, at: "CNCKG"))
        // The schedule sails as planned; the cargo, where it is, no longer makes it: routed again from Chongqing.
        #expect(network.disruptedLegs(of: cargo.itinerary!).isEmpty)
        #expect(cargo.reasonToReRoute(in: network) == .disrupted(index: 1, leg: cargo.itinerary!.legs[1]))
        #expect(try cargo.specificationFromWhereItIs(in: network).origin == "CNCKG")
    }

    @Test func aLateBargeMakesTheTruckAfterItLeaveLater() throws {
        let cargo = try Self.cargo()
        // The Rhine barge arrives on Monday at 10:00 instead of Friday at 20:00: the truck leaves once Duisburg's
        // transshipment time has passed, at 14:00, and the warehouse takes it at 15:00, before the deadline.
        var voyages = At.voyages
        voyages[2] = Voyage(
            number: "RB1", movements: [CarrierMovement(from: "NLRTM", to: "DEDUI", departure: At.at(42 * 24), arrival: At.at(46 * 24 + 10), capacity: 150)],
            mode: .barge)
        let late = try ScheduleNetwork(locations: At.locations, voyages: voyages, haulage: At.haulage)
        let delivery = cargo.delivery(over: late)
        #expect(delivery.status == .onTrack && delivery.estimatedTimeOfArrival == At.at(46 * 24 + 15))
        // The barge no longer sails as planned; the truck does.
        #expect(late.disruptedLegs(of: cargo.itinerary!) == [3])
        #expect(late.sailing(cargo.itinerary!.legs[4]) == cargo.itinerary!.legs[4])
    }

    @Test func aHaulGoneFromTheTableNoLongerDrives() throws {
        let cargo = try Self.cargo()
        let without = try At.network().withHaulage(At.haulage.filter { $0.voyageNumber != Self.lastTruck })
        #expect(cargo.disruption(in: without) == .legNoLongerSails(leg: 4, voyage: Self.lastTruck))
        #expect(without.disruptedLegs(of: cargo.itinerary!) == [4])
        #expect(cargo.delivery(over: without).estimatedTimeOfArrival == nil)
        // A gate that now opens later: the truck can no longer leave at 06:00 on Monday as planned.
        var locations = At.locations
        locations[4] = Location(code: "DEDUI", name: "Duisburg", transshipmentTime: .seconds(4 * 3_600), gateHours: GateHours("Mon-Fri 07:00-22:00"))
        let later = try ScheduleNetwork(locations: locations, voyages: At.voyages, haulage: At.haulage)
        #expect(later.disruptedLegs(of: cargo.itinerary!) == [4])
        // It still delivers: at 08:00, when the warehouse opens, as planned.
        #expect(cargo.delivery(over: later).estimatedTimeOfArrival == At.at(46 * 24 + 8))
    }

    @Test func aTrucksHandlingIsWhereItCollectsAndDelivers() throws {
        let network = try At.network()
        #expect(network.handlingProblem(kind: .load, location: "CNFAC", voyage: Self.firstTruck, time: At.at(400)) == nil)
        #expect(network.handlingProblem(kind: .unload, location: "CNCKG", voyage: Self.firstTruck, time: At.at(12)) == nil)
        #expect(
            network.handlingProblem(kind: .load, location: "CNCKG", voyage: Self.firstTruck, time: At.at(12))
                == .voyageDoesNotCall(Self.firstTruck, kind: .load, at: "CNCKG"))
        #expect(network.handlingProblem(kind: .load, location: "CNFAC", voyage: "TRUCK CNFAC-DEWHS", time: At.at(9)) == .unknownVoyage("TRUCK CNFAC-DEWHS"))
        #expect(network.haul(named: Self.lastTruck) == At.haulage[1])
        #expect(network.haul(from: "DEDUI", to: "DEWHS") == At.haulage[1] && network.haul(from: "DEWHS", to: "DEDUI") == nil)
    }

    /// A network of vessels built again with hauls (or retimed) still knows its voyages are vessels': without vessels
    /// among the modes, no vessel is taken.
    @Test func modesHoldOnANetworkOfVesselsBuiltAgain() throws {
        let network = try SampleVoyages.network().withHaulage([Haulage(from: "HKHKG", to: "CNSHA", duration: .seconds(3_600 * 40))])
        let specification = try RouteSpecification(
            origin: "HKHKG", destination: "SESTO", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(4, 30))
        let router = Router(network: network)
        #expect(try !router.candidates(for: specification).isEmpty)
        #expect(throws: RoutingError.self) { try router.candidates(for: specification, options: RoutingOptions(modes: [.rail, .truck])) }
        #expect(try router.candidates(for: specification, options: RoutingOptions(modes: [.vessel])).allSatisfy { $0.legs.allSatisfy { !$0.isHaul } })
    }

    /// A truck under way whose haul has left the table is still unloaded where the cargo's leg delivers; without the
    /// cargo's itinerary, or elsewhere, the event is refused.
    @Test func aTruckWhoseHaulLeftTheTableIsUnloadedWhereItsLegDelivers() throws {
        let without = try At.network().withHaulage(At.haulage.filter { $0.voyageNumber != Self.firstTruck })
        var cargo = try Self.cargo()
        try cargo.register(Self.event(.load, "CNFAC", Self.firstTruck, at: 9))
        #expect(without.handlingProblem(kind: .unload, location: "CNCKG", voyage: Self.firstTruck, time: At.at(12)) == .unknownVoyage(Self.firstTruck))
        #expect(without.handlingProblem(kind: .unload, location: "CNCKG", voyage: Self.firstTruck, time: At.at(12), planned: cargo.itinerary) == nil)
        #expect(
            without.handlingProblem(kind: .unload, location: "CNFAC", voyage: Self.firstTruck, time: At.at(12), planned: cargo.itinerary)
                == .voyageDoesNotCall(Self.firstTruck, kind: .unload, at: "CNFAC"))
        // A load onto it is refused: no truck of that haul will come.
        #expect(
            without.handlingProblem(kind: .load, location: "CNFAC", voyage: Self.firstTruck, time: At.at(12), planned: cargo.itinerary)
                == .unknownVoyage(Self.firstTruck))
    }

    @Test func aCargoReplannedOffATruckKeepsTheTruckAsItDrove() throws {
        let network = try At.network()
        var cargo = try Self.cargo()
        // Loaded an hour early, delivered at 11:00 instead of 12:00.
        try cargo.register(Self.event(.load, "CNFAC", Self.firstTruck, at: 8))
        try cargo.register(Self.event(.unload, "CNCKG", Self.firstTruck, at: 11))
        let specification = try cargo.specificationFromWhereItIs(in: network)
        #expect(specification.origin == "CNCKG" && specification.readyTime == At.at(11))
        let ahead = try #require(try Router(network: network).candidates(for: specification).first)
        let replanned = cargo.replan(onto: ahead, in: network)
        #expect(replanned)
        let legs = try #require(cargo.itinerary?.legs)
        #expect(legs[0].isHaul && legs[0].loadTime == At.at(8) && legs[0].unloadTime == At.at(11))
        #expect(cargo.specification.origin == "CNFAC" && legs.dropFirst().map(\.voyage.number) == ahead.legs.map(\.voyage.number))
    }

    @Test func aVoyageNamedAsAHaulsTruckIsRefused() throws {
        var voyages = At.voyages
        voyages.append(
            Voyage(number: Self.firstTruck, movements: [CarrierMovement(from: "CNCKG", to: "CNSHA", departure: At.at(30), arrival: At.at(200), capacity: 10)]))
        #expect(throws: ScheduleNetworkError.self) { try ScheduleNetwork(locations: At.locations, voyages: voyages, haulage: At.haulage) }
        let network = try ScheduleNetwork(locations: At.locations, voyages: voyages)
        #expect(throws: ScheduleNetworkError.self) { try network.withHaulage(At.haulage) }
    }

    /// Random door-to-door networks (places no voyage calls at, hauls, gate hours), itineraries among every one the
    /// brute-force router finds, random carriers' events, a haul sometimes gone from the table, and random progress
    /// (a truck loaded or unloaded up to three hours late): what disrupts each itinerary, and by how much, is what a
    /// plain re-check of its legs and hauls says.
    @Test func disruptionsWithHaulsMatchABruteForceRecheck() throws {
        var checked = 0, hauled = 0, disrupted = 0, gone = 0
        for seed in UInt64(0)..<1_500 {
            var generator = SplitMix64(seed: seed &+ 1 << 45)
            let schedule = RandomSchedule(
                using: &generator, cutOffs: seed % 2 == 0, longPortStays: seed % 3 == 0, continuations: seed % 4 == 1, hauls: true)
            let oracle = schedule.bruteForce
            var plans: [(Itinerary, RouteSpecification)] = []
            for _ in 0..<6 {
                let specification = schedule.specification(using: &generator, transitLimit: seed % 5 == 0)
                if let itinerary = oracle.itineraries(for: specification).randomElement(using: &generator) { plans.append((itinerary, specification)) }
            }
            var live = LiveSchedule(published: schedule.network)
            live.apply(BruteForceDisruption.randomEvents(schedule.voyages, using: &generator))
            var haulage = schedule.haulage
            if seed % 3 == 2, !haulage.isEmpty { haulage.remove(at: Int.random(in: 0..<haulage.count, using: &generator)) }
            let network = try live.network().withHaulage(haulage)
            for (itinerary, specification) in plans {
                let legs = itinerary.legs
                let first = Int.random(in: 0..<legs.count, using: &generator)
                let aboard = Bool.random(using: &generator) && (first > 0 || legs[0].isHaul)
                let late = TimeInterval(Int.random(in: 0...3, using: &generator) * 3_600)
                // Aboard a truck: loaded up to three hours late, or a minute early.
                let truckLeftAt = aboard && legs[first].isHaul ? legs[first].loadTime + (late > 0 ? late : -60) : nil
                let ready: Date? =
                    aboard
                    ? nil
                    : first == 0
                        ? specification.readyTime
                        : legs[first - 1].isHaul
                            ? legs[first - 1].unloadTime + late
                            : legs[first - 1].unloadTime + TimeInterval(legs[first - 1].transshipmentTime(before: legs[first]).components.seconds)
                let departedAt = first > 0 ? itinerary.departureTime : nil
                let cause = network.disruptionCause(
                    of: itinerary, from: first, boardingFrom: ready, specification: specification, departedAt: departedAt, truckLeftAt: truckLeftAt)
                let expected = BruteForceDisruption.recheckWithMargin(
                    itinerary, from: first, ready: ready, specification, departedAt: departedAt, on: live.voyages, haulage: haulage,
                    locations: schedule.locations, truckLeftAt: truckLeftAt)
                #expect(
                    cause?.disruption == expected?.disruption && cause?.margin == expected?.margin,
                    "seed \(seed): \(legs.map(\.voyage.number)) from \(first), ready \(String(describing: ready)): \(String(describing: cause?.disruption))")
                checked += 1
                if legs.contains(where: \.isHaul) { hauled += 1 }
                if expected != nil { disrupted += 1 }
                if case .legNoLongerSails(let leg, _)? = expected?.disruption, legs[leg].isHaul { gone += 1 }
            }
        }
        // The cases are many and varied: many itineraries have hauls, many are disrupted, some by a haul gone.
        #expect(checked > 3_000 && hauled > checked / 3 && disrupted > checked / 10 && gone > 60, "\(checked) \(hauled) \(disrupted) \(gone)")
        print("door-to-door disruptions: \(checked) itineraries, \(hauled) with hauls, \(disrupted) disrupted, \(gone) by a haul gone")
    }
}
