import Foundation
import RoutePlanner
import RoutePlannerServer
import RoutePlannerTestSupport
import Testing

/// The DCSA server over a schedule with hauls (`DoorToDoorSample`): a store door (`SD`) at either end is a truck to
/// or from the place; a container yard (`CY`, the default) is the place itself.
@Suite struct DoorToDoorServerTests {
    static func server() async throws -> ScheduleServer {
        let network = try DoorToDoorSample.network()
        return try await ScheduleServer(
            configuration: ServerConfiguration(port: 0, searchBudget: .seconds(300)), source: "door to door", logger: ServerTests.logger,
            now: { DoorToDoorSample.base }
        ) { network }
    }

    /// The modes of each routing's legs, in order.
    static func modes(_ body: String) throws -> [[String]] {
        let routings = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [[String: Any]], "\(body)")
        return routings.map { routing in
            ((routing["legs"] as? [[String: Any]]) ?? []).map { (($0["transport"] as? [String: Any])?["modeOfTransport"] as? String) ?? "?" }
        }
    }

    @Test func aStoreDoorIsATruckAndAContainerYardThePlaceItself() async throws {
        let server = try await Self.server()
        let query = "/v1/point-to-point-routes?placeOfReceipt=CNFAC&placeOfDelivery=DEWHS&departureStartDate=2026-01-01&arrivalEndDate=2026-03-01"
        let doors = try await ServerTests.get(
            query + "&receiptTypeAtOrigin=SD&deliveryTypeAtDestination=SD", from: server, schema: "PointToPoint")
        #expect(doors.status == .ok)
        #expect(try Self.modes(doors.body) == [["TRUCK", "BARGE", "VESSEL", "TRUCK"]])
        // From the factory's yard, no voyage leaves: no routing.
        let yards = try await ServerTests.get(query, from: server, schema: "PointToPoint")
        let none = try Self.modes(yards.body)
        #expect(yards.status == .ok && none.isEmpty)
        // Between two terminals' yards, the barges and the vessel; with a door at the end, a truck to the warehouse.
        let terminals = "/v1/point-to-point-routes?placeOfReceipt=CNCKG&placeOfDelivery=DEDUI&departureStartDate=2026-01-01&arrivalEndDate=2026-03-01"
        let byBarge = try await ServerTests.get(terminals, from: server, schema: "PointToPoint")
        #expect(try Self.modes(byBarge.body) == [["BARGE", "VESSEL", "BARGE"]])
        let toTheDoor = try await ServerTests.get(
            "/v1/point-to-point-routes?placeOfReceipt=CNCKG&placeOfDelivery=DEWHS&departureStartDate=2026-01-01&arrivalEndDate=2026-03-01&deliveryTypeAtDestination=SD",
            from: server, schema: "PointToPoint")
        #expect(try Self.modes(toTheDoor.body) == [["BARGE", "VESSEL", "TRUCK"]])
        let freightStation = try await ServerTests.get(query + "&receiptTypeAtOrigin=CFS", from: server)
        #expect(freightStation.status == .badRequest && freightStation.body.contains("CY and SD are offered"))
    }
}
