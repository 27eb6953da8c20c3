import Foundation

extension ScheduleNetwork {
    /// A network's hauls by the place they leave from, and its places' gate hours, as the search reads them.
    ///
    /// A class, so that a search that takes the hauls at every port it settles copies one reference, not a dozen arrays.
    final class HaulColumns: Sendable {
        /// The hauls grouped by the place they leave, each group in the order given.
        let haulage: [Haulage]
        /// The hauls from place `p` are at `start[p] ..< start[p + 1]`; empty when the network has no hauls.
        let start: [Int32]
        let to: [Int32]
        /// Each haul's place it leaves; the hauls into place `p` are at `into[intoStart[p] ..< intoStart[p + 1]]`.
        let from: [Int32]
        let intoStart: [Int32]
        let into: [Int32]
        let seconds: [Int64]
        /// Each haul's cost per TEU in cents and CO2e per TEU in grams; an unknown one counts 0.
        let costCents: [Int64]
        let co2Grams: [Int64]
        /// Each haul's position by the number of its truck's voyage (``Haulage/voyageNumber``).
        let byNumber: [VoyageNumber: Int]
        /// Per place: its gate hours and time zone; empty when no place has gate hours.
        let gateHours: [GateHours?]
        let timeZones: [TimeZone?]
        /// Each haul's TEU a day (``Haulage/capacityPerDay``), -1 for no limit; empty when no haul has a limit.
        let capacityPerDay: [Int32]
        /// Per place, when some haul has a capacity a day: whether a haul from it has one, and its time zone, whose
        /// calendar days the capacity counts.
        let limitsDays: [Bool]
        let dayZones: [TimeZone?]

        /// The hauls of a network, checked already, over its locations.
        init(_ hauls: [Haulage], locations: [Location], portIndex: [UnLocode: Int32]) {
            let hasGates = locations.contains { $0.gateHours != nil }
            gateHours = hasGates ? locations.map(\.gateHours) : []
            timeZones = hasGates ? locations.map(\.timeZone) : []
            let from = hauls.map { portIndex[$0.from]! }
            let (start, order) = hauls.isEmpty ? ([], []) : from.groupedPositions(groupCount: locations.count)
            let haulage = order.map { hauls[Int($0)] }
            let to = haulage.map { portIndex[$0.to]! }
            (self.haulage, self.start, self.to, self.from) = (haulage, start, to, order.map { from[Int($0)] })
            (intoStart, into) = hauls.isEmpty ? ([], []) : to.groupedPositions(groupCount: locations.count)
            seconds = haulage.map(\.duration.wholeSeconds)
            costCents = haulage.map { Int64((($0.costPerTEU ?? 0) * 100).rounded()) }
            co2Grams = haulage.map { Int64((($0.co2ePerTEU ?? 0) * 1_000).rounded()) }
            byNumber = Dictionary(haulage.enumerated().map { ($0.element.voyageNumber, $0.offset) }, uniquingKeysWith: { first, _ in first })
            let hasLimits = haulage.contains { $0.capacityPerDay != nil }
            capacityPerDay = hasLimits ? haulage.map { $0.capacityPerDay.map(Int32.init) ?? -1 } : []
            var limitsDays = [Bool](repeating: false, count: hasLimits ? locations.count : 0)
            for haul in haulage where haul.capacityPerDay != nil { limitsDays[Int(portIndex[haul.from]!)] = true }
            self.limitsDays = limitsDays
            dayZones = hasLimits ? locations.map(\.timeZone) : []
        }

        /// The day of a capacity a day on which haul `h` leaves at `time`, `nil` when the haul has no such capacity.
        @inline(__always)
        func day(_ h: Int, leaving time: Int64) -> HaulDay? {
            guard !capacityPerDay.isEmpty, capacityPerDay[h] >= 0 else { return nil }
            let offset = dayZones[Int(from[h])].map { Int64($0.secondsFromGMT(for: Date(seconds: time))) } ?? 0
            let local = time + offset
            return HaulDay(haul: h, day: Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400))
        }

        var isEmpty: Bool { start.isEmpty }

        /// The hauls from place `port`.
        @inline(__always)
        func hauls(from port: Int32) -> Range<Int> {
            start.isEmpty ? 0..<0 : Int(start[Int(port)])..<Int(start[Int(port) + 1])
        }

