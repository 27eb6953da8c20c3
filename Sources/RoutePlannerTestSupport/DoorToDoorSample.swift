import Foundation
import RoutePlanner

/// A hand-made door-to-door chain: a truck from a factory to a barge terminal on the Yangtze, a barge to Shanghai, a
/// vessel to Rotterdam, a barge up the Rhine to Duisburg and a truck to a warehouse, or a truck from Rotterdam.
public enum DoorToDoorSample {
    /// When the sample's times count from.
    public static let base = Date(timeIntervalSince1970: 1_767_225_600)  // Thursday 1 January 2026, 00:00 UTC

    /// The time `hours` after ``base``.
    public static func at(_ hours: Double) -> Date { base.addingTimeInterval(hours * 3_600) }

    /// The places: the factory and the warehouse, the terminals and the ports, some with gate hours.
    public static let locations = [
        Location(code: "CNFAC", name: "Factory"),
        Location(code: "CNCKG", name: "Chongqing", transshipmentTime: .seconds(6 * 3_600)),
        Location(code: "CNSHA", name: "Shanghai", transshipmentTime: .seconds(24 * 3_600)),
        Location(code: "NLRTM", name: "Rotterdam", transshipmentTime: .seconds(24 * 3_600), gateHours: GateHours("Mon-Sun 00:00-24:00")),
        Location(code: "DEDUI", name: "Duisburg", transshipmentTime: .seconds(4 * 3_600), gateHours: GateHours("Mon-Fri 06:00-22:00")),
        Location(code: "DEWHS", name: "Warehouse", gateHours: GateHours("Mon-Fri 08:00-17:00")),
    ]

    /// A Yangtze barge, a vessel to Rotterdam and a Rhine barge.
    public static let voyages = [
        Voyage(
            number: "YB1",
            movements: [
                CarrierMovement(
                    from: "CNCKG", to: "CNSHA", departure: at(20), arrival: at(20 + 7 * 24), capacity: 200,
                    cutOffTimes: [CutOffTime(.fullContainerDelivery, at(12))])
            ], mode: .barge),
        Voyage(
            number: "AE1", movements: [CarrierMovement(from: "CNSHA", to: "NLRTM", departure: at(10 * 24), arrival: at(40 * 24), capacity: 8_000)]),
        Voyage(
            number: "RB1", movements: [CarrierMovement(from: "NLRTM", to: "DEDUI", departure: at(42 * 24), arrival: at(43 * 24 + 20), capacity: 150)],
            mode: .barge),
    ]

    /// The trucks: the factory to Chongqing, Duisburg and Rotterdam to the warehouse.
    public static let haulage = [
        Haulage(from: "CNFAC", to: "CNCKG", duration: .seconds(3 * 3_600), distance: 120, costPerTEU: 180, co2ePerTEU: 12),
        Haulage(from: "DEDUI", to: "DEWHS", duration: .seconds(3_600), distance: 40, costPerTEU: 90, co2ePerTEU: 4),
        Haulage(from: "NLRTM", to: "DEWHS", duration: .seconds(4 * 3_600), distance: 230, costPerTEU: 520, co2ePerTEU: 21),
    ]

    /// The network of the places, voyages and hauls.
    public static func network() throws -> ScheduleNetwork { try ScheduleNetwork(locations: locations, voyages: voyages, haulage: haulage) }

    /// The cargo's specification from the factory to the warehouse: ready at ``base``, due 60 days later.
    public static func specification() throws -> RouteSpecification {
        try RouteSpecification(origin: "CNFAC", destination: "DEWHS", readyTime: at(0), arrivalDeadline: at(60 * 24))
    }

    /// The route by the Rhine barge: truck, Yangtze barge, vessel, Rhine barge, truck.
    public static func byBarge() throws -> Itinerary {
        let candidates = try Router(network: network()).candidates(for: specification(), limit: 5, options: RoutingOptions(criteria: [.co2e]))
        return candidates.first { $0.legs.count == 5 }!
    }
}
