// A planner's morning, through the application layer an app or the command line uses: book a container
// from Shanghai to Hamburg on the bundled LINER-LIB schedule, route it, follow it to the transshipment
// port, and re-route it when its onward vessel is cancelled.
import BundledData
import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerBcrypt
import RoutePlannerFormats

func show<Content, Field: FormField>(_ state: ViewState<Content, Field>, _ success: (Content) -> Void) {
    switch state {
    case .success(let content): success(content)
    case .validationFailure(let fields): for (field, message) in fields.sorted(by: { $0.key < $1.key }) { print("  \(field.rawValue): \(message)") }
    case .failure(let failure): print("  " + failure.message)
    case .idle, .loading: break
    }
}

func show(_ itineraries: [ItineraryViewModel]) {
    for itinerary in itineraries {
        print("  \(itinerary.route): \(itinerary.departure) → \(itinerary.arrival), \(itinerary.transitTime); \(itinerary.slack)")
    }
}

// The schedule as published, and the same cargo and customers seen through it.
let directory = BundledData.worldSmallDirectory
let schedule = ScheduleFileRepository(
    locations: directory.appendingPathComponent("locations.csv"), schedule: directory.appendingPathComponent("schedule.csv"))
let cargo = InMemoryCargoRepository(), customers = InMemoryCustomerRepository()
// The bundled schedule sails in 2026: the bookings are made as of 1 March 2026, not today.
let planningDate = Date(timeIntervalSince1970: 1_772_323_200)  // 2026-03-01T00:00:00Z
let app = RoutePlannerComposition(
    files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(), locations: schedule, voyages: schedule, cargo: cargo, customers: customers,
    now: { planningDate })

_ = await app.registerCustomer(RegisterCustomerForm(id: "ACME", name: "Acme Shipping"))
var booked: TrackingId?
show(await app.bookCargo(BookCargoForm(origin: "CNSHA", destination: "DEHAM", ready: "2026-03-02", deadline: "2026-04-30", teu: "2", customer: "ACME"))) {
    print($0.text)
    booked = $0.response.cargo.trackingId
}
guard let booked else { fatalError("the cargo was not booked") }
let trackingId = booked.rawValue

print("Options for \(trackingId), Shanghai to Hamburg:")
show(await app.routeCargo(RouteCargoForm(trackingId: trackingId, limit: "3")), show)
show(await app.assignToRoute(AssignToRouteForm(trackingId: trackingId, candidate: "1"))) { print($0.text) }

// The container is received, loaded, and discharged at its transshipment port.
guard let itinerary = try await cargo.cargo(booked)?.itinerary else { fatalError("the cargo was not routed") }
let first = itinerary.legs[0]
func iso(_ date: Date) -> String { date.formatted(.iso8601) }
for form in [
    RegisterHandlingEventForm(trackingId: trackingId, event: "receive", location: "CNSHA", completionTime: iso(first.loadTime - 6 * 3600)),
    RegisterHandlingEventForm(
        trackingId: trackingId, event: "load", location: "CNSHA", voyage: first.voyage.number.rawValue, completionTime: iso(first.loadTime)),
    RegisterHandlingEventForm(
        trackingId: trackingId, event: "unload", location: first.unloadLocation.code.rawValue, voyage: first.voyage.number.rawValue,
        completionTime: iso(first.unloadTime)),
] {
    show(await app.registerHandlingEvent(form)) { print($0.text) }
}

// What if the onward vessel is cancelled? The same cargo, seen through the schedule without it.
let cancelled = itinerary.legs[1].voyage.number
let whatIf = ScheduleFileRepository(
    locations: directory.appendingPathComponent("locations.csv"), schedule: directory.appendingPathComponent("schedule.csv"),
    scenario: Scenario([.cancelVoyage(cancelled)]))
let disrupted = RoutePlannerComposition(
    files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(), locations: whatIf, voyages: whatIf, cargo: cargo, customers: customers)
print("If \(cancelled) is cancelled:")
show(await disrupted.reRouteCargo(ReRouteCargoForm(limit: "2"))) { entries in
    for entry in entries {
        print("\(entry.cargo.trackingId) \(entry.reason); options \(entry.from ?? ""):")
        show(entry.options)
    }
}
show(await disrupted.assignToRoute(AssignToRouteForm(trackingId: trackingId, candidate: "1"))) { print($0.text) }
show(await disrupted.trackCargo(TrackCargoForm(trackingId: trackingId))) {
    print("\($0.trackingId): \($0.status), next \($0.nextExpectedActivity ?? "-"), ETA \($0.estimatedTimeOfArrival ?? "-")")
}
