import Foundation

extension Cargo {
    /// Where an open cargo on track is on its itinerary: the first leg still ahead, when it can board that leg (`nil`
    /// while it is aboard), when it was first loaded, and when the truck it is on left.
    public struct Progress: Hashable, Sendable {
        /// The first leg still ahead: 0 before the cargo sails, the leg it is aboard, or the one after the leg it was
        /// discharged from.
        public let first: Int
        /// When the cargo can board leg `first`; `nil` while it is aboard.
        public let ready: Date?
        /// When the cargo was first loaded, if it was.
        public let departedAt: Date?
        /// When the truck the cargo is aboard (leg `first`, a haul) left: when it was loaded.
        public private(set) var truckLeftAt: Date? = nil
    }

    /// Where the cargo is on its itinerary; `nil` for a cargo not routed, misdirected, claimed, or discharged at its
    /// destination, which the schedule no longer disrupts.
    public var progress: Progress? { progress(given: delivery) }

    /// ``progress``, with the cargo's ``delivery`` worked out already.
    private func progress(given delivery: Delivery) -> Progress? {
        guard let itinerary, delivery.isOnTrack else { return nil }
        let departedAt = handlingEvents.first { $0.kind == .load }?.completionTime
        guard let last = handlingEvents.last(where: { $0.kind != .customs }) else { return Progress(first: 0, ready: specification.readyTime, departedAt: nil) }
        let legs = itinerary.legs
        switch last.kind {
        case .receive:
            return Progress(first: 0, ready: max(last.completionTime, specification.readyTime), departedAt: departedAt)
        case .load:
            // Aboard: the leg loaded there, or, re-routed from the vessel's next call, the first leg on that vessel.
            guard
                let first = legs.firstIndex(where: { $0.voyage.number == last.voyage && $0.loadLocation.code == last.location })
                    ?? (legs[0].voyage.number == last.voyage ? 0 : nil)
            else { return nil }
            // A truck is not timetabled: it left when it was loaded, and delivers after its time on the road from then.
            return Progress(first: first, ready: nil, departedAt: departedAt, truckLeftAt: legs[first].isHaul ? last.completionTime : nil)
        case .unload:
            guard let leg = legs.lastIndex(where: { $0.unloadLocation.code == last.location && $0.voyage.number == last.voyage }),
                leg + 1 < legs.count
            else { return nil }
            // Off a truck, cargo boards as at its origin, with no transshipment time.
            let stay = TimeInterval(legs[leg].transshipmentTime(before: legs[leg + 1]).components.seconds)
            return Progress(first: leg + 1, ready: last.completionTime + stay, departedAt: departedAt)
        case .claim, .customs:
            return nil
        }
    }

    /// What stops the cargo's itinerary, as `network` now sails it, from taking the cargo where it goes in time, from
    /// where the cargo is on it (``progress``); `nil` for a cargo it does not disrupt, or that has no itinerary on its
    /// way (not routed, misdirected, claimed, arrived).
    public func disruption(in network: ScheduleNetwork) -> ItineraryDisruption? {
        guard let itinerary, let progress else { return nil }
        return network.disruption(
            of: itinerary, from: progress.first, boardingFrom: progress.ready, specification: specification, departedAt: progress.departedAt,
            truckLeftAt: progress.truckLeftAt)
    }

    /// What stops the cargo's itinerary (``disruption(in:)``), the calls that moved to stop it and by how much the
    /// cargo misses; `nil` for a cargo it does not disrupt.
    public func disruptionCause(in network: ScheduleNetwork) -> DisruptionCause? {
        guard let itinerary, let progress else { return nil }
        return network.disruptionCause(
            of: itinerary, from: progress.first, boardingFrom: progress.ready, specification: specification, departedAt: progress.departedAt,
            truckLeftAt: progress.truckLeftAt)
    }

    /// The cargo's delivery as `network` now sails its itinerary (``Delivery/disruption``): a cargo on track whose
    /// itinerary the network no longer takes where it goes in time is disrupted, and the ETA and the next expected
    /// load or discharge are at the times the network now sails them. Without a network, as planned (``delivery``).
    public func delivery(over network: ScheduleNetwork?) -> Delivery {
        var delivery = delivery
        guard let network, let itinerary, delivery.isOnTrack else { return delivery }
        // Discharged at its destination: its last leg as it sailed, and nothing ahead to disrupt.
        let progress = progress(given: delivery)
        let ahead = progress ?? Progress(first: itinerary.legs.count - 1, ready: nil, departedAt: nil)
        let sailed = network.sailed(itinerary, from: ahead.first, boardingFrom: ahead.ready, truckLeftAt: ahead.truckLeftAt)
        let cause = progress.flatMap {
            network.disruptionCause(
                of: itinerary, from: $0.first, boardingFrom: $0.ready, specification: specification, departedAt: $0.departedAt,
                truckLeftAt: $0.truckLeftAt, sailed: sailed)
        }
        delivery.sail(itinerary, sailed: sailed.legs, cause: cause)
        return delivery
    }
}