        /// Whether a haul goes to place `port`.
        @inline(__always)
        func isEnd(_ port: Int) -> Bool {
            !intoStart.isEmpty && intoStart[port] < intoStart[port + 1]
        }

        /// The first second at or after `time` when the gate of `port` is open.
        @inline(__always)
        func opening(at port: Int32, atOrAfter time: Int64) -> Int64 {
            guard !gateHours.isEmpty, let hours = gateHours[Int(port)] else { return time }
            return hours.opening(atOrAfter: time, in: timeZones[Int(port)])
        }

        /// The last second at or before `time` when the gate of `port` is open.
        func lastOpenSecond(at port: Int32, atOrBefore time: Int64) -> Int64 {
            guard !gateHours.isEmpty, let hours = gateHours[Int(port)] else { return time }
            return hours.lastOpenSecond(atOrBefore: time, in: timeZones[Int(port)])
        }

        /// When haul `h`, collecting the cargo at the earliest at `time`, leaves and delivers it: it leaves at the
        /// first open second of its place's gate, and a truck at a closed gate at the other end waits for it to open.
        @inline(__always)
        func earliest(_ h: Int, from port: Int32, notBefore time: Int64) -> (departure: Int64, arrival: Int64) {
            let departure = opening(at: port, atOrAfter: time)
            return (departure, opening(at: to[h], atOrAfter: departure + seconds[h]))
        }

