import Foundation
import RoutePlanner
import RoutePlannerTestSupport
import Testing

/// Ports and voyages found by what a planner types: a code, a whole name, or the start of a name, ignoring case,
/// accents and the spaces around it.
@Suite struct ScheduleLookupTests {
    static let network = SampleVoyages.network()

    @Test(arguments: [
        ("NLRTM", ["NLRTM"]), ("nlrtm ", ["NLRTM"]), ("Rotterdam", ["NLRTM"]), ("  rotterDAM", ["NLRTM"]), ("goteborg", ["SEGOT"]),
        ("GÖTEBORG", ["SEGOT"]), ("Ho", ["HKHKG"]), ("h", ["DEHAM", "FIHEL", "HKHKG"]), ("S", ["CNSHA", "SGSIN", "SESTO"]),
        ("Atlantis", []), ("", []), ("   ", []), ("XXXXX", []),
    ])
    func aPortIsFoundByItsCodeItsNameOrTheStartOfItsName(_ text: String, _ codes: [String]) {
        #expect(Self.network.locations(named: text).map(\.code.rawValue) == codes)
    }

    /// Against brute force over every port: a code finds its port alone; else the whole names, else the starts.
    @Test func aPortsLookupAgreesWithBruteForce() {
        let locations = Self.network.locations
        func fold(_ text: String) -> String { text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
        for location in locations {
            for text in [location.code.rawValue, location.name, String(location.name.prefix(1)), String(location.name.prefix(3)).uppercased()] {
                let wanted = fold(text.trimmingCharacters(in: .whitespaces))
                let exact = locations.filter { fold($0.name) == wanted }
                let expected =
                    locations.first { $0.code.rawValue == text.uppercased() }.map { [$0] }
                    ?? (exact.isEmpty ? locations.filter { fold($0.name).hasPrefix(wanted) } : exact)
                #expect(Set(Self.network.locations(named: text).map(\.code)) == Set(expected.map(\.code)), "\(text)")
            }
        }
    }

    @Test func aVoyageIsFoundByItsNumberOrItsVesselsName() throws {
        let first = try #require(Self.network.voyages.first)
        let movements = first.movements
        let named = [
            Voyage(number: "MAE-1", movements: movements, vessel: "Maersk Essen"),
            Voyage(
                number: "MAE-2",
                movements: movements.map { movement in
                    var later = movement
                    (later.departureTime, later.arrivalTime) = (movement.departureTime + 7 * 86_400, movement.arrivalTime + 7 * 86_400)
                    later.cutOffTimes = []
                    return later
                }, vessel: "Maersk Essen"),
            Voyage(number: "MSC-1", movements: movements, vessel: "MSC Ésa"),
        ]
        let network = try ScheduleNetwork(locations: SampleLocations.all, voyages: named)
        #expect(network.voyages(named: "MAE-2").map(\.number.rawValue) == ["MAE-2"])
        #expect(network.voyages(named: "maersk essen").map(\.number.rawValue) == ["MAE-1", "MAE-2"])
        #expect(network.voyages(named: "msc esa").map(\.number.rawValue) == ["MSC-1"])
        #expect(network.voyages(named: "m").map(\.number.rawValue).sorted() == ["MAE-1", "MAE-2", "MSC-1"])
        #expect(network.voyages(named: "Ever Given").isEmpty && network.voyages(named: "").isEmpty)
    }
}
