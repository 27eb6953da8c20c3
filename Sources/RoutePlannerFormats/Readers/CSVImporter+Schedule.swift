import Foundation
import RoutePlanner

extension CSVImporter {
    /// Reads a locations file and a schedule file and builds the network.
    ///
    /// The schedule has one row per carrier movement: `voyage`, `from`, `to`, `departure`, `arrival`;
    /// optionally `capacity_teu` (absent or empty: unlimited), `vessel`, `vessel_imo`, `service`,
    /// `service_name`, `distance_nm` (nautical miles sailed) and `co2e_kg_per_teu` (absent or empty: estimated
    /// by `EmissionModel`), `capacity_tonnes` and `reefer_plugs` (absent or empty: unlimited), `continues_as`
    /// (the voyage the vessel goes on as after this voyage's last call, `Voyage/continuation`), and the cut-off
    /// times of the call the row departs from, one column per DCSA code (`cut_off_fco`, `cut_off_tco`, …). The rows
    /// of a voyage may come in any order; they are sorted by departure and must chain.
    ///
    /// The schedule's bytes are released once its rows are read, before the network is built, unless the
    /// caller keeps a copy.
    ///
    /// - Throws: `ImportError` with every problem of both files, unless the importer is lenient.
    public func importSchedule(locations: CSVFile, schedule: consuming CSVFile) throws(ImportError) -> ImportResult<ImportedSchedule> {
        var log = DiagnosticLog(errorLimit: errorLimit)
        var skipped = 0
        let scheduleName = schedule.name
        let locationRows = readLocations(locations, log: &log, skipped: &skipped)
        let rows = readMovements(.file(schedule), locations: locationRows, locationsName: locations.name, log: &log, skipped: &skipped)
        return try finishSchedule(locationRows.locations, rows, scheduleName: scheduleName, log: &log, skipped: &skipped)
    }

    /// Reads the files at two URLs and builds the network.
    ///
    /// A schedule that is a regular file is read a piece at a time rather than whole, so that the import holds
    /// no more of its bytes at once than a few megabytes (and the record being read, whatever its length). A
    /// file that cannot be read to its end, or that changes while it is read, is an error in either mode.
    public func importSchedule(locations: URL, schedule: URL) throws(ImportError) -> ImportResult<ImportedSchedule> {
        var log = DiagnosticLog(errorLimit: errorLimit)
        // Both files are opened first, so that both are named when neither can be read.
        let locationsFile = read(locations, log: &log)
        let scheduleInput = open(schedule, log: &log)
        guard let locationsFile, let scheduleInput else { throw log.importError() }
        return try importSchedule(locations: locationsFile, schedule: scheduleInput, log: log)
    }

    /// Reads a locations file and a schedule file, in memory or streamed, and builds the network.
    func importSchedule(locations: CSVFile, schedule: consuming CSVInput, log: consuming DiagnosticLog) throws(ImportError)
        -> ImportResult<ImportedSchedule>
    {
        var skipped = 0
        let scheduleName = schedule.name
        let locationRows = readLocations(locations, log: &log, skipped: &skipped)
        let rows = readMovements(schedule, locations: locationRows, locationsName: locations.name, log: &log, skipped: &skipped)
        return try finishSchedule(locationRows.locations, rows, scheduleName: scheduleName, log: &log, skipped: &skipped)
    }

    /// The file, or `nil` with an error at its start when it cannot be read.
    func read(_ url: URL, log: inout DiagnosticLog) -> CSVFile? {
        opening(url, log: &log) { url throws(CSVFileError) in try CSVFile(contentsOf: url) }
    }

    /// The file, streamed when it can be, or `nil` with an error at its start when it cannot be read.
    func open(_ url: URL, log: inout DiagnosticLog) -> CSVInput? {
        opening(url, log: &log) { url throws(CSVFileError) in try CSVInput(contentsOf: url) }
    }

    private func opening<File>(_ url: URL, log: inout DiagnosticLog, _ open: (URL) throws(CSVFileError) -> File) -> File? {
        do {
            return try open(url)
        } catch {
            log.error(url.relativePath, .start, error.problem)
            return nil
        }
    }

