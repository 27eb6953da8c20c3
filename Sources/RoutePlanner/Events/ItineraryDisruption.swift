import Foundation

/// What stops an itinerary, as the schedule now sails, from taking its cargo where it goes in time.
///
/// Found by ``ScheduleNetwork/disruption(of:from:boardingFrom:specification:departedAt:truckLeftAt:)``.
public enum ItineraryDisruption: Hashable, Sendable, CustomStringConvertible {
    /// Leg `leg` (from 0) no longer sails: its voyage is gone, or no longer makes its load or discharge call (the
    /// carrier omitted it).
    case legNoLongerSails(leg: Int, voyage: VoyageNumber)
    /// The cargo no longer makes the change onto leg `leg` at the port: it arrives too late for the port's
    /// transshipment time or the departing call's transshipment cut-off, or the vessel no longer goes on as the
    /// voyage the cargo stays aboard into.
    case missesConnection(leg: Int, at: UnLocode)
    /// The first leg now leaves before the cargo is ready, or the call's cut-off for the cargo passes before then.
    case missesDeparture(at: UnLocode)
    /// The cargo now arrives after its deadline, by this much.
    case arrivesLate(by: Duration)
    /// The cargo now takes longer than its maximum transit time, by this much.
    case exceedsTransitTime(by: Duration)

    /// `legNoLongerSails`, `missesConnection`, `missesDeparture`, `arrivesLate` or `exceedsTransitTime`.
    public var code: String {
        switch self {
        case .legNoLongerSails: "legNoLongerSails"
        case .missesConnection: "missesConnection"
        case .missesDeparture: "missesDeparture"
        case .arrivesLate: "arrivesLate"
        case .exceedsTransitTime: "exceedsTransitTime"
        }
    }

    public var description: String {
        switch self {
        case .legNoLongerSails(let leg, let voyage): "leg \(leg + 1), \(voyage), no longer sails"
        case .missesConnection(let leg, let port): "misses the connection to leg \(leg + 1) at \(port)"
        case .missesDeparture(let port): "misses its departure from \(port)"
        case .arrivesLate(let late): "arrives \(Self.hours(late)) after its deadline"
        case .exceedsTransitTime(let over): "takes \(Self.hours(over)) longer than its maximum transit time"
        }
    }

    /// A duration in hours and minutes: `26 h`, `1 h 30 min`, `5 min`.
    static func hours(_ duration: Duration) -> String {
        let minutes = (duration.components.seconds + 59) / 60
        let (hours, rest) = minutes.quotientAndRemainder(dividingBy: 60)
        if hours == 0 { return "\(rest) min" }
        return rest == 0 ? "\(hours) h" : "\(hours) h \(rest) min"
    }
}

extension ScheduleNetwork {
    /// The leg as the network now sails it: its voyage from the same call to the same call (the leg's
    /// ``Leg/loadCall``-th call at its load port to its ``Leg/unloadCall``-th at its unload port, in that order), at the
    /// network's times, over whatever calls the voyage now makes between them; `nil` when the voyage is gone or no
    /// longer makes one of those calls (it was omitted), or makes them the other way round. A haul's leg as the
    /// network drives it from its planned departure (``driving(_:notBefore:)``).
    ///
    /// - Complexity: O(*n*) for the *n* movements of the voyage.
    public func sailing(_ leg: Leg) -> Leg? {
        if leg.isHaul { return driving(leg) }
        guard let voyage = voyage(leg.voyage.number), let load = location(leg.loadLocation.code), let unload = location(leg.unloadLocation.code),
            let first = voyage.callIndex(at: load.code, number: leg.loadCall),
            let last = voyage.callIndex(at: unload.code, number: leg.unloadCall), first < last
        else { return nil }
        return Leg(voyage: voyage, movementIndices: first..<last, loadLocation: load, unloadLocation: unload)
    }

