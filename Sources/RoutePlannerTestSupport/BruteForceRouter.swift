import Foundation
import RoutePlanner

/// The oracle for route search: every itinerary there is, by exhaustive enumeration.
///
/// It follows the rules of Guides/Routing.md ("Semantics") literally, without any of the router's data structures:
/// an itinerary loads at the origin at or after the ready time, each leg rides consecutive movements of
/// one voyage, cargo aboard a voyage's last movement stays aboard as the vessel goes on as its next voyage (no
/// change of vessel), a change of vessel needs the port's transshipment time and never happens at the origin,
/// consecutive legs ride different voyages, the last leg arrives at the destination by the deadline and, with a
/// maximum transit time, no later than that after the first leg departs. With hauls ("Hauls" in Guides/Routing.md): a
/// haul leaves the origin as late as it still delivers for the departure it feeds (or as early as it can where it ends
/// the itinerary), leaves any other place as early as the transshipment time and the gate allow, delivers when the
/// gate is open, and the cargo boards after it by the loading cut-offs for its type.
public struct BruteForceRouter {
    /// An itinerary's departure, arrival and transshipments, and with criteria its transshipment costs in cents
    /// and its CO2e in grams (0 without them).
    public struct Vector: Hashable, Comparable, CustomStringConvertible {
        public var departure: Date
        public var arrival: Date
        public var transshipments: Int
        public var cost: Int64 = 0
        public var co2: Int64 = 0

