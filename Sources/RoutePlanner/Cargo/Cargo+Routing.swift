import Foundation

/// Why a cargo cannot be routed from where it is now (``Cargo/specificationFromWhereItIs(in:)``).
public enum CargoRoutingError: Error, Hashable, Sendable {
    /// Its booking was cancelled at this time.
    case cancelled(at: Date)
    /// It was claimed (by this event): its journey is closed.
    case claimed(HandlingEvent)
    /// It was discharged at a port the network does not have.
    case unknownLocation(UnLocode)
    /// It is aboard a voyage the network does not have (or one its load did not name).
    case aboardUnknownVoyage(VoyageNumber?)
    /// It is aboard a voyage that no longer calls where it was loaded.
    case voyageNoLongerCalls(VoyageNumber, at: UnLocode)
    /// It is at its destination already.
    case atDestination(UnLocode)
    /// Its deadline has passed.
    case deadlinePassed
}

/// Why a cargo needs routing again (``Cargo/reasonToReRoute(in:)``).
public enum ReRoutingReason: Hashable, Sendable {
    /// It has no itinerary.
    case notRouted
    /// Its last move was not what its itinerary expects.
    case misdirected(HandlingEvent)
    /// Its itinerary no longer fits its specification.
    case misrouted
    /// A leg of its itinerary (`index` from 0) no longer sails as planned, or the cargo, where it is, no longer makes
    /// it (a connection or departure missed), or arrives late or over its transit time on it.
    case disrupted(index: Int, leg: Leg)
    /// It was claimed: its journey is closed, and it is not routed again.
    case claimed

    /// `notRouted`, `misdirected`, `misrouted`, `disrupted` or `claimed`: the reason as documents write it.
    public var code: String {
        switch self {
        case .notRouted: "notRouted"
        case .misdirected: "misdirected"
        case .misrouted: "misrouted"
        case .disrupted: "disrupted"
        case .claimed: "claimed"
        }
    }
}

extension Cargo {
    /// The specification from where the cargo is now to its destination by its deadline: what routing it, routing it
    /// again and re-planning it after carriers' events search under.
    ///
    /// Not yet received: the booked specification. Received: from there, once received. Discharged: from
    /// there, once the port's transshipment time has passed (off a truck, at once). On board: from the voyage's next
    /// call after loading, once that port's transshipment time has passed (the cargo stays on its vessel until then);
    /// on a truck, from where the haul delivers, once it has. Where the port's transshipment time depends on the
    /// change of mode, the longest from the mode the cargo arrived by, to any mode, so that no option it is offered
    /// leaves too soon. Once loaded, the booked maximum transit time is a
    /// deadline from the first load.
    ///
    /// - Throws: ``CargoRoutingError`` when the cargo cannot be routed from where it is.
    public func specificationFromWhereItIs(in network: ScheduleNetwork) throws(CargoRoutingError) -> RouteSpecification {
        let booked = specification
        if let cancelled = cancellationTime { throw .cancelled(at: cancelled) }
        guard let last = handlingEvents.last(where: { $0.kind != .customs }) else { return booked }
        let origin: UnLocode, ready: Date
        switch last.kind {
        case .claim:
            throw .claimed(last)
        case .receive:
            (origin, ready) = (last.location, max(last.completionTime, last.location == booked.origin ? booked.readyTime : last.completionTime))
        case .unload:
            guard let port = network.location(last.location) else { throw .unknownLocation(last.location) }
            // Off a truck, cargo boards as at its origin, with no transshipment time.
            let offTruck = last.voyage.map { isTruck($0, in: network) } ?? false
            let stay = offTruck ? .zero : Self.longestTransshipmentTime(at: port, after: last.voyage.flatMap { network.voyage($0)?.mode })
            (origin, ready) = (last.location, last.completionTime + TimeInterval(stay.components.seconds))
        case .load, .customs:
            if let truck = truck(loadedBy: last, in: network) {
                // On a truck: from where it delivers, once it has.
                (origin, ready) = (truck.unloadLocation.code, truck.unloadTime)
                break
            }
            guard let number = last.voyage, let voyage = network.voyage(number) else { throw .aboardUnknownVoyage(last.voyage) }
            // The call where it loaded: the departure from there nearest the load.
            let departures = voyage.movements.filter { $0.departureLocation == last.location }
            guard
                let movement = departures.min(by: {
                    abs($0.departureTime.timeIntervalSince(last.completionTime)) < abs($1.departureTime.timeIntervalSince(last.completionTime))
                }), let port = network.location(movement.arrivalLocation)
            else { throw .voyageNoLongerCalls(number, at: last.location) }
            let stay = Self.longestTransshipmentTime(at: port, after: voyage.mode)
            (origin, ready) = (movement.arrivalLocation, movement.arrivalTime + TimeInterval(stay.components.seconds))
        }
        guard origin != booked.destination else { throw .atDestination(booked.destination) }
        // A maximum transit time counts from the first load: for a cargo on its way it is a deadline now.
        let departure = handlingEvents.first { $0.kind == .load }?.completionTime
        guard let specification = try? booked.replacing(origin: origin, readyTime: ready, departedAt: departure) else { throw .deadlinePassed }
        return specification
    }

