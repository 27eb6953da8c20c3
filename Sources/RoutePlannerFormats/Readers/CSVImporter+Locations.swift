import Foundation
import RoutePlanner

extension CSVImporter {
    /// Reads a locations file: `unlocode`, `name`; optionally `country`, `transshipment_hours`,
    /// `latitude`, `longitude`, `time_zone` (an IANA name such as `Europe/Amsterdam`), `handling_cost_per_teu`
    /// (a load or a discharge) and `transshipment_cost_per_teu` (a change of vessel), each a number of at least 0, and
    /// `gate_hours` (when trucks may collect and deliver, such as `Mon-Fri 06:00-22:00; Sat 06:00-14:00`; see
    /// `GateHours`), and `facility` (what kind of place: DCSA's `POTE`, a port terminal, the default; `INTE`, an
    /// inland terminal; `DEPO`, a depot; `CLOC`, a customer's place; `COFS`, `OFFD`, `RAMP`), and
    /// `transshipment_hours_by_mode` (the hours of changes between modes that take their own, such as
    /// `barge-vessel 36; vessel-truck 2.5`).
    ///
    /// - Throws: `ImportError` with every problem, unless the importer is lenient.
    public func importLocations(_ file: CSVFile) throws(ImportError) -> ImportResult<[Location]> {
        var log = DiagnosticLog(errorLimit: errorLimit)
        var skipped = 0
        let rows = readLocations(file, log: &log, skipped: &skipped)
        return try finish(rows.locations, log: log, skipped: skipped)
    }

    /// The locations read from a file, and the codes of rows that had errors, by line.
    struct LocationRows {
        var locations: [Location] = []
        var invalid: [UnLocode: Int] = [:]
    }

    private enum LocationColumn {
        static let code = 0, name = 1, country = 2, transshipment = 3, latitude = 4, longitude = 5, timeZone = 6
        static let handlingCost = 7, transshipmentCost = 8, gateHours = 9, facility = 10, modeTimes = 11
    }