    /// The positions of the movements (``MovementID/rawValue``) of the leg as the network now sails it
    /// (``sailing(_:)``'s), read from the network's columns without building its voyage; `nil` for a haul, and where
    /// ``sailing(_:)`` is `nil`.
    ///
    /// - Complexity: O(*n*) for the *n* movements of the voyage.
    package func sailedMovements(_ leg: Leg) -> Range<Int>? {
        guard !leg.isHaul, let voyage = voyageIndex[leg.voyage.number], let load = portIndex[leg.loadLocation.code],
            let unload = portIndex[leg.unloadLocation.code]
        else { return nil }
        let movements = Int(voyageStart[Int(voyage)])..<Int(voyageStart[Int(voyage) + 1])
        // The voyage's calls: the first movement's departure, then each movement's arrival.
        func call(at port: Int32, number: Int) -> Int? {
            guard number >= 1, !movements.isEmpty else { return nil }
            var seen = from[movements.lowerBound] == port ? 1 : 0
            if seen == number { return 0 }
            for m in movements where to[m] == port {
                seen += 1
                if seen == number { return m - movements.lowerBound + 1 }
            }
            return nil
        }
        guard let first = call(at: load, number: leg.loadCall), let last = call(at: unload, number: leg.unloadCall), first < last else { return nil }
        return (movements.lowerBound + first)..<(movements.lowerBound + last)
    }

    /// What stops the rest of an itinerary, as the network now sails it, from taking the cargo where it goes in
    /// time; `nil` when nothing does.
    ///
    /// Checked in travel order, from leg `first` on, the first problem found: a leg that no longer sails
    /// (``sailing(_:)``); boarding leg `first` from `ready` (its departure no earlier; at the origin, no call cut-off
    /// for the cargo before `ready`; after a discharge, the call's transshipment cut-off no earlier than the leg
    /// before arrives); each change of vessel after it (the port's transshipment time and the departing call's
    /// transshipment cut-off, as ``Itinerary`` requires; where the cargo stays aboard, the vessel still going on as
    /// the next voyage from the call that ends the one before); the arrival by the deadline; the transit time from
    /// `departedAt` (else the first leg's departure) within the maximum. A haul leaves once the cargo is ready for it
    /// (``driving(_:notBefore:)``: from `ready`, or the port's transshipment time after the discharge before it), so it
    /// never misses a departure; the voyage after it is boarded as at an origin, by the call's cut-off for the cargo.
    ///
    /// - Parameters:
    ///   - itinerary: The itinerary as planned.
    ///   - first: The first leg still ahead: 0 before the cargo sails, the leg it is aboard, or the one after the leg it
    ///     was discharged from.
    ///   - ready: When the cargo can board leg `first`; `nil` when it is aboard already.
    ///   - specification: The cargo's deadline, maximum transit time and cargo type.
    ///   - departedAt: When the cargo was first loaded, if it was.
    ///   - truckLeftAt: When the truck the cargo is aboard left, if leg `first` is a haul: it drives from then,
    ///     whatever its gate hours.
    public func disruption(
        of itinerary: Itinerary, from first: Int, boardingFrom ready: Date?, specification: RouteSpecification, departedAt: Date?,
        truckLeftAt: Date? = nil
    ) -> ItineraryDisruption? {
        guard itinerary.legs.indices.contains(first) else { return nil }
        return check(
            itinerary, from: first, boardingFrom: ready, specification: specification, departedAt: departedAt,
            sailed: sailed(itinerary, from: first, boardingFrom: ready, truckLeftAt: truckLeftAt))?.disruption
    }

    /// What disrupts an itinerary (``disruption(of:from:boardingFrom:specification:departedAt:truckLeftAt:)``), and the calls that
    /// moved to disrupt it and by how much the cargo misses; `nil` when nothing does.
    public func disruptionCause(
        of itinerary: Itinerary, from first: Int, boardingFrom ready: Date?, specification: RouteSpecification, departedAt: Date?,
        truckLeftAt: Date? = nil
    ) -> DisruptionCause? {
        guard itinerary.legs.indices.contains(first) else { return nil }
        return disruptionCause(
            of: itinerary, from: first, boardingFrom: ready, specification: specification, departedAt: departedAt, truckLeftAt: truckLeftAt,
            sailed: sailed(itinerary, from: first, boardingFrom: ready, truckLeftAt: truckLeftAt))
    }

