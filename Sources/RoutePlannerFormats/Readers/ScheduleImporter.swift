import Foundation
import RoutePlanner

/// Reads a schedule in either of its formats, recognised by its content: CSV with its locations file
/// (``CSVImporter``), or DCSA Commercial Schedules vessel schedules with an optional locations file and an
/// optional capacity file (``DCSAImporter``).
public struct ScheduleImporter: Sendable {
    /// The importer of CSV schedules and locations.
    public var csv: CSVImporter
    /// The UN/LOCODE list that names the ports of a DCSA schedule; asked for only when one is read.
    public var reference: @Sendable () -> UnLocodeDirectory?

    /// Creates an importer.
    public init(csv: CSVImporter = CSVImporter(), reference: @escaping @Sendable () -> UnLocodeDirectory? = { nil }) {
        self.csv = csv
        self.reference = reference
    }

    /// Reads the schedule at a path, and the files that go with it.
    ///
    /// - Parameters:
    ///   - schedule: A CSV schedule, or a DCSA vessel-schedules document (JSON).
    ///   - locations: The locations file; required with a CSV schedule, optional with a DCSA one.
    ///   - capacities: The capacity file of a DCSA schedule (`voyage` or `vessel_imo`, `capacity_teu`, and
    ///     optionally `co2e_g_per_teu_km`).
    ///   - distances: The distance file of a DCSA schedule (`from`, `to`, `distance_nm`).
    /// - Throws: `ImportError` with every problem of the files, each file that cannot be read named.
    public func importSchedule(schedule: URL, locations: URL?, capacities: URL? = nil, distances: URL? = nil)
        throws(ImportError) -> ImportResult<ImportedSchedule>
    {
        var log = DiagnosticLog(errorLimit: csv.errorLimit)
        let scheduleInput = csv.open(schedule, log: &log)
        let locationsFile = locations.flatMap { csv.read($0, log: &log) }
        let capacitiesFile = capacities.flatMap { csv.read($0, log: &log) }
        let distancesFile = distances.flatMap { csv.read($0, log: &log) }
        guard let scheduleInput, (locationsFile == nil) == (locations == nil), (capacitiesFile == nil) == (capacities == nil),
            (distancesFile == nil) == (distances == nil)
        else {
            throw log.importError()
        }
        let scheduleName = scheduleInput.name
        if DCSAImporter.recognises(scheduleInput) {
            // A vessel-schedules document is read whole.
            let scheduleFile: CSVFile
            switch scheduleInput {
            case .file(let file): scheduleFile = file
            case .stream(let stream):
                do {
                    scheduleFile = try stream.whole()
                } catch {
                    log.error(scheduleName, .start, error.problem)
                    throw log.importError()
                }
            }
            return try DCSAImporter(errorLimit: csv.errorLimit, reference: reference())
                .importVesselSchedules(scheduleFile, locations: locationsFile, capacities: capacitiesFile, distances: distancesFile)
        }
        guard let locationsFile else {
            log.error(scheduleName, .start, "a CSV schedule needs its locations file (unlocode, name, …)")
            throw log.importError()
        }
        if let capacitiesFile {
            log.error(capacitiesFile.name, .start, "a capacity file goes with a DCSA vessel schedule; a CSV schedule gives capacity_teu on each row")
        }
        if let distancesFile {
            log.error(distancesFile.name, .start, "a distance file goes with a DCSA vessel schedule; a CSV schedule gives distance_nm on each row")
        }
        if log.hasErrors { throw log.importError() }
        return try csv.importSchedule(locations: locationsFile, schedule: scheduleInput, log: log)
    }
}