    private func finishSchedule(
        _ locations: [Location], _ rows: consuming MovementRows, scheduleName: String, log: inout DiagnosticLog, skipped: inout Int
    ) throws(ImportError) -> ImportResult<ImportedSchedule> {
        if rows.isIncomplete { throw log.importError() }
        var chained = checkChains(rows, locations: locations, log: &log, skipped: &skipped)
        checkContinuations(&chained, rows, locations: locations, log: &log)
        if mode == .strict && log.hasErrors { throw log.importError() }
        if takesFastPaths, let network = Self.network(locations: locations, chained: chained, rows: &rows) {
            return try finish(ImportedSchedule(locations: locations, network: network), log: log, skipped: skipped)
        }
        do {
            let network = try ScheduleNetwork(locations: locations, voyages: Self.voyages(chained, rows: rows, locations: locations))
            return try finish(ImportedSchedule(locations: locations, network: network), log: log, skipped: skipped)
        } catch let error as ImportError {
            throw error
        } catch {
            // Every rule of the network is checked row by row above; should one be missing, the network's own
            // problems are reported at the schedule file's start rather than lost.
            for problem in String(describing: error).split(separator: "\n") { log.error(scheduleName, .start, String(problem)) }
            throw log.importError()
        }
    }

    enum ScheduleColumn {
        static let voyage = 0, from = 1, to = 2, departure = 3, arrival = 4, capacity = 5, vessel = 6, service = 7
        static let vesselIMO = 8, serviceName = 9, distance = 10, co2e = 11, weight = 12, plugs = 13, continuesAs = 14
        static let mode = 15
        static let firstCutOff = 16
    }

    /// The mode a schedule's `mode` column names, in any case: `vessel`, `barge` or `rail`; `nil` for anything else,
    /// a truck included.
    static func transportMode(_ text: some StringProtocol) -> TransportMode? {
        TransportMode(rawValue: text.lowercased()).flatMap { $0 == .truck ? nil : $0 }
    }

    /// The optional column of each DCSA cut-off code, in `CutOffCode/allCases` order: `cut_off_dco`, ….
    static let cutOffColumns = CutOffCode.allCases.map { "cut_off_" + $0.rawValue.lowercased() }

    /// Reads and checks every row on its own; chains are checked by ``checkChains(_:locations:log:skipped:)``.
    private func readMovements(
        _ file: consuming CSVInput, locations locationRows: LocationRows, locationsName: String, log: inout DiagnosticLog,
        skipped: inout Int
    ) -> MovementRows {
        typealias C = ScheduleColumn
        let (name, size) = (file.name, file.size)
        let stream: FileStream? = if case .stream(let stream) = file { stream } else { nil }
        var result = MovementRows(file: name)
        guard
            var table = CSVTable(
                file, chunkSize: streamChunkSize, required: ["voyage", "from", "to", "departure", "arrival"],
                optional: [
                    "capacity_teu", "vessel", "service", "vessel_imo", "service_name", "distance_nm", "co2e_kg_per_teu", "capacity_tonnes",
                    "reefer_plugs", "continues_as", "mode",
                ] + Self.cutOffColumns, log: &log)
        else {
            result.isIncomplete = stream?.failure != nil
            return result
        }
        let locations = locationRows.locations
        var portIndex: [UInt64: Int32] = [:]
        for (index, location) in locations.enumerated() { portIndex[UnLocode.packed(location.code.rawValue.utf8)] = Int32(index) }
        // The optional columns the file has, found once rather than per row.
        let cutOffColumns = CutOffCode.allCases.enumerated().map { (column: C.firstCutOff + $0.offset, code: $0.element) }
            .filter { table.has($0.column) }
        result = MovementRows(
            file: name, hasAmounts: table.has(C.distance) || table.has(C.co2e), hasLimits: table.has(C.weight) || table.has(C.plugs),
            hasCutOffs: !cutOffColumns.isEmpty)
        // About a row for every 64 bytes: more than a generated schedule's rows, and room that is never written
        // to takes no memory.
        result.reserveCapacity(size / 64)
        let voyageColumns = [
            (C.vessel, \VoyageRows.vessel, \VoyageRows.vesselLine), (C.service, \.service, \.serviceLine),
            (C.vesselIMO, \.vesselIMONumber, \.vesselIMOLine), (C.serviceName, \.serviceName, \.serviceNameLine),
            (C.continuesAs, \.continuesAs, \.continuesAsLine), (C.mode, \.mode, \.modeLine),
        ].filter { table.has($0.0) }
        if table.has(C.continuesAs) { result.continuesAsColumn = Int32(table.position(C.continuesAs).column) }
        let layout = MovementRowReader(
            portIndex: portIndex, cutOffColumns: cutOffColumns, voyageColumns: voyageColumns, hasIMO: table.has(C.vesselIMO), hasMode: table.has(C.mode),
            hasAmounts: result.hasAmounts, hasLimits: result.hasLimits)
        while table.nextRow(log: &log) {
            if takesFastPaths && table.withCurrentBytes({ layout.readPlain($0, bytes: $1, base: $2, into: &result) }) { continue }
            readMovement(
                table, layout: layout, locations: locationRows, locationsName: locationsName, into: &result, log: &log, skipped: &skipped)
        }
        result.isIncomplete = stream?.failure != nil
        return result
    }

