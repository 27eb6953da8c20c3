import Foundation
import RoutePlanner

/// A multi-criteria RAPTOR (McRAPTOR; Delling, Pajor and Werneck, "Round-Based Public Transit Routing", 2012): the
/// labelling anchor for the router's searches by cost and CO2e, on the same instance and queries.
///
/// It answers what `Router.candidates(for:limit:options:)` answers before picking *k*: every itinerary from the origin
/// to the destination that departs at or after the ready time and arrives by the deadline and that no other beats on
/// departure (later), arrival, transshipments, handling cost and CO2e, one per distinct vector. The departure is a
/// criterion of the labels, as in McRAPTOR's range queries, so one search covers the whole window.
///
/// The rules are the router's (Guides/Routing.md): a change of voyage waits the port's transshipment time
/// (inclusive), never at the origin and never onto the voyage it arrived on; the cost is the load at the origin,
/// the discharge at the destination and each change's transshipment cost, each in whole cents; the CO2e the
/// movements' in whole grams; an itinerary ends where it first reaches the destination.
///
/// Voyages with the same calls, the same times from their first departure and the same CO2e per movement form a
/// route, their trips in the order of departure, so a label boards the earliest trip it can catch other than the one
/// it arrived on: exact only where every trip of a route is its others shifted in time, which building checks, as it
/// checks that no voyage departs from a port twice or goes on as another (so a trip is never met again after leaving
/// it). The search keeps, per port, a bag of labels (departure, arrival, cost, CO2e)
/// over every round so far, a round being a transshipment more, and refuses a label that a label of no more rounds
/// dominates, or that an itinerary found with no more transshipments dominates (the target pruning, with the
/// discharge still to pay counted in).
struct McRaptor {
    /// An itinerary found: its figures.
    struct Found: Hashable {
        var departure: Int64
        var arrival: Int64
        var transfers: Int
        var cost: Int64
        var co2: Int64

        func dominates(_ other: Found) -> Bool {
            departure >= other.departure && arrival <= other.arrival && transfers <= other.transfers && cost <= other.cost
                && co2 <= other.co2
        }
    }

    private struct Label {
        var departure: Int64
        var arrival: Int64
        var cost: Int64
        var co2: Int64
        /// The trip it arrived on, which a change never boards again.
        var trip: Int32
        var alive = true
    }

    private struct Riding {
        var trip: Int32
        var departure: Int64
        var cost: Int64
        var co2: Int64
    }

    // Routes: route r's stops are `stopPort[stopStart[r]...stopStart[r + 1] - 1]`, one more than its movements; a
    // stop's departure and arrival are offsets from its trip's first departure, and `stopGrams` is the CO2e of the
    // movement that arrives there.
    private var stopStart: [Int32] = [0]
    private var stopPort: [Int32] = []
    private var stopDeparture: [Int64] = []
    private var stopArrival: [Int64] = []
    private var stopGrams: [Int64] = []
    private var tripStart: [Int32] = [0]
    private var tripDeparture: [Int64] = []
    /// Per port, the routes that depart from it and at which stop, as (route, stop index within the route).
    private var portRouteStart: [Int32] = []
    private var portRoutes: [(route: Int32, stop: Int32)] = []
    private let transshipmentSeconds: [Int64]
    private let transferCents: [Int64]
    private let handlingCents: [Int64]
    private let portIndex: [UnLocode: Int32]
    let routeCount: Int

    /// A query: origin and destination by index, times in seconds.
    private struct Query {
        var origin = 0, destination = 0
        var ready: Int64 = 0, deadline: Int64 = 0
        var countsCO2 = false
    }

    // The query, the round (its transshipments) and working memory, kept across queries.
    private var query = Query()
    private var transfers = 0
    private var touched: [Int] = []
    private var nextMarked: [Int] = []
    private var bags: [[Label]]
    private var roundBegin: [Int]
    private var boardBegin: [Int]
    /// Whether a port's labels of the last round board this round, and whether it has new labels this round.
    private var boards: [Bool]
    private var marked: [Bool]
    private var scanFrom: [Int32]
    private var found: [Found] = []
    private var riding: [Riding] = []
    /// Labels made by the last query.
    private(set) var labelCount = 0

    init(locations: [Location], voyages: [Voyage]) {
        var index: [UnLocode: Int32] = [:]
        for (position, location) in locations.enumerated() { index[location.code] = Int32(position) }
        portIndex = index
        // As the network counts them: a transshipment time in whole seconds rounded up, times rounded down.
        transshipmentSeconds = locations.map { time in
            let (seconds, attoseconds) = time.transshipmentTime.components
            return seconds + (attoseconds > 0 ? 1 : 0)
        }
        transferCents = locations.map { Int64((($0.transshipmentCostPerTEU ?? 0) * 100).rounded()) }
        handlingCents = locations.map { Int64((($0.handlingCostPerTEU ?? 0) * 100).rounded()) }
        func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }

        // Group the voyages by their shape: calls, times from the first departure, and CO2e.
        var routeOf: [[Int64]: Int] = [:]
        var tripsOf: [[(Int64, Int)]] = []
        var shapes: [[Int64]] = []
        for (position, voyage) in voyages.enumerated() {
            precondition(voyage.continuation == nil, "McRaptor: a voyage goes on as another")
            let movements = voyage.movements
            let first = seconds(movements[0].departureTime)
            var shape: [Int64] = []
            var ports = Set<Int32>()
            for movement in movements {
                let from = index[movement.departureLocation]!
                precondition(ports.insert(from).inserted, "McRaptor: voyage \(voyage.number) calls at a port twice")
                let grams = movement.co2ePerTEU.map { Int64(($0 * 1_000).rounded()) } ?? 0
                shape += [
                    Int64(from), Int64(index[movement.arrivalLocation]!), seconds(movement.departureTime) - first,
                    seconds(movement.arrivalTime) - first, grams,
                ]
            }
            if let route = routeOf[shape] {
                tripsOf[route].append((first, position))
            } else {
                routeOf[shape] = shapes.count
                shapes.append(shape)
                tripsOf.append([(first, position)])
            }
        }
        routeCount = shapes.count
        var departing = [[(route: Int32, stop: Int32)]](repeating: [], count: locations.count)
        for (route, shape) in shapes.enumerated() {
            let movements = shape.count / 5
            for m in 0..<movements {
                let from = Int32(shape[5 * m])
                departing[Int(from)].append((Int32(route), Int32(m)))
                stopPort.append(from)
                stopDeparture.append(shape[5 * m + 2])
                stopArrival.append(m == 0 ? 0 : shape[5 * (m - 1) + 3])
                stopGrams.append(m == 0 ? 0 : shape[5 * (m - 1) + 4])
            }
            stopPort.append(Int32(shape[5 * (movements - 1) + 1]))
            stopDeparture.append(Int64.max)
            stopArrival.append(shape[5 * (movements - 1) + 3])
            stopGrams.append(shape[5 * (movements - 1) + 4])
            stopStart.append(Int32(stopPort.count))
            let trips = tripsOf[route].sorted { $0.0 < $1.0 }
            // Trips of one shape overtake none, so the earliest trip caught is the best one.
            tripDeparture += trips.map(\.0)
            tripStart.append(Int32(tripDeparture.count))
        }
        portRouteStart = [0]
        for routes in departing {
            portRoutes += routes
            portRouteStart.append(Int32(portRoutes.count))
        }
        bags = [[Label]](repeating: [], count: locations.count)
        roundBegin = [Int](repeating: 0, count: locations.count)
        boardBegin = [Int](repeating: 0, count: locations.count)
        boards = [Bool](repeating: false, count: locations.count)
        marked = boards
        scanFrom = [Int32](repeating: Int32.max, count: shapes.count)
    }

    /// The Pareto front from `origin` to `destination`, ready at `ready` and arriving by `deadline` (seconds), by
    /// handling cost and, when `countsCO2`, CO2e; sorted by arrival, transshipments, later departure, cost and CO2e.
    mutating func front(from origin: UnLocode, to destination: UnLocode, ready: Int64, deadline: Int64, countsCO2: Bool) -> [Found] {
        query = Query(origin: Int(portIndex[origin]!), destination: Int(portIndex[destination]!), ready: ready, deadline: deadline, countsCO2: countsCO2)
        found.removeAll(keepingCapacity: true)
        labelCount = 0
        // Round 0 boards every trip from the origin in the window; each later round changes voyage once more, from
        // the ports that the last round marked.
        var markedPorts: [Int] = []
        var routes = routesDeparting(from: [query.origin])
        transfers = 0
        while !routes.isEmpty {
            for port in markedPorts {
                boardBegin[port] = roundBegin[port]
                roundBegin[port] = bags[port].count
                boards[port] = true
            }
            for route in routes { scan(Int(route)) }
            for port in markedPorts { boards[port] = false }
            for port in nextMarked { marked[port] = false }
            markedPorts = nextMarked
            nextMarked.removeAll(keepingCapacity: true)
            routes = routesDeparting(from: markedPorts)
            transfers += 1
        }
        for port in touched {
            bags[port].removeAll(keepingCapacity: true)
            roundBegin[port] = 0
            boardBegin[port] = 0
        }
        touched.removeAll(keepingCapacity: true)
        var front: [Found] = []
        let sorted = found.sorted {
            ($0.arrival, $0.transfers, -$0.departure, $0.cost, $0.co2) < ($1.arrival, $1.transfers, -$1.departure, $1.cost, $1.co2)
        }
        for candidate in sorted where !front.contains(where: { $0.dominates(candidate) }) { front.append(candidate) }
        return front
    }

    /// The routes that depart from `ports`, each with the first of its stops among them set in `scanFrom`.
    private mutating func routesDeparting(from ports: [Int]) -> [Int32] {
        var routes: [Int32] = []
        for port in ports {
            for (route, stop) in portRoutes[Int(portRouteStart[port])..<Int(portRouteStart[port + 1])] {
                if scanFrom[Int(route)] == Int32.max { routes.append(route) }
                scanFrom[Int(route)] = min(scanFrom[Int(route)], stop)
            }
        }
        return routes
    }

    /// Scans route `r` from its first stop in `scanFrom`: at each stop the trips ridden arrive (labels for the port, or
    /// itineraries at the destination), then the stop's labels of the last round board (in round 0, the origin).
    private mutating func scan(_ r: Int) {
        let first = Int(stopStart[r]) + Int(scanFrom[r]), last = Int(stopStart[r + 1]) - 1
        let trips = Int(tripStart[r])..<Int(tripStart[r + 1])
        scanFrom[r] = Int32.max
        riding.removeAll(keepingCapacity: true)
        for stop in first...last {
            if stop > first { arrive(at: stop) }
            guard stop < last else { break }
            let port = Int(stopPort[stop]), offset = stopDeparture[stop]
            if transfers == 0 {
                guard port == query.origin else { continue }
                var trip = firstTrip(in: trips, departingAt: offset, notBefore: query.ready)
                while trip < trips.upperBound && tripDeparture[trip] + offset <= query.deadline {
                    board(Riding(trip: Int32(trip), departure: tripDeparture[trip] + offset, cost: handlingCents[port], co2: 0))
                    trip += 1
                }
            } else if boards[port] {
                for label in bags[port][boardBegin[port]..<roundBegin[port]] where label.alive {
                    var trip = firstTrip(in: trips, departingAt: offset, notBefore: label.arrival + transshipmentSeconds[port])
                    if trip == Int(label.trip) { trip += 1 }
                    guard trip < trips.upperBound, tripDeparture[trip] + offset <= query.deadline else { continue }
                    board(Riding(trip: Int32(trip), departure: label.departure, cost: label.cost + transferCents[port], co2: label.co2))
                }
            }
        }
    }

    /// The trips ridden arrive at `stop`: each is an itinerary at the destination or a label at any other port but
    /// the origin; a trip that arrives after the deadline, or that an itinerary found beats, is ridden no further.
    private mutating func arrive(at stop: Int) {
        let port = Int(stopPort[stop]), discharge = handlingCents[query.destination]
        var kept = 0
        for entry in riding.indices {
            var ride = riding[entry]
            ride.co2 += query.countsCO2 ? stopGrams[stop] : 0
            let arrival = tripDeparture[Int(ride.trip)] + stopArrival[stop]
            guard arrival <= query.deadline,
                !isBeaten(departure: ride.departure, arrival: arrival, cost: ride.cost + discharge, co2: ride.co2)
            else { continue }
            riding[kept] = ride
            kept += 1
            if port == query.destination {
                found.append(Found(departure: ride.departure, arrival: arrival, transfers: transfers, cost: ride.cost + discharge, co2: ride.co2))
            } else if port != query.origin
                && insert(Label(departure: ride.departure, arrival: arrival, cost: ride.cost, co2: ride.co2, trip: ride.trip), at: port)
            {
                if bags[port].count == 1 { touched.append(port) }
                if !marked[port] {
                    marked[port] = true
                    nextMarked.append(port)
                }
            }
        }
        riding.removeLast(riding.count - kept)
    }

    /// The first trip in `trips` that leaves the stop (at `offset` from its first departure) at or after `time`.
    private func firstTrip(in trips: Range<Int>, departingAt offset: Int64, notBefore time: Int64) -> Int {
        var (low, high) = (trips.lowerBound, trips.upperBound)
        while low < high {
            let middle = (low + high) / 2
            if tripDeparture[middle] + offset < time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether an itinerary found with no more transshipments beats a label of this round with these figures, the
    /// discharge included in its cost.
    private func isBeaten(departure: Int64, arrival: Int64, cost: Int64, co2: Int64) -> Bool {
        found.contains { $0.transfers <= transfers && $0.departure >= departure && $0.arrival <= arrival && $0.cost <= cost && $0.co2 <= co2 }
    }

    /// Adds a trip boarded to the route's bag unless one boarded no later, departing no earlier, with no more cost and
    /// CO2e is in it; drops those it beats.
    private mutating func board(_ new: Riding) {
        for ride in riding where ride.trip <= new.trip && ride.departure >= new.departure && ride.cost <= new.cost && ride.co2 <= new.co2 {
            return
        }
        riding.removeAll { new.trip <= $0.trip && new.departure >= $0.departure && new.cost <= $0.cost && new.co2 <= $0.co2 }
        riding.append(new)
    }

    /// Adds a label to a port's bag unless a label of this round or an earlier one dominates it; drops the labels of
    /// this round it dominates. Returns whether it was added.
    private mutating func insert(_ new: Label, at port: Int) -> Bool {
        for label in bags[port]
        where label.alive && label.departure >= new.departure && label.arrival <= new.arrival && label.cost <= new.cost && label.co2 <= new.co2 {
            return false
        }
        for position in roundBegin[port]..<bags[port].count {
            let label = bags[port][position]
            if new.departure >= label.departure && new.arrival <= label.arrival && new.cost <= label.cost && new.co2 <= label.co2 {
                bags[port][position].alive = false
            }
        }
        bags[port].append(new)
        labelCount += 1
        return true
    }
}