        /// The latest departure of haul `h` from `port` that delivers by `time`, whatever the time it is ready.
        func latestDeparture(_ h: Int, from port: Int32, deliveringBy time: Int64) -> Int64 {
            let delivered = lastOpenSecond(at: to[h], atOrBefore: time)
            return lastOpenSecond(at: port, atOrBefore: delivered - seconds[h])
        }
    }

    /// The hauls of the network, by the place they leave from.
    public var haulage: [Haulage] { details.hauls.haulage }

    /// The hauls without the ones whose problems are returned: a haul from or to a place the network does not have,
    /// from a place to itself, given twice, with a duration, distance, cost or CO2e out of range, or whose truck's
    /// voyage number (``Haulage/voyageNumber``) a voyage has (`isVoyage`).
    static func checked(
        _ hauls: [Haulage], portIndex: [UnLocode: Int32], isVoyage: (VoyageNumber) -> Bool
    ) -> (hauls: [Haulage], problems: [ScheduleNetworkError.Problem]) {
        var problems: [ScheduleNetworkError.Problem] = []
        var seen = Set<[UnLocode]>()
        var valid: [Haulage] = []
        for haul in hauls {
            func problem(_ reason: String) { problems.append(.invalidHaulage(from: haul.from, to: haul.to, reason: reason)) }
            var reasons = 0
            for code in [haul.from, haul.to] where portIndex[code] == nil {
                problem("unknown location \(code)")
                reasons += 1
            }
            if haul.from == haul.to {
                problem("a haul goes between two places")
                reasons += 1
            }
            if !(Duration.seconds(1)...Haulage.maximumDuration).contains(haul.duration) {
                problem("the time on the road is not between a second and 30 days")
                reasons += 1
            }
            if let distance = haul.distance, !(0...Haulage.maximumDistance).contains(distance) {
                problem("the distance is negative or more than 50000 km")
                reasons += 1
            }
            for (name, figure) in [("cost per TEU", haul.costPerTEU), ("CO2e per TEU", haul.co2ePerTEU)] {
                if let figure, !(0...Haulage.maximumFigure).contains(figure) {
                    problem("the \(name) is negative or more than 1000000")
                    reasons += 1
                }
            }
            if let capacity = haul.capacityPerDay, !(0...Haulage.maximumCapacityPerDay).contains(capacity) {
                problem("the capacity a day is negative or more than \(Haulage.maximumCapacityPerDay) TEU")
                reasons += 1
            }
            if isVoyage(haul.voyageNumber) {
                // Handling events name a haul's truck by this number, which must be the haul's alone.
                problem("a voyage of the schedule is named \(haul.voyageNumber), as the haul's truck is")
                reasons += 1
            }
            if !seen.insert([haul.from, haul.to]).inserted {
                problem("the haul is given more than once")
                reasons += 1
            }
            if reasons == 0 { valid.append(haul) }
        }
        return (valid, problems)
    }

    /// The network with these hauls instead of its own.
    ///
    /// - Throws: ``ScheduleNetworkError`` with a problem for each haul from or to a place the network does not have,
    ///   from a place to itself, given twice, or with a time on the road, distance, cost or CO2e out of range.
    /// - Complexity: O(*m* log *m*) for *m* movements: the network is built again.
    public func withHaulage(_ hauls: [Haulage]) throws(ScheduleNetworkError) -> ScheduleNetwork {
        let (valid, problems) = Self.checked(hauls, portIndex: portIndex) { voyageIndex[$0] != nil }
        guard problems.isEmpty else { throw ScheduleNetworkError(problems: problems) }
        var columns = self.columns(departure: departure, arrival: arrival)
        columns.haulage = valid
        return ScheduleNetwork(
            locations: locations, portIndex: portIndex, voyageIndex: voyageIndex, columns: columns, capacitiesAreKnown: capacitiesAreKnown)
    }

    /// The haul whose truck's voyage has this number (``Haulage/voyageNumber``), as handling events name it; `nil`
    /// when the network has none.
    public func haul(named number: VoyageNumber) -> Haulage? {
        details.hauls.byNumber[number].map { details.hauls.haulage[$0] }
    }

    /// The haul from `from` to `to`; `nil` when the network has none.
    public func haul(from: UnLocode, to: UnLocode) -> Haulage? {
        haulIndex(from: from, to: to).map { details.hauls.haulage[$0] }
    }

    /// What the hauls of an itinerary cost a TEU: each haul's ``Haulage/costPerTEU`` as the network has it (unknown, or a
    /// haul the network no longer has, counts 0).
    public func haulageCostPerTEU(of itinerary: Itinerary) -> Double {
        itinerary.legs.reduce(0) { total, leg in
            leg.isHaul ? total + (haul(from: leg.loadLocation.code, to: leg.unloadLocation.code)?.costPerTEU ?? 0) : total
        }
    }

    /// The position in ``haulage`` of the haul from `from` to `to`; `nil` when the network has none.
    func haulIndex(from: UnLocode, to: UnLocode) -> Int? {
        guard let start = portIndex[from], let end = portIndex[to] else { return nil }
        let hauls = details.hauls
        return hauls.hauls(from: start).first { hauls.to[$0] == end }
    }

    /// The haul of `leg` as the network now drives it: the network's haul between the leg's places, leaving at the
    /// first second from the leg's planned departure, or from `ready` when that is later, at which the gate is open,
    /// and delivering after its time on the road and any wait at a closed gate; `nil` when the leg is not a haul or
    /// the network no longer has its haul.
    ///
    /// A haul is not timetabled: a truck that cannot leave when planned leaves later, and only a haul gone from the
    /// table, not a late one, no longer drives.
    public func driving(_ leg: Leg, notBefore ready: Date? = nil) -> Leg? {
        guard leg.isHaul, let h = haulIndex(from: leg.loadLocation.code, to: leg.unloadLocation.code) else { return nil }
        let start = max(leg.loadTime, ready ?? leg.loadTime).secondsRoundedUp
        let (departure, arrival) = details.hauls.earliest(h, from: portIndex[leg.loadLocation.code]!, notBefore: start)
        return haulLeg(h, departure: departure, arrival: arrival)
    }

    /// The haul of `leg` as the network drives it once its truck left at `time` (whatever its gate hours then): it
    /// delivers after its time on the road and any wait at a closed gate; `nil` when the leg is not a haul or the
    /// network no longer has its haul.
    public func driving(_ leg: Leg, leftAt time: Date) -> Leg? {
        guard leg.isHaul, let h = haulIndex(from: leg.loadLocation.code, to: leg.unloadLocation.code) else { return nil }
        let hauls = details.hauls, departure = time.secondsRoundedUp
        return haulLeg(h, departure: departure, arrival: hauls.opening(at: hauls.to[h], atOrAfter: departure + hauls.seconds[h]))
    }

    /// The leg of the network's haul from `load` to `unload` as planned, leaving at `departing` and delivering at
    /// `arriving`, while the network still drives it so: it has the haul, whose gate is open at `departing`, and which
    /// delivers by `arriving`; `nil` otherwise.
    func haulLeg(from load: UnLocode, departing: Date, to unload: UnLocode, arriving: Date) -> Leg? {
        guard let haul = haul(from: load, to: unload), let from = location(load), let to = location(unload), departing < arriving else { return nil }
        let planned = Leg(haul: haul, from: from, to: to, departure: departing, arrival: arriving)
        guard let driven = driving(planned), driven.loadTime == departing, driven.unloadTime <= arriving else { return nil }
        return planned
    }

    /// The haul of `leg` as the network drives it after `previous`, the leg before it as the network now sails or
    /// drives it: onto the truck once the port's transshipment time has passed since a voyage's discharge, at once
    /// off another truck (a re-planned itinerary may hold two hauls in a row).
    func driving(_ leg: Leg, after previous: Leg) -> Leg? {
        driving(leg, notBefore: previous.unloadTime + TimeInterval(previous.transshipmentTime(before: leg).components.seconds))
    }

    /// When haul `h` from `origin` leaves, as late as it still delivers for movement `m` by the movement's cut-offs for
    /// the cargo (and the gate hours at both ends), and when it delivers.
    func haul(_ h: Int, from origin: Int32, feeding m: Int, cargoType: CargoType, dangerousGoods: Bool) -> (departure: Int64, arrival: Int64) {
        let hauls = details.hauls
        let by = details.latestReadyTime(m, departure: departure[m], cargoType: cargoType, dangerousGoods: dangerousGoods)
        let leaving = hauls.latestDeparture(h, from: origin, deliveringBy: by)
        return (leaving, hauls.earliest(h, from: origin, notBefore: leaving).arrival)
    }

    /// When haul `h` leaves and delivers after the cargo leaves its voyage on movement `m`: once the port's
    /// transshipment time onto a truck has passed and the gate is open.
    func haul(_ h: Int, leaving m: Int) -> (departure: Int64, arrival: Int64) {
        let port = to[m]
        return details.hauls.earliest(h, from: port, notBefore: arrival[m] + transshipmentSeconds(at: port, from: movementMode(m), to: .truck))
    }

    /// The leg of haul `h` that leaves at `departure` and delivers at `arrival`.
    func haulLeg(_ h: Int, departure: Int64, arrival: Int64) -> Leg {
        let hauls = details.hauls
        let haul = hauls.haulage[h]
        let from = location(haul.from)!, to = locations[Int(hauls.to[h])]
        return Leg(haul: haul, from: from, to: to, departure: Date(seconds: departure), arrival: Date(seconds: arrival))
    }
}

