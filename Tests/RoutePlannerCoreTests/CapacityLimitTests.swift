import Foundation
import RoutePlanner
import RoutePlannerFormats
import RoutePlannerTestSupport
import Testing

/// Weight and reefer-plug limits beside TEU, and the bookings' weights: read from CSV and DCSA side files, located
/// when wrong, and written back.
@Suite struct CapacityLimitTests {
    static let locations = CSVFile(name: "locations.csv", text: "unlocode,name\nCNSHA,Shanghai\nSGSIN,Singapore\nNLRTM,Rotterdam\n")

    @Test func aScheduleGivesWeightAndPlugLimitsThatReadBackAsWritten() throws {
        let schedule = CSVFile(
            name: "schedule.csv",
            text: """
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
        let schedule = CSVFile(
            name: "schedule.csv", text: "voyage,from,to,departure,arrival,\(column)\nV1,CNSHA,SGSIN,2026-03-02T00:00:00Z,2026-03-08T00:00:00Z,\(value)\n")
        let error = try #require(
            try CSVImporter(mode: .lenient).importSchedule(locations: Self.locations, schedule: schedule)
                .diagnostics.first { $0.severity == .error })
        #expect(error.description == "schedule.csv:2:58: error: \(column) \"\(value)\" is not a whole number of \(unit) from 0 to 2147483647")
    }

    @Test func aDCSACapacityFileGivesWeightAndPlugsByVoyage() throws {
        let capacities = CSVFile(name: "capacities.csv", text: "voyage,capacity_teu,capacity_tonnes,reefer_plugs\n001W,1200,15000,80\n002E,900,,\n")
        let network = try DCSAImporter().importVesselSchedules(
            CSVFile(name: "schedule.json", text: VesselSchedulesText.shanghaiToRotterdam), capacities: capacities
        ).value.network
        #expect(network.voyage("001W")?.movements.map(\.weightCapacity) == [15_000, 15_000])
        #expect(network.voyage("001W")?.movements.map(\.reeferPlugs) == [80, 80])
        #expect(network.voyage("002E")?.movements.map(\.weightCapacity) == [nil])
        let wrong = CSVFile(name: "capacities.csv", text: "voyage,capacity_teu,reefer_plugs\n001W,1200,many\n")
        #expect(throws: ImportError.self) {
            try DCSAImporter().importVesselSchedules(CSVFile(name: "schedule.json", text: VesselSchedulesText.shanghaiToRotterdam), capacities: wrong)
        }
    }

    /// DCSA's vessel schedules carry no mode: the capacity file names a barge or a train, by voyage or by vessel.
    @Test func aDCSACapacityFileNamesABargeOrATrain() throws {
        let schedule = CSVFile(name: "schedule.json", text: VesselSchedulesText.shanghaiToRotterdam)
        let capacities = CSVFile(name: "capacities.csv", text: "voyage,capacity_teu,mode\n001W,1200,\n002E,200,Barge\n")
        let network = try DCSAImporter().importVesselSchedules(schedule, capacities: capacities).value.network
        #expect(network.voyage("001W")?.mode == .vessel && network.voyage("002E")?.mode == .barge)
        // A voyage's row without a mode takes its vessel's.
        let imo = try #require(network.voyage("001W")?.vesselIMONumber)
        let byVessel = CSVFile(name: "capacities.csv", text: "voyage,vessel_imo,capacity_teu,mode\n,\(imo),900,rail\n001W,,1200,\n")
        #expect(try DCSAImporter().importVesselSchedules(schedule, capacities: byVessel).value.network.voyage("001W")?.mode == .rail)
        let wrong = CSVFile(name: "capacities.csv", text: "voyage,capacity_teu,mode\n001W,1200,truck\n002E,200,plane\n")
        let messages: [String]
        do {
            _ = try DCSAImporter().importVesselSchedules(schedule, capacities: wrong)
            messages = []
        } catch {
            messages = error.diagnostics.filter { $0.severity == .error }.map(\.description)
        }
        let rule = "is not vessel, barge or rail (a truck is not timetabled: give its hauls in a haulage table)"
        #expect(messages == ["capacities.csv:2:11: error: mode \"truck\" \(rule)", "capacities.csv:3:10: error: mode \"plane\" \(rule)"])
    }

    @Test func aBookingCarriesItsWeightAndAReeferItsPlugs() throws {
        let file = CSVFile(
            name: "bookings.csv",
            text: """
                booking,origin,destination,ready,deadline,teu,cargo_type,weight_tonnes
                B1,CNSHA,NLRTM,2026-03-01,2026-04-30,3,REEFER,40.5
                B2,CNSHA,NLRTM,2026-03-01,2026-04-30,2,,
                """)
        let bookings = try CSVImporter().importBookings(file).value
        #expect(bookings.map(\.weight) == [40.5, nil])
        #expect(bookings.map(\.reeferPlugs) == [2, 0])  // 3 TEU of reefers: two 40-foot plugs
        #expect(try CSVImporter().importBookings(CSVFile(name: "again.csv", text: CSVWriter.bookings(bookings))).value == bookings)
        let wrong = CSVFile(
            name: "bookings.csv", text: "booking,origin,destination,ready,deadline,teu,weight_tonnes\nB1,CNSHA,NLRTM,2026-03-01,2026-04-30,3,0\n")
        let error = try? CSVImporter(mode: .lenient).importBookings(wrong).diagnostics.first { $0.severity == .error }
        #expect(error?.description == "bookings.csv:2:40: error: weight_tonnes \"0\" is not a weight above 0 and up to 10000000 tonnes")
        #expect(throws: CargoError.invalidWeight(-1)) {
            try Booking(id: "B", teu: 1, specification: bookings[0].specification, weight: -1)
        }
    }
}

/// Searches for cargo that needs room aboard (``RoutingOptions/space``).
@Suite struct CargoSpaceSearchTests {
    /// X reaches P first but its next movement is full, so the cargo cannot stay aboard to X's second call at P; it
    /// may still board X there after arriving on Y. The arrival on X must not stand for the one on Y.
    @Test func aFullMovementDoesNotLetAnArrivalOnItsVoyageStandForAnother() throws {
        let codes = ["XXAAA", "XXPPP", "XXRRR", "XXSSS"]
        let locations = codes.map { Location(code: UnLocode($0)!, name: $0) }
        let base = Date(timeIntervalSince1970: 1_767_225_600)
        func movement(_ from: Int, _ to: Int, _ departure: Int, _ arrival: Int, teu: Int = 10) -> CarrierMovement {
            CarrierMovement(
                from: locations[from].code, to: locations[to].code, departure: base + Double(departure * 3600),
                arrival: base + Double(arrival * 3600), capacity: teu)
        }
        let x = Voyage(number: "X", movements: [movement(0, 1, 0, 10), movement(1, 2, 12, 20, teu: 0), movement(2, 1, 22, 30), movement(1, 3, 40, 50)])
        let y = Voyage(number: "Y", movements: [movement(0, 1, 1, 11)])
        let network = try ScheduleNetwork(locations: locations, voyages: [x, y])
        let specification = try RouteSpecification(origin: "XXAAA", destination: "XXSSS", readyTime: base, arrivalDeadline: base + 100 * 3600)
        let options = RoutingOptions(space: CargoSpace(teu: 1))
        let itinerary = try network.earliestArrival(for: specification, options: options)
        #expect(itinerary.legs.map(\.voyage.number) == ["Y", "X"])
        #expect(try network.candidates(for: specification, options: options).map { $0.legs.map(\.voyage.number) } == [["Y", "X"]])
        // Without the need for room, the cargo stays aboard X.
        #expect(try network.earliestArrival(for: specification).legs.map(\.voyage.number) == ["X"])
    }
}
