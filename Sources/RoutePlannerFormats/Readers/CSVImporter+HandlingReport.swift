import Foundation
import RoutePlanner

extension CSVImporter {
    /// Reads a handling report: `tracking_id`, `event` (receive, load, unload, customs, claim), `location`,
    /// `completion_time`; optionally `voyage` (required for load and unload, empty otherwise) and
    /// `registration_time` (when the event was reported; `registeredAt` when empty).
    ///
    /// Times are date-times with a zone. Whether the cargo exists and the voyage calls at the location is
    /// for the caller to check; each row keeps its positions for that.
    ///
    /// - Throws: `ImportError` with every problem, unless the importer is lenient.
    public func importHandlingReport(_ file: CSVFile, registeredAt: Date) throws(ImportError) -> ImportResult<[HandlingReportRow]> {
        var log = DiagnosticLog(errorLimit: errorLimit)
        var skipped = 0
        var rows: [HandlingReportRow] = []
        guard
            var table = CSVTable(
                file, required: ["tracking_id", "event", "location", "completion_time"], optional: ["voyage", "registration_time"], log: &log)
        else { return try finish([], log: log, skipped: 0) }
        let (id, kind, location, completion, voyage, registration) = (0, 1, 2, 3, 4, 5)
        while table.nextRow(log: &log) {
            var isValid = !table.rowHasSyntaxError
            func fail(_ column: Int, _ message: String) {
                log.error(table.file, table.position(column), message)
                isValid = false
            }
            let trackingId = TrackingId(table.text(id))
            if trackingId == nil { fail(id, "missing value for \"tracking_id\"") }
            let kindText = table.text(kind).lowercased()
            let eventKind = HandlingEvent.Kind(rawValue: kindText)
            if eventKind == nil {
                fail(kind, "event \(quoted(table.text(kind))) is not one of receive, load, unload, customs, claim")
            }
            let code = parseCode(table, location, log: &log, isValid: &isValid)
            let voyageNumber = VoyageNumber(table.text(voyage))
            if let eventKind, eventKind.requiresVoyage, voyageNumber == nil { fail(voyage, "a \(eventKind) needs the voyage") }
            if let eventKind, !eventKind.requiresVoyage, voyageNumber != nil { fail(voyage, "a \(eventKind) names no voyage; leave it empty") }
            let completed = eventTime(table, completion, required: true, fail: fail)
            let registered = eventTime(table, registration, required: false, fail: fail) ?? registeredAt
            if let completed, registered < completed {
                fail(completion, "completion_time \(table.text(completion)) is after the report was registered (\(DateText.timestamp(registered)))")
            }
            guard isValid, let trackingId, let eventKind, let code, let completed,
                let event = try? HandlingEvent(kind: eventKind, location: code, voyage: voyageNumber, completionTime: completed, registrationTime: registered)
            else {
                skipped += 1
                noteSkipped(table, log: &log)
                continue
            }
            rows.append(
                HandlingReportRow(
                    trackingId: trackingId, event: event, positions: table.positions(of: [id, kind, location, completion, voyage])))
        }
        return try finish(rows, log: log, skipped: skipped)
    }

    private func eventTime(_ table: CSVTable, _ column: Int, required: Bool, fail: (Int, String) -> Void) -> Date? {
        let bytes = table.bytes(column)
        guard !bytes.isEmpty else {
            if required { fail(column, "missing value for \(quoted(table.name(column)))") }
            return nil
        }
        switch Timestamp.parse(bytes) {
        case .success(.dateTime(let seconds)) where Date(seconds: seconds).isSupported: return Date(seconds: seconds)
        case .success(.dateTime):
            fail(column, "\(table.name(column)) \(quoted(table.text(column))) is not within the years 1 to 9999")
            return nil
        case .success(.date):
            fail(column, "\(table.name(column)) \(quoted(table.text(column))) needs a time and a zone, such as 2026-03-02T08:00:00Z")
            return nil
        case .failure(let problem):
            fail(column, Timestamp.message(for: problem, value: table.text(column), column: table.name(column), allowsDate: false))
            return nil
        }
    }
}
