import BundledData
import Foundation
import RoutePlanner
import Testing

/// Routing on the bundled LINER-LIB WorldSmall timetable against the instance's own transit-time limits.
@Suite struct WorldSmallTests {
    /// LINER-LIB's TransitTime bounds the time from loading to discharge, not the wait for the first weekly
    /// sailing; so a demand is consistent when a candidate departing within a week of the ready time
    /// has a transit time (departure to arrival) within the limit.
    @Test func mostDemandsMeetTheirTransitTimeLimit() throws {
        let network = try BundledData.worldSmall().network
        #expect(network.locations.count == 46 && network.voyageCount == 884 && network.movementCount == 6_630)
        let bookings = try BundledData.worldSmallBookings(for: network).filter { $0.id.hasPrefix("WS-W11-") }
        let router = Router(network: network)
        var consistent = 0, byDeadline = 0
        for booking in bookings {
            let demand = booking.specification
            let limit = demand.arrivalDeadline.timeIntervalSince(demand.readyTime)
            if (try? router.earliestArrival(for: demand)) != nil { byDeadline += 1 }
            let window = try RouteSpecification(
                origin: demand.origin, destination: demand.destination, readyTime: demand.readyTime,
                arrivalDeadline: demand.arrivalDeadline + 7 * 86_400)
            let candidates = (try? router.candidates(for: window, limit: 100)) ?? []
            for candidate in candidates { #expect(window.isSatisfied(by: candidate)) }
            if candidates.contains(where: { $0.arrivalTime.timeIntervalSince($0.departureTime) <= limit }) { consistent += 1 }
        }
        let share = Double(consistent) / Double(bookings.count)
        print(
            String(
                format: "WorldSmall: %d of %d demands (%.1f%%) have an itinerary within TransitTime; %d (%.1f%%) also counting the wait from the ready time",
                consistent, bookings.count, share * 100, byDeadline, Double(byDeadline) / Double(bookings.count) * 100))
        #expect(share >= 0.6)
    }
}
