import Foundation
import RoutePlanner

/// The oracle for route search: every itinerary there is, by exhaustive enumeration.
///
/// It follows the rules of Guides/Routing.md ("Semantics") literally, without any of the router's data structures:
/// an itinerary loads at the origin at or after the ready time, each leg rides consecutive movements of
/// one voyage, cargo aboard a voyage's last movement stays aboard as the vessel goes on as its next voyage (no
/// change of vessel), a change of vessel needs the port's transshipment time and never happens at the origin,
/// consecutive legs ride different voyages, the last leg arrives at the destination by the deadline and, with a
/// maximum transit time, no later than that after the first leg departs.
public struct BruteForceRouter {
    /// An itinerary's departure, arrival and transshipments, and with criteria its transshipment costs in cents
    /// and its CO2e in grams (0 without them).
    public struct Vector: Hashable, Comparable, CustomStringConvertible {
        public var departure: Date
        public var arrival: Date
        public var transshipments: Int
        public var cost: Int64 = 0
        public var co2: Int64 = 0

        /// The vector of an itinerary; with criteria, written out from Guides/Routing.md: each transshipment port's
        /// cost to the cent (a port without one counts 0; the load and discharge are the same for every itinerary)
        /// and each movement's CO2e to the gram (unknown counts 0).
        public init(_ itinerary: Itinerary, criteria: Set<RoutingCriterion> = []) {
            (departure, arrival, transshipments) = (itinerary.departureTime, itinerary.arrivalTime, itinerary.transshipmentCount)
            if criteria.contains(.handlingCost) {
                cost = itinerary.transshipmentLocations.reduce(0) { $0 + Int64((($1.transshipmentCostPerTEU ?? 0) * 100).rounded()) }
            }
            if criteria.contains(.co2e) {
                co2 = itinerary.legs.flatMap(\.movements).reduce(0) { $0 + Int64((($1.co2ePerTEU ?? 0) * 1_000).rounded()) }
            }
        }

        public init(departure: Date, arrival: Date, transshipments: Int) {
            (self.departure, self.arrival, self.transshipments) = (departure, arrival, transshipments)
        }

        /// Later departure, earlier arrival, fewer transshipments, lower cost and CO2e, none worse and one better.
        public func dominates(_ other: Vector) -> Bool {
            self != other && departure >= other.departure && arrival <= other.arrival
                && transshipments <= other.transshipments && cost <= other.cost && co2 <= other.co2
        }

        /// The documented order of candidates: arrival, then transshipments, then later departure, then cost and CO2e.
        public static func < (lhs: Vector, rhs: Vector) -> Bool {
            (lhs.arrival, lhs.transshipments, rhs.departure, lhs.cost, lhs.co2) < (rhs.arrival, rhs.transshipments, lhs.departure, rhs.cost, rhs.co2)
        }

        public var description: String {
            "(departs \(departure.timeIntervalSince1970), arrives \(arrival.timeIntervalSince1970), \(transshipments) transshipments, cost \(cost), co2 \(co2))"
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
                ride(voyage, from: index, after: [], changes: 0, specification, options, into: &result)
            }
        }
        return result
    }

    /// Extends `legs` (with `changes` changes of vessel) by every leg that rides `voyage` from movement `first`: up to
    /// each of its calls, then on aboard as the voyage the vessel goes on as, or changing vessel there.
    private func ride(
        _ voyage: Voyage, from first: Int, after legs: [Leg], changes: Int, _ specification: RouteSpecification,
        _ options: RoutingOptions, into result: inout [Itinerary]
    ) {
        guard !options.avoidedVoyages.contains(voyage.number) else { return }
        for last in first..<voyage.movements.count {
            let movement = voyage.movements[last]
            guard movement.arrivalTime <= specification.arrivalDeadline,
                !options.avoidedLocations.contains(movement.departureLocation),
                !options.avoidedLocations.contains(movement.arrivalLocation),
                options.space.map({ $0.fits(teu: movement.capacity, tonnes: movement.weightCapacity, plugs: movement.reeferPlugs) }) ?? true
            else { return }
            let leg = Leg(
                voyage: voyage, movementIndices: first..<(last + 1),
                loadLocation: locations[voyage.movements[first].departureLocation]!,
                unloadLocation: locations[movement.arrivalLocation]!)
            let path = legs + [leg]
            let transit = Duration.seconds(movement.arrivalTime.timeIntervalSince(path[0].loadTime))
            if let limit = specification.maximumTransitTime, transit > limit { return }
            if movement.arrivalLocation == specification.destination, callsInOrder(path, options.via) {
                result.append(try! Itinerary(legs: path))
            }
            // Staying aboard as the vessel goes on as its next voyage, from that voyage's first call.
            if last == voyage.movements.count - 1, let number = voyage.continuation, let next = voyages.first(where: { $0.number == number }) {
                ride(next, from: 0, after: path, changes: changes, specification, options, into: &result)
            }
            // Never a change of vessel at the origin, however the cargo got back there.
            guard changes < (options.maxTransshipments ?? Int.max), movement.arrivalLocation != specification.origin else { continue }
            let earliest = movement.arrivalTime + TimeInterval(leg.unloadLocation.transshipmentTime.components.seconds)
            for next in voyages where next.number != voyage.number {
                for (index, onward) in next.movements.enumerated()
                where onward.departureLocation == movement.arrivalLocation && onward.departureTime >= earliest
                    && onward.cutOffTimes.allSatisfy({ $0.code.rawValue != "TCO" || movement.arrivalTime <= $0.time })
                {
                    ride(next, from: index, after: path, changes: changes + 1, specification, options, into: &result)
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
    public static func paretoFront(of itineraries: [Itinerary], criteria: Set<RoutingCriterion> = []) -> [Vector] {
        let vectors = Set(itineraries.map { Vector($0, criteria: criteria) })
        return vectors.filter { vector in !vectors.contains { $0.dominates(vector) } }.sorted()
    }
}
