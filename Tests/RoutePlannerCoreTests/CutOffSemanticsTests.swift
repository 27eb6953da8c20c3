import Foundation
import RoutePlanner
import Testing

/// One test per cut-off rule of Guides/Routing.md, "Semantics".
@Suite struct CutOffSemanticsTests {
    /// Two sailings from AAAAA to BBBBB: FIRST at hour 10 with the given cut-offs, SECOND at hour 50.
    static func twoSailings(_ cutOffs: [(CutOffCode, Int)]) throws -> ScheduleNetwork {
        var fixture = Fixture([("AAAAA", 0), ("BBBBB", 0)])
        fixture.voyage("FIRST", [("AAAAA", "BBBBB", 10, 20)])
        fixture.voyage("SECOND", [("AAAAA", "BBBBB", 50, 60)])
        fixture.cutOffs("FIRST", cutOffs)
        return try fixture.network()
    }

    static func firstVoyage(_ network: ScheduleNetwork, ready: Int, _ cargoType: CargoType = .dry, dangerousGoods: Bool = false) throws -> String {
        let specification = try Fixture.specification(
            "AAAAA", "BBBBB", ready: ready, deadline: 100, cargoType: cargoType, dangerousGoods: dangerousGoods)
        let itinerary = try network.earliestArrival(for: specification)
        #expect(specification.isSatisfied(by: itinerary))
        #expect(try network.candidates(for: specification).first?.voyageNumbers == itinerary.voyageNumbers)
        return itinerary.voyageNumbers[0]
    }

    @Test(arguments: [CutOffCode.fullContainerDelivery, .documentation, .verifiedGrossMass, .port])
    func dryCargoMustBeReadyByEveryDryCutOff(code: CutOffCode) throws {
        let network = try Self.twoSailings([(code, 6)])
        #expect(try Self.firstVoyage(network, ready: 6) == "FIRST")  // exactly at the cut-off: inclusive
        #expect(try Self.firstVoyage(network, ready: 7) == "SECOND")
        #expect(try Self.firstVoyage(network, ready: 7, .reefer, dangerousGoods: true) == "SECOND")
    }

    @Test func theReeferCutOffBindsReeferCargoOnly() throws {
        let network = try Self.twoSailings([(.reefer, 4), (.fullContainerDelivery, 8)])
        #expect(try Self.firstVoyage(network, ready: 6) == "FIRST")
        #expect(try Self.firstVoyage(network, ready: 6, .reefer) == "SECOND")
        #expect(try Self.firstVoyage(network, ready: 4, .reefer) == "FIRST")
    }

    @Test func theDangerousGoodsCutOffBindsDangerousGoodsOnly() throws {
        let network = try Self.twoSailings([(.dangerousGoods, 2)])
        #expect(try Self.firstVoyage(network, ready: 6, .reefer) == "FIRST")
        #expect(try Self.firstVoyage(network, ready: 6, dangerousGoods: true) == "SECOND")
        #expect(try Self.firstVoyage(network, ready: 2, dangerousGoods: true) == "FIRST")
    }

    @Test func cutOffsThatDoNotConcernLoadingAreIgnoredAtTheOrigin() throws {
        let network = try Self.twoSailings([(.transshipment, 1), (.lessThanContainerDelivery, 1), (.outOfGauge, 1), (.customsAcceptance, 1)])
        #expect(try Self.firstVoyage(network, ready: 9, .reefer, dangerousGoods: true) == "FIRST")
    }

    @Test func aCutOffAfterTheDepartureLeavesTheDepartureDeciding() throws {
        let network = try Self.twoSailings([(.fullContainerDelivery, 15)])
        #expect(try Self.firstVoyage(network, ready: 10) == "FIRST")
        #expect(try Self.firstVoyage(network, ready: 11) == "SECOND")
    }

