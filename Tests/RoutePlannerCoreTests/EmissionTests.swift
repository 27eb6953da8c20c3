import Foundation
import RoutePlanner
import RoutePlannerFormats
import RoutePlannerTestSupport
import Testing

/// Distances and CO2e: what a schedule gives wins, the estimate (docs/CSV.md, ``EmissionModel``) fills the rest,
/// and an itinerary's total is its movements'.
@Suite struct EmissionTests {
    static let locations = """
        unlocode,name,latitude,longitude
        CNSHA,Shanghai,31.2222,121.4581
        NLRTM,Rotterdam,51.9167,4.5
        SGSIN,Singapore,1.2667,103.8333
        XXAAA,Nowhere,,
        """

    static func network(_ rows: String, header: String = "voyage,from,to,departure,arrival,capacity_teu,distance_nm,co2e_kg_per_teu") throws -> ScheduleNetwork
    {
        try CSVImporter().importSchedule(
            locations: CSVFile(name: "locations.csv", text: locations), schedule: CSVFile(name: "schedule.csv", text: header + "\n" + rows)
        ).value.network
    }

    /// The formula of the docs, written out: fuel per day at design speed × (speed / design speed)³ per 24 ×
    /// speed miles, × 3.114 t CO2 per t, over the class's TEU × 70%.
    static func expected(miles: Double, hours: Double, teu: Double, fuelPerDay: Double, designSpeed: Double, speedRange: ClosedRange<Double>) -> Double {
        let speed = min(max(miles / hours, speedRange.lowerBound), speedRange.upperBound)
        let fuel = miles * fuelPerDay * pow(speed / designSpeed, 3) / (24 * speed)
        return fuel * 3.114 * 1_000 / (teu * 0.7)
    }

    /// A barge, a train and a truck without CO2e emit their mode's grams per tonne-kilometre (38.6, 11.3 and 90.3) for
    /// 10 t in a TEU; a vessel keeps its own estimate, and a figure given wins.
    @Test func bargesTrainsAndTrucksAreEstimatedByTheirMode() throws {
        let network = try Self.network(
            """
            B1,CNSHA,SGSIN,2026-03-02T00:00:00Z,2026-03-10T08:00:00Z,200,100,,barge
            R1,CNSHA,SGSIN,2026-03-02T00:00:00Z,2026-03-10T08:00:00Z,90,100,,rail
            R2,CNSHA,SGSIN,2026-03-02T00:00:00Z,2026-03-10T08:00:00Z,90,100,7,rail
            V1,CNSHA,SGSIN,2026-03-02T00:00:00Z,2026-03-10T08:00:00Z,900,100,,vessel
            """, header: "voyage,from,to,departure,arrival,capacity_teu,distance_nm,co2e_kg_per_teu,mode")
        let co2e = { (voyage: VoyageNumber) in network.voyage(voyage)?.movements.first?.co2ePerTEU ?? -1 }
        #expect(abs(co2e("B1") - 100 * 1.852 * 38.6 * 10 / 1_000) < 0.001)
        #expect(abs(co2e("R1") - 100 * 1.852 * 11.3 * 10 / 1_000) < 0.001)
        #expect(co2e("R2") == 7)
        #expect(abs(co2e("V1") - EmissionModel.co2ePerTEU(distance: 100, hours: 200, capacity: 900)) < 0.001)
        let hauls = try CSVImporter().importHaulage(
            CSVFile(name: "haulage.csv", text: "from,to,distance_km,co2e_kg_per_teu\nCNSHA,SGSIN,60,\nNLRTM,SGSIN,60,12\n"),
            locations: network.locations
        ).value
        #expect(hauls.first { $0.from == "CNSHA" }.map { abs(($0.co2ePerTEU ?? 0) - 60 * 90.3 * 10 / 1_000) < 0.001 } == true)
        #expect(hauls.first { $0.from == "NLRTM" }?.co2ePerTEU == 12)
        // A DCSA schedule's barge, named by its capacity file, is estimated as a barge.
        let barge = try DCSAImporter().importVesselSchedules(
            CSVFile(name: "schedule.json", text: VesselSchedulesText.shanghaiToRotterdam),
            capacities: CSVFile(name: "capacities.csv", text: "voyage,capacity_teu,mode\n002E,200,barge\n"),
            distances: CSVFile(name: "distances.csv", text: "from,to,distance_nm\nNLRTM,DEHAM,300\n")
        ).value.network
        #expect(barge.voyage("002E")?.movements.first.map { abs(($0.co2ePerTEU ?? 0) - 300 * 1.852 * 38.6 * 10 / 1_000) < 0.001 } == true)
    }

