import DCSACommercialSchedules
import Foundation
import RoutePlanner
import RoutePlannerFormats
import RoutePlannerTestSupport
import Testing

/// The inland example's routes as DCSA point-to-point routings: a leg per mode, each place with its facility type,
/// valid against Commercial Schedules 1.0.3.
@Suite struct DoorToDoorDocumentTests {
    @Test func aDoorToDoorRouteIsAValidDCSARoutingWithALegPerMode() throws {
        let folder = JSONSchemas.repository.appendingPathComponent("examples/inland")
        let importer = CSVImporter()
        var network = try importer.importSchedule(
            locations: folder.appendingPathComponent("locations.csv"), schedule: folder.appendingPathComponent("schedule.csv")
        ).value.network
        let hauls = try importer.importHaulage(contentsOf: folder.appendingPathComponent("haulage.csv"), locations: network.locations)
        network = try network.withHaulage(hauls.value)
        let specification = try RouteSpecification(
            origin: "CNJGJ", destination: "DEDTM", readyTime: Date(timeIntervalSince1970: 1_772_409_600),
            arrivalDeadline: Date(timeIntervalSince1970: 1_777_593_600))
        let itineraries = try Router(network: network).candidates(for: specification, limit: 4, options: RoutingOptions(criteria: [.co2e]))
        #expect(
            itineraries.map { $0.legs.map(\.voyage.mode) } == [
                [.truck, .barge, .vessel, .truck], [.truck, .barge, .vessel, .rail, .truck], [.truck, .barge, .vessel, .truck],
            ])
        let routings = RouteDocument.pointToPoint(itineraries)
        let encoder = JSONEncoder()
        let document = String(decoding: try encoder.encode(routings), as: UTF8.self)
        #expect(try JSONSchemas.problems([document]).isEmpty)
        let byRail = routings[1]
        #expect(byRail.placeOfReceipt.facilityTypeCode == "CLOC" && byRail.placeOfDelivery.facilityTypeCode == "CLOC")
        #expect(byRail.legs.map(\.departure.facilityTypeCode) == ["CLOC", "INTE", "POTE", "POTE", "INTE"])
        let transports = byRail.legs.map { leg in
            switch leg.transport {
            case .VesselTransport(let vessel): vessel.modeOfTransport.rawValue
            case .BargeTransport(let barge): barge.modeOfTransport.rawValue
            case .OtherTransport(let other): other.modeOfTransport.rawValue
            @unknown default: "?"
            }
        }
        #expect(transports == ["TRUCK", "BARGE", "VESSEL", "RAIL", "TRUCK"])
    }
}