    /// FEEDER arrives at BBBBB at hour 20; MAIN leaves at 30 (TCO given), LATER at 60 without cut-offs.
    static func transshipment(tco: Int?, transshipmentHours: Int = 4) throws -> ScheduleNetwork {
        var fixture = Fixture([("AAAAA", 0), ("BBBBB", transshipmentHours), ("CCCCC", 0)])
        fixture.voyage("FEEDER", [("AAAAA", "BBBBB", 0, 20)])
        fixture.voyage("MAIN", [("BBBBB", "CCCCC", 30, 40)])
        fixture.voyage("LATER", [("BBBBB", "CCCCC", 60, 70)])
        if let tco { fixture.cutOffs("MAIN", [(.transshipment, tco), (.fullContainerDelivery, 1)]) }
        return try fixture.network()
    }

    @Test func aChangeOfVesselNeedsTheArrivalByTheTranshipmentCutOff() throws {
        let specification = try Fixture.specification("AAAAA", "CCCCC", ready: 0, deadline: 100)
        // The TCO at the arrival is met (inclusive); an hour earlier it is not, though 4 h transshipment would fit.
        #expect(try Self.transshipment(tco: 20).earliestArrival(for: specification).voyageNumbers == ["FEEDER", "MAIN"])
        #expect(try Self.transshipment(tco: 19).earliestArrival(for: specification).voyageNumbers == ["FEEDER", "LATER"])
        // Loading cut-offs (the FCO at hour 1) do not bind cargo that changes vessel.
        #expect(try Self.transshipment(tco: 25).earliestArrival(for: specification).voyageNumbers == ["FEEDER", "MAIN"])
        // Both the transshipment time and the TCO must hold.
        #expect(try Self.transshipment(tco: 25, transshipmentHours: 11).earliestArrival(for: specification).voyageNumbers == ["FEEDER", "LATER"])
        let candidates = try Self.transshipment(tco: 19).candidates(for: specification, limit: 10)
        #expect(candidates.allSatisfy { $0.voyageNumbers != ["FEEDER", "MAIN"] })
    }

    @Test func anItineraryThatMissesATranshipmentCutOffCannotBeMade() throws {
        let network = try Self.transshipment(tco: 19)
        let feeder = network.voyage("FEEDER")!, main = network.voyage("MAIN")!
        let legs = [
            Leg(voyage: feeder, movementIndices: 0..<1, loadLocation: network.location("AAAAA")!, unloadLocation: network.location("BBBBB")!),
            Leg(voyage: main, movementIndices: 0..<1, loadLocation: network.location("BBBBB")!, unloadLocation: network.location("CCCCC")!),
        ]
        #expect(throws: ItineraryError(problems: [.transshipmentCutOffPassed(leg: 1, at: "BBBBB")])) { try Itinerary(legs: legs) }
    }

    @Test func aCallWithoutCutOffsBehavesAsBefore() throws {
        let network = try Self.twoSailings([])
        #expect(!network.hasCutOffTimes)
        #expect(try Self.firstVoyage(network, ready: 10, .reefer, dangerousGoods: true) == "FIRST")
        #expect(
            try Self.transshipment(tco: nil).earliestArrival(
                for: Fixture.specification("AAAAA", "CCCCC", ready: 0, deadline: 100)
            ).voyageNumbers == ["FEEDER", "MAIN"])
    }

    @Test func cutOffsTravelWithTheirCallThroughTheNetworkAndScenarios() throws {
        let network = try Self.twoSailings([(.fullContainerDelivery, 6), (.transshipment, 8)])
        let first = try #require(network.voyage("FIRST")?.movements.first)
        #expect(first.cutOffTimes == [CutOffTime(.fullContainerDelivery, Fixture.at(6)), CutOffTime(.transshipment, Fixture.at(8))])
        #expect(first.transshipmentCutOff == Fixture.at(8))
        #expect(first.latestReadyTime(for: .dry, dangerousGoods: false) == Fixture.at(6))
        // A delay moves the call's cut-offs with its departure.
        let delayed = try network.applying(Scenario([.delay("FIRST", by: .seconds(3 * 3600), from: nil)]))
        #expect(delayed.voyage("FIRST")?.movements.first?.cutOffTimes.map(\.time) == [Fixture.at(9), Fixture.at(11)])
        #expect(try Self.firstVoyage(delayed, ready: 9) == "FIRST")
    }
}
