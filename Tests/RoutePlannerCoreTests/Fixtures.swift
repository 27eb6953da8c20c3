import Foundation
import RoutePlanner

/// A hand-written schedule for one test: ports with transshipment hours, voyages as hour offsets.
struct Fixture {
    static let base = Date(timeIntervalSince1970: 1_772_323_200)  // 2026-03-01T00:00:00Z

    var locations: [Location]
    var voyages: [Voyage] = []

    /// Ports named by code with their transshipment hours.
    init(_ ports: [(UnLocode, hours: Int)]) {
        locations = ports.map { Location(code: $0.0, name: $0.0.rawValue, transshipmentTime: .seconds($0.hours * 3600)) }
    }

    static func at(_ hours: Int) -> Date { base + TimeInterval(hours * 3600) }

    /// Adds a voyage whose movements are (from, to, departure hour, arrival hour).
    mutating func voyage(_ number: VoyageNumber, _ movements: [(UnLocode, UnLocode, Int, Int)]) {
        voyages.append(
            Voyage(
                number: number,
                movements: movements.map {
                    CarrierMovement(from: $0.0, to: $0.1, departure: Self.at($0.2), arrival: Self.at($0.3), capacity: 1_000)
                }))
    }

    /// Gives the call that movement `index` of a voyage departs from cut-offs at hours.
    mutating func cutOffs(_ number: VoyageNumber, movement index: Int = 0, _ cutOffs: [(CutOffCode, Int)]) {
        let position = voyages.firstIndex { $0.number == number }!
        var movements = voyages[position].movements
        movements[index].cutOffTimes = cutOffs.map { CutOffTime($0.0, Self.at($0.1)) }
        voyages[position] = voyages[position].replacingMovements(movements)
    }

    func network() throws -> ScheduleNetwork { try ScheduleNetwork(locations: locations, voyages: voyages) }

    static func specification(
        _ origin: UnLocode, _ destination: UnLocode, ready: Int, deadline: Int, cargoType: CargoType = .dry,
        dangerousGoods: Bool = false
    ) throws -> RouteSpecification {
        try RouteSpecification(
            origin: origin, destination: destination, readyTime: at(ready), arrivalDeadline: at(deadline), cargoType: cargoType,
            containsDangerousGoods: dangerousGoods)
    }
}
