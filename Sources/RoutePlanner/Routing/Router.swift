import Foundation

/// Finds itineraries over a ``ScheduleNetwork``: the earliest arrival and the candidate itineraries.
///
/// A router keeps the working memory of its searches between queries, so asking many questions of one
/// router is cheaper than asking each of a new one. It is not safe to share between tasks; give each its
/// own router over the same network.
///
/// The search is a time-dependent Dijkstra (Dijkstra 1959) over the states "aboard movement *m* after
/// *x* changes of voyage", ordered by arrival time plus a lower bound of the time still needed (a reverse
/// Dijkstra over the least sailing time between ports and the least time cargo stays in each port on the way,
/// A*-style). Staying aboard leads to the
/// voyage's next movement at no cost; changing vessel at a port boards, one by one and in time order, the
/// departures from that port at or after arrival plus the port's transshipment time, and whose
/// transshipment cut-off (TCO) the arrival meets; at the origin, only departures whose cut-offs for the
/// cargo's type are at or after the ready time board (see ``CutOffCode``). A state is pruned
/// only when even the lower bound cannot reach the destination by the deadline, or by an arrival already
/// found with no more changes of voyage. Candidate itineraries come from a profile search over the
/// departures from the origin, latest first, in the manner of rRAPTOR (Delling, Pajor, Werneck, "Round-Based
/// Public Transit Routing", 2012): a state reached from a later departure with no more changes of voyage
/// dominates the same state reached from an earlier one. See Guides/Routing.md for the design.
///
/// - Complexity: For *m* movements and *v* via ports, one query takes O(*m*(*v*+1)*t* log *m*) time in the
///   worst case, where *t* is the number of distinct transshipment counts searched (one for an earliest
///   arrival without a transshipment limit), times *c* + 1 with a limit of *c* changes of mode
///   (``RoutingOptions/maxModeChanges``), and usually far less because of pruning.
public final class Router {
    /// The network the router searches.
    public let network: ScheduleNetwork
    private var search: RouteSearch?
    private var pricing: CheapestItinerarySearch?

    /// Whether the search prunes with lower bounds of the remaining time.
    ///
    /// Turning it off never changes an answer, only the time it takes; it exists to measure what the
    /// bounds buy.
    public var usesLowerBounds = true

    /// Creates a router over the network.
    public init(network: ScheduleNetwork) {
        self.network = network
    }

    /// Returns an itinerary with the earliest arrival that meets the specification and the options.
    ///
    /// When several itineraries arrive at the same earliest time, the one the search finds first is
    /// returned; ``candidates(for:limit:options:)`` orders such ties.
    ///
    /// - Throws: ``RoutingError/noRoute`` when no itinerary arrives by the deadline,
    ///   ``RoutingError/unknownLocation(_:)`` or ``RoutingError/unknownVoyage(_:)`` for codes the
    ///   network does not have, and ``RoutingError/cancelled`` when the task running it is cancelled.
    public func earliestArrival(for specification: RouteSpecification, options: RoutingOptions = RoutingOptions())
        throws(RoutingError) -> Itinerary
    {
        var search = takeSearch()
        defer { putBack(&search) }
        // A transit limit makes each departure its own deadline, which the profile search keeps apart.
        let byDeparture = specification.maximumTransitTime != nil
        var options = options
        options.criteria = []
        try search.prepare(specification, options: options, profile: byDeparture)
        let best = byDeparture ? search.paretoFront().min(by: RouteSearch.Found.precedes) : search.earliestArrival()
        guard !search.isCancelled else { throw .cancelled }
        guard let best else { throw .noRoute }
        return search.itinerary(for: best)
    }