    /// Reads the table's current row by the general path: any row, each of its problems reported.
    private func readMovement(
        _ table: CSVTable, layout: MovementRowReader, locations locationRows: LocationRows, locationsName: String,
        into result: inout MovementRows, log: inout DiagnosticLog, skipped: inout Int
    ) {
        typealias C = ScheduleColumn
        let (portIndex, cutOffColumns, voyageColumns) = (layout.portIndex, layout.cutOffColumns, layout.voyageColumns)
        let (hasIMO, hasAmounts, hasLimits) = (layout.hasIMO, layout.hasAmounts, layout.hasLimits)
        var isValid = !table.rowHasSyntaxError
        func fail(_ column: Int, _ message: String) {
            log.error(table.file, table.position(column), message)
            isValid = false
        }
        // Keyed by the voyage number, which trims every kind of white space, so that "V1" and "V1" with a
        // no-break space are one voyage, as the network will see them.
        let voyageNumber = VoyageNumber(table.text(C.voyage))
        let voyageText = voyageNumber?.rawValue ?? ""
        if voyageNumber == nil { fail(C.voyage, "missing value for \"voyage\"") }
        var ports: (Int32, Int32) = (-1, -1)
        for column in [C.from, C.to] {
            var index = portIndex[UnLocode.packed(table.bytes(column))]
            if index == nil {
                guard let code = parseCode(table, column, log: &log, isValid: &isValid) else { continue }
                index = portIndex[UnLocode.packed(code.rawValue.utf8)]
                if index == nil {
                    if let line = locationRows.invalid[code] {
                        // In strict mode the location's own errors explain this; in lenient mode say why the row goes.
                        isValid = false
                        if mode == .lenient {
                            log.warning(table.file, table.position(column), "location \(code) was skipped: line \(line) of \(locationsName) has errors")
                        }
                    } else {
                        fail(column, "unknown location \(quoted(code.rawValue)) (not in \(locationsName))")
                    }
                    continue
                }
            }
            if column == C.from { ports.0 = index! } else { ports.1 = index! }
        }
        let departure = time(table, C.departure, fail: fail)
        let arrival = time(table, C.arrival, fail: fail)
        if let departure, let arrival, arrival <= departure {
            fail(C.arrival, "arrival \(table.text(C.arrival)) is not after departure \(table.text(C.departure))")
        }
        /// A whole number from 0 in an optional column, `Int32.max` when the file or the row leaves it out.
        func limit(_ column: Int, unit: String) -> Int32 {
            let text = table.bytes(column)
            guard !text.isEmpty else { return Int32.max }
            if let value = Self.wholeNumber(text) { return value }
            fail(column, "\(table.name(column)) \(quoted(table.text(column))) is not a whole number of \(unit) from 0 to \(Int32.max)")
            return Int32.max
        }
        let capacity = limit(C.capacity, unit: "TEU")
        let weightCapacity = hasLimits ? limit(C.weight, unit: "tonnes") : Int32.max
        let reeferPlugs = hasLimits ? limit(C.plugs, unit: "plugs") : Int32.max
        /// The optional amount in a column, NaN when the file or the row leaves it out or it is wrong.
        func amount(_ column: Int, limit: Double) -> Float {
            guard table.has(column), case let text = table.text(column), !text.isEmpty else { return .nan }
            if let value = Double(text), (0...limit).contains(value) { return Float(value) }
            fail(column, "\(table.name(column)) \(quoted(text)) is not a number from 0 to \(Int(limit))")
            return .nan
        }
        let distance = hasAmounts ? amount(C.distance, limit: CarrierMovement.maximumDistance) : .nan
        let co2ePerTEU = hasAmounts ? amount(C.co2e, limit: CarrierMovement.maximumCO2ePerTEU) : .nan
        let cutOffStart = Int32(result.cutOffs.count)
        for (column, code) in cutOffColumns {
            guard !table.bytes(column).isEmpty, let time = time(table, column, fail: fail) else { continue }
            result.cutOffs.append(CutOffTime(code, Date(seconds: time)))
        }
        if case let mode = table.text(C.mode), !mode.isEmpty, Self.transportMode(mode) == nil {
            fail(C.mode, "mode \(quoted(mode)) is not vessel, barge or rail (a truck is not timetabled: give its hauls in a haulage table)")
        }
        if hasIMO {
            let imo = table.text(C.vesselIMO)
            if !imo.isEmpty && !Self.isIMONumber(imo) {
                fail(C.vesselIMO, "vessel_imo \(quoted(imo)) is not an IMO number: 7 or 8 digits")
            }
        }
        guard isValid, let voyageNumber, let departure, let arrival, ports.0 >= 0, ports.1 >= 0 else {
            result.cutOffs.removeSubrange(Int(cutOffStart)...)
            skipped += 1
            noteSkipped(table, log: &log)
            return
        }
        let voyage: Int32
        if let index = result.voyageIndex[voyageText.utf8] {
            voyage = index
        } else {
            voyage = Int32(result.voyages.count)
            result.voyageIndex[voyageText.utf8] = voyage
            result.voyages.append(VoyageRows(number: voyageNumber))
        }
        for (column, name, line) in voyageColumns {
            let value = table.text(column)
            guard !value.isEmpty else { continue }
            if let existing = result.voyages[Int(voyage)][keyPath: name] {
                if existing != value {
                    log.error(
                        table.file, table.position(column),
                        "\(table.name(column)) \(quoted(value)) differs from \(quoted(existing)) on line \(result.voyages[Int(voyage)][keyPath: line]) for voyage \(voyageText)"
                    )
                    result.voyages[Int(voyage)].isValid = false
                }
            } else {
                result.voyages[Int(voyage)][keyPath: name] = value
                result.voyages[Int(voyage)][keyPath: line] = Int32(table.line)
            }
        }
        result.append(
            MovementRow(
                voyage: voyage, from: ports.0, to: ports.1, capacity: capacity, weightCapacity: weightCapacity, reeferPlugs: reeferPlugs,
                departure: departure, arrival: arrival,
                distance: distance, co2ePerTEU: co2ePerTEU, cutOffStart: cutOffStart, cutOffEnd: Int32(result.cutOffs.count), line: Int32(table.line),
                fromColumn: Int32(table.position(C.from).column),
                departureColumn: Int32(table.position(C.departure).column)))
    }

