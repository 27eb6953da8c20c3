import Foundation

extension CSVImporter {
    /// Reads a locations file and a schedule file and builds the network.
    ///
    /// The schedule has one row per carrier movement: `voyage`, `from`, `to`, `departure`, `arrival`;
    /// optionally `capacity_teu` (absent or empty: unlimited), `vessel`, `service`. The rows of a voyage may
    /// come in any order; they are sorted by departure and must chain.
    ///
    /// - Throws: ``ImportError`` with every problem of both files, unless the importer is lenient.
    public func importSchedule(locations: CSVFile, schedule: CSVFile) throws(ImportError) -> ImportResult<ImportedSchedule> {
        var log = DiagnosticLog(errorLimit: errorLimit)
        var skipped = 0
        let locationRows = readLocations(locations, log: &log, skipped: &skipped)
        let voyages = readVoyages(schedule, locations: locationRows, locationsName: locations.name, log: &log, skipped: &skipped)
        if mode == .strict && log.hasErrors { throw log.importError() }
        return try finish(build(locationRows.locations, voyages), log: log, skipped: skipped)
    }

    /// Reads the files at two URLs and builds the network, releasing each file's bytes once it is read.
    public func importSchedule(locations: URL, schedule: URL) throws(ImportError) -> ImportResult<ImportedSchedule> {
        var log = DiagnosticLog(errorLimit: errorLimit)
        var skipped = 0
        let locationRows = readLocations(try read(locations, log: &log), log: &log, skipped: &skipped)
        let voyages = readVoyages(
            try read(schedule, log: &log), locations: locationRows, locationsName: locations.relativePath,
            log: &log, skipped: &skipped)
        if mode == .strict && log.hasErrors { throw log.importError() }
        return try finish(build(locationRows.locations, voyages), log: log, skipped: skipped)
    }

    func read(_ url: URL, log: inout DiagnosticLog) throws(ImportError) -> CSVFile {
        do {
            return try CSVFile(contentsOf: url)
        } catch {
            log.error(url.relativePath, .start, "cannot read the file: \(error.localizedDescription)")
            throw log.importError()
        }
    }

    private func build(_ locations: [Location], _ voyages: [Voyage]) -> ImportedSchedule {
        do {
            let network = try ScheduleNetwork(locations: locations, voyages: voyages)
            return ImportedSchedule(locations: locations, voyages: voyages, network: network)
        } catch {
            // The rows were checked one by one; this is only reached if the checks above missed a rule.
            preconditionFailure("the imported schedule does not build: \(error)")
        }
    }

    /// One schedule row, compactly: indices instead of text, and where to point at in messages.
    private struct MovementRow {
        var voyage: Int32
        var from: Int32
        var to: Int32
        var capacity: Int32
        var departure: Int64
        var arrival: Int64
        var line: Int32
        var fromPosition: CSVPosition
        var departurePosition: CSVPosition
    }

    private struct VoyageRows {
        var number: VoyageNumber
        var vessel: String?
        var service: String?
        var vesselLine: Int32 = 0
        var serviceLine: Int32 = 0
        var rows: [Int32] = []
        var isValid = true
    }

    private enum ScheduleColumn {
        static let voyage = 0, from = 1, to = 2, departure = 3, arrival = 4, capacity = 5, vessel = 6, service = 7
    }

