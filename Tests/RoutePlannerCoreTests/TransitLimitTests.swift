import Foundation
import RoutePlanner
import RoutePlannerFormats
import Testing

/// A booking's maximum transit time in a bookings file: read, located when wrong, and written back.
@Suite struct TransitLimitTests {
    static let header = "booking,origin,destination,ready,deadline,teu,max_transit_days\n"

    @Test func aBookingsFileGivesEachBookingItsMaximumTransitTime() throws {
        let file = CSVFile(name: "bookings.csv", text: Self.header + "B1,HKHKG,NLRTM,2026-03-01,2026-04-30,2,35.5\nB2,HKHKG,NLRTM,2026-03-01,2026-04-30,1,\n")
        let bookings = try CSVImporter().importBookings(file).value
        #expect(bookings.map(\.specification.maximumTransitTime) == [.seconds(35 * 86_400 + 43_200), nil])
        let written = CSVWriter.bookings(bookings)
        #expect(written.hasPrefix("booking,origin,destination,ready,deadline,teu,revenue_per_teu,max_transit_days\n"))
        #expect(try CSVImporter().importBookings(CSVFile(name: "again.csv", text: written)).value == bookings)
    }

    @Test(arguments: ["0", "-3", "3651", "soon"])
    func aMaximumTransitTimeThatIsNotADayCountIsLocated(_ text: String) {
        let file = CSVFile(name: "bookings.csv", text: Self.header + "B1,HKHKG,NLRTM,2026-03-01,2026-04-30,2,\(text)\n")
        let error = try? CSVImporter(mode: .lenient).importBookings(file).diagnostics.first { $0.severity == .error }
        #expect(error?.description == "bookings.csv:2:40: error: max_transit_days \"\(text)\" is not a number of days above 0 and up to 3650")
    }
}
