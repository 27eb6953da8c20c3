import Foundation
import RoutePlanner
import RoutePlannerTestSupport
import Testing

/// The DDD sample's story, told on real codes: a shipper in Hong Kong books a container to Stockholm.
///
/// (The sample's own "CNHKG" and "JNTKO" are not UN/LOCODEs; Hong Kong is HKHKG and Tokyo is JPTYO.)
@Suite struct HongKongToStockholmScenarioTests {
    let network = SampleVoyages.network()

    @Test func aContainerFromHongKongToStockholm() throws {
        // The container is ready at the Hong Kong terminal on 1 March and must be in Stockholm by 15 April.
        let specification = try RouteSpecification(
            origin: SampleLocations.hongKong.code, destination: SampleLocations.stockholm.code,
            readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(4, 15))

        // No vessel sails from Hong Kong to Stockholm, so every route changes vessel in Europe. The fastest
        // takes the Asia-Europe loop sailing on 2 March to Rotterdam (30 March) and, after Rotterdam's day
        // of transshipment, the feeder leaving on 1 April, arriving on 5 April.
        let fastest = try network.earliestArrival(for: specification)
        #expect(fastest.voyageNumbers == ["AE1-0100W", "NF-0310N"])
        #expect(fastest.transshipmentLocations.map(\.code) == [SampleLocations.rotterdam.code])
        #expect(fastest.arrivalTime == SampleVoyages.day(4, 5))
        #expect(specification.isSatisfied(by: fastest))

        // The planner asks for options. Staying aboard to Hamburg and taking the Baltic feeder also
        // arrives in time (6 April) but leaves no later and arrives later: it is dominated. The next
        // week's loop leaves later, on 9 March, and still makes the deadline via Rotterdam (12 April).
        let options = try network.candidates(for: specification, limit: 5)
        #expect(options.map(\.voyageNumbers) == [["AE1-0100W", "NF-0310N"], ["AE1-0200W", "NF-0320N"]])
        #expect(options.allSatisfy(specification.isSatisfied(by:)))

        // Rotterdam's terminal is congested: avoid it. The Hamburg route is now the best there is.
        let avoidingRotterdam = RoutingOptions(avoidedLocations: [SampleLocations.rotterdam.code])
        #expect(throws: RoutingError.noRoute) {
            // Every Asia-Europe loop calls at Rotterdam before Hamburg, so cargo aboard passes it.
            try network.earliestArrival(for: specification, options: avoidingRotterdam)
        }
        let hamburgOnly = RoutingOptions(via: [SampleLocations.hamburg.code])
        let viaHamburg = try network.earliestArrival(for: specification, options: hamburgOnly)
        #expect(viaHamburg.voyageNumbers == ["AE1-0100W", "BF-0410E"])
        #expect(viaHamburg.arrivalTime == SampleVoyages.day(4, 6))

        // A direct sailing only? There is none.
        #expect(throws: RoutingError.noRoute) {
            try network.earliestArrival(for: specification, options: RoutingOptions(maxTransshipments: 0))
        }

        // The first feeder is cancelled: the cargo waits for the next week's feeder from Rotterdam.
        let withoutFirstFeeder = RoutingOptions(avoidedVoyages: ["NF-0310N"])
        let rerouted = try network.earliestArrival(for: specification, options: withoutFirstFeeder)
        #expect(rerouted.voyageNumbers == ["AE1-0100W", "BF-0410E"])
        #expect(rerouted.arrivalTime == SampleVoyages.day(4, 6))

        // A deadline of 4 April cannot be met at all.
        let tooTight = try RouteSpecification(
            origin: "HKHKG", destination: "SESTO", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(4, 4))
        #expect(throws: RoutingError.noRoute) { try network.earliestArrival(for: tooTight) }
    }
}