        /// The vector of an itinerary; with criteria, written out from Guides/Routing.md: the load where the cargo boards
        /// its first voyage, the discharge where it leaves its last, each transshipment port's cost and each haul's cost
        /// (in `haulage`), each to the cent (unknown counts 0), and each movement's and haul's CO2e to the gram (unknown
        /// counts 0).
        public init(_ itinerary: Itinerary, criteria: Set<RoutingCriterion> = [], haulage: [Haulage] = []) {
            (departure, arrival, transshipments) = (itinerary.departureTime, itinerary.arrivalTime, itinerary.transshipmentCount)
            if criteria.contains(.handlingCost) {
                func cents(_ amount: Double?) -> Int64 { Int64(((amount ?? 0) * 100).rounded()) }
                let voyages = itinerary.legs.filter { !$0.isHaul }
                cost = cents(voyages.first?.loadLocation.handlingCostPerTEU) + cents(voyages.last?.unloadLocation.handlingCostPerTEU)
                cost += itinerary.transshipmentLocations.reduce(0) { $0 + cents($1.transshipmentCostPerTEU) }
                for leg in itinerary.legs where leg.isHaul {
                    cost += cents(haulage.first { $0.from == leg.loadLocation.code && $0.to == leg.unloadLocation.code }?.costPerTEU)
                }
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
    /// The hauls the oracle takes.
    public let haulage: [Haulage]

    public init(locations: [Location], voyages: [Voyage], haulage: [Haulage] = []) {
        self.locations = Dictionary(uniqueKeysWithValues: locations.map { ($0.code, $0) })
        self.voyages = voyages
        self.haulage = haulage
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
        // A haul from the origin: to the destination as early as it can, or as late as it still delivers for each
        // departure it feeds.
        // A truck collects at the origin only where the options allow trucks there.
        let trucks = options.modes.contains(.truck)
        for haul in haulage
        where trucks && options.truckFromOrigin && haul.from == specification.origin && !options.avoidedLocations.contains(haul.to)
            && !options.avoidedLocations.contains(haul.from)
        {
            if haul.to == specification.destination {
                let leg = haulLeg(haul, notBefore: specification.readyTime)
                // An itinerary ends where it reaches the destination past its via ports.
                if callsInOrder([leg], options.via) {
                    if options.truckToDestination, leg.unloadTime <= specification.arrivalDeadline, withinTransit([leg], specification) {
                        result.append(try! Itinerary(legs: [leg]))
                    }
                    continue
                }
            }
            for voyage in voyages {
                for (index, movement) in voyage.movements.enumerated() where movement.departureLocation == haul.to {
                    let by = movement.cutOffTimes.reduce(movement.departureTime) {
                        Self.applies($1.code, specification) ? min($0, $1.time) : $0
                    }
                    let to = locations[haul.to]!, from = locations[haul.from]!
                    let delivered = to.gateHours?.lastOpenSecond(atOrBefore: by, in: to.timeZone) ?? by
                    let leaving = delivered.addingTimeInterval(-TimeInterval(haul.duration.components.seconds))
                    let departure = from.gateHours?.lastOpenSecond(atOrBefore: leaving, in: from.timeZone) ?? leaving
                    guard departure >= specification.readyTime else { continue }
                    let leg = haulLeg(haul, notBefore: departure)
                    precondition(leg.loadTime == departure && leg.unloadTime <= by)
                    ride(voyage, from: index, after: [leg], changes: 0, specification, options, into: &result)
                }
            }
        }
        // The limit on changes of mode filters what the enumeration found, as a planner would read the itineraries.
        return result.filter { $0.modeChangeCount <= options.maxModeChanges ?? Int.max }
    }

    /// The leg of a haul that collects the cargo at the first second at or after `time` when the gate is open, and
    /// delivers it after its time on the road, waiting for the gate at the other end to open.
    private func haulLeg(_ haul: Haulage, notBefore time: Date) -> Leg {
        let from = locations[haul.from]!, to = locations[haul.to]!
        let departure = from.gateHours?.opening(atOrAfter: time, in: from.timeZone) ?? time
        let onArrival = departure.addingTimeInterval(TimeInterval(haul.duration.components.seconds))
        let arrival = to.gateHours?.opening(atOrAfter: onArrival, in: to.timeZone) ?? onArrival
        return Leg(haul: haul, from: from, to: to, departure: departure, arrival: arrival)
    }

    private func withinTransit(_ path: [Leg], _ specification: RouteSpecification) -> Bool {
        guard let limit = specification.maximumTransitTime else { return true }
        return Duration.seconds(path[path.count - 1].unloadTime.timeIntervalSince(path[0].loadTime)) <= limit
    }

    /// Extends `legs` (with `changes` changes of vessel) by every leg that rides `voyage` from movement `first`: up to
    /// each of its calls, then on aboard as the voyage the vessel goes on as, or changing vessel there.
    private func ride(
        _ voyage: Voyage, from first: Int, after legs: [Leg], changes: Int, _ specification: RouteSpecification,
        _ options: RoutingOptions, into result: inout [Itinerary]
    ) {
        guard !options.avoidedVoyages.contains(voyage.number), options.modes.contains(voyage.mode) else { return }
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
            guard movement.arrivalLocation != specification.origin else { continue }
            // The place's transshipment time from this voyage's mode to the next's, or to a truck.
            func earliest(onto mode: TransportMode) -> Date {
                movement.arrivalTime + TimeInterval(leg.unloadLocation.transshipmentTime(from: voyage.mode, to: mode).components.seconds)
            }
            // A haul from here: to the destination, or to board another voyage there (a change of voyage); never back to
            // the origin.
            for haul in haulage
            where options.modes.contains(.truck) && haul.from == movement.arrivalLocation && haul.to != specification.origin
                && !options.avoidedLocations.contains(haul.to)
            {
                let haulLeg = haulLeg(haul, notBefore: earliest(onto: .truck))
                let hauled = path + [haulLeg]
                guard haulLeg.unloadTime <= specification.arrivalDeadline, withinTransit(hauled, specification) else { continue }
                if haul.to == specification.destination, callsInOrder(hauled, options.via) {
                    if options.truckToDestination { result.append(try! Itinerary(legs: hauled)) }
                    continue
                }
                guard changes < (options.maxTransshipments ?? Int.max) else { continue }
                for next in voyages {
                    for (index, onward) in next.movements.enumerated()
                    where onward.departureLocation == haul.to && onward.departureTime >= haulLeg.unloadTime
                        && onward.cutOffTimes.allSatisfy({ !Self.applies($0.code, specification) || haulLeg.unloadTime <= $0.time })
                    {
                        ride(next, from: index, after: hauled, changes: changes + 1, specification, options, into: &result)
                    }
                }
            }
            guard changes < (options.maxTransshipments ?? Int.max) else { continue }
            for next in voyages where next.number != voyage.number {
                for (index, onward) in next.movements.enumerated()
                where onward.departureLocation == movement.arrivalLocation && onward.departureTime >= earliest(onto: next.mode)
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

    /// Whether the itinerary reaches its destination only at its end once past its via ports.
    public static func endsWhereItArrives(_ itinerary: Itinerary, via: [UnLocode]) -> Bool {
        var remaining = via[...]
        let calls = itinerary.calls
        for (position, call) in calls.enumerated() {
            if call == remaining.first {
                remaining = remaining.dropFirst()
            } else if remaining.isEmpty && call == itinerary.destination && position < calls.count - 1 {
                return false
            }
        }
        return true
    }

    private func callsInOrder(_ legs: [Leg], _ via: [UnLocode]) -> Bool {
        var remaining = via[...]
        for call in legs.flatMap(\.calls) where call == remaining.first { remaining = remaining.dropFirst() }
        return remaining.isEmpty
    }

    /// The distinct vectors of the itineraries that no other itinerary dominates, in the documented order.
    ///
    /// The itineraries that pass their destination after their via ports and come back to it are left out: the router
    /// ends an itinerary where it reaches the destination past its via ports. (Without hauls, each is dominated by the
    /// itinerary that ends there; a haul back to the destination from a cheaper port may cost less.)
    public static func paretoFront(
        of itineraries: [Itinerary], criteria: Set<RoutingCriterion> = [], haulage: [Haulage] = [], via: [UnLocode] = []
    ) -> [Vector] {
        let vectors = Set(itineraries.filter { endsWhereItArrives($0, via: via) }.map { Vector($0, criteria: criteria, haulage: haulage) })
        return vectors.filter { vector in !vectors.contains { $0.dominates(vector) } }.sorted()
    }
}