    /// Sorts each voyage's rows by departure and checks that they chain; returns the voyages that do, each with
    /// its rows in sailing order.
    private func checkChains(
        _ movements: borrowing MovementRows, locations: [Location], log: inout DiagnosticLog, skipped: inout Int
    ) -> ChainedRows {
        let file = movements.file
        let (departure, arrival) = (movements.departure, movements.arrival)
        // Each voyage's rows in file order.
        let (first, positions) = movements.voyage.groupedPositions(groupCount: movements.voyages.count)
        var grouped = positions
        var result = ChainedRows()
        result.rows.reserveCapacity(movements.count)
        var kept: [Int32] = []
        for index in movements.voyages.indices {
            let number = movements.voyages[index].number
            var isValid = movements.voyages[index].isValid
            let range = Int(first[index])..<Int(first[index + 1])
            grouped[range].sort { (departure[Int($0)], arrival[Int($0)], $0) < (departure[Int($1)], arrival[Int($1)], $1) }
            kept.removeAll(keepingCapacity: true)
            for row in grouped[range] {
                let b = movements[Int(row)]
                guard let previous = kept.last else { kept.append(row); continue }
                let a = movements[Int(previous)]
                let line = Int(b.line), (first, second) = a.line < b.line ? (a, b) : (b, a)
                if a.from == b.from && a.departure == b.departure {
                    log.error(
                        file, CSVPosition(line: Int(second.line), column: 1),
                        "duplicate row: voyage \(number) already departs \(locations[Int(b.from)].code) at this time on line \(first.line)")
                    skipped += 1
                    if mode == .lenient { log.warning(file, CSVPosition(line: Int(second.line), column: 1), "row skipped") }
                    if second.line == a.line { kept[kept.count - 1] = row }
                    continue
                }
                if b.from != a.to {
                    log.error(
                        file, CSVPosition(line: line, column: Int(b.fromColumn)),
                        "voyage \(number) does not connect: this movement departs from \(locations[Int(b.from)].code), but the one before it (line \(a.line)) arrives at \(locations[Int(a.to)].code)"
                    )
                    isValid = false
                } else if b.departure < a.arrival {
                    log.error(
                        file, CSVPosition(line: line, column: Int(b.departureColumn)),
                        "voyage \(number) overlaps: this movement departs \(Self.format(b.departure)), before the one before it (line \(a.line)) arrives at \(Self.format(a.arrival))"
                    )
                    isValid = false
                }
                kept.append(row)
            }
            guard isValid else {
                skipped += kept.count
                if mode == .lenient {
                    for row in kept {
                        log.warning(file, CSVPosition(line: Int(movements.line[Int(row)]), column: 1), "row skipped with voyage \(number)")
                    }
                }
                continue
            }
            result.voyages.append(Int32(index))
            result.rows += kept
            result.start.append(Int32(result.rows.count))
        }
        return result
    }

