import Foundation
import RoutePlanner
import RoutePlannerTestSupport
import Testing

/// Routing a booked cargo from where it is, and the checks of a handling event against the network: the core's
/// rules that routing, re-routing, carriers' events and handling reports share.
@Suite struct CargoRoutingTests {
    let network = CargoSample.network

    @Test func aCargoIsRoutedFromWhereItIsOnceItCanMoveOn() throws {
        var cargo = try CargoSample.cargo()
        #expect(try cargo.specificationFromWhereItIs(in: network) == CargoSample.specification)
        _ = try cargo.register(CargoSample.receive)
        #expect(try cargo.specificationFromWhereItIs(in: network) == CargoSample.specification)
        _ = try cargo.register(CargoSample.loadInHongKong)
        _ = try cargo.register(CargoSample.unloadInRotterdam)
        let transshipment = TimeInterval(try #require(network.location("NLRTM")).transshipmentTime.components.seconds)
        let fromRotterdam = try cargo.specificationFromWhereItIs(in: network)
        #expect(fromRotterdam.origin == "NLRTM" && fromRotterdam.destination == "SESTO")
        #expect(fromRotterdam.readyTime == CargoSample.unloadInRotterdam.completionTime + transshipment)
        #expect(fromRotterdam.arrivalDeadline == CargoSample.specification.arrivalDeadline)
    }

    @Test func aClaimedOrCancelledCargoIsNotRoutedAgainAndSaysWhy() throws {
        var claimed = try CargoSample.cargo()
        for event in [
            CargoSample.receive, CargoSample.loadInHongKong, CargoSample.unloadInRotterdam, CargoSample.loadInRotterdam,
            CargoSample.unloadInStockholm, CargoSample.claim,
        ] {
            _ = try claimed.register(event)
        }
        #expect(throws: CargoRoutingError.claimed(CargoSample.claim)) { try claimed.specificationFromWhereItIs(in: network) }
        #expect(claimed.reasonToReRoute(in: network) == .claimed)

        var cancelled = try CargoSample.cargo()
        let time = SampleVoyages.day(2, 20)
        try cancelled.cancel(at: time)
        #expect(throws: CargoRoutingError.cancelled(at: time)) { try cancelled.specificationFromWhereItIs(in: network) }
    }

    @Test func aCargoNeedsRoutingAgainWhenItHasNoItinerary() throws {
        #expect(try CargoSample.cargo(routed: false).reasonToReRoute(in: network) == .notRouted)
        #expect(try CargoSample.cargo().reasonToReRoute(in: network) == nil)
        #expect(ReRoutingReason.notRouted.code == "notRouted" && ReRoutingReason.claimed.code == "claimed")
    }

    @Test func aCargoTakesAnOptionAndItsRoomIsTaken() throws {
        var cargo = try CargoSample.cargo(routed: false)
        let took = cargo.take(CargoSample.itinerary, foundFor: CargoSample.specification, in: network)
        #expect(took)
        #expect(cargo.itinerary == CargoSample.itinerary)

        var expected = CapacityUse(network: network)
        expected.add(CargoSpace(cargo.booking), on: CargoSample.itinerary, in: network)
        #expect(CapacityUse(takenBy: [cargo, try CargoSample.cargo("XYZ789", routed: false)], in: network) == expected)
        // A search for the cargo asks for its room, under what the others take.
        let options = RoutingOptions().leavingRoom(for: cargo, under: expected, in: network)
        #expect(network.capacitiesAreKnown && options.space == CargoSpace(cargo.booking) && options.taken != nil)
    }

    @Test func aHandlingEventIsCheckedAgainstTheNetwork() {
        let load = SampleVoyages.day(3, 2)
        #expect(network.handlingProblem(kind: .load, location: "HKHKG", voyage: "AE1-0100W", time: load) == nil)
        #expect(network.handlingProblem(kind: .receive, location: "HKHKG", voyage: nil, time: load) == nil)
        #expect(network.handlingProblem(kind: .receive, location: "XXXXX", voyage: nil, time: load) == .unknownLocation("XXXXX"))
        #expect(network.handlingProblem(kind: .load, location: "HKHKG", voyage: "ZZ-1", time: load) == .unknownVoyage("ZZ-1"))
        #expect(
            network.handlingProblem(kind: .load, location: "SESTO", voyage: "AE1-0100W", time: load)
                == .voyageDoesNotCall("AE1-0100W", kind: .load, at: "SESTO"))
        let late = load + ScheduleNetwork.handlingCallTolerance + 86_400
        guard
            case .noCallNear(let voyage, let port, let calls, let time) = network.handlingProblem(
                kind: .load, location: "HKHKG", voyage: "AE1-0100W", time: late)
        else { Issue.record("a load a week and more after the call is refused"); return }
        #expect(voyage == "AE1-0100W" && port == "HKHKG" && !calls.isEmpty && time == late)
        #expect(HandlingProblem.unknownLocation("XXXXX").field == "location" && HandlingProblem.unknownVoyage("ZZ-1").field == "voyage")
    }

    @Test func theCargoAScheduleDisruptsAreReplannedUnderTheRoomOthersTake() throws {
        var cargo: [TrackingId: Cargo] = ["ABC123": try CargoSample.cargo("ABC123"), "XYZ789": try CargoSample.cargo("XYZ789", routed: false)]
        let unchanged = try #require(Replanning.replan(&cargo, in: network, limit: 3, accepting: ["ABC123": .best, "XYZ789": .best]))
        #expect(unchanged.disrupted.isEmpty && unchanged.undisturbed == 1 && unchanged.changed.isEmpty)

        // Without its onward voyage, the cargo from Hong Kong misses its connection at Rotterdam.
        let cancelled = try network.applying(Scenario([.cancelVoyage("NF-0310N")]))
        var offered = cargo
        let options = try #require(Replanning.replan(&offered, in: cancelled, limit: 3))
        let disrupted = try #require(options.disrupted.first)
        #expect(options.disrupted.count == 1 && disrupted.trackingId == "ABC123" && disrupted.planned == CargoSample.itinerary)
        #expect(disrupted.specification == CargoSample.specification && !disrupted.accepted && options.changed.isEmpty)
        #expect(offered["ABC123"]?.itinerary == CargoSample.itinerary)

        let accepted = try #require(Replanning.replan(&cargo, in: cancelled, limit: 3, accepting: ["ABC123": .best, "XYZ789": .best]))
        switch accepted.disrupted.first?.options {
        case .success(let itineraries):
            #expect(accepted.changed == ["ABC123"] && cargo["ABC123"]?.itinerary == itineraries.first)
        case .failure(let failure):
            #expect(failure == .noRoute(CargoSample.specification) && accepted.changed.isEmpty && cargo["ABC123"]?.itinerary == CargoSample.itinerary)
        case nil:
            Issue.record("the cargo is disrupted")
        }
    }
}