    /// A leg names what its CO2e rests on where the network estimated it, by its mode (`Leg.co2eEstimate`), and
    /// nothing where the schedule or the haulage table gave it; a network built again from its own voyages keeps
    /// saying which is which, and a written schedule reads back so.
    @Test func aLegNamesTheEstimateItsCO2eRestsOn() throws {
        let network = try Self.network(
            """
            B1,CNSHA,SGSIN,2026-03-02T00:00:00Z,2026-03-10T08:00:00Z,200,100,,barge
            R1,CNSHA,SGSIN,2026-03-02T00:00:00Z,2026-03-10T08:00:00Z,90,100,7,rail
            V1,CNSHA,SGSIN,2026-03-02T00:00:00Z,2026-03-10T08:00:00Z,900,,,vessel
            V1,SGSIN,NLRTM,2026-03-11T00:00:00Z,2026-04-02T00:00:00Z,900,8300,400.5,vessel
            """, header: "voyage,from,to,departure,arrival,capacity_teu,distance_nm,co2e_kg_per_teu,mode")
        let hauls = try CSVImporter().importHaulage(
            CSVFile(name: "haulage.csv", text: "from,to,distance_km,co2e_kg_per_teu\nCNSHA,SGSIN,60,\nNLRTM,SGSIN,60,12\n"),
            locations: network.locations
        ).value
        #expect(hauls.map(\.co2eIsEstimated) == [true, true, false, false])
        let withHauls = try network.withHaulage(hauls)
        func estimates(_ network: ScheduleNetwork) throws -> [String?] {
            let voyages = try ["B1", "R1", "V1"].map { try #require(network.voyage($0)) }
            let legs = voyages.flatMap { voyage in
                voyage.movements.indices.map { m in
                    Leg(
                        voyage: voyage, movementIndices: m..<(m + 1), loadLocation: network.location(voyage.movements[m].departureLocation)!,
                        unloadLocation: network.location(voyage.movements[m].arrivalLocation)!)
                }
            }
            let trucks = network.haulage.map {
                Leg(
                    haul: $0, from: network.location($0.from)!, to: network.location($0.to)!, departure: Self.utc("2026-03-02T00:00:00Z"),
                    arrival: Self.utc("2026-03-02T02:00:00Z"))
            }
            return (legs + trucks).map(\.co2eEstimate)
        }
        // The hauls between Shanghai and Singapore have no CO2e in the table; those from Rotterdam's row have 12 kg.
        let expected =
            [EmissionModel.estimate(for: .barge), nil, EmissionModel.estimate(for: .vessel), nil]
            + withHauls.haulage.map { $0.from == "CNSHA" || $0.to == "CNSHA" ? EmissionModel.estimate(for: .truck) : nil }
        #expect(expected.compactMap { $0 }.count == 4)
        #expect(try estimates(withHauls) == expected)
        #expect(EmissionModel.estimate(for: .barge).contains("38.6 g CO2 per tonne-km by inland waterway"))
        #expect(EmissionModel.estimate(for: .rail).contains("11.3 g") && EmissionModel.estimate(for: .truck).contains("90.3 g"))
        // Built again from its voyages and hauls, as a retiming or a publication builds it.
        let rebuilt = try ScheduleNetwork(locations: withHauls.locations, voyages: withHauls.voyages).withHaulage(withHauls.haulage)
        #expect(try estimates(rebuilt) == expected)
        // Written and read back: the estimates are left out of the files, and estimated again.
        let written = try CSVImporter().importSchedule(
            locations: CSVFile(name: "l.csv", text: CSVWriter.locations(of: withHauls)),
            schedule: CSVFile(name: "s.csv", text: CSVWriter.schedule(of: withHauls))
        ).value.network
        let writtenHauls = try CSVImporter().importHaulage(CSVFile(name: "h.csv", text: CSVWriter.haulage(of: withHauls)), locations: written.locations)
        #expect(try estimates(written.withHaulage(writtenHauls.value)) == expected)
        #expect(written.voyages == withHauls.voyages && writtenHauls.value == withHauls.haulage)
    }

    @Test func aMovementWithoutCO2eIsEstimatedFromItsDistanceVesselSizeAndSpeed() throws {
        // 2,400 nm in 200 hours is 12 knots; 900 TEU is LINER-LIB's Feeder_450 (design 12 kn, 18.8 t a day).
        let network = try Self.network("V1,CNSHA,SGSIN,2026-03-02T00:00:00Z,2026-03-10T08:00:00Z,900,2400,")
        let movement = try #require(network.voyage("V1")?.movements.first)
        #expect(movement.distance == 2_400)
        let kilograms = Self.expected(miles: 2_400, hours: 200, teu: 900, fuelPerDay: 18.8, designSpeed: 12, speedRange: 10...14)
        #expect(abs(try #require(movement.co2ePerTEU) - kilograms) < 0.001)
        // Slow steaming burns less per mile, by the square of the speed; below the class's least speed it stops helping.
        let slow = try Self.network("V1,CNSHA,SGSIN,2026-03-02T00:00:00Z,2026-03-12T00:00:00Z,900,2400,").voyage("V1")?.movements.first
        #expect(
            abs(try #require(slow?.co2ePerTEU) - Self.expected(miles: 2_400, hours: 240, teu: 900, fuelPerDay: 18.8, designSpeed: 12, speedRange: 10...14))
                < 0.001)
        #expect(try #require(slow?.co2ePerTEU) < kilograms)
        // A big vessel's slot emits less than a feeder's: 15,000 TEU, Super_panamax.
        let big = try Self.network("V1,CNSHA,SGSIN,2026-03-02T00:00:00Z,2026-03-10T08:00:00Z,15000,2400,").voyage("V1")?.movements.first
        #expect(
            abs(try #require(big?.co2ePerTEU) - Self.expected(miles: 2_400, hours: 200, teu: 15_000, fuelPerDay: 126.9, designSpeed: 17, speedRange: 12...22))
                < 0.001)
    }

    @Test func aMovementWithoutDistanceSailsTheGreatCircleTimesTheFactor() throws {
        let network = try Self.network("V1,CNSHA,NLRTM,2026-03-02T00:00:00Z,2026-04-02T00:00:00Z,,,")
        let movement = try #require(network.voyage("V1")?.movements.first)
        // Shanghai to Rotterdam is 8,926 km (4,819.9 nm) along the great circle; 1.15 times that is 5,542.8 nm.
        #expect(movement.distance == 5_542.8)
        #expect(movement.co2ePerTEU != nil)
        // Without coordinates there is no distance, so no CO2e either, and an itinerary through it has none.
        let nowhere = try Self.network("V1,CNSHA,XXAAA,2026-03-02T00:00:00Z,2026-03-05T00:00:00Z,,,")
        #expect(nowhere.voyage("V1")?.movements.first?.distance == nil)
        #expect(nowhere.voyage("V1")?.movements.first?.co2ePerTEU == nil)
        let specification = try RouteSpecification(
            origin: "CNSHA", destination: "XXAAA", readyTime: Self.utc("2026-03-01T00:00:00Z"), arrivalDeadline: Self.utc("2026-04-01T00:00:00Z"))
        #expect(try nowhere.earliestArrival(for: specification).co2ePerTEU == nil)
    }

    @Test func theScheduleGivesCO2eThatWinsOverTheEstimateAndAnItinerarySumsItsMovements() throws {
        let network = try Self.network(
            """
            V1,CNSHA,SGSIN,2026-03-02T00:00:00Z,2026-03-08T00:00:00Z,900,2200,100.25
            V1,SGSIN,NLRTM,2026-03-09T00:00:00Z,2026-04-02T00:00:00Z,900,8300,400.5
            V2,SGSIN,NLRTM,2026-03-10T00:00:00Z,2026-04-03T00:00:00Z,900,8300.04,300.001
            """)
        #expect(network.voyage("V1")?.movements.map(\.co2ePerTEU) == [100.25, 400.5])
        #expect(network.voyage("V2")?.movements.map(\.distance) == [8300])  // to a tenth of a mile
        let specification = try RouteSpecification(
            origin: "CNSHA", destination: "NLRTM", readyTime: Self.utc("2026-03-01T00:00:00Z"), arrivalDeadline: Self.utc("2026-05-01T00:00:00Z"))
        let itineraries = try network.candidates(for: specification, limit: 5)
        let aboard = try #require(itineraries.first { $0.transshipmentCount == 0 })
        #expect(aboard.co2ePerTEU == 500.75 && aboard.distance == 10_500)
        #expect(aboard.legs[0].co2ePerTEU == 500.75)
    }

    @Test(arguments: [("distance_nm", "-1"), ("distance_nm", "100001"), ("co2e_kg_per_teu", "nan"), ("co2e_kg_per_teu", "lots")])
    func aDistanceOrCO2eThatIsNotANumberInRangeIsLocated(_ column: String, _ value: String) throws {
        let file = CSVFile(
            name: "schedule.csv", text: "voyage,from,to,departure,arrival,\(column)\nV1,CNSHA,SGSIN,2026-03-02T00:00:00Z,2026-03-08T00:00:00Z,\(value)\n")
        let result = try? CSVImporter(mode: .lenient).importSchedule(locations: CSVFile(name: "locations.csv", text: Self.locations), schedule: file)
        let error = try #require(result?.diagnostics.first { $0.severity == .error })
        let limit = column == "distance_nm" ? "100000" : "1000000"
        #expect(error.description == "schedule.csv:2:58: error: \(column) \"\(value)\" is not a number from 0 to \(limit)")
    }

    @Test func aNetworkRefusesANegativeDistanceOrCO2e() throws {
        let movement = CarrierMovement(
            from: "CNSHA", to: "SGSIN", departure: Self.utc("2026-03-02T00:00:00Z"), arrival: Self.utc("2026-03-08T00:00:00Z"), capacity: 1,
            distance: -1, co2ePerTEU: .nan)
        #expect(throws: ScheduleNetworkError(problems: [.invalidDistance(voyage: "V1", movement: 0), .invalidCO2e(voyage: "V1", movement: 0)])) {
            try ScheduleNetwork(
                locations: [Location(code: "CNSHA", name: "Shanghai"), Location(code: "SGSIN", name: "Singapore")],
                voyages: [Voyage(number: "V1", movements: [movement])])
        }
    }

