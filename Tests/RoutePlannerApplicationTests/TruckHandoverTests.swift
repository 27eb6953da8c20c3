import Foundation
import RoutePlanner
import RoutePlannerApplication
import Testing

/// Where a haul meets a voyage, an option says so apart from its transshipments.
@Suite struct TruckHandoverTests {
    @Test func anOptionNamesWhereTrucksDeliverAndCollect() throws {
        let start = Date(timeIntervalSince1970: 1_767_225_600)  // Thursday 1 January 2026, 00:00 UTC
        let locations = [
            Location(code: "XXFAC", name: "Factory"), Location(code: "XXTER", name: "Terminal"),
            Location(code: "XXPRT", name: "Port", transshipmentTime: .seconds(3 * 3_600)), Location(code: "XXWHS", name: "Warehouse"),
        ]
        let voyage = Voyage(
            number: "B1",
            movements: [
                CarrierMovement(
                    from: "XXTER", to: "XXPRT", departure: start + 10 * 3_600, arrival: start + 20 * 3_600, capacity: 10,
                    cutOffTimes: [CutOffTime(.fullContainerDelivery, start + 8 * 3_600)])
            ], mode: .barge)
        let haulage = [
            Haulage(from: "XXFAC", to: "XXTER", duration: .seconds(3_600)), Haulage(from: "XXPRT", to: "XXWHS", duration: .seconds(3_600)),
        ]
        let network = try ScheduleNetwork(locations: locations, voyages: [voyage], haulage: haulage)
        let specification = try RouteSpecification(origin: "XXFAC", destination: "XXWHS", readyTime: start, arrivalDeadline: start + 86_400)
        let option = PlannerFormat().itinerary(specification, try network.earliestArrival(for: specification))
        #expect(option.transshipments.isEmpty)
        #expect(
            option.truckHandovers == [
                "Terminal (XXTER): delivered by truck, waits 2 hours to load", "Port (XXPRT): discharged, waits 3 hours for the truck",
            ])
    }
}
