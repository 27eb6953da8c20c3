import Foundation

/// The legs a cargo travels from its origin to its destination.
///
/// An itinerary always keeps its invariants: it has at least one leg, every leg's movements chain and
/// move forward in time, each leg starts where the one before ends, consecutive legs ride different
/// voyages, every change of vessel leaves at least the port's transshipment time, and cargo that changes
/// vessel arrives by the departing call's transshipment cut-off (TCO), when it has one. Cargo that stays aboard
/// as the vessel goes on as its next voyage (``Leg/continuesAboard(from:)``) rides a leg of each voyage and
/// changes no vessel there.
public struct Itinerary: Hashable, Sendable {
    /// The legs in travel order.
    public let legs: [Leg]

    /// Creates an itinerary, checking its invariants.
    ///
    /// - Throws: ``ItineraryError`` listing every broken invariant.
    public init(legs: [Leg]) throws(ItineraryError) {
        var problems: [ItineraryError.Problem] = []
        if legs.isEmpty { problems.append(.noLegs) }
        for (index, leg) in legs.enumerated() {
            for position in leg.movementIndices {
                let movement = leg.voyage.movements[position]
                if !movement.departureTime.isSupported || !movement.arrivalTime.isSupported || movement.arrivalTime <= movement.departureTime {
                    problems.append(.movementNotForward(leg: index, movement: position))
                }
                guard position > leg.movementIndices.lowerBound else { continue }
                let previous = leg.voyage.movements[position - 1]
                if previous.arrivalLocation != movement.departureLocation
                    || previous.arrivalTime > movement.departureTime
                {
                    problems.append(.movementsDoNotChain(leg: index, movement: position))
                }
            }
            if leg.isHaul {
                // A truck collects and delivers while the gates are open.
                for (location, time) in [(leg.loadLocation, leg.loadTime), (leg.unloadLocation, leg.unloadTime)]
                where !(location.gateHours?.isOpen(at: time, in: location.timeZone) ?? true) {
                    problems.append(.gateClosed(leg: index, at: location.code))
                }
            }
            guard index > 0 else { continue }
            let previous = legs[index - 1]
            if previous.unloadLocation.code != leg.loadLocation.code {
                problems.append(.legsDoNotConnect(leg: index))
            } else if previous.voyage.number == leg.voyage.number && previous.isHaul == leg.isHaul {
                problems.append(.sameVoyageTwice(leg: index))
            } else if previous.isHaul {
                // Cargo a truck delivers boards when it is there; the loading cut-offs for its type are the booking's
                // to check (``RouteSpecification/isSatisfied(by:)``).
                if leg.loadTime < previous.unloadTime { problems.append(.transshipmentTooShort(leg: index, at: leg.loadLocation.code)) }
            } else if leg.continuesAboard(from: previous) {
                // The vessel goes on as the next voyage with the cargo aboard: no transshipment time or cut-off.
                if leg.loadTime < previous.unloadTime { problems.append(.transshipmentTooShort(leg: index, at: leg.loadLocation.code)) }
            } else {
                let available = previous.unloadTime.distance(to: leg.loadTime)
                let needed = previous.transshipmentTime(before: leg)
                // Compared as seconds: times of other legs may be out of range (reported above) and not convert.
                let neededSeconds = Double(needed.components.seconds) + Double(needed.components.attoseconds) / 1e18
                if !(available >= neededSeconds) {
                    problems.append(.transshipmentTooShort(leg: index, at: leg.loadLocation.code))
                } else if let cutOff = leg.voyage.movements[leg.movementIndices.lowerBound].transshipmentCutOff, previous.unloadTime > cutOff {
                    problems.append(.transshipmentCutOffPassed(leg: index, at: leg.loadLocation.code))
                }
            }
        }
        guard problems.isEmpty else { throw ItineraryError(problems: problems) }
        self.legs = legs
    }

