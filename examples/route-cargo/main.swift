// Routes a container from Hong Kong to Stockholm on a small schedule of real ports, then asks what
// happens when the first feeder from Rotterdam is cancelled.
import Foundation
import RoutePlanner

func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

func voyage(_ number: VoyageNumber, capacity: Int, _ calls: [(UnLocode, String)]) -> Voyage {
    // Each call is (port, time); the vessel stays a day in every port between the first and the last.
    var movements: [CarrierMovement] = []
    for (from, to) in zip(calls, calls.dropFirst()) {
        let departure = movements.isEmpty ? date(from.1) : date(from.1) + 86_400
        movements.append(CarrierMovement(from: from.0, to: to.0, departure: departure, arrival: date(to.1), capacity: capacity))
    }
    return Voyage(number: number, movements: movements)
}

let day = Duration.seconds(86_400)
let locations = [
    Location(code: "HKHKG", name: "Hong Kong", transshipmentTime: day),
    Location(code: "CNSHA", name: "Shanghai", transshipmentTime: day),
    Location(code: "SGSIN", name: "Singapore", transshipmentTime: day / 2),
    Location(code: "NLRTM", name: "Rotterdam", transshipmentTime: day),
    Location(code: "DEHAM", name: "Hamburg", transshipmentTime: day * 1.5),
    Location(code: "SEGOT", name: "Göteborg", transshipmentTime: day),
    Location(code: "SESTO", name: "Stockholm", transshipmentTime: day),
]
let voyages = [
    voyage("AE1-0100W", capacity: 8_000, [
        ("HKHKG", "2026-03-02T00:00:00Z"), ("CNSHA", "2026-03-04T00:00:00Z"), ("SGSIN", "2026-03-10T00:00:00Z"),
        ("NLRTM", "2026-03-30T00:00:00Z"), ("DEHAM", "2026-04-01T00:00:00Z"),
    ]),
    voyage("AE1-0200W", capacity: 8_000, [
        ("HKHKG", "2026-03-09T00:00:00Z"), ("CNSHA", "2026-03-11T00:00:00Z"), ("SGSIN", "2026-03-17T00:00:00Z"),
        ("NLRTM", "2026-04-06T00:00:00Z"), ("DEHAM", "2026-04-08T00:00:00Z"),
    ]),
    voyage("NF-0310N", capacity: 1_200, [("NLRTM", "2026-04-01T00:00:00Z"), ("SEGOT", "2026-04-03T00:00:00Z"), ("SESTO", "2026-04-05T00:00:00Z")]),
    voyage("NF-0320N", capacity: 1_200, [("NLRTM", "2026-04-08T00:00:00Z"), ("SEGOT", "2026-04-10T00:00:00Z"), ("SESTO", "2026-04-12T00:00:00Z")]),
    voyage("BF-0410E", capacity: 900, [("DEHAM", "2026-04-03T00:00:00Z"), ("SESTO", "2026-04-06T00:00:00Z")]),
]

func describe(_ itinerary: Itinerary) -> String {
    let days = itinerary.departureTime.distance(to: itinerary.arrivalTime) / 86_400
    let legs = itinerary.legs.map { "\($0.voyage.number) \($0.loadLocation.code)→\($0.unloadLocation.code)" }
    return "\(itinerary.departureTime.formatted(.iso8601.year().month().day())) → "
        + "\(itinerary.arrivalTime.formatted(.iso8601.year().month().day())), \(Int(days)) days, "
        + "\(itinerary.transshipmentCount) transshipment(s): \(legs.joined(separator: ", "))"
}

do {
    let network = try ScheduleNetwork(locations: locations, voyages: voyages)
    let specification = try RouteSpecification(
        origin: "HKHKG", destination: "SESTO",
        readyTime: date("2026-03-01T00:00:00Z"), arrivalDeadline: date("2026-04-15T23:59:59Z"))
    print("Hong Kong to Stockholm, ready 2026-03-01, due 2026-04-15:")
    for itinerary in try network.candidates(for: specification, limit: 5) {
        print("  " + describe(itinerary))
    }
    let cancelled = RoutingOptions(avoidedVoyages: ["NF-0310N"])
    print("If feeder NF-0310N is cancelled:")
    print("  " + describe(try network.earliestArrival(for: specification, options: cancelled)))
} catch {
    print("error: \(error)")
    exit(1)
}
