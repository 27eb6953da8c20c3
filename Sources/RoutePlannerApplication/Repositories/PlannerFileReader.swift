import Foundation
import RoutePlanner

/// Reads the planners' files for the use cases that import them: a bookings file and a handling report.
///
/// The file formats are an adapter around the application, as the store and the solver are: RoutePlannerFormats'
/// `CSVPlannerFileReader` reads the CSV files of docs/CSV.md, and the composition is given it where the process starts.
/// Both read leniently: a row with errors is left out and its errors are among the result's diagnostics, so that a use
/// case checks the other rows against its data too and reports every problem of the file at once.
public protocol PlannerFileReader: Sendable {
    /// The rows of a bookings file, their ports checked against the network's.
    ///
    /// - Parameters:
    ///   - file: The file's path; its name when `contents` is given.
    ///   - contents: The file's text when it was uploaded; `nil` to read it from `file`.
    ///   - network: The schedule whose ports the rows must name.
    /// - Throws: `ImportError` when the file as a whole cannot be read (no header, too many errors); another error
    ///   when it cannot be opened.
    func bookingRows(of file: URL, contents: String?, network: ScheduleNetwork) throws -> ImportResult<[BookingRow]>

    /// The rows of a handling report, each event registered at `registeredAt` unless its row says when it was.
    ///
    /// - Throws: `ImportError` when the file as a whole cannot be read; another error when it cannot be opened.
    func handlingReport(of file: URL, registeredAt: Date) throws -> ImportResult<[HandlingReportRow]>
}
