import Foundation
import RoutePlanner

/// The rules of ``ScheduleNetwork/disruption(of:from:boardingFrom:specification:departedAt:truckLeftAt:)`` written out plainly over
/// a schedule's voyages, and random carriers' events, for checking the live schedule and what it disrupts.
public enum BruteForceDisruption {
    /// The UUID of a drawn event: its number in the last group, so that another batch's copy can be renamed by its
    /// first character.
    public static func eventID(_ number: Int) -> String {
        "00000000-0000-4000-8000-" + String(String(number, radix: 16).suffix(12)).leftPadded(to: 12)
    }

    /// One to six events on random calls of random voyages: arrivals and departures up to 6 hours early or 30 late,
    /// of random classifiers and creation times, some sent twice.
    public static func randomEvents(_ voyages: [Voyage], using generator: inout SplitMix64) -> [VesselCallEvent] {
        var events: [VesselCallEvent] = []
        for index in 0..<Int.random(in: 1...6, using: &generator) {
            let voyage = voyages.randomElement(using: &generator)!
            let movements = voyage.movements
            let ports = [movements[0].departureLocation] + movements.map(\.arrivalLocation)
            let call = Int.random(in: 0...movements.count, using: &generator)
            let kind: VesselCallEvent.Kind =
                call == 0 ? .departure : call == movements.count ? .arrival : Bool.random(using: &generator) ? .arrival : .departure
            let published = kind == .arrival ? movements[call - 1].arrivalTime : movements[call].departureTime
            let sequence = ports[...call].count { $0 == ports[call] }
            events.append(
                VesselCallEvent(
                    id: Self.eventID(index), created: Date(timeIntervalSince1970: 1_767_225_600) + Double(Int.random(in: 0...3, using: &generator) * 3600),
                    kind: kind,
                    classifier: VesselCallEvent.Classifier.allCases.randomElement(using: &generator)!,
                    time: published + Double(Int.random(in: -6...30, using: &generator) * 3600),
                    call: CallReference(voyage: voyage.number, port: ports[call], sequence: sequence)))
            if Int.random(in: 0..<4, using: &generator) == 0 { events.append(events.last!) }
        }
        return events
    }

    /// One or two voyages published again, as a vessel-schedules document gives them (no capacity, vessel, service or
    /// continuation): each with one call omitted, a call added at a random port of `ports` halfway between two calls,
    /// or its times from a random call on 1 to 30 hours later.
    public static func randomPublications(_ voyages: [Voyage], ports: [UnLocode], using generator: inout SplitMix64) -> [Voyage] {
        (0..<Int.random(in: 1...2, using: &generator)).map { _ in
            let voyage = voyages.randomElement(using: &generator)!
            // Each call: its port, arrival, departure and cut-offs.
            var calls: [(port: UnLocode, arrival: Date?, departure: Date?, cutOffs: [CutOffTime])] = voyage.movements.map {
                ($0.departureLocation, nil, $0.departureTime, $0.cutOffTimes)
            }
            calls.append((voyage.movements.last!.arrivalLocation, voyage.movements.last!.arrivalTime, nil, []))
            for index in 1..<calls.count { calls[index].arrival = voyage.movements[index - 1].arrivalTime }
            switch Int.random(in: 0..<3, using: &generator) {
            case 0 where calls.count >= 3:
                calls.remove(at: Int.random(in: 0..<calls.count, using: &generator))
                calls[0].arrival = nil
                calls[calls.count - 1].departure = nil
                calls[calls.count - 1].cutOffs = []
            case 1:
                let after = Int.random(in: 0..<(calls.count - 1), using: &generator)
                let candidates = ports.filter { $0 != calls[after].port && $0 != calls[after + 1].port }
                if let port = candidates.randomElement(using: &generator) {
                    let departure = calls[after].departure!, arrival = calls[after + 1].arrival!
                    let third = arrival.timeIntervalSince(departure) / 3
                    calls.insert((port, departure + third, departure + 2 * third, []), at: after + 1)
                }
            default:
                let from = Int.random(in: 0..<calls.count, using: &generator), hours = Double(Int.random(in: 1...30, using: &generator) * 3600)
                for index in from..<calls.count {
                    calls[index].arrival = calls[index].arrival.map { $0 + hours }
                    calls[index].departure = calls[index].departure.map { $0 + hours }
                    calls[index].cutOffs = calls[index].cutOffs.map { CutOffTime($0.code, $0.time + hours) }
                }
            }
            let movements = (0..<(calls.count - 1)).map { index in
                CarrierMovement(
                    from: calls[index].port, to: calls[index + 1].port, departure: calls[index].departure!, arrival: calls[index + 1].arrival!,
                    capacity: 0, cutOffTimes: calls[index].cutOffs)
            }
            return Voyage(number: voyage.number, movements: movements)
        }
    }