extension Cargo {
    /// Re-plans the cargo onto `ahead`, an itinerary from where the cargo is now (as its options are found from
    /// there): its booking (origin, destination, ready time, deadline) stays as it is, and its itinerary keeps the
    /// legs it has sailed, and the one it is aboard up to the call where `ahead` starts, as `network` sails them (as
    /// planned without one); `ahead` replaces only what lies ahead.
    ///
    /// - Returns: Whether the cargo was re-planned so: `false`, and the cargo unchanged, when it is not where its
    ///   itinerary says (misdirected: the legs it took are not its itinerary's), or the legs kept and `ahead` make no
    ///   itinerary of its booking; it then needs the specification from where it is (``specifyNewRoute(_:)``).
    public mutating func replan(onto ahead: Itinerary, in network: ScheduleNetwork?) -> Bool {
        guard let behind = legs(behind: ahead, in: network) else { return false }
        var legs = behind + ahead.legs
        // Aboard the vessel that `ahead` goes on with: one leg on it, from where the cargo was loaded. (A cargo
        // discharged from a voyage that `ahead` boards again rides two legs of it, which no itinerary has: the
        // re-plan then falls back.)
        let isAboard = handlingEvents.last(where: { $0.kind != .customs })?.kind == .load
        if isAboard, let aboard = behind.last, let next = ahead.legs.first, aboard.voyage.number == next.voyage.number,
            aboard.movementIndices.upperBound == next.movementIndices.lowerBound,
            next.voyage.movements.indices.contains(aboard.movementIndices.lowerBound),
            next.voyage.movements[aboard.movementIndices.lowerBound].departureLocation == aboard.loadLocation.code
        {
            legs[behind.count - 1...behind.count] = [
                Leg(
                    voyage: next.voyage, movementIndices: aboard.movementIndices.lowerBound..<next.movementIndices.upperBound,
                    loadLocation: aboard.loadLocation, unloadLocation: next.unloadLocation)
            ]
        }
        guard let itinerary = try? Itinerary(legs: legs) else { return false }
        return (try? assign(to: itinerary)) != nil
    }

    /// The legs of the itinerary behind the cargo, as `network` sails them, for a re-plan onto `ahead`: none before it
    /// is loaded; the legs through the one it was discharged from; the legs before the one it is aboard, and that one
    /// up to the call where `ahead` starts. `nil` when the cargo is not where its itinerary says.
    private func legs(behind ahead: Itinerary, in network: ScheduleNetwork?) -> [Leg]? {
        guard let last = handlingEvents.last(where: { $0.kind != .customs }) else { return [] }
        func sailed(_ leg: Leg) -> Leg { network?.sailing(leg) ?? leg }
        switch last.kind {
        case .receive:
            return []
        case .unload:
            guard let legs = itinerary?.legs, !delivery.isMisdirected,
                let index = legs.lastIndex(where: { $0.unloadLocation.code == last.location && $0.voyage.number == last.voyage }),
                legs[index].unloadLocation.code == ahead.origin
            else { return nil }
            var behind = legs[...index].map(sailed)
            // A truck delivered when its unload says, after it was loaded.
            if legs[index].isHaul,
                let truck = handlingEvents.last(where: { $0.kind == .load && $0.voyage == last.voyage }).flatMap({ truck(loadedBy: $0, in: network) }),
                truck.loadTime < last.completionTime
            {
                var drove = truck.movements.first!
                drove.arrivalTime = last.completionTime
                behind[index] = Leg(
                    voyage: truck.voyage.replacingMovements([drove]), movementIndices: 0..<1, loadLocation: truck.loadLocation,
                    unloadLocation: truck.unloadLocation)
            }
            return behind
        case .load:
            guard let legs = itinerary?.legs, !delivery.isMisdirected,
                let index = legs.firstIndex(where: { $0.voyage.number == last.voyage && $0.loadLocation.code == last.location })
            else { return nil }
            // On a truck: the haul from when it was loaded, to where `ahead` starts.
            if legs[index].isHaul {
                guard let truck = truck(loadedBy: last, in: network), truck.unloadLocation.code == ahead.origin else { return nil }
                return legs[..<index].map(sailed) + [truck]
            }
            let aboard = sailed(legs[index]), movements = aboard.voyage.movements
            guard let cut = movements.indices[aboard.movementIndices.lowerBound...].first(where: { movements[$0].arrivalLocation == ahead.origin })
            else { return nil }
            return legs[..<index].map(sailed) + [
                Leg(
                    voyage: aboard.voyage, movementIndices: aboard.movementIndices.lowerBound..<(cut + 1), loadLocation: aboard.loadLocation,
                    unloadLocation: ahead.legs[0].loadLocation)
            ]
        case .claim, .customs:
            return nil
        }
    }
}
