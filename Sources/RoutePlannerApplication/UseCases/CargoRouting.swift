import Foundation
import RoutePlanner

/// Routing a booked cargo from where it is now: what the route, re-route and assignment use cases share.
enum CargoRouting {
    /// The room the open cargo take: each not yet claimed, on the movements of its itinerary's legs that the network
    /// sails. A cargo's options are searched under what the others take (``options(_:for:under:in:)``).
    static func capacityTaken(by cargo: some Sequence<Cargo>, in network: ScheduleNetwork) -> CapacityUse {
        var taken = CapacityUse(network: network)
        for each in cargo where each.delivery.status != .claimed {
            if let itinerary = each.itinerary { taken.add(CargoSpace(each.booking), on: itinerary, in: network) }
        }
        return taken
    }

    /// Assigns a cargo an option found for `specification`, from where the cargo is: re-planned onto it, its booking
    /// and the legs behind it kept (`Cargo.replan(onto:in:)`); or, for a cargo not where its itinerary
    /// says, under the specification from where it is. Whether it was assigned.
    static func assign(_ cargo: inout Cargo, _ option: Itinerary, foundFor specification: RouteSpecification, in network: ScheduleNetwork?) -> Bool {
        if cargo.replan(onto: option, in: network) { return true }
        var respecified = cargo
        if specification != cargo.specification { respecified.specifyNewRoute(specification) }
        guard (try? respecified.assign(to: option)) != nil else { return false }
        cargo = respecified
        return true
    }

    /// The options of a search for a booked cargo: `options`, with the room the cargo needs under what the other
    /// cargo take (`taken` less the cargo's own itinerary), so that no option puts it on a movement without room for
    /// it. Without known capacities, `options` as they are.
    static func options(_ options: RoutingOptions, for cargo: Cargo, under taken: CapacityUse, in network: ScheduleNetwork) -> RoutingOptions {
        guard network.capacitiesAreKnown else { return options }
        var options = options, others = taken
        let space = CargoSpace(cargo.booking)
        if cargo.delivery.status != .claimed, let itinerary = cargo.itinerary { others.remove(space, on: itinerary, in: network) }
        (options.space, options.taken) = (space, others)
        return options
    }
    /// The specification from where the cargo is now to its destination by its deadline.
    ///
    /// Not yet received: the booked specification. Received: from there, once received. Discharged: from
    /// there, once the port's transshipment time has passed. On board: from the voyage's next call after
    /// loading, once that port's transshipment time has passed (the cargo stays on its vessel until then). Once
    /// loaded, the booked maximum transit time is a deadline from the first load.
    static func specification(for cargo: Cargo, in network: ScheduleNetwork) -> Result<RouteSpecification, DomainError> {
        let booked = cargo.specification
        if let cancelled = cargo.cancellationTime { return .failure(.cargoCancelled(cargo.trackingId, at: cancelled)) }
        guard let last = cargo.handlingEvents.last(where: { $0.kind != .customs }) else { return .success(booked) }
        let origin: UnLocode, ready: Date
        switch last.kind {
        case .claim:
            return .failure(.cargoClosed(cargo.trackingId, claim: last))
        case .receive:
            (origin, ready) = (last.location, max(last.completionTime, last.location == booked.origin ? booked.readyTime : last.completionTime))
        case .unload:
            guard let port = network.location(last.location) else { return .failure(.unknown(last.location, among: network.locations)) }
            (origin, ready) = (last.location, last.completionTime + TimeInterval(port.transshipmentTime.components.seconds))
        case .load, .customs:
            guard let number = last.voyage, let voyage = network.voyage(number) else {
                return .failure(.invalidOperation(
                    "Cargo \(cargo.trackingId) is aboard voyage \(last.voyage?.rawValue ?? "?"), which the schedule does not have; register its unload first."))
            }
            // The call where it loaded: the departure from there nearest the load.
            let departures = voyage.movements.filter { $0.departureLocation == last.location }
            guard let movement = departures.min(by: {
                abs($0.departureTime.timeIntervalSince(last.completionTime)) < abs($1.departureTime.timeIntervalSince(last.completionTime))
            }), let port = network.location(movement.arrivalLocation)
            else {
                return .failure(.invalidOperation("Voyage \(number) no longer calls at \(last.location); register the cargo's unload first."))
            }
            (origin, ready) = (movement.arrivalLocation, movement.arrivalTime + TimeInterval(port.transshipmentTime.components.seconds))
        }
        guard origin != booked.destination else {
            return .failure(.invalidOperation("Cargo \(cargo.trackingId) is already at its destination, \(booked.destination)."))
        }
        // A maximum transit time counts from the first load: for a cargo on its way it is a deadline now.
        let departure = cargo.handlingEvents.first { $0.kind == .load }?.completionTime
        guard let specification = try? booked.replacing(origin: origin, readyTime: ready, departedAt: departure)
        else { return .failure(.invalidOperation("The deadline of cargo \(cargo.trackingId) has passed.")) }
        return .success(specification)
    }

    /// Why a cargo needs routing again, or `nil` when it is on track and its itinerary still sails; claimed for a
    /// claimed cargo, which is never routed again.
    static func reasonToReRoute(_ cargo: Cargo, in network: ScheduleNetwork) -> ReRouteCargoResponse.Reason? {
        let delivery = cargo.delivery
        if delivery.status == .claimed { return .claimed }
        guard let itinerary = cargo.itinerary else { return .notRouted }
        if let event = delivery.unexpectedEvent { return .misdirected(event) }
        if delivery.routingStatus == .misrouted { return .misrouted }
        guard let first = network.disruptedLegs(of: itinerary).first else { return nil }
        return .disrupted(index: first, leg: itinerary.legs[first])
    }
}