    /// ``disruptionCause(of:from:boardingFrom:specification:departedAt:truckLeftAt:)``, with the legs as the network now
    /// sails them worked out already, by ``sailed(_:from:boardingFrom:truckLeftAt:)`` with the same arguments.
    func disruptionCause(
        of itinerary: Itinerary, from first: Int, boardingFrom ready: Date?, specification: RouteSpecification, departedAt: Date?,
        truckLeftAt: Date?, sailed: (legs: [Int: Leg], gone: Int?)
    ) -> DisruptionCause? {
        guard
            let (disruption, margin) = check(itinerary, from: first, boardingFrom: ready, specification: specification, departedAt: departedAt, sailed: sailed)
        else { return nil }
        let last: Int =
            switch disruption {
            case .legNoLongerSails(let leg, _), .missesConnection(let leg, _): leg
            case .missesDeparture: first
            case .arrivesLate, .exceedsTransitTime: itinerary.legs.count - 1
            }
        return DisruptionCause(disruption: disruption, changes: (first...max(first, last)).flatMap { changes(of: itinerary.legs[$0]) }, margin: margin)
    }

    /// The calls of a leg the network now makes at other times than planned, or no longer makes.
    private func changes(of leg: Leg) -> [DisruptionCause.Change] {
        let voyage = leg.voyage.number
        guard let sailing = sailing(leg) else {
            let omitted = self.voyage(voyage)?.callIndex(at: leg.loadLocation.code, number: leg.loadCall) == nil ? leg.loadLocation : leg.unloadLocation
            return [.init(voyage: voyage, port: omitted.code, kind: omitted == leg.loadLocation ? .departure : .arrival, shift: nil)]
        }
        var changes: [DisruptionCause.Change] = []
        if sailing.loadTime != leg.loadTime {
            changes.append(
                .init(voyage: voyage, port: leg.loadLocation.code, kind: .departure, shift: .seconds(sailing.loadTime.timeIntervalSince(leg.loadTime))))
        }
        if sailing.unloadTime != leg.unloadTime {
            changes.append(
                .init(voyage: voyage, port: leg.unloadLocation.code, kind: .arrival, shift: .seconds(sailing.unloadTime.timeIntervalSince(leg.unloadTime))))
        }
        return changes
    }

    /// The legs of an itinerary from leg `first` on, and the one before it, each as the network now sails it; a haul
    /// ahead driven once the cargo is ready for it (from `ready` for leg `first`, else after the leg before it as that
    /// now sails: ``driving(_:after:)``), or from when its truck left (`truckLeftAt`, the cargo aboard it:
    /// ``driving(_:leftAt:)``); a haul behind from its planned departure. With the first leg from `first` on that no
    /// longer sails, if any, after which none is given.
    func sailed(_ itinerary: Itinerary, from first: Int, boardingFrom ready: Date?, truckLeftAt: Date? = nil) -> (legs: [Int: Leg], gone: Int?) {
        let legs = itinerary.legs
        var sailing: [Int: Leg] = [:]
        for index in legs.indices where index + 1 >= first {
            let leg: Leg?
            if legs[index].isHaul && index == first, let truckLeftAt {
                leg = driving(legs[index], leftAt: truckLeftAt)
            } else if legs[index].isHaul && index == first, let ready {
                // The truck waits for the cargo: it never misses its departure.
                leg = driving(legs[index], notBefore: ready)
            } else if legs[index].isHaul && index > first {
                leg = driving(legs[index], after: sailing[index - 1]!)
            } else {
                leg = self.sailing(legs[index])
            }
            if let leg {
                sailing[index] = leg
            } else if index >= first {
                return (sailing, index)
            }
        }
        return (sailing, nil)
    }

