// A planner's morning, through the application layer an app or the command line uses: book a container
// from Shanghai to Hamburg on the bundled LINER-LIB schedule, route it, and re-route it when its vessel is
// cancelled while the container waits in Tanjung Pelepas.
import Foundation
import RoutePlanner
import RoutePlannerApplication

func show(_ state: RouteCargoViewState) -> [ItineraryViewModel] {
    switch state {
    case .success(let itineraries):
        for itinerary in itineraries {
            print("  \(itinerary.route): \(itinerary.departure) → \(itinerary.arrival), \(itinerary.transitTime); \(itinerary.slack)")
        }
        return itineraries
    case .validationFailure(let fields):
        for (field, message) in fields.sorted(by: { $0.key < $1.key }) { print("  \(field): \(message)") }
    case .failure(let message):
        print("  " + message)
    case .idle, .loading:
        break
    }
    return []
}

let app = RoutePlannerComposition.bundled()
let specification = try RouteSpecification(
    origin: "CNSHA", destination: "DEHAM",
    readyTime: try Date("2026-03-02T00:00:00Z", strategy: .iso8601),
    arrivalDeadline: try Date("2026-04-30T23:59:59Z", strategy: .iso8601))
try await app.cargo.save(Cargo(trackingId: "ABC123", teu: 2, specification: specification))

print("Options for ABC123, Shanghai to Hamburg, ready 2026-03-02, due 2026-04-30:")
_ = show(await app.routeCargo.route(RouteCargoForm(origin: "CNSHA", destination: "DEHAM", ready: "2026-03-02", deadline: "2026-04-30", limit: "3")))

// The planner picks the first option and assigns it.
let network = try await app.schedule.network()
let chosen = try network.candidates(for: specification, limit: 3)[0]
if case .success(let message) = await app.assignItinerary.assign(trackingId: "ABC123", itinerary: chosen) { print(message) }

// The onward vessel from the transshipment port is cancelled: re-route from there.
if chosen.legs.count > 1 {
    let stranded = chosen.legs[0]
    let cancelled = chosen.legs[1].voyage.number
    print("\(cancelled) is cancelled; ABC123 is at \(stranded.unloadLocation.name) since \(stranded.unloadTime.formatted(.iso8601)):")
    _ = show(await app.reRouteCargo.reRoute(ReRouteCargoForm(
        trackingId: "ABC123", location: stranded.unloadLocation.code.rawValue,
        time: stranded.unloadTime.formatted(.iso8601), limit: "3", avoidVoyages: [cancelled.rawValue])))
}