    /// The network of the voyages whose rows chain, built straight from the rows, which it takes column by
    /// column; `nil`, with the rows as they were, when a location or a time breaks a rule of the network that the
    /// rows are not checked for (a transshipment time out of range, a year before 1 or after 9999), so that the
    /// network's own check reports it.
    ///
    /// Each column of the network is gathered from the rows' column in sailing order, and the rows' column is
    /// released before the next one is gathered: the import's peak memory is the network and one column more,
    /// not the network and every row.
    private static func network(locations: [Location], chained: ChainedRows, rows: inout MovementRows) -> ScheduleNetwork? {
        let (unique, portIndex, problems) = ScheduleNetwork.indexing(locations)
        let supported = Date.supportedSeconds
        func isSupported(_ seconds: Int64) -> Bool { supported.contains(Double(seconds)) }
        guard problems.isEmpty, rows.departure.allSatisfy(isSupported), rows.arrival.allSatisfy(isSupported),
            rows.cutOffs.allSatisfy(\.time.isSupported)
        else { return nil }
        rows.releasePositions()
        rows.voyageIndex = VoyageBytesIndex()
        let order = chained.rows
        /// Whether a row of a voyage that chains has a value in a column other than `none`: looked for among all
        /// rows first, in file order, and among those of the voyages only when a row has it.
        func anyChained(_ column: [Int32], other none: Int32) -> Bool {
            column.contains { $0 != none } && order.contains { column[Int($0)] != none }
        }
        /// The column in sailing order; the rows' own is released.
        func gather<Value>(_ column: inout [Value]) -> [Value] {
            defer { column = [] }
            return order.map { column[Int($0)] }
        }
        let hasCutOffs = rows.hasCutOffs && order.contains { rows.cutOffStart(Int($0)) != rows.cutOffEnd[Int($0)] }
        var columns = ScheduleNetwork.Columns(
            movementCount: 0, hasCutOffs: hasCutOffs, hasWeights: anyChained(rows.weightCapacity, other: Int32.max),
            hasPlugs: anyChained(rows.reeferPlugs, other: Int32.max))
        var voyageIndex: [VoyageNumber: Int32] = [:]
        voyageIndex.reserveCapacity(chained.voyages.count)
        columns.voyageOf.reserveCapacity(order.count)
        for (k, index) in chained.voyages.enumerated() {
            let voyage = rows.voyages[Int(index)]
            voyageIndex[voyage.number] = Int32(k)
            columns.beginVoyage(
                voyage.number, vessel: voyage.vessel, service: voyage.service, serviceName: voyage.serviceName,
                vesselIMONumber: voyage.vesselIMONumber, continuation: chained.continuation[k],
                mode: voyage.mode.flatMap(Self.transportMode) ?? .vessel)
            columns.voyageOf += repeatElement(Int32(k), count: Int(chained.start[k + 1] - chained.start[k]))
        }
        columns.voyageStart = chained.start
        rows.voyages = []
        rows.voyage = []
        if hasCutOffs {
            for row in order {
                var transshipment = Int64.max
                for cutOff in rows.cutOffs[Int(rows.cutOffStart(Int(row)))..<Int(rows.cutOffEnd[Int(row)])] {
                    columns.cutOffCode.append(cutOff.code)
                    columns.cutOffTime.append(cutOff.time.seconds)
                    if cutOff.code == .transshipment { transshipment = min(transshipment, cutOff.time.seconds) }
                }
                columns.cutOffStart.append(Int32(columns.cutOffCode.count))
                columns.transshipmentCutOff.append(transshipment)
            }
        }
        (rows.cutOffs, rows.cutOffEnd) = ([], [])
        columns.departure = gather(&rows.departure)
        columns.arrival = gather(&rows.arrival)
        columns.from = gather(&rows.from)
        columns.to = gather(&rows.to)
        columns.capacity = gather(&rows.capacity)
        if columns.hasWeights { columns.weightCapacity = gather(&rows.weightCapacity) }
        if columns.hasPlugs { columns.plugCapacity = gather(&rows.reeferPlugs) }
        (rows.weightCapacity, rows.reeferPlugs) = ([], [])
        // Checked with the rows (`checkContinuations`): this finds each link's voyage.
        guard columns.resolveContinuations(voyageIndex: voyageIndex).isEmpty else { return nil }
        let coordinates = unique.map(\.coordinates)
        columns.distance.reserveCapacity(order.count)
        columns.co2eGrams.reserveCapacity(order.count)
        columns.co2eEstimated.reserveCapacity(order.count)
        for (movement, row) in order.enumerated() {
            let distance = rows.hasAmounts ? rows.distance[Int(row)] : .nan, co2e = rows.hasAmounts ? rows.co2ePerTEU[Int(row)] : .nan
            let capacity = columns.capacity[movement]
            let emissions = ScheduleNetwork.emissions(
                distance: distance.isNaN ? nil : Double(distance), co2ePerTEU: co2e.isNaN ? nil : Double(co2e),
                hours: Double(columns.arrival[movement] - columns.departure[movement]) / 3_600,
                capacity: capacity < Int32.max ? Int(capacity) : nil,
                from: coordinates[Int(columns.from[movement])], to: coordinates[Int(columns.to[movement])],
                mode: columns.voyageMode[Int(columns.voyageOf[movement])])
            columns.distance.append(emissions.distance)
            columns.co2eGrams.append(emissions.grams)
            columns.co2eEstimated.append(emissions.estimated)
        }
        (rows.distance, rows.co2ePerTEU) = ([], [])
        return ScheduleNetwork(locations: unique, portIndex: portIndex, voyageIndex: voyageIndex, columns: columns, capacitiesAreKnown: true)
    }