    @Test func theWrittenScheduleReadsBackWithTheSameDistancesAndCO2e() throws {
        let network = try Self.network(
            """
            V1,CNSHA,SGSIN,2026-03-02T00:00:00Z,2026-03-08T00:00:00Z,900,,
            V1,SGSIN,NLRTM,2026-03-09T00:00:00Z,2026-04-02T00:00:00Z,900,8300,400.5
            """)
        let text = CSVWriter.schedule(of: network)
        #expect(text.hasPrefix("voyage,from,to,departure,arrival,capacity_teu,vessel,service,distance_nm,co2e_kg_per_teu\n"))
        let again = try CSVImporter().importSchedule(
            locations: CSVFile(name: "locations.csv", text: Self.locations), schedule: CSVFile(name: "schedule.csv", text: text)
        ).value.network
        #expect(again.voyages.map(\.movements) == network.voyages.map(\.movements))
    }

    @Test func aDCSAScheduleTakesDistancesByPortPairAndCO2eIntensitiesByVoyage() throws {
        let capacities = CSVFile(name: "capacities.csv", text: "voyage,capacity_teu,co2e_g_per_teu_km\n001W,1200,45\n002E,900,\n")
        let distances = CSVFile(name: "distances.csv", text: "from,to,distance_nm\nSGSIN,CNSHA,2200\nSGSIN,NLRTM,8300\nNLRTM,DEHAM,300\n")
        let imported = try DCSAImporter().importVesselSchedules(
            CSVFile(name: "schedule.json", text: VesselSchedulesText.shanghaiToRotterdam), capacities: capacities, distances: distances)
        let network = imported.value.network
        // A pair given one way serves the other; the intensity is grams per TEU-km, 1.852 km to the mile.
        #expect(network.voyage("001W")?.movements.map(\.distance) == [2200, 8300])
        #expect(network.voyage("001W")?.movements.map(\.co2ePerTEU) == [183.348, 691.722])
        // Without an intensity, the estimate; the ports of this document have no coordinates, so only the distance helps.
        let hamburg = try #require(network.voyage("002E")?.movements.first)
        #expect(hamburg.distance == 300)
        #expect(abs(try #require(hamburg.co2ePerTEU) - EmissionModel.co2ePerTEU(distance: 300, hours: 24, capacity: 900)) < 0.001)
    }

    @Test func aDistanceFileProblemIsLocated() {
        let distances = CSVFile(name: "distances.csv", text: "from,to,distance_nm\nSGSIN,CNSHA,far\nSGSIN,CNSHA,1\nSGSIN,CNSHA,2\n")
        #expect(throws: ImportError.self) {
            try DCSAImporter().importVesselSchedules(CSVFile(name: "schedule.json", text: VesselSchedulesText.shanghaiToRotterdam), distances: distances)
        }
        let messages = Self.errors { () throws(ImportError) in
            try DCSAImporter().importVesselSchedules(CSVFile(name: "schedule.json", text: VesselSchedulesText.shanghaiToRotterdam), distances: distances)
        }
        #expect(
            messages == [
                "distances.csv:2:13: error: distance_nm \"far\" is not a number from 0 to 100000",
                "distances.csv:4:1: error: SGSIN to CNSHA already has a distance on line 3",
            ])
    }

    static func errors(_ body: () throws(ImportError) -> ImportResult<ImportedSchedule>) -> [String] {
        do {
            _ = try body()
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    static func utc(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }
}