    /// The voyages as planned once `publications` are published, in order, by the rule of ``LiveSchedule/republish(_:)``
    /// written out plainly: a voyage's last publication gives its calls, times, cut-offs and UTC offsets; each of its
    /// movements takes the capacities of the published movement that left the same call (a call known by its port
    /// and how many calls at that port the voyage made up to it), else of the one that left the nearest call before it
    /// that the voyage made, else of the first; the published distance and CO2e where it sails between two calls that
    /// follow each other in the published voyage; and every voyage goes on as its published continuation while that
    /// voyage, as planned, starts where and no earlier than it ends.
    public static func republished(_ voyages: [Voyage], publications: [Voyage]) -> [Voyage] {
        func calls(_ voyage: Voyage) -> [(port: UnLocode, number: Int)] {
            let ports = [voyage.movements[0].departureLocation] + voyage.movements.map(\.arrivalLocation)
            return ports.indices.map { index in (ports[index], ports[0...index].filter { $0 == ports[index] }.count) }
        }
        var latest: [VoyageNumber: Voyage] = [:]
        for publication in publications { latest[publication.number] = publication }
        var planned = voyages.map { original -> Voyage in
            guard let publication = latest[original.number] else { return original }
            let before = calls(original), after = calls(publication)
            var movements = publication.movements
            for index in movements.indices {
                // The published call this movement leaves, or the last one before it the voyage made.
                var source = original.movements[0]
                for earlier in stride(from: index, through: 0, by: -1) {
                    if let at = before.firstIndex(where: { $0 == after[earlier] }) {
                        source = original.movements[min(at, original.movements.count - 1)]
                        break
                    }
                }
                movements[index].capacity = source.capacity
                movements[index].weightCapacity = source.weightCapacity
                movements[index].reeferPlugs = source.reeferPlugs
                let from = before.firstIndex { $0 == after[index] }, to = before.firstIndex { $0 == after[index + 1] }
                if let from, let to, to == from + 1 {
                    (movements[index].distance, movements[index].co2ePerTEU) = (original.movements[from].distance, original.movements[from].co2ePerTEU)
                } else {
                    (movements[index].distance, movements[index].co2ePerTEU) = (nil, nil)
                }
            }
            return original.replacingMovements(movements)
        }
        let starts = Dictionary(uniqueKeysWithValues: planned.map { ($0.number, $0.movements[0]) })
        for index in planned.indices {
            let voyage = planned[index], end = voyage.movements.last!
            let continuation = voyages[index].continuation.flatMap { next in
                starts[next].map { $0.departureLocation == end.arrivalLocation && $0.departureTime >= end.arrivalTime } == true ? next : nil
            }
            planned[index] = voyage.replacingContinuation(continuation)
        }
        return planned
    }

