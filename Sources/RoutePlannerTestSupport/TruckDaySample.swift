import Foundation
import RoutePlanner

/// A factory (UTC+8) whose trucks to a terminal take a capacity a day, and two vessels from there to a port: the trucks
/// that feed them leave at 02:00 and 18:00 UTC, on one day in UTC but on 2 and 3 March at the factory.
public enum TruckDaySample {
    /// A time written in RFC 3339.
    public static func time(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    /// The network: trucks of 4 hours taking `capacityPerDay` TEU a day at `costPerTEU`, vessels `V1` and `V2` of 10 TEU.
    public static func network(capacityPerDay: Int, costPerTEU: Double? = nil, capacitiesAreKnown: Bool = true) throws -> ScheduleNetwork {
        let zone = TimeZone(identifier: "Asia/Shanghai")!
        let voyages = ["06:00", "22:00"].enumerated().map { index, departure in
            Voyage(
                number: VoyageNumber("V\(index + 1)")!,
                movements: [
                    CarrierMovement(
                        from: "CNZZT", to: "NLZZP", departure: time("2026-03-02T\(departure):00Z"), arrival: time("2026-03-12T\(departure):00Z"),
                        capacity: 10)
                ])
        }
        return try ScheduleNetwork(
            locations: [
                Location(code: "CNZZF", name: "Factory", timeZone: zone, facility: .customerLocation),
                Location(code: "CNZZT", name: "Terminal", timeZone: zone), Location(code: "NLZZP", name: "Port"),
            ], voyages: voyages,
            haulage: [Haulage(from: "CNZZF", to: "CNZZT", duration: .seconds(4 * 3_600), costPerTEU: costPerTEU, capacityPerDay: capacityPerDay)],
            capacitiesAreKnown: capacitiesAreKnown)
    }

    /// From the factory to the port, ready on 1 March, due by 20 March.
    public static let specification = try! RouteSpecification(
        origin: "CNZZF", destination: "NLZZP", readyTime: time("2026-03-01T00:00:00Z"), arrivalDeadline: time("2026-03-20T00:00:00Z"))
}
