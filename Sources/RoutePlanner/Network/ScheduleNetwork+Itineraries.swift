import Foundation

extension ScheduleNetwork {
    /// Returns the leg of a voyage that loads at one port at a time and discharges at another at a time, or
    /// `nil` when the network's voyage does not sail it so (cancelled, delayed, or the call omitted). A number that is
    /// no voyage's but a haul's (``Haulage/voyageNumber``) gives the haul's leg while the network still drives it so:
    /// its gate open at the departure, delivering by the arrival.
    ///
    /// - Complexity: O(*n*) for the *n* movements of the voyage.
    public func leg(voyage number: VoyageNumber, from load: UnLocode, departing: Date, to unload: UnLocode, arriving: Date) -> Leg? {
        guard let voyage = voyage(number) else {
            // A haul's leg, named as its truck's voyage.
            guard haul(named: number) != nil else { return nil }
            return haulLeg(from: load, departing: departing, to: unload, arriving: arriving)
        }
        guard let loadLocation = location(load), let unloadLocation = location(unload) else { return nil }
        let movements = voyage.movements
        guard let first = movements.firstIndex(where: { $0.departureLocation == load && $0.departureTime == departing }),
            let last = movements[first...].firstIndex(where: { $0.arrivalLocation == unload && $0.arrivalTime == arriving })
        else { return nil }
        return Leg(voyage: voyage, movementIndices: first..<(last + 1), loadLocation: loadLocation, unloadLocation: unloadLocation)
    }

    /// The positions of the legs of an itinerary that the network no longer sails as planned: the voyage is
    /// gone, a call is omitted or moved in time, a change of vessel no longer leaves the port's transshipment
    /// time, or the vessel no longer goes on as the voyage the cargo stays aboard into; a haul is gone from the
    /// network, or can no longer leave when planned (a gate now closed) or deliver by when planned. Empty when the
    /// itinerary still sails.
    ///
    /// - Complexity: O(*n*) for the movements of the itinerary's voyages.
    public func disruptedLegs(of itinerary: Itinerary) -> [Int] {
        var disrupted: [Int] = []
        for (index, leg) in itinerary.legs.enumerated() {
            let sails =
                leg.isHaul
                ? haulLeg(from: leg.loadLocation.code, departing: leg.loadTime, to: leg.unloadLocation.code, arriving: leg.unloadTime) != nil
                : self.leg(
                    voyage: leg.voyage.number, from: leg.loadLocation.code, departing: leg.loadTime, to: leg.unloadLocation.code,
                    arriving: leg.unloadTime) != nil
            let connects: Bool
            if index == 0 {
                connects = true
            } else if itinerary.legs[index - 1].isHaul {
                // Off a truck, cargo boards as at its origin: no transshipment time.
                connects = itinerary.legs[index - 1].unloadTime <= leg.loadTime
            } else if case let previous = itinerary.legs[index - 1], leg.continuesAboard(from: previous) {
                // Aboard through the call: the vessel must still go on as this voyage.
                connects =
                    voyageIndex[previous.voyage.number].flatMap { continuation(ofVoyage: Int($0)) }
                    .map { voyageNumbers[$0] == leg.voyage.number } ?? false
            } else {
                connects =
                    location(leg.loadLocation.code).map {
                        Duration.seconds(itinerary.legs[index - 1].unloadTime.distance(to: leg.loadTime))
                            >= $0.transshipmentTime(from: itinerary.legs[index - 1].voyage.mode, to: leg.voyage.mode)
                    } ?? false
            }
            if !sails || !connects { disrupted.append(index) }
        }
        return disrupted
    }

    /// The network with the TEU that cargo already routed takes off each movement's capacity (never below
    /// zero), and off the room of each day its hauls with a capacity a day leave on (``room(on:)``); legs that the
    /// network does not sail as planned, hauls it no longer has, and sizes that are not positive, take nothing.
    ///
    /// - Complexity: O(*m* + *l*) for *m* movements and *l* movements ridden, plus building the network.
    public func reducingCapacity(by loads: [(itinerary: Itinerary, teu: Int)]) -> ScheduleNetwork {
        reducing(loads.map { ($0.itinerary, (teu: $0.teu, tonnes: 0, plugs: 0)) })
    }

    /// The network with what the bookings already routed take off each movement's capacities, as
    /// ``reducingCapacity(by:)`` does: their TEU, their weight (in whole tonnes, rounded up) where a movement
    /// limits weight, and a reefer's plugs where it limits plugs.
    public func reducingCapacity(byBookings loads: [(itinerary: Itinerary, booking: Booking)]) -> ScheduleNetwork {
        reducing(
            loads.map { itinerary, booking in
                let tonnes = booking.weight.map { Int(min($0, Booking.maximumWeight).rounded(.up)) } ?? 0
                return (itinerary, (teu: booking.teu, tonnes: tonnes, plugs: booking.reeferPlugs))
            })
    }

    private func reducing(_ loads: [(Itinerary, (teu: Int, tonnes: Int, plugs: Int))]) -> ScheduleNetwork {
        var taken: [VoyageNumber: [Int: (teu: Int, tonnes: Int, plugs: Int)]] = [:]
        var takenOnDays = takenOnHaulDays
        for (itinerary, load) in loads where load.teu > 0 {
            for leg in itinerary.legs {
                if leg.isHaul {
                    // A truck's day is the day it leaves, whatever its time on the road now (as `CapacityUse` counts it).
                    if let day = haulDay(of: leg) { takenOnDays[day, default: 0] &+= min(load.teu, Int(Int32.max)) }
                    continue
                }
                guard
                    let sailed = self.leg(
                        voyage: leg.voyage.number, from: leg.loadLocation.code, departing: leg.loadTime, to: leg.unloadLocation.code,
                        arriving: leg.unloadTime)
                else { continue }
                for position in sailed.movementIndices {
                    let before = taken[leg.voyage.number, default: [:]][position] ?? (0, 0, 0)
                    taken[leg.voyage.number, default: [:]][position] = (
                        before.teu &+ min(load.teu, Int(Int32.max)), before.tonnes &+ min(load.tonnes, Int(Int32.max)),
                        before.plugs &+ min(load.plugs, Int(Int32.max))
                    )
                }
            }
        }
        guard !taken.isEmpty else {
            var network = self
            network.takenOnHaulDays = takenOnDays
            return network
        }
        func less(_ capacity: Int, _ used: Int) -> Int { max(0, capacity - min(used, capacity)) }
        let voyages = voyages.map { voyage -> Voyage in
            guard let load = taken[voyage.number] else { return voyage }
            let movements = voyage.movements.enumerated().map { position, movement in
                var reduced = movement
                let used = load[position] ?? (0, 0, 0)
                reduced.capacity = less(movement.capacity, used.teu)
                reduced.weightCapacity = movement.weightCapacity.map { less($0, used.tonnes) }
                reduced.reeferPlugs = movement.reeferPlugs.map { less($0, used.plugs) }
                return reduced
            }
            return voyage.replacingMovements(movements)
        }
        // Only capacities changed, each to between zero and what it was, so the network stays valid.
        guard var network = try? ScheduleNetwork(locations: locations, voyages: voyages, haulage: haulage, capacitiesAreKnown: capacitiesAreKnown)
        else {
            preconditionFailure("lowering capacities broke the network")
        }
        network.takenOnHaulDays = takenOnDays
        return network
    }
}
