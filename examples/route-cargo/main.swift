// Routes a container from Shanghai to Rotterdam on the bundled LINER-LIB WorldSmall schedule, then asks
// what happens when the vessel of the fastest option is cancelled.
import BundledData
import Foundation
import RoutePlanner

func day(_ date: Date) -> String { date.formatted(.iso8601.year().month().day()) }

func describe(_ itinerary: Itinerary) -> String {
    let days = Int((itinerary.arrivalTime.timeIntervalSince(itinerary.departureTime) / 86_400).rounded(.up))
    let legs = itinerary.legs.map { "\($0.voyage.number) \($0.loadLocation.code)→\($0.unloadLocation.code)" }
    return "\(day(itinerary.departureTime)) → \(day(itinerary.arrivalTime)), \(days) days, "
        + "\(itinerary.transshipmentCount) transshipment(s): \(legs.joined(separator: ", "))"
}

do {
    let network = try BundledData.worldSmall().network
    let specification = try RouteSpecification(
        origin: "CNSHA", destination: "NLRTM",
        readyTime: try Date("2026-03-02T00:00:00Z", strategy: .iso8601),
        arrivalDeadline: try Date("2026-04-30T23:59:59Z", strategy: .iso8601))
    print("Shanghai to Rotterdam, ready 2026-03-02, due 2026-04-30 (\(network.voyageCount) voyages, \(network.movementCount) movements):")
    let candidates = try network.candidates(for: specification, limit: 5)
    for itinerary in candidates {
        print("  " + describe(itinerary))
    }
    let cancelled = candidates[0].legs[0].voyage.number
    print("If \(cancelled) is cancelled:")
    let rerouted = try network.earliestArrival(for: specification, options: RoutingOptions(avoidedVoyages: [cancelled]))
    print("  " + describe(rerouted))
} catch {
    print("error: \(error)")
    exit(1)
}
