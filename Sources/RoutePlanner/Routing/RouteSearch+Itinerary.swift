extension RouteSearch {
    /// Rebuilds the itinerary that ends in `state`, one leg per run of movements on one voyage.
    func itinerary(endingAt state: Int32) -> Itinerary {
        Self.itinerary(endingAt: state, states: states, network: network)
    }

    /// Rebuilds the itinerary that ends in `state` of `states`.
    static func itinerary(endingAt state: Int32, states: [State], network: ScheduleNetwork) -> Itinerary {
        var path: [State] = []
        var current = state
        while current >= 0 {
            let step = states[Int(current)]
            path.append(step)
            current = step.parent
        }
        path.reverse()
        var legs: [Leg] = []
        var legStart = 0
        for (position, step) in path.enumerated() {
            // A leg ends where the cargo changes vessel, or stays aboard as the vessel goes on as another voyage.
            let isLastOfLeg =
                position == path.count - 1 || path[position + 1].boarded
                || network.voyageOf[Int(path[position + 1].movement)] != network.voyageOf[Int(step.movement)]
            guard isLastOfLeg else { continue }
            let first = Int(path[legStart].movement), last = Int(step.movement)
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
        do {
            return try Itinerary(legs: legs)
        } catch {
            preconditionFailure("the router built an invalid itinerary: \(error)")
        }
    }
}
