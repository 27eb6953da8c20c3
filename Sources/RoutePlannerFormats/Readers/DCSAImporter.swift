import Foundation
import RoutePlanner

/// Reads the vessel schedules that carriers publish through DCSA Commercial Schedules 1.0 (the JSON body of
/// `GET /v1/vessel-schedules`: an array of `ServiceSchedule`) into a network.
///
/// - Each vessel schedule's transport calls become movements from one call to the next; a movement belongs
///   to the export voyage (`carrierExportVoyageNumber`) of the call it departs from.
/// - A call's time is its latest known timestamp of each type, ARRI and DEPA: ACT over EST over PLN. The
///   offset the schedule wrote it in is kept, so that documents give the same local times back.
/// - A call's cut-off times (`cutOffTimes`) belong to the movement that departs it; an unknown code is a
///   warning.
/// - Ports are named and placed from a locations file when given (which also gives transshipment times and
///   time zones). Otherwise a port is named by the carrier's `locationName`, else by the UN/LOCODE list
///   (``reference``), and placed by the list: the carrier's name comes first because the list's entry for a
///   code carriers use for a port may name something else (CNSHA is Shanghai Hongqiao airport there). A port
///   no locations file lists takes ``defaultTransshipmentHours``.
/// - DCSA carries no capacity. A capacity file gives it by voyage or by vessel (docs/DCSA.md); without one
///   the network's `ScheduleNetwork/capacitiesAreKnown` is `false`. Its optional `co2e_g_per_teu_km` column
///   gives the voyage's or vessel's CO2e intensity (Clean Cargo's unit), which sets each movement's CO2e from its
///   distance; without it the network estimates the CO2e (`EmissionModel`).
/// - Nor does DCSA carry distances. A distance file gives them by pair of ports (`from`, `to`, `distance_nm`; a
///   pair given one way serves both); without one a movement sails its ports' estimated sea distance.
///
/// An import is all or nothing: every problem is reported at once, each located by its JSON path (and its line
/// and column), up to ``errorLimit`` errors. A member the standard requires that is missing, a key given twice,
/// and a string that is not JSON (an invalid escape, a raw control character) are errors; a key the standard
/// does not define for its object is a warning. The mapping is documented in docs/DCSA.md.
public struct DCSAImporter: Sendable {
    /// The most errors reported one by one, from 1 to a million.
    public var errorLimit: Int {
        didSet { errorLimit = min(max(errorLimit, 1), 1_000_000) }
    }
    /// The UN/LOCODE list that names and places ports no locations file lists.
    public var reference: UnLocodeDirectory?

    /// Whether the network is built straight from the document's sailings rather than through a `Voyage` per
    /// voyage. Off only in the test that checks that both ways import every document alike.
    var takesFastPaths = true

    /// The transshipment time of a port no locations file lists: 24 hours.
    public static let defaultTransshipmentHours = CSVImporter.defaultTransshipmentHours

    /// Creates an importer.
    public init(errorLimit: Int = ImportError.namedLimit, reference: UnLocodeDirectory? = nil) {
        self.errorLimit = min(max(errorLimit, 1), 1_000_000)
        self.reference = reference
    }

    /// Whether a file's content is JSON (its first character, after a byte order mark and white space, is
    /// `[` or `{`) rather than CSV.
    public static func recognises(_ file: CSVFile) -> Bool {
        firstCharacterIsJSON(file.bytes, atStart: true) ?? false
    }

    /// Whether a file in memory or streamed is JSON; a stream is read as far as its first character and
    /// rewound.
    static func recognises(_ input: CSVInput) -> Bool {
        let stream: FileStream
        switch input {
        case .file(let file): return recognises(file)
        case .stream(let streamed): stream = streamed
        }
        defer { stream.rewind() }
        var piece = [UInt8](repeating: 0, count: 1 << 16)
        var atStart = true
        while true {
            let count = piece.withUnsafeMutableBytes { stream.read(into: $0) }
            guard count > 0 else { return false }
            if let isJSON = firstCharacterIsJSON(piece[..<count], atStart: atStart) { return isJSON }
            atStart = false
        }
    }