    /// The longest time cargo that arrived at `port` by `mode` (any mode, when unknown) may need there before it
    /// leaves by any mode: where the port's transshipment times depend on the change of mode, a cargo routed from there
    /// is ready only once the longest has passed, so that no option it is offered leaves too soon.
    static func longestTransshipmentTime(at port: Location, after mode: TransportMode?) -> Duration {
        guard !port.transshipmentTimesByMode.isEmpty else { return port.transshipmentTime }
        let arriving = mode.map { [$0] } ?? [.vessel, .barge, .rail]
        return arriving.flatMap { from in TransportMode.allCases.map { port.transshipmentTime(from: from, to: $0) } }.max()!
    }

    /// Why the cargo needs routing again, or `nil` when it is on track and its itinerary still sails in `network` and
    /// takes it, from where it is, where it goes in time (``disruption(in:)``); ``ReRoutingReason/claimed`` for a
    /// claimed cargo, which is never routed again.
    public func reasonToReRoute(in network: ScheduleNetwork) -> ReRoutingReason? {
        let delivery = self.delivery
        if delivery.status == .claimed { return .claimed }
        guard let itinerary else { return .notRouted }
        if let event = delivery.unexpectedEvent { return .misdirected(event) }
        if delivery.routingStatus == .misrouted { return .misrouted }
        if let first = network.disruptedLegs(of: itinerary).first { return .disrupted(index: first, leg: itinerary.legs[first]) }
        // Sailing as planned, but not from where the cargo is now: handled too late for a connection or a departure.
        guard let disruption = disruption(in: network) else { return nil }
        let index =
            switch disruption {
            case .legNoLongerSails(let leg, _), .missesConnection(let leg, _): leg
            case .missesDeparture: 0
            case .arrivesLate, .exceedsTransitTime: itinerary.legs.count - 1
            }
        return .disrupted(index: index, leg: itinerary.legs[index])
    }

    /// Takes an option found for `specification`, from where the cargo is: re-planned onto it, its booking and the
    /// legs behind it kept (``replan(onto:in:)``); or, for a cargo not where its itinerary says, assigned it under
    /// the specification from where it is. Whether it took the option; when not, the cargo is unchanged.
    public mutating func take(_ option: Itinerary, foundFor specification: RouteSpecification, in network: ScheduleNetwork?) -> Bool {
        if replan(onto: option, in: network) { return true }
        var respecified = self
        if specification != self.specification { respecified.specifyNewRoute(specification) }
        guard (try? respecified.assign(to: option)) != nil else { return false }
        self = respecified
        return true
    }
}

extension CapacityUse {
    /// The room open cargo take: each not yet claimed, on the movements of its itinerary's legs that the network
    /// sails. A cargo's options are searched under what the others take (``RoutingOptions/leavingRoom(for:under:in:)``).
    public init(takenBy cargo: some Sequence<Cargo>, in network: ScheduleNetwork) {
        self.init(network: network)
        for each in cargo where each.delivery.status != .claimed {
            if let itinerary = each.itinerary { add(CargoSpace(each.booking), on: itinerary, in: network) }
        }
    }
}

extension RoutingOptions {
    /// The options of a search for a booked cargo: these, with the room the cargo needs under what the other cargo
    /// take (`taken` less the cargo's own itinerary), so that no option puts it on a movement without room for it.
    /// Without known capacities and hauls' capacities a day (``ScheduleNetwork/countsRoom``), these options as they are.
    public func leavingRoom(for cargo: Cargo, under taken: CapacityUse, in network: ScheduleNetwork) -> RoutingOptions {
        guard network.countsRoom else { return self }
        var options = self, others = taken
        let space = CargoSpace(cargo.booking)
        if cargo.delivery.status != .claimed, let itinerary = cargo.itinerary { others.remove(space, on: itinerary, in: network) }
        (options.space, options.taken) = (space, others)
        return options
    }
}

extension Cargo {
    /// Whether `number` names a truck: a haul's leg of the cargo's itinerary, or a haul of the network that no voyage
    /// of it is named as.
    func isTruck(_ number: VoyageNumber, in network: ScheduleNetwork?) -> Bool {
        itinerary?.legs.contains { $0.isHaul && $0.voyage.number == number } == true
            || network.map { $0.voyage(number) == nil && $0.haul(named: number) != nil } == true
    }

    /// The truck that `load` put the cargo on, leaving then (whatever its gate hours) and delivering after its time on
    /// the road and any wait at the gate there: its itinerary's haul of that number from there (with the network's time on the road while the
    /// network has the haul, else the planned one), or the network's haul of that number from there; `nil` for a load
    /// onto anything else.
    func truck(loadedBy load: HandlingEvent, in network: ScheduleNetwork?) -> Leg? {
        guard load.kind == .load, let number = load.voyage, isTruck(number, in: network) else { return nil }
        let planned = itinerary?.legs.first { $0.isHaul && $0.voyage.number == number && $0.loadLocation.code == load.location }
        let haul: Haulage
        if let planned {
            haul =
                network?.haul(from: planned.loadLocation.code, to: planned.unloadLocation.code)
                ?? Haulage(
                    from: planned.loadLocation.code, to: planned.unloadLocation.code, duration: .seconds(planned.unloadTime.timeIntervalSince(planned.loadTime))
                )
        } else if let named = network?.haul(named: number), named.from == load.location {
            haul = named
        } else {
            return nil
        }
        func place(_ code: UnLocode) -> Location { network?.location(code) ?? Location(code: code, name: code.rawValue) }
        let leg = Leg(
            haul: haul, from: place(haul.from), to: place(haul.to), departure: load.completionTime,
            arrival: load.completionTime + TimeInterval(haul.duration.components.seconds))
        return network?.driving(leg, leftAt: load.completionTime) ?? leg
    }
}
