import Foundation
import RoutePlanner
import Testing

/// Weight and reefer-plug limits beside TEU, and the bookings' weights: read from CSV and DCSA side files, located
/// when wrong, and written back.
@Suite struct CapacityLimitTests {
    static let locations = CSVFile(name: "locations.csv", text: "unlocode,name\nCNSHA,Shanghai\nSGSIN,Singapore\nNLRTM,Rotterdam\n")

    @Test func aScheduleGivesWeightAndPlugLimitsThatReadBackAsWritten() throws {
        let schedule = CSVFile(name: "schedule.csv", text: """
            voyage,from,to,departure,arrival,capacity_teu,capacity_tonnes,reefer_plugs
            V1,CNSHA,SGSIN,2026-03-02T00:00:00Z,2026-03-08T00:00:00Z,900,9000,
            V1,SGSIN,NLRTM,2026-03-09T00:00:00Z,2026-04-02T00:00:00Z,900,,45
            """)
        let network = try CSVImporter().importSchedule(locations: Self.locations, schedule: schedule).value.network
        let ids = (0..<network.movementCount).map(ScheduleNetwork.MovementID.init)
        #expect(ids.map(network.weightCapacity(of:)) == [9_000, nil])
        #expect(ids.map(network.reeferPlugs(of:)) == [nil, 45])
        #expect(network.limitsWeight && network.limitsReeferPlugs)
        let written = CSVWriter.schedule(of: network)
        #expect(written.contains(",capacity_tonnes,reefer_plugs"))
        let again = try CSVImporter().importSchedule(locations: Self.locations, schedule: CSVFile(name: "again.csv", text: written)).value.network
        #expect(again.voyages == network.voyages)
    }

    @Test(arguments: [("capacity_tonnes", "heavy", "tonnes"), ("reefer_plugs", "-1", "plugs")])
    func aLimitThatIsNotAWholeNumberIsLocated(_ column: String, _ value: String, _ unit: String) throws {
        let schedule = CSVFile(name: "schedule.csv", text: "voyage,from,to,departure,arrival,\(column)\nV1,CNSHA,SGSIN,2026-03-02T00:00:00Z,2026-03-08T00:00:00Z,\(value)\n")
        let error = try #require(try CSVImporter(mode: .lenient).importSchedule(locations: Self.locations, schedule: schedule)
            .diagnostics.first { $0.severity == .error })
        #expect(error.description == "schedule.csv:2:58: error: \(column) \"\(value)\" is not a whole number of \(unit) from 0 to 2147483647")
    }

    @Test func aDCSACapacityFileGivesWeightAndPlugsByVoyage() throws {
        let capacities = CSVFile(name: "capacities.csv", text: "voyage,capacity_teu,capacity_tonnes,reefer_plugs\n001W,1200,15000,80\n002E,900,,\n")
        let network = try DCSAImporter().importVesselSchedules(
            CSVFile(name: "schedule.json", text: DCSAImportTests.shanghaiToRotterdam), capacities: capacities).value.network
        #expect(network.voyage("001W")?.movements.map(\.weightCapacity) == [15_000, 15_000])
        #expect(network.voyage("001W")?.movements.map(\.reeferPlugs) == [80, 80])
        #expect(network.voyage("002E")?.movements.map(\.weightCapacity) == [nil])
        let wrong = CSVFile(name: "capacities.csv", text: "voyage,capacity_teu,reefer_plugs\n001W,1200,many\n")
        #expect(throws: ImportError.self) {
            try DCSAImporter().importVesselSchedules(CSVFile(name: "schedule.json", text: DCSAImportTests.shanghaiToRotterdam), capacities: wrong)
        }
    }

    @Test func aBookingCarriesItsWeightAndAReeferItsPlugs() throws {
        let file = CSVFile(name: "bookings.csv", text: """
            booking,origin,destination,ready,deadline,teu,cargo_type,weight_tonnes
            B1,CNSHA,NLRTM,2026-03-01,2026-04-30,3,REEFER,40.5
            B2,CNSHA,NLRTM,2026-03-01,2026-04-30,2,,
            """)
        let bookings = try CSVImporter().importBookings(file).value
        #expect(bookings.map(\.weight) == [40.5, nil])
        #expect(bookings.map(\.reeferPlugs) == [2, 0])  // 3 TEU of reefers: two 40-foot plugs
        #expect(try CSVImporter().importBookings(CSVFile(name: "again.csv", text: CSVWriter.bookings(bookings))).value == bookings)
        let wrong = CSVFile(name: "bookings.csv", text: "booking,origin,destination,ready,deadline,teu,weight_tonnes\nB1,CNSHA,NLRTM,2026-03-01,2026-04-30,3,0\n")
        let error = try? CSVImporter(mode: .lenient).importBookings(wrong).diagnostics.first { $0.severity == .error }
        #expect(error?.description == "bookings.csv:2:40: error: weight_tonnes \"0\" is not a weight above 0 and up to 10000000 tonnes")
        #expect(throws: CargoError.invalidWeight(-1)) {
            try Booking(id: "B", teu: 1, specification: bookings[0].specification, weight: -1)
        }
    }
}