    /// The voyages whose rows chain, for the network's own check.
    private static func voyages(_ chained: ChainedRows, rows: borrowing MovementRows, locations: [Location]) -> [Voyage] {
        chained.voyages.indices.map { k in
            let voyage = rows.voyages[Int(chained.voyages[k])]
            let movementList = chained.rows[Int(chained.start[k])..<Int(chained.start[k + 1])].map { index in
                let row = rows[Int(index)]
                return CarrierMovement(
                    from: locations[Int(row.from)].code, to: locations[Int(row.to)].code,
                    departure: Date(seconds: row.departure), arrival: Date(seconds: row.arrival), capacity: Int(row.capacity),
                    cutOffTimes: row.cutOffStart == row.cutOffEnd ? [] : Array(rows.cutOffs[Int(row.cutOffStart)..<Int(row.cutOffEnd)]),
                    distance: row.distance.isNaN ? nil : Double(row.distance), co2ePerTEU: row.co2ePerTEU.isNaN ? nil : Double(row.co2ePerTEU),
                    weightCapacity: row.weightCapacity == Int32.max ? nil : Int(row.weightCapacity),
                    reeferPlugs: row.reeferPlugs == Int32.max ? nil : Int(row.reeferPlugs))
            }
            return Voyage(
                number: voyage.number, movements: movementList, vessel: voyage.vessel, service: voyage.service,
                serviceName: voyage.serviceName, vesselIMONumber: voyage.vesselIMONumber, continuation: chained.continuation[k],
                mode: voyage.mode.flatMap(Self.transportMode) ?? .vessel)
        }
    }

