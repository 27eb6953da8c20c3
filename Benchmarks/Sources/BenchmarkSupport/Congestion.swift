import Foundation
import RoutePlanner

/// The network with its capacities congested for bookings as `reference/assign_mip.py` defines it: each
/// booking's candidates are the earliest arrivals from its ready time plus 0, 3.5, 7 and 14 days; a movement on
/// some booking's first candidate holds min(capacity, max(largest such booking, ⌊0.8 × their TEU⌋)), another
/// candidate movement its candidates' TEU.
///
/// With `limits`, each congested movement also carries 10 tonnes per TEU of its capacity and has plugs for a
/// tenth of it.
public func congested(_ network: ScheduleNetwork, for bookings: [Booking], limits: Bool = false) throws -> ScheduleNetwork {
    let router = Router(network: network)
    var firstLoad: [Int: Int] = [:], firstMax: [Int: Int] = [:], allLoad: [Int: Int] = [:]
    for booking in bookings {
        var seen = Set<[Int]>()
        for (index, offset) in [0.0, 3.5, 7, 14].enumerated() {
            let specification = booking.specification
            guard
                let relaxed = try? RouteSpecification(
                    origin: specification.origin, destination: specification.destination,
                    readyTime: specification.readyTime + offset * 86_400, arrivalDeadline: specification.readyTime + 400 * 86_400),
                let itinerary = try? router.earliestArrival(for: relaxed)
            else { break }
            let movements = network.movementIDs(of: itinerary).map(\.rawValue)
            guard seen.insert(movements).inserted else { continue }
            for m in movements {
                allLoad[m, default: 0] += booking.teu
                if index == 0 {
                    firstLoad[m, default: 0] += booking.teu
                    firstMax[m] = max(firstMax[m, default: 0], booking.teu)
                }
            }
        }
    }
    var position = 0
    let voyages = network.voyages.map { voyage in
        Voyage(
            number: voyage.number,
            movements: voyage.movements.map { movement in
                defer { position += 1 }
                var changed = movement
                if let load = firstLoad[position] {
                    changed.capacity = min(movement.capacity, max(firstMax[position]!, Int((0.8 * Double(load)).rounded(.down))))
                } else if let load = allLoad[position] {
                    changed.capacity = min(movement.capacity, load)
                }
                if limits {
                    changed.weightCapacity = changed.capacity * 10
                    changed.reeferPlugs = changed.capacity / 10
                }
                return changed
            }, vessel: voyage.vessel, service: voyage.service)
    }
    return try ScheduleNetwork(locations: network.locations, voyages: voyages)
}
