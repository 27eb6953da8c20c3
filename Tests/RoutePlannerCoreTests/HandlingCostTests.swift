import Foundation
import RoutePlanner
import RoutePlannerFormats
import RoutePlannerTestSupport
import Testing

/// Handling costs: read from a locations file, and summed along an itinerary as LINER-LIB counts them (a load,
/// a discharge, and a transshipment at each change of vessel; staying aboard through a call costs nothing).
@Suite struct HandlingCostTests {
    @Test func theLocationsFileGivesEachPortItsCosts() throws {
        let file = CSVFile(
            name: "locations.csv",
            text: """
                unlocode,name,handling_cost_per_teu,transshipment_cost_per_teu
                HKHKG,Hong Kong,100,60.5
                NLRTM,Rotterdam,,
                """)
        let locations = try CSVImporter().importLocations(file).value
        #expect(locations.map(\.handlingCostPerTEU) == [100, nil])
        #expect(locations.map(\.transshipmentCostPerTEU) == [60.5, nil])
    }

    @Test(arguments: ["-1", "nan", "inf", "1e12", "lots"])
    func aCostThatIsNotAnAmountIsAnError(_ text: String) {
        let file = CSVFile(name: "locations.csv", text: "unlocode,name,handling_cost_per_teu\nHKHKG,Hong Kong,\(text)\n")
        #expect(throws: ImportError.self) { try CSVImporter().importLocations(file) }
        let error = try? CSVImporter(mode: .lenient).importLocations(file).diagnostics.first { $0.severity == .error }
        #expect(error?.message == "handling_cost_per_teu \"\(text)\" is not an amount of at least 0 and under 1000000000")
        #expect(error?.line == 2 && error?.column == 17)
    }

    /// The sample network with costs: a load or discharge costs 10 × the port's position, a transshipment 7.
    static func network() throws -> ScheduleNetwork {
        let locations = SampleLocations.all.enumerated().map { index, location in
            Location(
                code: location.code, name: location.name, transshipmentTime: location.transshipmentTime,
                handlingCostPerTEU: Double(10 * (index + 1)), transshipmentCostPerTEU: 7)
        }
        return try ScheduleNetwork(locations: locations, voyages: SampleVoyages.all)
    }

    @Test func anItineraryCostsItsLoadItsDischargeAndEachTransshipment() throws {
        let network = try Self.network()
        let cost = { (code: UnLocode) in try #require(network.location(code)?.handlingCostPerTEU) }
        // Hong Kong → Rotterdam on AE1-0100W, then the feeder to Stockholm: one transshipment, in Rotterdam.
        let specification = try RouteSpecification(
            origin: "HKHKG", destination: "SESTO", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(4, 15))
        let itinerary = try network.earliestArrival(for: specification)
        #expect(itinerary.transshipmentCount == 1)
        #expect(itinerary.handlingCostPerTEU == (try cost("HKHKG")) + (try cost("SESTO")) + 7)
        // Staying aboard through Singapore costs nothing: a direct sailing is a load and a discharge.
        let direct = try network.earliestArrival(
            for: try RouteSpecification(
                origin: "HKHKG", destination: "NLRTM", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(4, 15)))
        #expect(direct.transshipmentCount == 0)
        #expect(direct.handlingCostPerTEU == (try cost("HKHKG")) + (try cost("NLRTM")))
        // Without costs for a port on the way, there is no total.
        #expect(try SampleVoyages.network().earliestArrival(for: specification).handlingCostPerTEU == nil)
    }
}