    /// Checks each chained voyage's `continues_as`: a voyage of the schedule whose rows chain, other than the voyage
    /// itself, that departs from where the voyage ends, no earlier than it arrives there, and that no other voyage
    /// goes on as. Sets the links that hold; reports the others (errors; in lenient mode the link is dropped with a
    /// warning, and the voyages sail without it).
    private func checkContinuations(
        _ chained: inout ChainedRows, _ rows: borrowing MovementRows, locations: [Location], log: inout DiagnosticLog
    ) {
        chained.continuation = [VoyageNumber?](repeating: nil, count: chained.voyages.count)
        guard rows.continuesAsColumn > 0 else { return }
        var position: [VoyageNumber: Int] = [:]
        for (k, index) in chained.voyages.enumerated() { position[rows.voyages[Int(index)].number] = k }
        var continuedFrom: [Int: Int] = [:]
        for (k, index) in chained.voyages.enumerated() {
            let voyage = rows.voyages[Int(index)]
            guard let text = voyage.continuesAs else { continue }
            let at = CSVPosition(line: Int(voyage.continuesAsLine), column: Int(rows.continuesAsColumn))
            func fail(_ message: String) {
                log.error(rows.file, at, message)
                if mode == .lenient { log.warning(rows.file, at, "voyage \(voyage.number) sails without going on as \(quoted(text))") }
            }
            guard let number = VoyageNumber(text), let next = position[number] else {
                fail("continues_as \(quoted(text)): the schedule has no voyage \(text) whose rows chain")
                continue
            }
            let last = chained.rows[Int(chained.start[k + 1]) - 1], first = chained.rows[Int(chained.start[next])]
            let (end, start) = (rows[Int(last)], rows[Int(first)])
            if next == k {
                fail("continues_as \(quoted(text)): a voyage cannot go on as itself")
            } else if start.from != end.to || start.departure < end.arrival {
                fail(
                    "continues_as \(quoted(text)): voyage \(number) departs from \(locations[Int(start.from)].code) at \(Self.format(start.departure)), not from where voyage \(voyage.number) ends (\(locations[Int(end.to)].code) at \(Self.format(end.arrival))) or later"
                )
            } else if let other = continuedFrom[next] {
                fail(
                    "continues_as \(quoted(text)): voyage \(rows.voyages[Int(chained.voyages[other])].number) already goes on as \(number) (line \(rows.voyages[Int(chained.voyages[other])].continuesAsLine))"
                )
            } else {
                continuedFrom[next] = k
                chained.continuation[k] = number
            }
        }
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

    /// Whether the text is an IMO number as DCSA writes it: 7 or 8 digits.
    static func isIMONumber(_ text: String) -> Bool {
        (7...8).contains(text.utf8.count) && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// A whole number from 0 to `Int32.max`, digits only.
    static func wholeNumber(_ bytes: some Collection<UInt8>) -> Int32? {
        guard !bytes.isEmpty, bytes.count <= 10 else { return nil }
        var value: Int64 = 0
        for byte in bytes {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int64(byte - 0x30)
        }
        return value <= Int64(Int32.max) ? Int32(value) : nil
    }

    static func format(_ seconds: Int64) -> String {
        Timestamp.format(seconds: seconds)
    }
}