    /// The place where the first leg loads: a port, or where the first haul collects the cargo.
    public var origin: UnLocode { legs[0].loadLocation.code }
    /// The port where the last leg discharges.
    public var destination: UnLocode { legs[legs.count - 1].unloadLocation.code }
    /// The time the first leg leaves the origin.
    public var departureTime: Date { legs[0].loadTime }
    /// The time the last leg reaches the destination.
    public var arrivalTime: Date { legs[legs.count - 1].unloadTime }
    /// Whether the cargo changes vessel between leg `index - 1` and leg `index`: `false` for the first leg and
    /// where it stays aboard as the vessel goes on as the next voyage (``Leg/continuesAboard(from:)``).
    public func changesVessel(before index: Int) -> Bool {
        index > 0 && !legs[index].continuesAboard(from: legs[index - 1])
    }

    /// Whether the cargo is transshipped onto leg `index`: it is a voyage's leg, and the cargo rode a voyage before it
    /// and did not stay aboard from it (``changesVessel(before:)``), whether it changes at one port or a haul took it
    /// between two. A haul from the origin, a haul to the destination and the first voyage boarded after a haul from
    /// the origin make no transshipment.
    public func isTransshipment(before index: Int) -> Bool {
        guard index > 0, !legs[index].isHaul, changesVessel(before: index) else { return false }
        return legs[..<index].contains { !$0.isHaul }
    }

    /// The number of transshipments (``isTransshipment(before:)``): changes from one voyage to another. Staying
    /// aboard as the vessel goes on as its next voyage is none, and so are the hauls at either end.
    public var transshipmentCount: Int { legs.indices.count { isTransshipment(before: $0) } }

    /// The number of changes of mode: legs after which the next leg travels by another mode (a truck to a barge, a
    /// barge to a vessel, a vessel to a truck). A change of vessel, barge or train of one mode is none.
    public var modeChangeCount: Int { legs.indices.dropFirst().count { legs[$0].voyage.mode != legs[$0 - 1].voyage.mode } }

    /// The legs that ride voyages of the schedule, without the hauls.
    public var voyageLegs: [Leg] { legs.filter { !$0.isHaul } }

    /// What handling a TEU along the itinerary costs: a load where it boards its first voyage, a discharge where it
    /// leaves its last and a transshipment at each change of voyage between (staying aboard through a call costs
    /// nothing; a truck's gate-in and gate-out are the haul's); `nil` when a port of these has no cost
    /// (``Location/handlingCostPerTEU``, ``Location/transshipmentCostPerTEU``) or the itinerary is one haul.
    ///
    /// LINER-LIB's cost model: its `CostPerFULL` for each load and discharge, `CostPerFULLTrnsf` for each
    /// transshipment.
    public var handlingCostPerTEU: Double? {
        let voyages = voyageLegs
        guard let first = voyages.first, let last = voyages.last, let load = first.loadLocation.handlingCostPerTEU,
            let discharge = last.unloadLocation.handlingCostPerTEU
        else { return nil }
        var total = load + discharge
        for location in transshipmentLocations {
            guard let transshipment = location.transshipmentCostPerTEU else { return nil }
            total += transshipment
        }
        return total
    }
    /// The handling cost per TEU of the ports whose costs are known: ``handlingCostPerTEU`` when all are, else
    /// the sum with the unknown ones left out (the cost the assignment's objective charges).
    public var knownHandlingCostPerTEU: Double {
        let voyages = voyageLegs
        guard let first = voyages.first, let last = voyages.last else { return 0 }
        let ends = (first.loadLocation.handlingCostPerTEU ?? 0) + (last.unloadLocation.handlingCostPerTEU ?? 0)
        return transshipmentLocations.reduce(ends) { $0 + ($1.transshipmentCostPerTEU ?? 0) }
    }
    /// The nautical miles the cargo sails; `nil` when a movement's distance is unknown.
    public var distance: Double? { Leg.total(legs.flatMap { $0.movements.map(\.distance) }, scale: 10) }
    /// The CO2e the itinerary emits per TEU, in kilograms, to the gram: the sum of its movements'
    /// (``CarrierMovement/co2ePerTEU``, given by the schedule or estimated by ``EmissionModel``); `nil` when one
    /// is unknown.
    public var co2ePerTEU: Double? { Leg.total(legs.flatMap { $0.movements.map(\.co2ePerTEU) }, scale: 1_000) }
    /// The ports where the cargo is transshipped onto its next voyage (``isTransshipment(before:)``), in travel order.
    public var transshipmentLocations: [Location] { legs.indices.filter(isTransshipment(before:)).map { legs[$0].loadLocation } }
    /// Every port the cargo calls at after leaving the origin, aboard or changing vessel, in travel order.
    public var calls: [UnLocode] { legs.flatMap(\.calls) }

