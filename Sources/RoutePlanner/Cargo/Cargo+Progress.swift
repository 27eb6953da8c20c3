import Foundation

extension Cargo {
    /// Where an open cargo on track is on its itinerary: the first leg still ahead, when it can board that leg (`nil`
    /// while it is aboard), and when it was first loaded.
    public struct Progress: Hashable, Sendable {
        /// The first leg still ahead: 0 before the cargo sails, the leg it is aboard, or the one after the leg it was
        /// discharged from.
        public let first: Int
        /// When the cargo can board leg `first`; `nil` while it is aboard.
        public let ready: Date?
        /// When the cargo was first loaded, if it was.
        public let departedAt: Date?
    }

    /// Where the cargo is on its itinerary; `nil` for a cargo not routed, misdirected, claimed, or discharged at its
    /// destination, which the schedule no longer disrupts.
    public var progress: Progress? {
        guard let itinerary, delivery.isOnTrack else { return nil }
        let departedAt = handlingEvents.first { $0.kind == .load }?.completionTime
        guard let last = handlingEvents.last(where: { $0.kind != .customs }) else { return Progress(first: 0, ready: specification.readyTime, departedAt: nil) }
        let legs = itinerary.legs
        switch last.kind {
        case .receive:
            return Progress(first: 0, ready: max(last.completionTime, specification.readyTime), departedAt: departedAt)
        case .load:
            // Aboard: the leg loaded there, or, re-routed from the vessel's next call, the first leg on that vessel.
            guard let first = legs.firstIndex(where: { $0.voyage.number == last.voyage && $0.loadLocation.code == last.location })
                ?? (legs[0].voyage.number == last.voyage ? 0 : nil)
            else { return nil }
            return Progress(first: first, ready: nil, departedAt: departedAt)
        case .unload:
            guard let leg = legs.lastIndex(where: { $0.unloadLocation.code == last.location && $0.voyage.number == last.voyage }),
                  leg + 1 < legs.count
            else { return nil }
            let stay = TimeInterval(legs[leg].unloadLocation.transshipmentTime.components.seconds)
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
            of: itinerary, from: progress.first, boardingFrom: progress.ready, specification: specification, departedAt: progress.departedAt)
    }

    /// The cargo's delivery as `network` now sails its itinerary (``Delivery/disruption``): a cargo on track whose
    /// itinerary the network no longer takes where it goes in time is disrupted, and the ETA and the next expected
    /// load or discharge are at the times the network now sails them. Without a network, as planned (``delivery``).
    public func delivery(over network: ScheduleNetwork?) -> Delivery {
        var delivery = delivery
        if let network, let itinerary, delivery.isOnTrack {
            delivery.sail(itinerary, over: network, disruption: disruption(in: network))
        }
        return delivery
    }
}
