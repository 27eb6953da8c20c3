import BundledData
import Foundation
import RoutePlanner
import RoutePlannerFormats
import RoutePlannerTestSupport
import Testing

/// CSV import: valid and invalid fixtures with their whole messages pinned, the quirks of real files,
/// hostile bytes, and round trips.
@Suite struct CSVImportTests {
    static func fixture(_ path: String) throws -> CSVFile {
        let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent(path)
        return CSVFile(name: path, bytes: Array(try Data(contentsOf: url)))
    }

    static func utc(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    @Test func readsAValidScheduleWithColumnsInAnyOrder() throws {
        let result = try CSVImporter().importSchedule(
            locations: Self.fixture("valid/locations.csv"), schedule: Self.fixture("valid/schedule.csv"))
        #expect(result.diagnostics.isEmpty)
        let schedule = result.value
        #expect(schedule.locations.map(\.code) == ["JPAMA", "NLRTM", "SEGOT", "DE9B0", "CNSHA"])
        #expect(schedule.locations[0].name == "Ama, Aichi")
        #expect(schedule.locations[2].name == "Göteborg")
        #expect(schedule.locations[2].transshipmentTime == .seconds(36 * 3600))
        #expect(schedule.locations[4].transshipmentTime == .seconds(24 * 3600))  // the documented default
        #expect(schedule.locations[0].coordinates == Coordinates(latitude: 35.18, longitude: 136.8))
        let voyage = try #require(schedule.network.voyage("AE7-001"))
        #expect(voyage.vessel == "Maersk Kiel" && voyage.service == "NF")
        #expect(voyage.movements.map(\.departureLocation) == ["CNSHA", "NLRTM", "SEGOT"])  // sorted by departure
        #expect(voyage.movements[0].departureTime == Self.utc("2026-02-01T00:00:00Z"))  // 08:00+08:00
        #expect(voyage.movements[2].departureTime == Self.utc("2026-03-07T17:00:00Z"))
        #expect(voyage.movements[0].capacity == 1200)
        let feeder = try #require(schedule.network.voyage("JP-9"))
        #expect(feeder.movements[0].capacity == Int(Int32.max))  // empty capacity: unlimited
        #expect(feeder.movements[0].arrivalTime == Self.utc("2026-01-28T00:00:00Z"))  // fractions round down

        let bookings = try CSVImporter().importBookings(Self.fixture("valid/bookings.csv"), network: schedule.network).value
        #expect(bookings.map(\.id) == ["B-1", "B-2"])
        #expect(bookings[0].specification.readyTime == Self.utc("2026-02-01T00:00:00Z"))
        #expect(bookings[0].specification.arrivalDeadline == Self.utc("2026-03-10T23:59:59Z"))  // a date: end of day
        #expect(bookings[0].revenuePerTEU == 812.5 && bookings[1].revenuePerTEU == nil)
        #expect(bookings[1].specification.readyTime == Self.utc("2026-01-24T03:00:00Z"))
        let route = try schedule.network.earliestArrival(for: bookings[1].specification)
        #expect(route.legs.map(\.voyage.number.rawValue) == ["JP-9", "AE7-001"])
    }

    @Test func reportsEveryProblemOfASchedule() throws {
        let error = try #require(throws: ImportError.self) {
            try CSVImporter().importSchedule(
                locations: Self.fixture("invalid-schedule/locations.csv"), schedule: Self.fixture("invalid-schedule/schedule.csv"))
        }
        #expect(
            error.description == """
                invalid-schedule/locations.csv:1:35: warning: unknown column "harbour_master" is ignored
                invalid-schedule/locations.csv:3:16: error: transshipment_hours "-3" is not a number of hours of at least 0
                invalid-schedule/locations.csv:4:1: error: malformed UN/LOCODE "NL-RT": expected 2 letters and 3 letters or digits
                invalid-schedule/locations.csv:5:1: error: location "NLRTM" is already defined on line 2
                invalid-schedule/locations.csv:6:7: error: missing value for "name"
                invalid-schedule/locations.csv:7:16: error: transshipment_hours "1 day" is not a number of hours of at least 0
                invalid-schedule/schedule.csv:2:10: error: unknown location "XXXXX" (not in invalid-schedule/locations.csv)
                invalid-schedule/schedule.csv:3:16: error: departure "2026-03-01T08:00:00" has no time zone; write "2026-03-01T08:00:00Z" for UTC or add the offset, as in "2026-03-01T08:00:00+01:00"
                invalid-schedule/schedule.csv:4:37: error: arrival 2026-03-02T08:00:00Z is not after departure 2026-03-03T08:00:00Z
                invalid-schedule/schedule.csv:4:58: error: capacity_teu "-5" is not a whole number of TEU from 0 to 2147483647
                invalid-schedule/schedule.csv:5:58: error: capacity_teu "lots" is not a whole number of TEU from 0 to 2147483647
                invalid-schedule/schedule.csv:8:1: error: duplicate row: voyage V5 already departs NLRTM at this time on line 6
                invalid-schedule/schedule.csv:10:16: error: voyage V6 overlaps: this movement departs 2026-03-03T08:00:00Z, before the one before it (line 9) arrives at 2026-03-04T08:00:00Z
                invalid-schedule/schedule.csv:12:4: error: voyage V7 does not connect: this movement departs from CNSHA, but the one before it (line 11) arrives at DEHAM
                invalid-schedule/schedule.csv:13:16: error: departure "2026-03-01" is a date; a movement needs a time with a zone, such as "2026-03-01T08:00:00Z"
                invalid-schedule/schedule.csv:13:52: error: the row has 7 fields but the header names 6 columns
                """)
    }

    @Test func lenientModeSkipsBadRowsAndListsEachOne() throws {
        let result = try CSVImporter(mode: .lenient).importSchedule(
            locations: Self.fixture("invalid-schedule/locations.csv"), schedule: Self.fixture("invalid-schedule/schedule.csv"))
        let schedule = result.value
        #expect(schedule.locations.map(\.code) == ["NLRTM", "DEHAM", "CNSHA"])
        #expect(schedule.voyages.map(\.number) == ["V5"])
        #expect(schedule.voyages[0].movements.count == 2)
        // 5 location rows and 11 schedule rows skipped: rows 2-5 and 13 on their own, the duplicate, V6 and V7 whole.
        #expect(result.skippedRowCount == 5 + 10)
        let skipped = result.diagnostics.filter { $0.message.hasPrefix("row skipped") }
        #expect(
            skipped.map { "\($0.file):\($0.line)" } == [
                "invalid-schedule/locations.csv:3", "invalid-schedule/locations.csv:4", "invalid-schedule/locations.csv:5",
                "invalid-schedule/locations.csv:6", "invalid-schedule/locations.csv:7",
                "invalid-schedule/schedule.csv:2", "invalid-schedule/schedule.csv:3", "invalid-schedule/schedule.csv:4",
                "invalid-schedule/schedule.csv:5", "invalid-schedule/schedule.csv:8", "invalid-schedule/schedule.csv:9",
                "invalid-schedule/schedule.csv:10", "invalid-schedule/schedule.csv:11", "invalid-schedule/schedule.csv:12",
                "invalid-schedule/schedule.csv:13",
            ])
        #expect(skipped[10].message == "row skipped with voyage V6")
        #expect(result.diagnostics.filter { $0.severity == .error }.count == 15)
    }

    @Test func reportsEveryProblemOfBookings() throws {
        let network = SampleVoyages.network()
        let error = try #require(throws: ImportError.self) {
            try CSVImporter().importBookings(Self.fixture("invalid-bookings/bookings.csv"), network: network)
        }
        #expect(
            error.description == """
                invalid-bookings/bookings.csv:2:27: error: deadline 2026-02-01 is before ready 2026-03-01
                invalid-bookings/bookings.csv:3:1: error: booking "B1" is already defined on line 2
                invalid-bookings/bookings.csv:4:10: error: the destination is the origin, CNSHA
                invalid-bookings/bookings.csv:5:10: error: unknown location "USLAX" (not in the network)
                invalid-bookings/bookings.csv:5:38: error: teu "0" is not a whole number of TEU of at least 1
                invalid-bookings/bookings.csv:6:16: error: ready "March 1st" is not a date (2026-03-01) or a date-time with a zone (2026-03-01T08:00:00Z)
                invalid-bookings/bookings.csv:6:26: error: deadline "2026-04-01T12:00" has no time zone; write "2026-04-01T12:00Z" for UTC or add the offset, as in "2026-04-01T12:00+01:00"
                invalid-bookings/bookings.csv:6:43: error: teu "2.5" is not a whole number of TEU of at least 1
                invalid-bookings/bookings.csv:7:1: error: missing value for "booking"
                """)
    }
}
