import Foundation
import RoutePlanner
import RoutePlannerApplication

/// A cargo as a store keeps it: its row, its itinerary's legs, its handling events and its changes, which every
/// store reads back into a `Cargo` alike.
struct StoredCargo {
    let record: CargoRecord
    let legs: [LegRecord]
    let events: [EventRecord]
    let changes: [CargoChangeRecord]

    /// The cargo of these rows, its itinerary rebuilt against `network`.
    ///
    /// - Parameter store: Where the rows were read, which an error names.
    func cargo(network: ScheduleNetwork, store: String) throws(StoreError) -> Cargo {
        let id = record.trackingId
        let specification = try Self.specification(
            record.origin, record.destination, record.readyTime, record.arrivalDeadline, record.cargoType, record.dangerousGoods,
            record.maxTransitSeconds, of: id, store: store)
        var handled: [HandlingEvent] = []
        for event in events {
            guard let kind = HandlingEvent.Kind(rawValue: event.kind), let location = UnLocode(event.location),
                let each = try? HandlingEvent(
                    kind: kind, location: location, voyage: event.voyage.flatMap { VoyageNumber($0) }, completionTime: event.completionTime,
                    registrationTime: event.registrationTime)
            else { throw .database(path: store, message: "cargo \(id): a handling event cannot be read") }
            handled.append(each)
        }
        var recorded: [CargoChange] = []
        for change in changes {
            guard let kind = CargoChange.Kind(rawValue: change.kind) else {
                throw .database(path: store, message: "cargo \(id): a change of kind '\(change.kind)' cannot be read")
            }
            guard let party = CargoChange.Party(rawValue: change.party) else {
                throw .database(path: store, message: "cargo \(id): a change for the party '\(change.party)' cannot be read")
            }
            recorded.append(CargoChange(kind: kind, detail: change.detail, by: change.changedBy, party: party, at: change.changedAt))
        }
        let itinerary = legs.isEmpty ? nil : try Self.itinerary(legs, network: network, of: id, store: store)
        guard let trackingId = TrackingId(id) else { throw .database(path: store, message: "a cargo has a blank tracking id") }
        do {
            return try Cargo(
                trackingId: trackingId, teu: record.teu, specification: specification, revenuePerTEU: record.revenuePerTEU,
                customerId: record.customerId.flatMap { CustomerId($0) }, bookingReference: record.bookingReference, bookedReadyTime: record.bookedReadyTime,
                weight: record.weight, itinerary: itinerary, handlingEvents: handled, changes: recorded,
                cancellationTime: record.cancelledAt)
        } catch {
            throw .database(path: store, message: "cargo \(id): \(error)")
        }
    }

    /// The rows of a cargo, at a version.
    init(_ cargo: Cargo, version: Int) {
        let specification = cargo.specification, id = cargo.trackingId.rawValue
        record = CargoRecord(
            trackingId: id, customerId: cargo.customerId?.rawValue, bookingReference: cargo.bookingReference, teu: cargo.teu,
            revenuePerTEU: cargo.revenuePerTEU, origin: specification.origin.rawValue, destination: specification.destination.rawValue,
            readyTime: specification.readyTime, arrivalDeadline: specification.arrivalDeadline, cargoType: specification.cargoType.rawValue,
            dangerousGoods: specification.containsDangerousGoods, maxTransitSeconds: specification.maximumTransitTime?.components.seconds,
            bookedReadyTime: cargo.bookedReadyTime, weight: cargo.weight, version: version,
            cancelledAt: cargo.cancellationTime)
        legs = (cargo.itinerary?.legs ?? []).enumerated().map { LegRecord(trackingId: id, candidate: nil, position: $0.offset, leg: $0.element) }
        events = cargo.handlingEvents.map {
            EventRecord(
                id: nil, trackingId: id, kind: $0.kind.rawValue, location: $0.location.rawValue, voyage: $0.voyage?.rawValue,
                completionTime: $0.completionTime, registrationTime: $0.registrationTime)
        }
        changes = cargo.changes.enumerated().map {
            CargoChangeRecord(
                trackingId: id, position: $0.offset, kind: $0.element.kind.rawValue, detail: $0.element.detail, changedBy: $0.element.by,
                party: $0.element.party.rawValue, changedAt: $0.element.at)
        }
    }

    init(record: CargoRecord, legs: [LegRecord], events: [EventRecord], changes: [CargoChangeRecord]) {
        self.record = record
        self.legs = legs
        self.events = events
        self.changes = changes
    }