    /// A reference that names this itinerary in every run and process: `RP-` and 16 hexadecimal digits of a
    /// 64-bit FNV-1a hash of each leg's voyage, load and discharge ports and times.
    ///
    /// An offer lists an itinerary under its reference (DCSA's `routingReference`), and a caller that saw the
    /// offer chooses the itinerary by it instead of by its position. Two itineraries share a reference only if
    /// they ride the same voyages between the same ports at the same times, or by a hash collision (one in
    /// 2^64 for a pair).
    public var reference: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ text: String) {
            for byte in text.utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            hash = (hash ^ 0x1f) &* 0x0000_0100_0000_01b3  // a separator no field holds
        }
        for leg in legs {
            add(leg.voyage.number.rawValue)
            add(leg.loadLocation.code.rawValue)
            add(leg.unloadLocation.code.rawValue)
            add(String(Int64(leg.loadTime.timeIntervalSince1970.rounded(.down))))
            add(String(Int64(leg.unloadTime.timeIntervalSince1970.rounded(.down))))
        }
        let digits = String(hash, radix: 16)
        return "RP-" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Whether a text has the shape of an itinerary's ``reference``.
    public static func isReference(_ text: some StringProtocol) -> Bool {
        text.count == 19 && text.hasPrefix("RP-") && text.dropFirst(3).allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }
}

/// The invariants an itinerary would break.
public struct ItineraryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One broken invariant; legs and movements are counted from zero.
    public enum Problem: Hashable, Sendable {
        /// The itinerary has no legs.
        case noLegs
        /// A movement of a leg does not arrive after it departs.
        case movementNotForward(leg: Int, movement: Int)
        /// A movement of a leg does not depart where and after the movement before it arrives.
        case movementsDoNotChain(leg: Int, movement: Int)
        /// A leg does not load where the leg before it discharges.
        case legsDoNotConnect(leg: Int)
        /// A leg rides the same voyage as the leg before it; staying aboard is one leg.
        case sameVoyageTwice(leg: Int)
        /// A leg departs before the port's transshipment time has passed since the leg before it arrived.
        case transshipmentTooShort(leg: Int, at: UnLocode)
        /// A leg's voyage takes cargo changing onto it only up to its transshipment cut-off, and the leg
        /// before it arrives later.
        case transshipmentCutOffPassed(leg: Int, at: UnLocode)
        /// A haul collects or delivers while the gate there is closed (``Location/gateHours``).
        case gateClosed(leg: Int, at: UnLocode)
    }

    /// Every broken invariant, in leg order.
    public let problems: [Problem]

    /// Creates an error with the problems found.
    public init(problems: [Problem]) { self.problems = problems }

    public var description: String {
        problems.map { problem in
            switch problem {
            case .noLegs: "an itinerary needs at least one leg"
            case .movementNotForward(let leg, let movement):
                "leg \(leg + 1): movement \(movement + 1) does not arrive after it departs"
            case .movementsDoNotChain(let leg, let movement):
                "leg \(leg + 1): movement \(movement + 1) does not depart where and after the previous one arrives"
            case .legsDoNotConnect(let leg): "leg \(leg + 1) does not load where leg \(leg) discharges"
            case .sameVoyageTwice(let leg): "leg \(leg + 1) rides the same voyage as leg \(leg)"
            case .transshipmentTooShort(let leg, let port):
                "leg \(leg + 1) leaves \(port) before its transshipment time has passed"
            case .transshipmentCutOffPassed(let leg, let port):
                "leg \(leg + 1) arrives at \(port) after the transshipment cut-off of the voyage it changes onto"
            case .gateClosed(let leg, let port): "leg \(leg + 1) is a haul at \(port) while its gate is closed"
            }
        }.joined(separator: "; ")
    }
}