    /// Returns up to `limit` itineraries that meet the specification and the options and that no other
    /// itinerary beats on departure, arrival and transshipments (and the options' ``RoutingOptions/criteria``).
    ///
    /// An itinerary *dominates* another when it departs no earlier, arrives no later, changes voyage no
    /// more often (and costs and emits no more, with those criteria), and is strictly better in one of these.
    /// The candidates are the itineraries no other one dominates (one for each distinct combination of the
    /// figures; when several itineraries share one, the one the search finds first stands for them). When there
    /// are more than `limit`, the router keeps, in this order of priority: the earliest arrival; the cheapest
    /// and the least CO2e, with those criteria; then, for each number of transshipments from the fewest, the
    /// earliest-arriving candidate with that number; then the others by arrival. The result is sorted by
    /// arrival, then by fewer transshipments, then by later departure, then by cost and CO2e, so the first
    /// itinerary is always an earliest arrival.
    ///
    /// Costs count to the cent and CO2e to the gram. Criteria make the search slower, since far more partial
    /// itineraries stay undominated.
    ///
    /// - Parameters:
    ///   - specification: The origin, destination, ready time, deadline and cargo.
    ///   - limit: The most itineraries to return; ``RoutingError/invalidOptions(_:)`` unless positive.
    ///   - options: Transshipment limit, via and avoided ports and voyages, and extra criteria.
    /// - Throws: The errors of ``earliestArrival(for:options:)``.
    public func candidates(
        for specification: RouteSpecification, limit: Int = 5, options: RoutingOptions = RoutingOptions()
    ) throws(RoutingError) -> [Itinerary] {
        guard limit > 0 else { throw .invalidOptions("a limit of \(limit) candidates") }
        var search = takeSearch()
        defer { putBack(&search) }
        try search.prepare(specification, options: options, profile: true)
        let front = search.paretoFront()
        guard !search.isCancelled else { throw .cancelled }
        guard !front.isEmpty else { throw .noRoute }
        return Self.select(front, limit: limit, criteria: options.criteria).map { search.itinerary(for: $0) }
    }

    /// Returns the itinerary that meets the specification with the least total cost over the movements it
    /// rides, the changes of vessel it makes, its loading and discharge and its hauls, and that cost; `nil` when no
    /// itinerary meets it.
    ///
    /// The itineraries are those ``earliestArrival(for:options:)`` searches with its default options, hauls by truck
    /// included: each haul costs its ``Haulage/costPerTEU`` (unknown counts 0). A maximum transit time makes one search
    /// per departure time from the origin, of a vessel or of a haul for a departure it feeds.
    ///
    /// Capacity-constrained assignment prices its columns with this, the costs being the capacity duals.
    /// Among itineraries of equal cost the earliest arriving is returned.
    ///
    /// - Parameters:
    ///   - specification: The origin, destination, ready time, deadline and cargo.
    ///   - costs: A non-negative cost for every movement, indexed by ``ScheduleNetwork/MovementID``; entries past the
    ///     movements are not read.
    ///   - transferCosts: A non-negative cost of changing vessel at each port, in the order of
    ///     ``ScheduleNetwork/locations``, or `nil` for none (such as the ports' transshipment costs). A haul between
    ///     two voyages changes voyage at the place it delivers to, and pays that place's.
    ///   - handlingCosts: A non-negative cost of loading or discharging at each place, in the order of
    ///     ``ScheduleNetwork/locations``, paid where the cargo boards its first voyage and where it leaves its last;
    ///     `nil` for none (such as the ports' handling costs).
    ///   - haulDayCosts: A non-negative cost, or infinity to refuse it, for a haul with a capacity a day leaving on a day
    ///     (``HaulDay``), on top of its cost per TEU; `nil` for none.
    /// - Throws: ``RoutingError/unknownLocation(_:)`` for a code the network does not have.
    /// - Complexity: O(*m* log *m*) for *m* movements, times the departure times from the origin with a maximum
    ///   transit time; see `CheapestItinerarySearch`.
    public func cheapestItinerary(
        for specification: RouteSpecification, costs: [Double], transferCosts: [Double]? = nil, handlingCosts: [Double]? = nil,
        haulDayCosts: ((HaulDay) -> Double)? = nil
    ) throws(RoutingError) -> (itinerary: Itinerary, cost: Double)? {
        precondition(costs.count >= network.movementCount, "give one cost per movement of the network")
        precondition(transferCosts.map { $0.count == network.locations.count } ?? true, "give one transfer cost per location of the network")
        precondition(handlingCosts.map { $0.count == network.locations.count } ?? true, "give one handling cost per location of the network")
        guard let origin = network.portIndex[specification.origin] else { throw .unknownLocation(specification.origin) }
        guard let destination = network.portIndex[specification.destination] else {
            throw .unknownLocation(specification.destination)
        }
        var search = pricing.take() ?? CheapestItinerarySearch(network: network)
        defer { pricing = search }
        return search.cheapest(
            from: origin, to: destination, ready: Int64(specification.readyTime.timeIntervalSince1970.rounded(.up)),
            deadline: specification.arrivalDeadline.seconds, transitLimit: specification.maximumTransitTime?.wholeSeconds, costs: costs,
            transferCosts: transferCosts, handlingCosts: handlingCosts, haulDayCosts: haulDayCosts, cargoType: specification.cargoType,
            dangerousGoods: specification.containsDangerousGoods
        ).map { (itinerary: $0.0, cost: $0.1) }
    }

