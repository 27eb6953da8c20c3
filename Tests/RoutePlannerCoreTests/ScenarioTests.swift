import Foundation
import RoutePlanner
import RoutePlannerTestSupport
import Testing

/// What-if edits to a schedule, on the sample voyages.
@Suite struct ScenarioTests {
    let network = SampleVoyages.network()
    let specification = try! RouteSpecification(
        origin: "HKHKG", destination: "SESTO", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(4, 15))

    @Test func aCancelledVoyageIsGone() throws {
        let edited = try network.applying(Scenario([.cancelVoyage("NF-0310N")]))
        #expect(edited.voyage("NF-0310N") == nil && edited.voyageCount == network.voyageCount - 1)
        #expect(try edited.earliestArrival(for: specification).voyageNumbers == ["AE1-0100W", "BF-0410E"])
    }

    @Test func aClosedPortIsSailedPast() throws {
        // Rotterdam closed from 25 March to 2 April: AE1-0100W sails on from Singapore to Hamburg, and the
        // Rotterdam feeder of 1 April loses its first call and so never sails.
        let edited = try network.applying(Scenario([.closePort("NLRTM", from: SampleVoyages.day(3, 25), until: SampleVoyages.day(4, 2))]))
        let loop = try #require(edited.voyage("AE1-0100W"))
        #expect(loop.movements.map(\.arrivalLocation) == ["CNSHA", "SGSIN", "DEHAM"])
        #expect(loop.movements[2].departureTime == SampleVoyages.day(3, 11) && loop.movements[2].arrivalTime == SampleVoyages.day(4, 1))
        #expect(edited.voyage("NF-0310N")?.movements.map(\.departureLocation) == ["SEGOT"])
        #expect(edited.voyage("AE1-0200W") == network.voyage("AE1-0200W"))  // its Rotterdam call is after the window
        #expect(try edited.earliestArrival(for: specification).voyageNumbers == ["AE1-0100W", "BF-0410E"])
    }

    @Test func aDelayMovesTheVoyageFromThatCallOn() throws {
        let edited = try network.applying(Scenario([.delay("AE1-0100W", by: .seconds(3 * 86_400), from: "SGSIN")]))
        let loop = try #require(edited.voyage("AE1-0100W"))
        let original = try #require(network.voyage("AE1-0100W"))
        #expect(loop.movements[1] == original.movements[1])  // Shanghai to Singapore is on time
        #expect(loop.movements[2].departureTime == original.movements[2].departureTime + 3 * 86_400)
        // Rotterdam on 2 April misses the 1 April feeder and Hamburg on 4 April the Baltic one: the cargo
        // takes the next week's feeder from Rotterdam and arrives on 12 April.
        #expect(try edited.earliestArrival(for: specification).arrivalTime == SampleVoyages.day(4, 12))
    }

    @Test func aCapacityChangesEveryMovement() throws {
        let edited = try network.applying(Scenario([.capacity("NF-0310N", teu: 10)]))
        #expect(edited.voyage("NF-0310N")?.movements.map(\.capacity) == [10, 10])
    }

    @Test func refusesWhatTheScheduleDoesNotHave() {
        #expect(throws: ScenarioError.unknownVoyage("XX-1")) { try network.applying(Scenario([.cancelVoyage("XX-1")])) }
        #expect(throws: ScenarioError.unknownLocation("USLAX")) { try network.applying(Scenario([.closePort("USLAX", from: nil, until: nil)])) }
        #expect(throws: ScenarioError.voyageDoesNotCall("NF-0310N", at: "DEHAM")) {
            try network.applying(Scenario([.delay("NF-0310N", by: .seconds(3600), from: "DEHAM")]))
        }
        #expect(throws: ScenarioError.invalidCapacity("NF-0310N", -1)) { try network.applying(Scenario([.capacity("NF-0310N", teu: -1)])) }
    }
}