    /// Which cargo to write over what is stored, compared with the states they were read in: each still in the state
    /// it was read in, at its stored version, and, `wholeOrNone`, each new one (not among `read`, none stored); the
    /// others' tracking ids are returned (or, `wholeOrNone`, the first is a conflict, so that none is written).
    ///
    /// - Parameters:
    ///   - cargo: The cargo to write.
    ///   - read: The states they were read in.
    ///   - stored: Each cargo as stored now, with its version, read in the transaction that writes.
    static func unchanged(
        _ cargo: [Cargo], read: [Cargo], stored: [TrackingId: (cargo: Cargo, version: Int)], wholeOrNone: Bool
    ) throws(StoreError) -> (unchanged: [(Cargo, version: Int?)], changed: [TrackingId]) {
        let before = Dictionary(read.map { ($0.trackingId, $0) }, uniquingKeysWith: { first, _ in first })
        var unchanged: [(Cargo, version: Int?)] = [], changed: [TrackingId] = []
        for each in cargo {
            let now = stored[each.trackingId], then = before[each.trackingId]
            if wholeOrNone && now == nil && then == nil {
                unchanged.append((each, nil))
            } else if let now, let then, now.cargo.hasSameState(as: then) {
                unchanged.append((each, now.version))
            } else if wholeOrNone {
                throw .conflict(trackingId: each.trackingId)
            } else {
                changed.append(each.trackingId)
            }
        }
        return (unchanged, changed)
    }

    /// Which cargo to write when none was read: each new one, and, of those stored already (`existing`), none: the
    /// first is a conflict (`wholeOrNone`, so that none is written), or their tracking ids are returned. What is stored
    /// is not compared, so that it need not be read back into cargo (nor the schedule read to rebuild it).
    static func unread(_ cargo: [Cargo], existing: Set<String>, wholeOrNone: Bool) throws(StoreError) -> (
        unchanged: [(Cargo, version: Int?)], changed: [TrackingId]
    ) {
        let stored = cargo.filter { existing.contains($0.trackingId.rawValue) }.map(\.trackingId)
        if wholeOrNone, let first = stored.first { throw .conflict(trackingId: first) }
        return (cargo.filter { !existing.contains($0.trackingId.rawValue) }.map { ($0, nil) }, stored)
    }

    /// Throws a conflict for the first of these cargo that is no longer as it was read (`read`), or is gone.
    static func checkUnchanged(_ ids: [TrackingId], read: [Cargo], stored: [TrackingId: (cargo: Cargo, version: Int)]) throws(StoreError) {
        let before = Dictionary(read.map { ($0.trackingId, $0) }, uniquingKeysWith: { first, _ in first })
        for id in ids {
            guard let now = stored[id], let then = before[id], now.cargo.hasSameState(as: then) else { throw .conflict(trackingId: id) }
        }
    }

    /// The offers of some cargo from their rows: each offer's specification, and its options from its legs, grouped by
    /// cargo and option in the order stored.
    static func offers(_ offers: [OfferRecord], legs: [LegRecord], network: ScheduleNetwork, store: String) throws -> [TrackingId: RouteOffer] {
        let byCargo = Dictionary(grouping: legs, by: \.trackingId)
        var found: [TrackingId: RouteOffer] = [:]
        for offer in offers {
            guard let trackingId = TrackingId(offer.trackingId) else { continue }
            let specification = try specification(
                offer.origin, offer.destination, offer.readyTime, offer.arrivalDeadline, offer.cargoType, offer.dangerousGoods,
                offer.maxTransitSeconds, of: offer.trackingId, store: store)
            let itineraries = try Dictionary(grouping: byCargo[offer.trackingId] ?? [], by: { $0.candidate ?? 0 }).sorted { $0.key < $1.key }
                .map { try itinerary($0.value.sorted { $0.position < $1.position }, network: network, of: offer.trackingId, store: store) }
            found[trackingId] = RouteOffer(trackingId: trackingId, specification: specification, itineraries: itineraries)
        }
        return found
    }

    /// The route specification of a cargo's or an offer's columns.
    static func specification(
        _ origin: String, _ destination: String, _ ready: Date, _ deadline: Date, _ cargoType: String, _ dangerousGoods: Bool,
        _ maxTransitSeconds: Int64?, of id: String, store: String
    ) throws(StoreError) -> RouteSpecification {
        guard let origin = UnLocode(origin), let destination = UnLocode(destination), let cargoType = CargoType(rawValue: cargoType),
            let specification = try? RouteSpecification(
                origin: origin, destination: destination, readyTime: ready, arrivalDeadline: deadline, cargoType: cargoType,
                containsDangerousGoods: dangerousGoods, maximumTransitTime: maxTransitSeconds.map { .seconds($0) })
        else { throw .database(path: store, message: "cargo \(id): its specification cannot be read") }
        return specification
    }

