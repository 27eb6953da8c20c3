extension RouteSearch {
    /// Rebuilds the itinerary of an arrival found: its legs on voyages, one per run of movements on one voyage, and its
    /// hauls.
    ///
    /// A haul from the origin leaves as late as it still delivers for the departure it feeds (the itinerary's departure
    /// in a profile search); any other haul leaves as early as the cargo and the gate allow.
    func itinerary(for found: Found) -> Itinerary {
        let hauls = network.details.hauls
        var legs: [Leg] = []
        if found.state >= 0 {
            legs = Self.legs(endingAt: found.state, states: states, network: network) { state, parent in
                let h = Int(state.haul), movement = Int(state.movement)
                let (departure, arrival) =
                    parent >= 0
                    ? network.haul(h, leaving: Int(states[Int(parent)].movement)) : originHaul(h, feeding: movement)
                return network.haulLeg(h, departure: departure, arrival: arrival)
            }
        }
        if found.haul >= 0 {
            let h = Int(found.haul)
            if found.state >= 0 {
                let (departure, arrival) = network.haul(h, leaving: Int(states[Int(found.state)].movement))
                legs.append(network.haulLeg(h, departure: departure, arrival: arrival))
            } else {
                let (departure, arrival) = hauls.earliest(h, from: origin, notBefore: ready)
                legs.append(network.haulLeg(h, departure: departure, arrival: arrival))
            }
        }
        do {
            return try Itinerary(legs: legs)
        } catch {
            preconditionFailure("the router built an invalid itinerary: \(error)")
        }
    }

    /// The legs of the path that ends in `state`, one per run of movements on one voyage, each boarded after a haul
    /// preceded by the leg `haulLeg` gives for the state that boards and the state before it (-1 at the origin).
    static func legs(endingAt state: Int32, states: [State], network: ScheduleNetwork, haulLeg: (State, Int32) -> Leg) -> [Leg] {
        var path: [Int32] = []
        var current = state
        while current >= 0 {
            path.append(current)
            current = states[Int(current)].parent
        }
        path.reverse()
        var legs: [Leg] = []
        var legStart = 0
        for (position, reference) in path.enumerated() {
            let step = states[Int(reference)]
            // A leg ends where the cargo changes vessel, or stays aboard as the vessel goes on as another voyage.
            let isLastOfLeg =
                position == path.count - 1 || states[Int(path[position + 1])].boarded
                || network.voyageOf[Int(states[Int(path[position + 1])].movement)] != network.voyageOf[Int(step.movement)]
            guard isLastOfLeg else { continue }
            let firstState = states[Int(path[legStart])]
            if firstState.haul >= 0 { legs.append(haulLeg(firstState, firstState.parent)) }
            let first = Int(firstState.movement), last = Int(step.movement)
            let voyage = Int(network.voyageOf[first])
            let voyageFirst = Int(network.voyageStart[voyage])
            legs.append(
                Leg(
                    voyage: network.voyage(at: voyage),
                    movementIndices: (first - voyageFirst)..<(last - voyageFirst + 1),
                    loadLocation: network.locations[Int(network.from[first])],
                    unloadLocation: network.locations[Int(network.to[last])]))
            legStart = position + 1
        }
        return legs
    }
}