    private func takeSearch() -> RouteSearch {
        var search = self.search.take() ?? RouteSearch(network: network)
        search.usesLowerBounds = usesLowerBounds
        return search
    }

    /// Keeps a search's working memory for the next query, without what the query lent it: a caller that changes the
    /// room other cargo take (``RoutingOptions/taken``) between searches then changes its own copy, not a copy of it.
    private func putBack(_ search: inout RouteSearch) {
        search.forgetLent()
        self.search = search
    }

    /// Picks `limit` of the front, sorted by arrival, transshipments and later departure, with the
    /// priorities that ``candidates(for:limit:options:)`` documents.
    static func select(_ front: [RouteSearch.Found], limit: Int, criteria: Set<RoutingCriterion> = []) -> [RouteSearch.Found] {
        let sorted = front.sorted(by: RouteSearch.Found.precedes)
        guard sorted.count > limit else { return sorted }
        var chosen = Set<Int>([0])
        // The first of the least in each criterion, in the order of the sorted front.
        for criterion in RoutingCriterion.allCases where criteria.contains(criterion) && chosen.count < limit {
            let figure: (RouteSearch.Found) -> Int64 = criterion == .handlingCost ? { $0.cost } : { $0.co2 }
            if let least = sorted.indices.min(by: { (figure(sorted[$0]), $0) < (figure(sorted[$1]), $1) }) { chosen.insert(least) }
        }
        var fastestByTransshipments: [Int: Int] = [:]
        for (position, found) in sorted.enumerated() where fastestByTransshipments[found.transfers] == nil {
            fastestByTransshipments[found.transfers] = position
        }
        for transfers in fastestByTransshipments.keys.sorted() where chosen.count < limit {
            chosen.insert(fastestByTransshipments[transfers]!)
        }
        for position in sorted.indices where chosen.count < limit { chosen.insert(position) }
        return chosen.sorted().map { sorted[$0] }
    }
}

extension ScheduleNetwork {
    /// Returns an itinerary with the earliest arrival that meets the specification and the options.
    ///
    /// This makes a new ``Router`` for the one query; keep a router to ask many questions.
    public func earliestArrival(for specification: RouteSpecification, options: RoutingOptions = RoutingOptions())
        throws(RoutingError) -> Itinerary
    {
        try Router(network: self).earliestArrival(for: specification, options: options)
    }

    /// Returns up to `limit` candidate itineraries; see ``Router/candidates(for:limit:options:)``.
    ///
    /// This makes a new ``Router`` for the one query; keep a router to ask many questions.
    public func candidates(
        for specification: RouteSpecification, limit: Int = 5, options: RoutingOptions = RoutingOptions()
    ) throws(RoutingError) -> [Itinerary] {
        try Router(network: self).candidates(for: specification, limit: limit, options: options)
    }
}
