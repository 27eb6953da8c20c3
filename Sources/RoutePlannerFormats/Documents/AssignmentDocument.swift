import Foundation
import RoutePlanner
import RoutePlannerApplication

/// An assignment as documents an independent program can check without this library: every booking with its
/// specification and its legs, or the reason it is left out, and every movement carrying cargo with its load
/// and capacity (docs/CLI.md, `assign --format json`, schema version 2; times RFC 3339 in UTC).
public enum AssignmentDocument {
    /// The schema version of ``json(_:notAssigned:notStored:)``.
    public static let version = 2

    /// JSON: the solve's status and figures, `bookings` in the plan's order and `movements` in schedule
    /// order, and, when there are any, the days of hauls with a capacity a day that the plan loads (`haulDays`), the
    /// stored cargo left out of the plan (`notAssigned`) and the cargo whose itinerary in the plan was not stored because
    /// it changed while the solver ran (`notStored`).
    ///
    /// - Parameters:
    ///   - plan: The assignment.
    ///   - notAssigned: Open cargo of a store that was not given to the solver (`AssignRoutesResponse.leftOut`).
    ///   - notStored: Cargo that changed while the solver ran (`AssignRoutesResponse.changedMeanwhile`).
    public static func json(_ plan: AssignmentPlan, notAssigned: [AssignRoutesResponse.LeftOut] = [], notStored: [TrackingId] = []) -> String {
        struct Output: Encodable {
            let version: Int
            let status: String
            let objective, bound, gap, revenue, greedyRevenue, seconds: Double
            /// The bookings carried: their handling and haulage cost, revenue less both, and CO2e in kilograms.
            let handlingCost, haulageCost, profit, co2eKg: Double
            let carriedBookings, carriedTEU, leftOutTEU: Int
            let bookings: [BookingOutput]
            let movements: [MovementOutput]
            let haulDays: [MovementOutput]?
            let notAssigned: [LeftOutOutput]?
            let notStored: [String]?
        }
        struct LeftOutOutput: Encodable {
            let trackingId: String
            let teu: Int
            /// `handledWithoutItinerary`: to be routed from where it is.
            let reason: String
            let lastEvent: String
            let lastLocation: String
            let lastVoyage: String?
            let lastTime: String
        }
        struct BookingOutput: Encodable {
            let booking: String
            let teu: Int
            let origin, destination, ready, deadline: String
            let revenuePerTEU: Double?
            let weightTonnes: Double?
            let carried: Bool
            /// When carried: its revenue, handling and haulage cost, revenue less both, and CO2e in kilograms (absent
            /// when unknown).
            let revenue, handlingCost, haulageCost, profit: Double?
            let co2eKg: Double?
            let legs: [LegOutput]
            let reason: Reason?
        }
        struct LegOutput: Encodable {
            let voyage, from, to, departure, arrival: String
        }
        struct Reason: Encodable {
            /// `noItinerary`, `capacity`, `unprofitable`, `notPlaced` or `notSearched`.
            let kind: String
            /// For `capacity`: the full movements on its itineraries.
            var fullMovements: [MovementOutput] = []
            /// For `unprofitable`: the booking's revenue per TEU, its cheapest itinerary's handling and haulage costs per
            /// TEU, and the penalty per TEU left out.
            var revenuePerTEU, handlingCostPerTEU, haulageCostPerTEU, penaltyPerTEU: Double?
        }
        struct MovementOutput: Encodable {
            let voyage, from, to, departure: String
            /// For a haul's day: the day at the haul's place (`departure` is when it starts), and `capacity` its room.
            var day: String? = nil
            let load, capacity: Int
            /// The tonnes and reefer plugs the plan loads, and the movement's limits, where it has them.
            let tonnes: Double?
            let weightCapacity: Int?
            let plugs: Int?
            let plugCapacity: Int?
        }
        let output = Output(
            version: version, status: status(plan.status), objective: plan.objective, bound: plan.bound, gap: plan.gap, revenue: plan.revenue,
            greedyRevenue: plan.greedyRevenue, seconds: Double(plan.duration.components.seconds) + Double(plan.duration.components.attoseconds) / 1e18,
            handlingCost: plan.handlingCost, haulageCost: plan.haulageCost, profit: plan.profit, co2eKg: plan.co2e,
            carriedBookings: plan.carried.count, carriedTEU: plan.carriedTEU, leftOutTEU: plan.leftOutTEU,
            bookings: plan.assignments.map { assignment in
                let booking = assignment.booking, specification = booking.specification
                let reason: Reason? =
                    switch assignment.reason {
                    case .noItinerary?: Reason(kind: "noItinerary")
                    case .notSearched?: Reason(kind: "notSearched")
                    case .notPlaced?: Reason(kind: "notPlaced")
                    case .unprofitable(let revenue, let handling, let haulage, let penalty)?:
                        Reason(
                            kind: "unprofitable", revenuePerTEU: revenue, handlingCostPerTEU: handling, haulageCostPerTEU: haulage,
                            penaltyPerTEU: penalty)
                    case .capacity(let legs)?:
                        Reason(
                            kind: "capacity",
                            fullMovements: legs.map {
                                MovementOutput(
                                    voyage: $0.voyage.rawValue, from: $0.from.rawValue, to: $0.to.rawValue, departure: RouteDocument.timestamp($0.departure),
                                    day: $0.haulDay?.date, load: $0.load, capacity: $0.capacity, tonnes: $0.weightCapacity == nil ? nil : $0.weightLoad,
                                    weightCapacity: $0.weightCapacity, plugs: $0.reeferPlugs == nil ? nil : $0.plugLoad,
                                    plugCapacity: $0.reeferPlugs)
                            })
                    case nil: nil
                    }
                return BookingOutput(
                    booking: booking.id, teu: booking.teu, origin: specification.origin.rawValue, destination: specification.destination.rawValue,
                    ready: RouteDocument.timestamp(specification.readyTime), deadline: RouteDocument.timestamp(specification.arrivalDeadline),
                    revenuePerTEU: booking.revenuePerTEU,
                    weightTonnes: booking.weight,
                    carried: assignment.itinerary != nil,
                    revenue: assignment.itinerary == nil ? nil : assignment.revenue,
                    handlingCost: assignment.itinerary == nil ? nil : assignment.handlingCost,
                    haulageCost: assignment.itinerary == nil ? nil : assignment.haulageCost,
                    profit: assignment.itinerary == nil ? nil : assignment.profit,
                    co2eKg: assignment.itinerary == nil ? nil : assignment.co2e,
                    legs: (assignment.itinerary?.legs ?? []).map {
                        LegOutput(
                            voyage: $0.voyage.number.rawValue, from: $0.loadLocation.code.rawValue, to: $0.unloadLocation.code.rawValue,
                            departure: RouteDocument.timestamp($0.loadTime), arrival: RouteDocument.timestamp($0.unloadTime))
                    },
                    reason: reason)
            },
            movements: loads(plan).map {
                MovementOutput(
                    voyage: $0.voyage, from: $0.movement.departureLocation.rawValue, to: $0.movement.arrivalLocation.rawValue,
                    departure: RouteDocument.timestamp($0.movement.departureTime), load: $0.load, capacity: $0.movement.capacity,
                    tonnes: $0.movement.weightCapacity == nil ? nil : $0.tonnes, weightCapacity: $0.movement.weightCapacity,
                    plugs: $0.movement.reeferPlugs == nil ? nil : $0.plugs, plugCapacity: $0.movement.reeferPlugs)
            },
            haulDays: plan.haulDays.isEmpty
                ? nil
                : plan.haulDays.map {
                    MovementOutput(
                        voyage: $0.voyage.rawValue, from: $0.from.rawValue, to: $0.to.rawValue, departure: RouteDocument.timestamp($0.departure),
                        day: $0.haulDay?.date, load: $0.load, capacity: $0.capacity, tonnes: nil, weightCapacity: nil, plugs: nil, plugCapacity: nil)
                },
            notAssigned: notAssigned.isEmpty
                ? nil
                : notAssigned.map { cargo in
                    LeftOutOutput(
                        trackingId: cargo.trackingId.rawValue, teu: cargo.teu, reason: "handledWithoutItinerary", lastEvent: cargo.lastMove.kind.rawValue,
                        lastLocation: cargo.lastMove.location.rawValue, lastVoyage: cargo.lastMove.voyage?.rawValue,
                        lastTime: RouteDocument.timestamp(cargo.lastMove.completionTime))
                },
            notStored: notStored.isEmpty ? nil : notStored.map(\.rawValue))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        guard let data = try? encoder.encode(output) else { preconditionFailure("an assignment document failed to encode") }
        return String(decoding: data, as: UTF8.self)
    }