    private func readVoyages(
        _ file: CSVFile, locations locationRows: LocationRows, locationsName: String, log: inout DiagnosticLog,
        skipped: inout Int
    ) -> [Voyage] {
        let locations = locationRows.locations
        typealias C = ScheduleColumn
        guard var table = CSVTable(
            file, required: ["voyage", "from", "to", "departure", "arrival"],
            optional: ["capacity_teu", "vessel", "service"], log: &log)
        else { return [] }
        let portIndex = Dictionary(locations.enumerated().map { ($1.code, Int32($0)) }, uniquingKeysWith: { first, _ in first })
        var rows: [MovementRow] = []
        var voyages: [VoyageRows] = []
        var voyageIndex: [String: Int32] = [:]
        var duplicates: [DuplicateKey: Int32] = [:]

        while table.nextRow(log: &log) {
            var isValid = !table.rowHasSyntaxError
            func fail(_ column: Int, _ message: String) {
                log.error(table.file, table.position(column), message)
                isValid = false
            }
            let number = VoyageNumber(table.text(C.voyage))
            if number == nil { fail(C.voyage, "missing value for \"voyage\"") }
            var ports: [Int32] = []
            for column in [C.from, C.to] {
                guard let code = parseCode(table, column, log: &log, isValid: &isValid) else { continue }
                if let index = portIndex[code] {
                    ports.append(index)
                } else if let line = locationRows.invalid[code] {
                    // In strict mode the location's own errors explain this; in lenient mode say why the row goes.
                    isValid = false
                    if mode == .lenient {
                        log.warning(table.file, table.position(column), "location \(code) was skipped: line \(line) of \(locationsName) has errors")
                    }
                } else {
                    fail(column, "unknown location \(quoted(code.rawValue)) (not in \(locationsName))")
                }
            }
            let departure = time(table, C.departure, fail: fail)
            let arrival = time(table, C.arrival, fail: fail)
            if let departure, let arrival, arrival <= departure {
                fail(C.arrival, "arrival \(table.text(C.arrival)) is not after departure \(table.text(C.departure))")
            }
            var capacity = Int32.max
            let capacityText = table.bytes(C.capacity)
            if !capacityText.isEmpty {
                if let value = Self.wholeNumber(capacityText) { capacity = value }
                else { fail(C.capacity, "capacity_teu \(quoted(table.text(C.capacity))) is not a whole number of TEU from 0 to \(Int32.max)") }
            }
            guard isValid, let number, let departure, let arrival, ports.count == 2 else {
                skipped += 1
                noteSkipped(table, log: &log)
                continue
            }
            let key = DuplicateKey(voyage: number.rawValue, from: ports[0], departure: departure)
            if let first = duplicates[key] {
                log.error(table.file, CSVPosition(line: table.line, column: 1), "duplicate row: voyage \(number) already departs \(locations[Int(ports[0])].code) at this time on line \(first)")
                skipped += 1
                noteSkipped(table, log: &log)
                continue
            }
            duplicates[key] = Int32(table.line)
            let voyage: Int32
            if let index = voyageIndex[number.rawValue] {
                voyage = index
            } else {
                voyage = Int32(voyages.count)
                voyageIndex[number.rawValue] = voyage
                voyages.append(VoyageRows(number: number))
            }
            for (column, keyPath, linePath) in [(C.vessel, \VoyageRows.vessel, \VoyageRows.vesselLine), (C.service, \.service, \.serviceLine)] {
                let value = table.text(column)
                guard !value.isEmpty else { continue }
                if let existing = voyages[Int(voyage)][keyPath: keyPath] {
                    if existing != value {
                        log.error(table.file, table.position(column), "\(table.name(column)) \(quoted(value)) differs from \(quoted(existing)) on line \(voyages[Int(voyage)][keyPath: linePath]) for voyage \(number)")
                        voyages[Int(voyage)].isValid = false
                    }
                } else {
                    voyages[Int(voyage)][keyPath: keyPath] = value
                    voyages[Int(voyage)][keyPath: linePath] = Int32(table.line)
                }
            }
            voyages[Int(voyage)].rows.append(Int32(rows.count))
            rows.append(MovementRow(
                voyage: voyage, from: ports[0], to: ports[1], capacity: capacity, departure: departure, arrival: arrival,
                line: Int32(table.line), fromPosition: table.position(C.from), departurePosition: table.position(C.departure)))
        }
        duplicates = [:]

        var result: [Voyage] = []
        result.reserveCapacity(voyages.count)
        for var voyage in voyages {
            voyage.rows.sort { (rows[Int($0)].departure, rows[Int($0)].arrival) < (rows[Int($1)].departure, rows[Int($1)].arrival) }
            for (previous, next) in zip(voyage.rows, voyage.rows.dropFirst()) {
                let a = rows[Int(previous)], b = rows[Int(next)]
                if b.from != a.to {
                    log.error(file.name, b.fromPosition, "voyage \(voyage.number) does not connect: this movement departs from \(locations[Int(b.from)].code), but the one before it (line \(a.line)) arrives at \(locations[Int(a.to)].code)")
                    voyage.isValid = false
                } else if b.departure < a.arrival {
                    log.error(file.name, b.departurePosition, "voyage \(voyage.number) overlaps: this movement departs \(Self.format(b.departure)), before the one before it (line \(a.line)) arrives at \(Self.format(a.arrival))")
                    voyage.isValid = false
                }
            }
            guard voyage.isValid else {
                skipped += voyage.rows.count
                if mode == .lenient {
                    for row in voyage.rows {
                        log.warning(file.name, CSVPosition(line: Int(rows[Int(row)].line), column: 1), "row skipped with voyage \(voyage.number)")
                    }
                }
                continue
            }
            let movements = voyage.rows.map { index in
                let row = rows[Int(index)]
                return CarrierMovement(
                    from: locations[Int(row.from)].code, to: locations[Int(row.to)].code,
                    departure: Date(seconds: row.departure), arrival: Date(seconds: row.arrival), capacity: Int(row.capacity))
            }
            result.append(Voyage(number: voyage.number, movements: movements, vessel: voyage.vessel, service: voyage.service))
        }
        return result
    }

    private struct DuplicateKey: Hashable {
        var voyage: String
        var from: Int32
        var departure: Int64
    }

    /// Reads a date-time with a zone from a column, reporting what is wrong with it.
    private func time(_ table: CSVTable, _ column: Int, fail: (Int, String) -> Void) -> Int64? {
        let bytes = table.bytes(column)
        guard !bytes.isEmpty else {
            fail(column, "missing value for \(quoted(table.name(column)))")
            return nil
        }
        switch Timestamp.parse(bytes) {
        case .success(.dateTime(let seconds)): return seconds
        case .success(.date):
            let value = table.text(column)
            fail(column, "\(table.name(column)) \(quoted(value)) is a date; a movement needs a time with a zone, such as \(quoted(value + "T08:00:00Z"))")
        case .failure(let problem): fail(column, Timestamp.message(for: problem, value: table.text(column), column: table.name(column), allowsDate: false))
        }
        return nil
    }

    /// A whole number from 0 to `Int32.max`, digits only.
    static func wholeNumber(_ bytes: ArraySlice<UInt8>) -> Int32? {
        guard !bytes.isEmpty, bytes.count <= 10 else { return nil }
        var value: Int64 = 0
        for byte in bytes {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int64(byte - 0x30)
        }
        return value <= Int64(Int32.max) ? Int32(value) : nil
    }

    static func format(_ seconds: Int64) -> String {
        Date(seconds: seconds).formatted(.iso8601)
    }
}
