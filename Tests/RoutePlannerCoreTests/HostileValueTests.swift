import Foundation
import RoutePlanner
import RoutePlannerFormats
import RoutePlannerTestSupport
import Testing

/// Values no caller meant, passed to the public API: typed errors, never a trap.
@Suite struct HostileValueTests {
    static let network = SampleVoyages.network()
    static let ready = SampleVoyages.day(3, 1), deadline = SampleVoyages.day(4, 30)

    @Test func scenariosOutOfRangeAreErrors() throws {
        let window = Scenario([.closePort("SGSIN", from: SampleVoyages.day(3, 10), until: SampleVoyages.day(3, 1))])
        #expect(throws: ScenarioError.invalidWindow("SGSIN", from: SampleVoyages.day(3, 10), until: SampleVoyages.day(3, 1))) {
            try Self.network.applying(window)
        }
        #expect(throws: ScenarioError.invalidCapacity("AE1-0100W", 2_147_483_648)) {
            try Self.network.applying(Scenario([.capacity("AE1-0100W", teu: 2_147_483_648)]))
        }
        #expect(throws: ScenarioError.invalidDelay("AE1-0100W", .seconds(Int64.max))) {
            try Self.network.applying(Scenario([.delay("AE1-0100W", by: .seconds(Int64.max), from: nil)]))
        }
        // Early by 40 days from Singapore on: it would leave Singapore before reaching it.
        #expect(throws: ScenarioError.self) { try Self.network.applying(Scenario([.delay("AE1-0100W", by: .seconds(-40 * 86_400), from: "SGSIN")])) }
        // An open window starting after the end of time closes nothing rather than trapping.
        let late = Date(timeIntervalSince1970: 1e14)
        #expect(try Self.network.applying(Scenario([.closePort("SGSIN", from: late, until: nil)])).voyages == Self.network.voyages)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300, -62_135_596_801, 253_402_300_800])
    func timesOutsideTheYearsOneTo9999AreRefused(_ seconds: Double) {
        let time = Date(timeIntervalSince1970: seconds)
        #expect(throws: RouteSpecificationError(problems: [.timeOutOfRange])) {
            try RouteSpecification(origin: "HKHKG", destination: "SESTO", readyTime: time, arrivalDeadline: Self.deadline)
        }
        #expect(throws: RouteSpecificationError(problems: [.timeOutOfRange])) {
            try RouteSpecification(origin: "HKHKG", destination: "SESTO", readyTime: Self.ready, arrivalDeadline: time)
        }
        let voyage = Voyage(number: "X-1", movements: [CarrierMovement(from: "HKHKG", to: "CNSHA", departure: Self.ready, arrival: time, capacity: 1)])
        #expect(throws: ScheduleNetworkError(problems: [.timeOutOfRange(voyage: "X-1", movement: 0)])) {
            try ScheduleNetwork(locations: Self.network.locations, voyages: [voyage])
        }
        let leg = Leg(voyage: voyage, movementIndices: 0..<1, loadLocation: SampleLocations.hongKong, unloadLocation: SampleLocations.shanghai)
        #expect(throws: ItineraryError.self) { try Itinerary(legs: [leg]) }
    }

    @Test func transshipmentTimesOutOfRangeAreRefusedByTheNetwork() {
        let never = Location(code: "HKHKG", name: "Hong Kong", transshipmentTime: .seconds(-1))
        #expect(throws: ScheduleNetworkError(problems: [.invalidTransshipmentTime("HKHKG")])) { try ScheduleNetwork(locations: [never], voyages: []) }
        let forever = Location(code: "HKHKG", name: "Hong Kong", transshipmentTime: .seconds(Int64.max))
        #expect(throws: ScheduleNetworkError(problems: [.invalidTransshipmentTime("HKHKG")])) { try ScheduleNetwork(locations: [forever], voyages: []) }
    }

    @Test func bookingsAndCargoRefuseBlankIdsSizesAndRevenue() throws {
        let specification = try RouteSpecification(origin: "HKHKG", destination: "SESTO", readyTime: Self.ready, arrivalDeadline: Self.deadline)
        #expect(throws: CargoError.blankTrackingId) { try Booking(id: " \u{00A0}\n", teu: 1, specification: specification) }
        #expect(throws: CargoError.sizeNotPositive(-1)) { try Booking(id: "B", teu: -1, specification: specification) }
        for revenue in [Double.nan, -1, .infinity, 1e300] {
            #expect(throws: CargoError.self) { try Booking(id: "B", teu: 1, specification: specification, revenuePerTEU: revenue) }
            #expect(throws: CargoError.self) { try Cargo(trackingId: "C", teu: 1, specification: specification, revenuePerTEU: revenue) }
        }
        // A cargo as a store hands it back, its row edited by hand: what it books is still a booking the assignment
        // and the capacity sums can take.
        for revenue: Double in [.nan, -1, -.infinity] {
            let restored = try Cargo(
                trackingId: "C", teu: Int.max, specification: specification, revenuePerTEU: revenue, customerId: nil, itinerary: nil, handlingEvents: [])
            #expect(restored.booking.revenuePerTEU == nil && CargoSpace(restored.booking).teu == Int(Int32.max))
        }
        #expect(Coordinates(latitude: .nan, longitude: 0) == nil)
        #expect(Coordinates(latitude: 91, longitude: 0) == nil)
        #expect(Coordinates(latitude: 52, longitude: 4.5)?.longitude == 4.5)
    }

    @Test func routingOptionsTheSearchCannotMeetAreErrors() throws {
        let specification = try RouteSpecification(origin: "HKHKG", destination: "SESTO", readyTime: Self.ready, arrivalDeadline: Self.deadline)
        #expect(throws: RoutingError.self) { try Self.network.candidates(for: specification, limit: 0) }
        #expect(throws: RoutingError.self) { try Self.network.candidates(for: specification, limit: -5) }
        #expect(throws: RoutingError.self) {
            try Self.network.earliestArrival(for: specification, options: RoutingOptions(maxTransshipments: -1))
        }
        let manyVia = (0..<70_000).map { _ -> UnLocode in ["CNSHA", "SGSIN"].randomElement()! }
        #expect(throws: RoutingError.self) { try Self.network.earliestArrival(for: specification, options: RoutingOptions(via: manyVia)) }
    }

    @Test func capacityTakenByNonPositiveOrHugeLoadsStaysInRange() throws {
        let specification = try RouteSpecification(origin: "HKHKG", destination: "SESTO", readyTime: Self.ready, arrivalDeadline: Self.deadline)
        let itinerary = try Self.network.earliestArrival(for: specification)
        let unchanged = Self.network.reducingCapacity(by: [(itinerary, -5_000_000_000), (itinerary, 0)])
        #expect(unchanged.voyages == Self.network.voyages)
        let full = Self.network.reducingCapacity(by: [(itinerary, Int.max), (itinerary, Int.max)])
        let voyage = try #require(full.voyage(itinerary.legs[0].voyage.number))
        #expect(itinerary.legs[0].movementIndices.allSatisfy { voyage.movements[$0].capacity == 0 })
    }

    @Test func anErrorLimitOutOfRangeIsTakenAsItsBound() throws {
        var importer = CSVImporter(errorLimit: .max)
        #expect(importer.errorLimit == 1_000_000)
        importer.errorLimit = -3
        #expect(importer.errorLimit == 1)
        let rows = (1...5).map { "B\($0),XX,YY,2026-03-01,2026-03-02,1" }
        let file = CSVFile(name: "b.csv", text: (["booking,origin,destination,ready,deadline,teu,extra"] + rows).joined(separator: "\n"))
        let error = try #require(throws: ImportError.self) { try importer.importBookings(file) }
        #expect(error.errors.count == 1 && error.omittedErrorCount > 0)
    }

    @Test func whiteSpaceThatTrimsToNothingIsAMissingValue() throws {
        let locations = CSVFile(name: "l.csv", text: "unlocode,name\nHKHKG,Hong Kong\nCNSHA,Shanghai\n")
        let schedule = CSVFile(
            name: "s.csv",
            text: "voyage,from,to,departure,arrival\n\"\u{00A0}\",HKHKG,CNSHA,2026-03-01T00:00:00Z,2026-03-02T00:00:00Z\n"
                + "V1,HKHKG,CNSHA,2026-03-01T00:00:00Z,2026-03-02T00:00:00Z\nV1\u{3000},CNSHA,HKHKG,2026-03-03T00:00:00Z,2026-03-04T00:00:00Z\n")
        let error = try #require(throws: ImportError.self) { try CSVImporter().importSchedule(locations: locations, schedule: schedule) }
        #expect(error.errors.first?.message == "missing value for \"voyage\"")
        #expect(error.errors.first?.line == 2)
        let bookings = CSVFile(name: "b.csv", text: "booking,origin,destination,ready,deadline,teu\n\"\u{2003}\",HKHKG,CNSHA,2026-03-01,2026-03-02,1\n")
        #expect(throws: ImportError.self) { try CSVImporter().importBookings(bookings) }
    }

    @Test func everyTimeFromYearOneTo9999IsWrittenAsItIsRead() throws {
        var generator = SplitMix64(seed: 20_261_123)
        for _ in 0..<5_000 {
            let seconds = Double(Int64.random(in: -62_135_596_800...253_402_300_799, using: &generator))
            let written = DateText.timestamp(Date(timeIntervalSince1970: seconds))
            let read = try #require(try? DateText.date(from: written, endOfDay: false).get(), "\(written) (seed 20261123)")
            #expect(read.timeIntervalSince1970 == seconds, "\(seconds) → \(written) (seed 20261123)")
        }
        #expect(DateText.timestamp(Date(timeIntervalSince1970: -62_135_596_800)) == "0001-01-01T00:00:00Z")
        #expect(DateText.timestamp(Date(timeIntervalSince1970: 253_402_300_799)) == "9999-12-31T23:59:59Z")
        #expect(DateText.timestamp(Date(timeIntervalSince1970: .nan)) == "-")
    }

    @Test func handlingTimesOutsideTheYearsOneTo9999AreRefused() throws {
        let report = CSVFile(
            name: "r.csv",
            text: "tracking_id,event,location,completion_time,registration_time\n"
                + "A,receive,CNSHA,0000-01-01T00:00:00+01:00,2026-03-01T00:00:00Z\nB,receive,CNSHA,2026-03-01T00:00:00Z,9999-12-31T23:30:00-02:00\n")
        let error = try #require(throws: ImportError.self) {
            try CSVImporter().importHandlingReport(report, registeredAt: Date(timeIntervalSince1970: 1_800_000_000))
        }
        #expect(error.errors.map(\.line) == [2, 3])
        #expect(throws: HandlingEventError(problems: [.timeOutOfRange])) {
            try HandlingEvent(kind: .receive, location: "CNSHA", completionTime: Date(timeIntervalSince1970: -1e12), registrationTime: Date())
        }
        // The calendar fields of the last second, seen from a zone east of UTC, are in year 10000.
        let last = try #require(DateText.fields(of: RouteSpecification.supportedTimes.upperBound, offset: 3_600))
        #expect((last.year, last.month, last.day, last.hour, last.minute) == (10_000, 1, 1, 0, 59))
        #expect(DateText.fields(of: Date(timeIntervalSince1970: 0))?.weekday == 4)  // a Thursday
    }
}