    /// The rule of ``disruption(of:from:boardingFrom:specification:departedAt:truckLeftAt:)``, with by how much the cargo misses:
    /// the connection or departure (how much later it can board than the call allows), the deadline, or the maximum
    /// transit time; no margin for a leg that no longer sails or a vessel that no longer goes on. `sailed` is the
    /// itinerary as the network now sails it (``sailed(_:from:boardingFrom:truckLeftAt:)``).
    private func check(
        _ itinerary: Itinerary, from first: Int, boardingFrom ready: Date?, specification: RouteSpecification, departedAt: Date?,
        sailed: (legs: [Int: Leg], gone: Int?)
    ) -> (disruption: ItineraryDisruption, margin: Duration?)? {
        /// The largest of how far each time is past its limit.
        func short(_ pairs: [(time: Date, limit: Date?)]) -> Duration? {
            let over = pairs.compactMap { pair in pair.limit.map { pair.time.timeIntervalSince($0) } }.filter { $0 > 0 }.max()
            return over.map { .seconds($0) }
        }
        let legs = itinerary.legs
        guard legs.indices.contains(first) else { return nil }
        func cutOff(_ leg: Leg) -> Date {
            leg.movements.first!.latestReadyTime(for: specification.cargoType, dangerousGoods: specification.containsDangerousGoods)
        }
        let (sailing, gone) = sailed
        if let gone { return (.legNoLongerSails(leg: gone, voyage: legs[gone].voyage.number), nil) }
        let boarding = sailing[first]!
        // Off a truck, cargo boards as at its origin: by the call's cut-off for it, with no transshipment time.
        let boardsAsAtOrigin = first == 0 || legs[first - 1].isHaul
        if let ready, !boarding.isHaul {
            let cutOff = boardsAsAtOrigin ? cutOff(boarding) : boarding.loadTime
            if boarding.loadTime < ready || cutOff < ready {
                let margin = short([(ready, boarding.loadTime), (ready, cutOff)])
                return first == 0
                    ? (.missesDeparture(at: boarding.loadLocation.code), margin) : (.missesConnection(leg: first, at: boarding.loadLocation.code), margin)
            }
            if !boardsAsAtOrigin, let previous = sailing[first - 1], let tco = boarding.movements.first!.transshipmentCutOff, previous.unloadTime > tco,
                !(legs[first].continuesAboard(from: legs[first - 1]) && boarding.continuesAboard(from: previous))
            {
                return (.missesConnection(leg: first, at: boarding.loadLocation.code), short([(previous.unloadTime, tco)]))
            }
        }
        for index in (first + 1)..<max(first + 1, legs.count) where !legs[index].isHaul {
            let previous = sailing[index - 1]!, leg = sailing[index]!
            if legs[index - 1].isHaul {
                if previous.unloadTime > leg.loadTime || previous.unloadTime > cutOff(leg) {
                    return (
                        .missesConnection(leg: index, at: leg.loadLocation.code),
                        short([(previous.unloadTime, leg.loadTime), (previous.unloadTime, cutOff(leg))])
                    )
                }
                continue
            }
            if legs[index].continuesAboard(from: legs[index - 1]) {
                let goesOn = voyageIndex[previous.voyage.number].flatMap { continuation(ofVoyage: Int($0)) }.map { voyageNumbers[$0] }
                if goesOn == leg.voyage.number && leg.continuesAboard(from: previous) && leg.loadTime >= previous.unloadTime { continue }
                return (.missesConnection(leg: index, at: leg.loadLocation.code), nil)
            }
            let needed = TimeInterval(previous.transshipmentTime(before: leg).components.seconds)
            let tco = leg.movements.first!.transshipmentCutOff
            if leg.loadTime < previous.unloadTime + needed || tco.map({ previous.unloadTime > $0 }) == true {
                return (
                    .missesConnection(leg: index, at: leg.loadLocation.code),
                    short([(previous.unloadTime + needed, leg.loadTime), (previous.unloadTime, tco)])
                )
            }
        }
        let arrival = sailing[legs.count - 1]!.unloadTime
        if arrival > specification.arrivalDeadline {
            let late = Duration.seconds(arrival.timeIntervalSince(specification.arrivalDeadline))
            return (.arrivesLate(by: late), late)
        }
        if let limit = specification.maximumTransitTime {
            let departure = departedAt ?? sailing[0]?.loadTime ?? boarding.loadTime
            let transit = Duration.seconds(arrival.timeIntervalSince(departure))
            if transit > limit { return (.exceedsTransitTime(by: transit - limit), transit - limit) }
        }
        return nil
    }
}
