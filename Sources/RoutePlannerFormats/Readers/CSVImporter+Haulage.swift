import Foundation
import RoutePlanner

extension CSVImporter {
    /// The road distance between two places over their great-circle distance, where a haulage row gives neither hours
    /// nor a distance: 1.3, a planner's rule of thumb for roads between a port and its hinterland. A row that knows the
    /// road gives `distance_km` or `hours`.
    public static let roadDetourFactor = 1.3
    /// The average speed of a truck door to door, in kilometres an hour, where a haulage row gives no hours: 50, which
    /// leaves room for the stops a driver makes.
    public static let truckSpeed = 50.0

    /// Reads a haulage table: `from`, `to` (UN/LOCODEs of the locations); optionally `hours` (on the road, above 0
    /// and up to 30 days), `distance_km` (from 0 to 50,000), `cost_per_teu` and `co2e_kg_per_teu` (from 0 to
    /// 1,000,000), and `capacity_teu_per_day` (whole TEU from 0 to 1,000,000; absent or empty: no limit). A row serves
    /// both directions, each with the row's capacity a day, unless the table has a row the other way too, which then
    /// serves that direction.
    ///
    /// A row without `hours` takes its distance over ``truckSpeed``; a row without a distance either, the great-circle
    /// distance between the two places' coordinates times ``roadDetourFactor``. A row between places without coordinates
    /// needs one of the two. A row without `co2e_kg_per_teu` emits the road's figure over its distance, when known
    /// (`EmissionModel.inlandCO2ePerTEU(kilometres:mode:)`).
    ///
    /// - Parameters:
    ///   - file: The haulage table.
    ///   - locations: The locations of the schedule; every place of a row must be one of them.
    /// - Throws: `ImportError` with every problem, unless the importer is lenient.
    public func importHaulage(_ file: CSVFile, locations: [Location]) throws(ImportError) -> ImportResult<[Haulage]> {
        var log = DiagnosticLog(errorLimit: errorLimit)
        var skipped = 0
        var hauls: [Haulage] = []
        let byCode = Dictionary(locations.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        guard
            var table = CSVTable(
                file, required: ["from", "to"], optional: ["hours", "distance_km", "cost_per_teu", "co2e_kg_per_teu", "capacity_teu_per_day"],
                log: &log)
        else { throw log.importError() }
        var lineOfPair: [[UnLocode]: Int] = [:]
        var given: [Haulage] = []
        while table.nextRow(log: &log) {
            var isValid = !table.rowHasSyntaxError
            func fail(_ column: Int, _ message: String) {
                log.error(table.file, table.position(column), message)
                isValid = false
            }
            var places: [Location] = []
            for column in 0..<2 {
                guard let code = parseCode(table, column, log: &log, isValid: &isValid) else { continue }
                if let location = byCode[code] { places.append(location) } else { fail(column, "unknown location \(quoted(code.rawValue))") }
            }
            if places.count == 2 && places[0].code == places[1].code { fail(1, "a haul goes between two places, not from \(places[0].code) to itself") }
            func number(_ column: Int, _ range: ClosedRange<Double>, _ what: String) -> Double? {
                let text = table.text(column)
                guard !text.isEmpty else { return nil }
                guard let value = Double(text), range.contains(value) else {
                    fail(column, "\(table.name(column)) \(quoted(text)) is not \(what)")
                    return nil
                }
                return value
            }
            let hours = number(2, 0.000_3...(30 * 24), "a number of hours above 0 and up to 720")
            var distance = number(3, 0...Haulage.maximumDistance, "a number of kilometres from 0 to 50000")
            let cost = number(4, 0...Haulage.maximumFigure, "an amount from 0 to 1000000")
            var co2e = number(5, 0...Haulage.maximumFigure, "a number of kilograms from 0 to 1000000")
            var capacity: Int?
            if case let text = table.text(6), !text.isEmpty {
                capacity = Int(text).flatMap { (0...Haulage.maximumCapacityPerDay).contains($0) ? $0 : nil }
                if capacity == nil { fail(6, "capacity_teu_per_day \(quoted(text)) is not a whole number of TEU from 0 to \(Haulage.maximumCapacityPerDay)") }
            }
            // Neither given (a wrong one is reported already): estimated from the coordinates.
            if places.count == 2, table.text(2).isEmpty, table.text(3).isEmpty {
                if let from = places[0].coordinates, let to = places[1].coordinates {
                    // The sea estimate's great circle, in kilometres, without its sea factor.
                    distance = EmissionModel.seaDistance(from: from, to: to) / EmissionModel.greatCircleFactor * 1.852 * Self.roadDetourFactor
                } else {
                    fail(2, "hours or distance_km is needed: \(places[0].code) or \(places[1].code) has no coordinates")
                }
            }
            if places.count == 2 {
                let pair = places.map(\.code)
                if let first = lineOfPair[pair] {
                    fail(0, "\(places[0].code) to \(places[1].code) already has a haul on line \(first)")
                } else if isValid {
                    lineOfPair[pair] = table.line
                }
            }
            // None given: estimated from the distance, by road (`EmissionModel`).
            let estimated = table.text(5).isEmpty && distance != nil
            if estimated, let distance { co2e = EmissionModel.inlandCO2ePerTEU(kilometres: distance, mode: .truck) }
            let seconds = hours.map { $0 * 3_600 } ?? distance.map { $0 / Self.truckSpeed * 3_600 }
            if hours == nil, let seconds, seconds > Double(Haulage.maximumDuration.components.seconds) {
                fail(3, "a haul of \(Int(distance ?? 0)) km takes more than 720 hours at \(Int(Self.truckSpeed)) km an hour; give its hours")
            }
            guard isValid, places.count == 2, let seconds else {
                skipped += 1
                noteSkipped(table, log: &log)
                continue
            }
            given.append(
                Haulage(
                    from: places[0].code, to: places[1].code, duration: .seconds(max(1, Int64(seconds.rounded()))), distance: distance,
                    costPerTEU: cost, co2ePerTEU: co2e, capacityPerDay: capacity, co2eIsEstimated: estimated))
        }
        // Each row, and the other way where no row gives it.
        let directions = Set(given.map { [$0.from, $0.to] })
        for haul in given {
            hauls.append(haul)
            if !directions.contains([haul.to, haul.from]) {
                var back = haul
                (back.from, back.to) = (haul.to, haul.from)
                hauls.append(back)
            }
        }
        return try finish(hauls, log: log, skipped: skipped)
    }

    /// Reads a haulage table from disk as ``importHaulage(_:locations:)`` does; a file that cannot be read is an error
    /// at its start.
    public func importHaulage(contentsOf url: URL, locations: [Location]) throws(ImportError) -> ImportResult<[Haulage]> {
        var log = DiagnosticLog(errorLimit: errorLimit)
        guard let file = read(url, log: &log) else { throw log.importError() }
        return try importHaulage(file, locations: locations)
    }
}
