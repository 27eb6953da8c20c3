import Foundation
import RoutePlanner
import RoutePlannerApplication

/// Reads the planners' CSV files for the use cases that import them (docs/CSV.md): a bookings file and a handling
/// report, leniently, so that every problem of a file is reported in one run.
public struct CSVPlannerFileReader: PlannerFileReader {
    /// Creates a reader.
    public init() {}

    public func bookingRows(of file: URL, contents: String?, network: ScheduleNetwork) throws -> ImportResult<[BookingRow]> {
        let csv = try contents.map { CSVFile(name: file.lastPathComponent, text: $0) } ?? CSVFile(contentsOf: file)
        return try CSVImporter(mode: .lenient).importBookingRows(csv, network: network)
    }

    public func handlingReport(of file: URL, registeredAt: Date) throws -> ImportResult<[HandlingReportRow]> {
        try CSVImporter(mode: .lenient).importHandlingReport(try CSVFile(contentsOf: file), registeredAt: registeredAt)
    }
}