    func readLocations(_ file: CSVFile, log: inout DiagnosticLog, skipped: inout Int) -> LocationRows {
        typealias C = LocationColumn
        guard
            var table = CSVTable(
                file, required: ["unlocode", "name"],
                optional: [
                    "country", "transshipment_hours", "latitude", "longitude", "time_zone", "handling_cost_per_teu", "transshipment_cost_per_teu",
                    "gate_hours", "facility", "transshipment_hours_by_mode",
                ], log: &log)
        else { return LocationRows() }
        var rows = LocationRows()
        var lineOfCode: [UnLocode: Int] = [:]
        while table.nextRow(log: &log) {
            var isValid = !table.rowHasSyntaxError
            func fail(_ column: Int, _ message: String) {
                log.error(table.file, table.position(column), message)
                isValid = false
            }
            let code = parseCode(table, C.code, log: &log, isValid: &isValid)
            if let code, let first = lineOfCode[code] {
                fail(C.code, "location \(quoted(code.rawValue)) is already defined on line \(first)")
            }
            let name = table.text(C.name)
            if name.isEmpty { fail(C.name, "missing value for \"name\"") }
            let country = table.text(C.country)
            if let code, !country.isEmpty, country.uppercased() != code.country {
                log.warning(table.file, table.position(C.country), "country \(quoted(country)) differs from the code's country \"\(code.country)\"")
            }
            var hours = Self.defaultTransshipmentHours
            let hoursText = table.text(C.transshipment)
            if !hoursText.isEmpty {
                if let value = Double(hoursText), value >= 0, value.isFinite, value < 24 * 365 {
                    hours = value
                } else {
                    fail(C.transshipment, "transshipment_hours \(quoted(hoursText)) is not a number of hours of at least 0")
                }
            }
            var modeTimes: [ModeChange: Duration] = [:]
            switch ModeTransshipmentHours.parse(table.text(C.modeTimes)) {
            case .success(let times): modeTimes = times
            case .failure(let problem): fail(C.modeTimes, "transshipment_hours_by_mode: \(problem)")
            }
            let coordinates = parseCoordinates(table, fail: fail)
            let zoneName = table.text(C.timeZone)
            let timeZone = zoneName.isEmpty ? nil : TimeZone(identifier: zoneName)
            if !zoneName.isEmpty && timeZone == nil {
                fail(C.timeZone, "time_zone \(quoted(zoneName)) is not an IANA time zone name such as \"Europe/Amsterdam\"")
            }
            func cost(_ column: Int) -> Double? {
                let text = table.text(column)
                guard !text.isEmpty else { return nil }
                guard let value = Double(text), value >= 0, value.isFinite, value < 1e9 else {
                    fail(column, "\(table.name(column)) \(quoted(text)) is not an amount of at least 0 and under 1000000000")
                    return nil
                }
                return value
            }
            let handlingCost = cost(C.handlingCost), transshipmentCost = cost(C.transshipmentCost)
            let gateText = table.text(C.gateHours)
            let gateHours = gateText.isEmpty ? nil : GateHours(gateText)
            let facilityText = table.text(C.facility)
            let facility = facilityText.isEmpty ? .portTerminal : FacilityType(rawValue: facilityText.uppercased())
            if facility == nil {
                fail(C.facility, "facility \(quoted(facilityText)) is not one of \(FacilityType.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            if !gateText.isEmpty && gateHours == nil {
                fail(C.gateHours, "gate_hours \(quoted(gateText)) are not gate hours such as \"Mon-Fri 06:00-22:00; Sat 06:00-14:00\"")
            }
            guard let code, isValid else {
                if let code, lineOfCode[code] == nil { rows.invalid[code] = table.line }
                skipped += 1
                noteSkipped(table, log: &log)
                continue
            }
            lineOfCode[code] = table.line
            rows.locations.append(
                Location(
                    code: code, name: name, transshipmentTime: .seconds(hours * 3600), transshipmentTimesByMode: modeTimes,
                    coordinates: coordinates, timeZone: timeZone,
                    handlingCostPerTEU: handlingCost, transshipmentCostPerTEU: transshipmentCost, gateHours: gateHours,
                    facility: facility ?? .portTerminal))
        }
        return rows
    }

    /// Reads a UN/LOCODE from a column, reporting a malformed code, or one missing from the reference list.
    func parseCode(_ table: CSVTable, _ column: Int, log: inout DiagnosticLog, isValid: inout Bool) -> UnLocode? {
        let text = table.text(column)
        guard !text.isEmpty else {
            log.error(table.file, table.position(column), "missing value for \(quoted(table.name(column)))")
            isValid = false
            return nil
        }
        guard let code = UnLocode(text) else {
            log.error(table.file, table.position(column), "malformed UN/LOCODE \(quoted(text)): expected 2 letters and 3 letters or digits")
            isValid = false
            return nil
        }
        if let reference, reference.entry(code) == nil {
            log.warning(table.file, table.position(column), "\(code) is not in the UN/LOCODE list \(reference.release)")
        }
        return code
    }

    private func parseCoordinates(_ table: CSVTable, fail: (Int, String) -> Void) -> Coordinates? {
        typealias C = LocationColumn
        let latitudeText = table.text(C.latitude), longitudeText = table.text(C.longitude)
        guard !latitudeText.isEmpty || !longitudeText.isEmpty else { return nil }
        let latitude = Double(latitudeText), longitude = Double(longitudeText)
        if latitude.map({ (-90...90).contains($0) }) != true {
            fail(C.latitude, "latitude \(quoted(latitudeText)) is not a number of degrees from -90 to 90")
        }
        if longitude.map({ (-180...180).contains($0) }) != true {
            fail(C.longitude, "longitude \(quoted(longitudeText)) is not a number of degrees from -180 to 180")
        }
        guard let latitude, let longitude, (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
        return Coordinates(latitude: latitude, longitude: longitude)
    }

    func noteSkipped(_ table: CSVTable, log: inout DiagnosticLog) {
        guard mode == .lenient else { return }
        log.warning(table.file, CSVPosition(line: table.line, column: 1), "row skipped")
    }

    func finish<Value>(_ value: Value, log: DiagnosticLog, skipped: Int) throws(ImportError) -> ImportResult<Value> {
        if mode == .strict && log.hasErrors { throw log.importError() }
        return ImportResult(value: value, diagnostics: log.sorted, omittedErrorCount: log.omittedErrorCount, skippedRowCount: skipped)
    }
}