    /// Whether the first character of bytes, after a byte order mark at the file's start and white space, is `[`
    /// or `{`; `nil` when the bytes are all white space.
    private static func firstCharacterIsJSON(_ bytes: some Collection<UInt8>, atStart: Bool) -> Bool? {
        var rest = atStart && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes.dropFirst(0)
        rest = rest.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return rest.first.map { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "{") }
    }

    /// Reads a vessel-schedules document, with an optional locations file, capacity file and distance file, into
    /// a network.
    ///
    /// - Throws: `ImportError` with every problem of the files.
    public func importVesselSchedules(_ file: CSVFile, locations: CSVFile? = nil, capacities: CSVFile? = nil, distances: CSVFile? = nil)
        throws(ImportError) -> ImportResult<ImportedSchedule>
    {
        var reader = VesselScheduleReader(errorLimit: errorLimit)
        file.bytes.withUnsafeBufferPointer { reader.read($0) }
        var log = DiagnosticLog(errorLimit: errorLimit)
        let lines = LineIndex(file.bytes, needed: !reader.problems.isEmpty)
        var skipped = 0
        let listed = locations.map { CSVImporter(errorLimit: errorLimit).readLocations($0, log: &log, skipped: &skipped).locations } ?? []
        let byCode = Dictionary(listed.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        var ports: [Location] = []
        for port in reader.ports {
            if let location = byCode[port.code] {
                ports.append(location)
            } else if let name = port.name ?? reference?.entry(port.code)?.name {
                ports.append(
                    Location(
                        code: port.code, name: name, transshipmentTime: .seconds(Self.defaultTransshipmentHours * 3600),
                        coordinates: reference?.entry(port.code)?.coordinates))
            } else {
                let list = reference.map { "the UN/LOCODE list \($0.release)" } ?? "a UN/LOCODE list"
                reader.error(port.firstOffset, port.firstPath, "unknown location \(port.code): not in \(list) and no locationName; add it to a locations file")
            }
        }
        var sailings = reader.takeSailings()
        let codes = reader.ports.map(\.code)
        if let distances { apply(distances: distances, to: &sailings, codes: codes, log: &log) }
        if let capacities { apply(capacities, to: &sailings, codes: codes, ports: ports, log: &log) }
        for problem in reader.problems {
            let position = lines.position(of: problem.offset)
            if problem.severity == .error {
                log.error(file.name, position, path: problem.path, problem.message)
            } else {
                log.warning(file.name, position, path: problem.path, problem.message)
            }
        }
        log.countOmittedErrors(reader.errorCount - reader.problems.filter { $0.severity == .error }.count)
        if log.hasErrors { throw log.importError() }
        func imported(_ network: ScheduleNetwork) -> ImportResult<ImportedSchedule> {
            ImportResult(value: ImportedSchedule(locations: ports, network: network), diagnostics: log.sorted, omittedErrorCount: 0, skippedRowCount: 0)
        }
        // Every port is known here (an unknown one is an error above), so the ports are the reader's, in its order.
        if takesFastPaths, let network = sailings.network(locations: ports, capacitiesAreKnown: capacities != nil) {
            return imported(network)
        }
        do {
            return imported(try ScheduleNetwork(locations: ports, voyages: sailings.voyages(codes: codes), capacitiesAreKnown: capacities != nil))
        } catch {
            // Every rule of the network is checked above; should one be missing, its problems are still reported.
            for problem in String(describing: error).split(separator: "\n") { log.error(file.name, .start, String(problem)) }
            throw log.importError()
        }
    }

    /// Sets the capacity of every voyage from a capacity file: `voyage` or `vessel_imo`, and `capacity_teu`; where
    /// given, `capacity_tonnes`, `reefer_plugs` and `mode` (DCSA's vessel schedules carry none, so a barge or a train is
    /// named here); and, where the optional `co2e_g_per_teu_km` is given, its movements' CO2e from their distances.
    private func apply(
        _ file: CSVFile, to sailings: inout VesselScheduleReader.Sailings, codes: [UnLocode], ports: [Location], log: inout DiagnosticLog
    ) {
        guard
            var table = CSVTable(
                file, required: ["capacity_teu"], optional: ["voyage", "vessel_imo", "co2e_g_per_teu_km", "capacity_tonnes", "reefer_plugs", "mode"],
                log: &log)
        else { return }
        typealias Vessel = (teu: Int, intensity: Double?, tonnes: Int?, plugs: Int?, mode: TransportMode?, line: Int)
        var byVoyage: [VoyageNumber: Vessel] = [:], byVessel: [String: Vessel] = [:]
        let numbers = Set(sailings.number), vessels = Set(sailings.vesselIMONumber.compactMap { $0 })
        while table.nextRow(log: &log) {
            let voyageText = table.text(1), imo = table.text(2)
            let teu = CSVImporter.wholeNumber(table.bytes(0))
            if teu == nil {
                log.error(table.file, table.position(0), "capacity_teu \(quoted(table.text(0))) is not a whole number of TEU from 0 to \(Int32.max)")
            }
            var limits: [Int?] = []
            for (column, unit) in [(4, "tonnes"), (5, "plugs")] {
                guard !table.bytes(column).isEmpty else { limits.append(nil); continue }
                let value = CSVImporter.wholeNumber(table.bytes(column))
                if value == nil {
                    log.error(
                        table.file, table.position(column),
                        "\(table.name(column)) \(quoted(table.text(column))) is not a whole number of \(unit) from 0 to \(Int32.max)")
                }
                limits.append(value.map(Int.init))
            }
            var intensity: Double?
            if case let text = table.text(3), !text.isEmpty {
                // Clean Cargo's intensities are tens of grams; 10 kg per TEU-km is beyond any vessel.
                intensity = Double(text).flatMap { (0...10_000).contains($0) ? $0 : nil }
                if intensity == nil {
                    log.error(table.file, table.position(3), "co2e_g_per_teu_km \(quoted(text)) is not a number from 0 to 10000")
                }
            }
            var mode: TransportMode?
            if case let text = table.text(6), !text.isEmpty {
                if let given = CSVImporter.transportMode(text) {
                    mode = given
                } else {
                    log.error(
                        table.file, table.position(6),
                        "mode \(quoted(text)) is not vessel, barge or rail (a truck is not timetabled: give its hauls in a haulage table)")
                }
            }
            switch (VoyageNumber(voyageText), imo.isEmpty) {
            case (let number?, true):
                if let seen = byVoyage[number] {
                    log.error(table.file, table.position(1), "voyage \(number) already has a capacity on line \(seen.line)")
                } else if let teu {
                    byVoyage[number] = (Int(teu), intensity, limits[0], limits[1], mode, table.line)
                    if !numbers.contains(number) { log.warning(table.file, table.position(1), "voyage \(number) is not in the schedule") }
                }
            case (nil, false):
                if !CSVImporter.isIMONumber(imo) {
                    log.error(table.file, table.position(2), "vessel_imo \(quoted(imo)) is not an IMO number: 7 or 8 digits")
                } else if let seen = byVessel[imo] {
                    log.error(table.file, table.position(2), "vessel \(imo) already has a capacity on line \(seen.line)")
                } else if let teu {
                    byVessel[imo] = (Int(teu), intensity, limits[0], limits[1], mode, table.line)
                    if !vessels.contains(imo) { log.warning(table.file, table.position(2), "no voyage of the schedule sails vessel \(imo)") }
                }
            default:
                log.error(table.file, CSVPosition(line: table.line, column: 1), "give a voyage or a vessel_imo, not both or neither")
            }
        }
        var missing: [VoyageNumber] = []
        let located = Dictionary(ports.compactMap { port in port.coordinates.map { (port.code, $0) } }, uniquingKeysWith: { a, _ in a })
        let coordinates = codes.map { located[$0] }
        for voyage in 0..<sailings.voyageCount {
            guard let vessel = byVoyage[sailings.number[voyage]] ?? sailings.vesselIMONumber[voyage].flatMap({ byVessel[$0] }) else {
                missing.append(sailings.number[voyage])
                continue
            }
            // A capacity file's figures are whole numbers up to Int32.max.
            sailings.capacity[voyage] = Int32(vessel.teu)
            // A voyage's row without a mode takes its vessel's.
            sailings.mode[voyage] = vessel.mode ?? sailings.vesselIMONumber[voyage].flatMap { byVessel[$0]?.mode } ?? .vessel
            sailings.weightCapacity[voyage] = vessel.tonnes.map { Int32($0) }
            sailings.reeferPlugs[voyage] = vessel.plugs.map { Int32($0) }
            guard let intensity = vessel.intensity else { continue }
            for movement in Int(sailings.start[voyage])..<Int(sailings.start[voyage + 1]) {
                if sailings.distance[movement].isNaN, let a = coordinates[Int(sailings.from[movement])],
                    let b = coordinates[Int(sailings.to[movement])]
                {
                    sailings.distance[movement] = EmissionModel.seaDistance(from: a, to: b)
                }
                if !sailings.distance[movement].isNaN { sailings.co2ePerTEU[movement] = intensity * sailings.distance[movement] * 1.852 / 1_000 }
            }
        }
        if !missing.isEmpty {
            let named = missing.prefix(5).map(\.rawValue).joined(separator: ", ") + (missing.count > 5 ? ", …" : "")
            log.warning(
                file.name, .start,
                "\(missing.count) voyage\(missing.count == 1 ? " has" : "s have") no capacity here and \(missing.count == 1 ? "is" : "are") taken as unlimited: \(named)"
            )
        }
    }

    /// Sets the distance of every movement between two ports that a distance file gives: `from`, `to` and
    /// `distance_nm`; a pair given one way serves the other way too, unless that way is given as well.
    private func apply(distances file: CSVFile, to sailings: inout VesselScheduleReader.Sailings, codes: [UnLocode], log: inout DiagnosticLog) {
        guard var table = CSVTable(file, required: ["from", "to", "distance_nm"], optional: [], log: &log) else { return }
        var given: [[UnLocode]: (miles: Double, line: Int)] = [:]
        while table.nextRow(log: &log) {
            var codes: [UnLocode] = []
            for column in 0..<2 {
                if let code = UnLocode(table.text(column)) {
                    codes.append(code)
                } else {
                    log.error(table.file, table.position(column), "\(table.name(column)) \(quoted(table.text(column))) is not a UN/LOCODE")
                }
            }
            let miles = Double(table.text(2)).flatMap { (0...CarrierMovement.maximumDistance).contains($0) ? $0 : nil }
            if miles == nil {
                log.error(
                    table.file, table.position(2), "distance_nm \(quoted(table.text(2))) is not a number from 0 to \(Int(CarrierMovement.maximumDistance))")
            }
            guard codes.count == 2, let miles else { continue }
            if let seen = given[codes] {
                log.error(table.file, table.position(0), "\(codes[0]) to \(codes[1]) already has a distance on line \(seen.line)")
            } else {
                given[codes] = (miles, table.line)
            }
        }
        for movement in sailings.from.indices {
            let pair = [codes[Int(sailings.from[movement])], codes[Int(sailings.to[movement])]]
            if let miles = (given[pair] ?? given[pair.reversed()])?.miles { sailings.distance[movement] = miles }
        }
    }
}

/// The line and column of byte offsets in a text, from the offsets of its line breaks.
struct LineIndex {
    private var breaks: [Int] = []
    private let bytes: [UInt8]

    /// Indexes the text's line breaks, when any position will be asked for.
    init(_ bytes: [UInt8], needed: Bool) {
        self.bytes = bytes
        guard needed else { return }
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var from = 0
            while from < buffer.count, let found = memchr(base + from, 0x0A, buffer.count - from) {
                let offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                breaks.append(offset)
                from = offset + 1
            }
        }
    }

    /// The line and the column (in characters) of a byte offset, both from 1.
    func position(of offset: Int) -> CSVPosition {
        var low = 0, high = breaks.count
        while low < high {
            let middle = (low + high) / 2
            if breaks[middle] < offset { low = middle + 1 } else { high = middle }
        }
        let lineStart = low == 0 ? 0 : breaks[low - 1] + 1
        let end = min(offset, bytes.count)
        let column = lineStart < end ? bytes[lineStart..<end].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } : 0
        return CSVPosition(line: low + 1, column: column + 1)
    }
}