    /// The itinerary of stored legs: each leg as the schedule sails it, or, when it no longer sails at the planned
    /// times, as it was planned: from the same call to the same call of its voyage when it still makes both (the
    /// movements between laid out from the planned load to the planned discharge, so that
    /// `ScheduleNetwork.sailing(_:)` finds the leg as the schedule now sails it), else as one movement from the load to
    /// the discharge, which still names its calls (a leg stored by version 10, which kept positions rather than calls,
    /// then names its first calls at its ports: the calls it made unless its voyage calls at one of them more than once).
    /// A haul's leg as planned, with the network's distance, cost and CO2e for the haul while it has one.
    static func itinerary(_ legs: [LegRecord], network: ScheduleNetwork, of id: String, store: String) throws(StoreError) -> Itinerary {
        func location(_ code: UnLocode) -> Location { network.location(code) ?? Location(code: code, name: code.rawValue) }
        var rebuilt: [Leg] = []
        for leg in legs.sorted(by: { $0.position < $1.position }) {
            guard let voyage = VoyageNumber(leg.voyage), let load = UnLocode(leg.loadLocation), let unload = UnLocode(leg.unloadLocation),
                leg.loadTime < leg.unloadTime, (leg.loadCall ?? 1) >= 1, (leg.unloadCall ?? 1) >= 1,
                let mode = leg.mode.map({ TransportMode(rawValue: $0) }) ?? .vessel
            else { throw .database(path: store, message: "cargo \(id): an itinerary leg cannot be read") }
            if mode == .truck {
                // A haul as planned, with the network's figures for it while it has the haul.
                let haul =
                    network.haul(from: load, to: unload)
                    ?? Haulage(from: load, to: unload, duration: .seconds(leg.unloadTime.timeIntervalSince(leg.loadTime)))
                rebuilt.append(Leg(haul: haul, from: location(load), to: location(unload), departure: leg.loadTime, arrival: leg.unloadTime))
            } else if let sailed = network.leg(voyage: voyage, from: load, departing: leg.loadTime, to: unload, arriving: leg.unloadTime) {
                rebuilt.append(sailed)
            } else if let now = network.voyage(voyage), let calls = Self.calls(of: leg, on: now, from: load, to: unload) {
                rebuilt.append(
                    Leg(
                        voyage: now.replacingMovements(planned(now.movements, calls, from: leg.loadTime, to: leg.unloadTime)),
                        movementIndices: calls.lowerBound..<(calls.upperBound + 1), loadLocation: location(load), unloadLocation: location(unload)))
            } else {
                let planned = Voyage(
                    number: voyage,
                    movements: [
                        CarrierMovement(from: load, to: unload, departure: leg.loadTime, arrival: leg.unloadTime, capacity: 0)
                    ], mode: mode)
                rebuilt.append(
                    Leg(
                        voyage: planned, movementIndices: 0..<1, loadLocation: location(load), unloadLocation: location(unload), loadCall: leg.loadCall ?? 1,
                        unloadCall: leg.unloadCall ?? 1))
            }
        }
        if let itinerary = try? Itinerary(legs: rebuilt) { return itinerary }
        // A port's transshipment time grew since: keep the legs as planned, with the times they had.
        let planned = rebuilt.map { leg in
            Leg(
                voyage: leg.voyage, movementIndices: leg.movementIndices,
                loadLocation: Location(code: leg.loadLocation.code, name: leg.loadLocation.name),
                unloadLocation: Location(code: leg.unloadLocation.code, name: leg.unloadLocation.name), loadCall: leg.loadCall, unloadCall: leg.unloadCall)
        }
        do {
            return try Itinerary(legs: planned)
        } catch {
            throw .database(path: store, message: "cargo \(id): its itinerary cannot be read (\(error))")
        }
    }

    /// The positions of the first and last movements a stored leg rides on its voyage as it is now: from its load call
    /// to its discharge call (a leg stored by version 10 of the store names its movements' positions instead); `nil`
    /// when the voyage no longer makes them.
    private static func calls(of leg: LegRecord, on voyage: Voyage, from load: UnLocode, to unload: UnLocode) -> ClosedRange<Int>? {
        if let loadCall = leg.loadCall, let unloadCall = leg.unloadCall {
            guard let first = voyage.callIndex(at: load, number: loadCall), let end = voyage.callIndex(at: unload, number: unloadCall), first < end
            else { return nil }
            return first...(end - 1)
        }
        guard let first = leg.firstMovement, let last = leg.lastMovement, first >= 0, first <= last, last < voyage.movements.count,
            voyage.movements[first].departureLocation == load, voyage.movements[last].arrivalLocation == unload
        else { return nil }
        return first...last
    }

    /// The movements with those in `range` laid out from `load` to `discharge`: each time mapped in proportion from
    /// the span the schedule now gives them, so that they keep their order, without cut-offs (a plan keeps none).
    private static func planned(_ movements: [CarrierMovement], _ range: ClosedRange<Int>, from load: Date, to discharge: Date) -> [CarrierMovement] {
        let start = movements[range.lowerBound].departureTime, end = movements[range.upperBound].arrivalTime
        let scale = end > start ? discharge.timeIntervalSince(load) / end.timeIntervalSince(start) : 0
        func map(_ time: Date) -> Date { load + time.timeIntervalSince(start) * scale }
        var laid = movements
        for position in range {
            laid[position].departureTime = map(movements[position].departureTime)
            laid[position].arrivalTime = map(movements[position].arrivalTime)
            laid[position].cutOffTimes = []
        }
        laid[range.lowerBound].departureTime = load
        laid[range.upperBound].arrivalTime = discharge
        return laid
    }
}