extension Leg {
    /// Creates the leg of a haul that leaves `from` at `departure` and delivers at `to` at `arrival`, after the time on
    /// the road and any wait at a closed gate: one movement of a truck's voyage (``Haulage/voyageNumber``), with the
    /// haul's distance (in nautical miles, as a vessel's) and CO2e.
    public init(haul: Haulage, from: Location, to: Location, departure: Date, arrival: Date) {
        let movement = CarrierMovement(
            from: haul.from, to: haul.to, departure: departure, arrival: arrival, capacity: Int(Int32.max),
            distance: haul.distance.map { $0 / 1.852 }, co2ePerTEU: haul.co2ePerTEU, co2eIsEstimated: haul.co2eIsEstimated)
        self.init(
            voyage: Voyage(number: haul.voyageNumber, movements: [movement], mode: .truck), movementIndices: 0..<1, loadLocation: from,
            unloadLocation: to)
    }

    /// Whether the leg is a haul by truck rather than a voyage of the schedule.
    public var isHaul: Bool { voyage.mode == .truck }

    /// The least time cargo discharged from this leg stays at its unload location before `next` loads it there: the
    /// location's transshipment time from this leg's mode to `next`'s (``Location/transshipmentTime(from:to:)``, which
    /// is none off a truck).
    public func transshipmentTime(before next: Leg) -> Duration {
        unloadLocation.transshipmentTime(from: voyage.mode, to: next.voyage.mode)
    }
}