    /// CSV, one row per leg of every carried booking and one row per booking left out:
    /// `booking,teu,carried,leg,voyage,from,to,departure,arrival,reason`.
    public static func csv(_ plan: AssignmentPlan) -> String {
        var lines = ["booking,teu,carried,leg,voyage,from,to,departure,arrival,reason"]
        for assignment in plan.assignments {
            let head = "\(CSVWriter.field(assignment.booking.id)),\(assignment.booking.teu)"
            if let itinerary = assignment.itinerary {
                for (position, leg) in itinerary.legs.enumerated() {
                    lines.append(
                        [
                            head, "yes", "\(position + 1)", CSVWriter.field(leg.voyage.number.rawValue), leg.loadLocation.code.rawValue,
                            leg.unloadLocation.code.rawValue, RouteDocument.timestamp(leg.loadTime), RouteDocument.timestamp(leg.unloadTime), "",
                        ].joined(separator: ","))
                }
            } else {
                let reason =
                    switch assignment.reason {
                    case .noItinerary?: "no itinerary by the deadline"
                    case .notSearched?: "not searched: the time limit ran out first"
                    case .capacity(let legs)?:
                        "capacity: " + legs.map { "\($0.voyage) \($0.from)-\($0.to)" + ($0.haulDay.map { " \($0.date)" } ?? "") }.joined(separator: " ")
                    case .unprofitable(let revenue, let handling, let haulage, let penalty)?:
                        "unprofitable: cost \(figure(handling + haulage)) per TEU"
                            + (haulage > 0 ? " (handling \(figure(handling)), haulage \(figure(haulage)))" : "") + ", revenue \(figure(revenue)) per TEU"
                            + (penalty > 0 ? ", penalty \(figure(penalty)) per TEU" : "")
                    case .notPlaced?: "not placed: the solve stopped first"
                    case nil: ""
                    }
                lines.append("\(head),no,,,,,,,\(CSVWriter.field(reason))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Each movement carrying cargo, in voyage and sailing order, with the TEU, tonnes (the known weights) and reefer
    /// plugs the plan puts on it; a truck's drive is no movement of the schedule (the days of hauls with a capacity a
    /// day are the plan's `AssignmentPlan.haulDays`).
    ///
    /// - Complexity: O(*l* log *l*) for *l* movements ridden by carried bookings.
    static func loads(_ plan: AssignmentPlan) -> [(voyage: String, movement: CarrierMovement, load: Int, tonnes: Double, plugs: Int)] {
        var load: [String: [Int: (movement: CarrierMovement, teu: Int, tonnes: Double, plugs: Int)]] = [:]
        for assignment in plan.carried {
            let booking = assignment.booking
            for leg in assignment.itinerary?.legs ?? [] where !leg.isHaul {
                for index in leg.movementIndices {
                    let previous = load[leg.voyage.number.rawValue, default: [:]][index] ?? (leg.voyage.movements[index], 0, 0, 0)
                    load[leg.voyage.number.rawValue, default: [:]][index] = (
                        previous.movement, previous.teu + booking.teu, previous.tonnes + (booking.weight ?? 0), previous.plugs + booking.reeferPlugs
                    )
                }
            }
        }
        return load.sorted { $0.key < $1.key }.flatMap { voyage, movements in
            movements.sorted { $0.key < $1.key }.map { (voyage, $0.value.movement, $0.value.teu, $0.value.tonnes, $0.value.plugs) }
        }
    }

    /// A figure as CSV gives it: to the cent, without trailing zeros.
    private static func figure(_ value: Double) -> String {
        value.formatted(.number.precision(.fractionLength(0...2)).grouping(.never).locale(Locale(identifier: "en_US")))
    }

    private static func status(_ status: AssignmentStatus) -> String {
        switch status {
        case .optimal: "optimal"
        case .gapReached: "gapReached"
        case .optimalOverGeneratedItineraries: "optimalOverGeneratedItineraries"
        case .timeLimit: "timeLimit"
        }
    }

}
