import Foundation
import RoutePlanner

/// The oracle for route search: every itinerary there is, by exhaustive enumeration.
///
/// It follows the rules of Guides/Routing.md ("Semantics") literally, without any of the router's data structures:
/// an itinerary loads at the origin at or after the ready time, each leg rides consecutive movements of
/// one voyage, a change of voyage needs the port's transshipment time, consecutive legs ride different
/// voyages, and the last leg arrives at the destination by the deadline.
public struct BruteForceRouter {
    /// An itinerary's departure, arrival and transshipments.
    public struct Vector: Hashable, Comparable, CustomStringConvertible {
        public var departure: Date
        public var arrival: Date
        public var transshipments: Int

        public init(_ itinerary: Itinerary) {
            (departure, arrival, transshipments) = (itinerary.departureTime, itinerary.arrivalTime, itinerary.transshipmentCount)
        }

        public init(departure: Date, arrival: Date, transshipments: Int) {
            (self.departure, self.arrival, self.transshipments) = (departure, arrival, transshipments)
        }

        /// Later departure, earlier arrival and fewer transshipments, none worse and one better.
        public func dominates(_ other: Vector) -> Bool {
            self != other && departure >= other.departure && arrival <= other.arrival
                && transshipments <= other.transshipments
        }

        /// The documented order of candidates: arrival, then transshipments, then later departure.
        public static func < (lhs: Vector, rhs: Vector) -> Bool {
            (lhs.arrival, lhs.transshipments, rhs.departure) < (rhs.arrival, rhs.transshipments, lhs.departure)
        }

        public var description: String {
            "(departs \(departure.timeIntervalSince1970), arrives \(arrival.timeIntervalSince1970), \(transshipments) transshipments)"
        }
    }

    let locations: [UnLocode: Location]
    let voyages: [Voyage]

    public init(locations: [Location], voyages: [Voyage]) {
        self.locations = Dictionary(uniqueKeysWithValues: locations.map { ($0.code, $0) })
        self.voyages = voyages
    }

    /// Every itinerary that meets the specification and the options.
    public func itineraries(for specification: RouteSpecification, options: RoutingOptions = RoutingOptions()) -> [Itinerary] {
        var result: [Itinerary] = []
        for voyage in voyages {
            for (index, movement) in voyage.movements.enumerated()
            where movement.departureLocation == specification.origin && movement.departureTime >= specification.readyTime
                && movement.cutOffTimes.allSatisfy({ !Self.applies($0.code, specification) || specification.readyTime <= $0.time })
            {
                ride(voyage, from: index, after: [], specification, options, into: &result)
            }
        }
        return result
    }

    private func ride(
        _ voyage: Voyage, from first: Int, after legs: [Leg], _ specification: RouteSpecification,
        _ options: RoutingOptions, into result: inout [Itinerary]
    ) {
        guard !options.avoidedVoyages.contains(voyage.number) else { return }
        for last in first..<voyage.movements.count {
            let movement = voyage.movements[last]
            guard movement.arrivalTime <= specification.arrivalDeadline,
                  !options.avoidedLocations.contains(movement.departureLocation),
                  !options.avoidedLocations.contains(movement.arrivalLocation)
            else { return }
            let leg = Leg(
                voyage: voyage, movementIndices: first..<(last + 1),
                loadLocation: locations[voyage.movements[first].departureLocation]!,
                unloadLocation: locations[movement.arrivalLocation]!)
            let path = legs + [leg]
            if movement.arrivalLocation == specification.destination, callsInOrder(path, options.via) {
                result.append(try! Itinerary(legs: path))
            }
            guard path.count - 1 < (options.maxTransshipments ?? Int.max) else { continue }
            let earliest = movement.arrivalTime + TimeInterval(leg.unloadLocation.transshipmentTime.components.seconds)
            for next in voyages where next.number != voyage.number {
                for (index, onward) in next.movements.enumerated()
                where onward.departureLocation == movement.arrivalLocation && onward.departureTime >= earliest
                    && onward.cutOffTimes.allSatisfy({ $0.code.rawValue != "TCO" || movement.arrivalTime <= $0.time })
                {
                    ride(next, from: index, after: path, specification, options, into: &result)
                }
            }
        }
    }

    /// Whether a cut-off binds the cargo at its origin, written out from Guides/Routing.md's list.
    private static func applies(_ code: CutOffCode, _ specification: RouteSpecification) -> Bool {
        var codes: Set<String> = ["FCO", "DCO", "VCO", "PCO"]
        if specification.cargoType == .reefer { codes.insert("RCO") }
        if specification.containsDangerousGoods { codes.insert("DGC") }
        return codes.contains(code.rawValue)
    }

    private func callsInOrder(_ legs: [Leg], _ via: [UnLocode]) -> Bool {
        var remaining = via[...]
        for call in legs.flatMap(\.calls) where call == remaining.first { remaining = remaining.dropFirst() }
        return remaining.isEmpty
    }

    /// The distinct vectors of the itineraries that no other itinerary dominates, in the documented order.
    public static func paretoFront(of itineraries: [Itinerary]) -> [Vector] {
        let vectors = Set(itineraries.map(Vector.init))
        return vectors.filter { vector in !vectors.contains { $0.dominates(vector) } }.sorted()
    }
}