    /// A vessel-schedules document (DCSA Commercial Schedules 1.0.3) publishing voyages again: each voyage a vessel
    /// schedule of its calls at its planned (PLN) times, in UTC, with its cut-offs.
    public static func publicationDocument(_ voyages: [Voyage]) -> Data {
        func time(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }
        let schedules = voyages.map { voyage -> [String: Any] in
            let movements = voyage.movements, ports = voyage.callPorts
            let calls = ports.indices.map { index -> [String: Any] in
                var timestamps: [[String: String]] = []
                if index > 0 {
                    timestamps.append(["eventTypeCode": "ARRI", "eventClassifierCode": "PLN", "eventDateTime": time(movements[index - 1].arrivalTime)])
                }
                var call: [String: Any] = [
                    "transportCallReference": "\(voyage.number)-\(index)", "carrierImportVoyageNumber": voyage.number.rawValue,
                    "location": ["UNLocationCode": ports[index].rawValue],
                ]
                if index < movements.count {
                    timestamps.append(["eventTypeCode": "DEPA", "eventClassifierCode": "PLN", "eventDateTime": time(movements[index].departureTime)])
                    call["carrierExportVoyageNumber"] = voyage.number.rawValue
                    call["cutOffTimes"] = movements[index].cutOffTimes.map { ["cutOffDateTimeCode": $0.code.rawValue, "cutOffDateTime": time($0.time)] }
                }
                call["timestamps"] = timestamps
                return call
            }
            return ["isDummyVessel": true, "transportCalls": calls]
        }
        let document = [["carrierServiceName": "Published again", "carrierServiceCode": "AGAIN", "vesselSchedules": schedules]]
        return (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])) ?? Data()
    }

    /// The voyage without its call at `index` (of ``Voyage/callPorts``): the vessel sails on from the call before to
    /// the call after.
    public static func omitting(call index: Int, of voyage: Voyage) -> Voyage {
        var movements = voyage.movements
        if index == movements.count {
            movements.removeLast()
        } else if index == 0 {
            movements.removeFirst()
        } else {
            (movements[index - 1].arrivalLocation, movements[index - 1].arrivalTime) = (movements[index].arrivalLocation, movements[index].arrivalTime)
            movements[index - 1].arrivalUTCOffset = movements[index].arrivalUTCOffset
            movements.remove(at: index)
        }
        return voyage.replacingMovements(movements)
    }

    /// The positions of the movements of `voyage` (the leg's voyage as it now sails) that a leg rides: from its load
    /// call to its discharge call, each call known by its port and how many calls at that port the voyage made up to
    /// it; `nil` when the voyage no longer makes both, in that order.
    public static func ridden(_ leg: Leg, on voyage: Voyage) -> Range<Int>? {
        func calls(_ voyage: Voyage) -> [(port: UnLocode, number: Int)] {
            let ports = [voyage.movements[0].departureLocation] + voyage.movements.map(\.arrivalLocation)
            return ports.indices.map { index in (ports[index], ports[0...index].filter { $0 == ports[index] }.count) }
        }
        let planned = calls(leg.voyage), now = calls(voyage)
        let load = planned[leg.movementIndices.lowerBound], unload = planned[leg.movementIndices.upperBound]
        guard let from = now.firstIndex(where: { $0 == load }), let to = now.firstIndex(where: { $0 == unload }), from < to else { return nil }
        return from..<to
    }

    /// The rules of ``ScheduleNetwork/disruption(of:from:boardingFrom:specification:departedAt:truckLeftAt:)``, written out over
    /// the live voyages.
    public static func recheck(
        _ itinerary: Itinerary, from first: Int, ready: Date?, _ specification: RouteSpecification, departedAt: Date?, on voyages: [Voyage]
    ) -> ItineraryDisruption? {
        recheckWithMargin(itinerary, from: first, ready: ready, specification, departedAt: departedAt, on: voyages)?.disruption
    }

    /// When a haul collecting at the first second at or after `time` when its gate is open leaves, and when it
    /// delivers: after its time on the road, once the gate at the other end is open.
    static func drive(_ haul: Haulage, from time: Date, places: [UnLocode: Location]) -> (departure: Date, arrival: Date) {
        let from = places[haul.from], to = places[haul.to]
        let departure = from?.gateHours?.opening(atOrAfter: time, in: from?.timeZone) ?? time
        let onTheRoad = departure + TimeInterval(haul.duration.components.seconds)
        return (departure, to?.gateHours?.opening(atOrAfter: onTheRoad, in: to?.timeZone) ?? onTheRoad)
    }

    /// ``recheck(_:from:ready:_:departedAt:on:)``, with by how much the cargo misses, worked out again: how much later
    /// the cargo is at the change (or the departure) than the next departure, after the port's transshipment time, or
    /// the call's cut-off allows (the most of these); how late; how far over the transit time; none for a leg that no
    /// longer sails or a vessel that no longer goes on as the voyage the cargo stays aboard into.
    ///
    /// With hauls (`haulage`, between `locations`): a haul's leg drives while `haulage` has a haul between its places;
    /// it leaves at the first open second from its planned departure or from when the cargo is ready for it, whichever
    /// is later (`ready` for the first leg ahead, else the voyage before's arrival and its port's transshipment time, or
    /// the truck before's), or from `truckLeftAt` for the truck the cargo is on (without its gate), and never misses; the voyage after it is boarded by its departure and its cut-offs for the cargo, with no
    /// transshipment time or cut-off.
    public static func recheckWithMargin(
        _ itinerary: Itinerary, from first: Int, ready: Date?, _ specification: RouteSpecification, departedAt: Date?, on voyages: [Voyage],
        haulage: [Haulage] = [], locations: [Location] = [], truckLeftAt: Date? = nil
    ) -> (disruption: ItineraryDisruption, margin: Duration?)? {
        /// The most by which each time is after its limit, when one is.
        func over(_ pairs: [(Date, Date?)]) -> Duration? {
            pairs.compactMap { time, limit in limit.map { time.timeIntervalSince($0) } }.filter { $0 > 0 }.max().map { .seconds($0) }
        }
        let legs = itinerary.legs
        let byNumber = Dictionary(uniqueKeysWithValues: voyages.map { ($0.number, $0) })
        func live(_ index: Int) -> [CarrierMovement]? {
            guard index >= 0, let voyage = byNumber[legs[index].voyage.number], let ridden = ridden(legs[index], on: voyage) else { return nil }
            return Array(voyage.movements[ridden])
        }
        /// Whether the live voyage of leg `index` goes to its last call and the next leg's starts at its first call.
        func endsAndStarts(_ index: Int) -> Bool {
            guard let before = byNumber[legs[index - 1].voyage.number], let after = byNumber[legs[index].voyage.number],
                let arriving = live(index - 1), let departing = live(index)
            else { return false }
            return arriving.last == before.movements.last && departing.first == after.movements.first
        }
        let places = Dictionary(locations.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        func haul(_ index: Int) -> Haulage? {
            haulage.first { $0.from == legs[index].loadLocation.code && $0.to == legs[index].unloadLocation.code }
        }
        for index in first..<legs.count where legs[index].isHaul ? haul(index) == nil : live(index) == nil {
            return (.legNoLongerSails(leg: index, voyage: legs[index].voyage.number), nil)
        }
        // The hauls ahead, driven in travel order: none follows another.
        var driven: [Int: (departure: Date, arrival: Date)] = [:]
        for index in first..<legs.count where legs[index].isHaul {
            // Off a truck at once; after a voyage, once the port's transshipment time onto a truck has passed.
            func stay() -> TimeInterval {
                let place = places[legs[index].loadLocation.code] ?? legs[index].loadLocation
                return TimeInterval(place.transshipmentTime(from: legs[index - 1].voyage.mode, to: .truck).components.seconds)
            }
            let notBefore =
                index == first
                ? ready ?? legs[index].loadTime
                : legs[index - 1].isHaul ? driven[index - 1]!.arrival : live(index - 1)!.last!.arrivalTime + stay()
            if index == first, let truckLeftAt {
                // The truck left: no gate at its start, the one at its end.
                let to = places[haul(index)!.to], onTheRoad = truckLeftAt + TimeInterval(haul(index)!.duration.components.seconds)
                driven[index] = (truckLeftAt, to?.gateHours?.opening(atOrAfter: onTheRoad, in: to?.timeZone) ?? onTheRoad)
                continue
            }
            driven[index] = drive(haul(index)!, from: max(legs[index].loadTime, notBefore), places: places)
        }
        func arrival(_ index: Int) -> Date { driven[index]?.arrival ?? live(index)!.last!.arrivalTime }
        func tco(_ movement: CarrierMovement) -> Date? { movement.cutOffTimes.filter { $0.code == .transshipment }.map(\.time).min() }
        var codes: Set<CutOffCode> = [.fullContainerDelivery, .documentation, .verifiedGrossMass, .port]
        if specification.cargoType == .reefer { codes.insert(.reefer) }
        if specification.containsDangerousGoods { codes.insert(.dangerousGoods) }
        /// The latest the cargo may be at a departure that boards as at an origin: its departure and cut-offs.
        func latest(_ boarding: CarrierMovement) -> Date {
            boarding.cutOffTimes.filter { codes.contains($0.code) }.map(\.time).reduce(boarding.departureTime, min)
        }
        let port = legs[first].loadLocation.code
        let asAtOrigin = first == 0 || legs[first - 1].isHaul
        if let ready, !legs[first].isHaul, let boarding = live(first)?.first {
            let latest = asAtOrigin ? latest(boarding) : boarding.departureTime
            if boarding.departureTime < ready || latest < ready {
                let margin = over([(ready, boarding.departureTime), (ready, latest)])
                return first == 0 ? (.missesDeparture(at: port), margin) : (.missesConnection(leg: first, at: port), margin)
            }
            // Aboard through the call, as planned and as the vessel now sails: no transshipment cut-off applies.
            let staysAboard =
                first > 0 && legs[first].continuesAboard(from: legs[first - 1]) && endsAndStarts(first)
                && byNumber[legs[first - 1].voyage.number]?.continuation == legs[first].voyage.number
            if !asAtOrigin, !staysAboard, let before = live(first - 1)?.last, let cutOff = tco(boarding),
                before.arrivalTime > cutOff
            {
                return (.missesConnection(leg: first, at: port), over([(before.arrivalTime, cutOff)]))
            }
        }
        for index in legs.indices where index > first && !legs[index].isHaul {
            let arrived = arrival(index - 1), onward = live(index)!.first!
            let at = places[legs[index].loadLocation.code] ?? legs[index].loadLocation
            if legs[index - 1].isHaul {
                // Off a truck: boarded as at an origin.
                if onward.departureTime < arrived || latest(onward) < arrived {
                    return (.missesConnection(leg: index, at: at.code), over([(arrived, onward.departureTime), (arrived, latest(onward))]))
                }
                continue
            }
            if legs[index].continuesAboard(from: legs[index - 1]) {
                if byNumber[legs[index - 1].voyage.number]?.continuation == legs[index].voyage.number && endsAndStarts(index)
                    && onward.departureTime >= arrived
                {
                    continue
                }
                return (.missesConnection(leg: index, at: at.code), nil)
            }
            let needed = arrived + TimeInterval(at.transshipmentTime(from: legs[index - 1].voyage.mode, to: legs[index].voyage.mode).components.seconds)
            if onward.departureTime < needed || (tco(onward).map { arrived > $0 } ?? false) {
                return (.missesConnection(leg: index, at: at.code), over([(needed, onward.departureTime), (arrived, tco(onward))]))
            }
        }
        let end = arrival(legs.count - 1)
        if end > specification.arrivalDeadline {
            let late = Duration.seconds(end.timeIntervalSince(specification.arrivalDeadline))
            return (.arrivesLate(by: late), late)
        }
        if let limit = specification.maximumTransitTime {
            let start = departedAt ?? driven[0]?.departure ?? live(0)?.first?.departureTime ?? driven[first]?.departure ?? live(first)!.first!.departureTime
            let transit = Duration.seconds(end.timeIntervalSince(start))
            if transit > limit { return (.exceedsTransitTime(by: transit - limit), transit - limit) }
        }
        return nil
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}
