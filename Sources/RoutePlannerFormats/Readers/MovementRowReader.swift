import Foundation
import RoutePlanner

/// The columns of a schedule file, and the reading of its rows straight from the file's bytes when they are
/// plain, as nearly every row of a generated or exported schedule is: unquoted, ASCII wherever text is kept,
/// and valid in every column.
///
/// A plain row becomes a ``CSVImporter/MovementRow`` without a `String`, a `Double` parsed from text, or a
/// copy of its fields. Any other row (quoted, with an error, a number in exponent form, a new voyage name
/// that differs, …) is left to the general path, which reads it as it always has and reports its problems,
/// so that what is reported never depends on this path. Both paths give the same row for a plain row.
struct MovementRowReader {
    typealias C = CSVImporter.ScheduleColumn
    /// Locations by their packed code (`UnLocode/packed(_:)`).
    let portIndex: [UInt64: Int32]
    /// The cut-off columns the file has.
    let cutOffColumns: [(column: Int, code: CutOffCode)]
    /// The voyage columns the file has, with where each voyage keeps the value and its line.
    let voyageColumns: [(Int, WritableKeyPath<CSVImporter.VoyageRows, String?>, WritableKeyPath<CSVImporter.VoyageRows, Int32>)]
    let hasIMO: Bool
    /// Whether the file has a `mode` column, whose values the general path checks.
    let hasMode: Bool
    let hasAmounts: Bool
    let hasLimits: Bool

    /// Appends the table's current row to `rows` and returns `true` when it is plain; returns `false`, having
    /// changed nothing, otherwise.
    ///
    /// - Parameters:
    ///   - bytes: Bytes of the table's file that hold the current row (``CSVTable/withCurrentBytes(_:)``).
    ///   - base: The offset in the file of the first of them.
    func readPlain(_ table: borrowing CSVTable, bytes: UnsafeBufferPointer<UInt8>, base: Int, into rows: inout CSVImporter.MovementRows) -> Bool {
        guard !table.rowHasSyntaxError else { return false }
        /// The trimmed bytes of a column, empty when the row or the file lacks it; `nil` when it is quoted.
        func field(_ column: Int) -> Slice<UnsafeBufferPointer<UInt8>>? {
            guard let range = table.unquotedRange(column) else { return nil }
            guard !range.isEmpty else { return bytes[0..<0] }
            var (lower, upper) = (range.lowerBound - base, range.upperBound - base)
            while lower < upper && (bytes[lower] == 0x20 || bytes[lower] == 0x09) { lower += 1 }
            while upper > lower && (bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09) { upper -= 1 }
            return bytes[lower..<upper]
        }
        func time(_ text: Slice<UnsafeBufferPointer<UInt8>>?) -> Int64? {
            guard let text, case .success(.dateTime(let seconds)) = Timestamp.parse(text) else { return nil }
            return seconds
        }
        func limit(_ column: Int) -> Int32? {
            guard let text = field(column) else { return nil }
            return text.isEmpty ? Int32.max : CSVImporter.wholeNumber(text)
        }
        func amount(_ column: Int, limit: Double) -> Float? {
            guard let text = field(column) else { return nil }
            if text.isEmpty { return .nan }
            guard let value = Self.plainDecimal(text), value <= limit else { return nil }
            return Float(value)
        }
        // A voyage number of printable ASCII without spaces is its own trimmed text.
        guard let number = field(C.voyage), !number.isEmpty, number.allSatisfy({ (0x21...0x7E).contains($0) }),
            let from = field(C.from).flatMap({ portIndex[UnLocode.packed($0)] }),
            let to = field(C.to).flatMap({ portIndex[UnLocode.packed($0)] }),
            let departure = time(field(C.departure)), let arrival = time(field(C.arrival)), arrival > departure,
            let capacity = limit(C.capacity),
            let weightCapacity = hasLimits ? limit(C.weight) : Int32.max,
            let reeferPlugs = hasLimits ? limit(C.plugs) : Int32.max,
            let distance = hasAmounts ? amount(C.distance, limit: CarrierMovement.maximumDistance) : Float.nan,
            let co2ePerTEU = hasAmounts ? amount(C.co2e, limit: CarrierMovement.maximumCO2ePerTEU) : Float.nan
        else { return false }
        if hasIMO {
            guard let imo = field(C.vesselIMO), imo.isEmpty || (7...8).contains(imo.count) && imo.allSatisfy({ (0x30...0x39).contains($0) })
            else { return false }
        }
        if hasMode {
            guard let mode = field(C.mode), mode.isEmpty || CSVImporter.transportMode(String(decoding: mode, as: UTF8.self)) != nil else { return false }
        }
        let voyage = rows.voyageIndex[number]
        for (column, name, _) in voyageColumns {
            guard let text = field(column), text.allSatisfy({ $0 < 0x80 }) else { return false }
            if let voyage, !text.isEmpty, let existing = rows.voyages[Int(voyage)][keyPath: name], !existing.utf8.elementsEqual(text) {
                return false
            }
        }
        let cutOffStart = rows.cutOffs.count
        for (column, code) in cutOffColumns {
            guard let text = field(column) else { return false }
            guard !text.isEmpty else { continue }
            guard let time = time(text) else {
                rows.cutOffs.removeSubrange(cutOffStart...)
                return false
            }
            rows.cutOffs.append(CutOffTime(code, Date(seconds: time)))
        }

        let index: Int32
        if let voyage {
            index = voyage
        } else {
            index = Int32(rows.voyages.count)
            rows.voyageIndex[number] = index
            rows.voyages.append(CSVImporter.VoyageRows(number: VoyageNumber(String(decoding: number, as: UTF8.self))!))
        }
        for (column, name, line) in voyageColumns {
            guard let text = field(column), !text.isEmpty, rows.voyages[Int(index)][keyPath: name] == nil else { continue }
            rows.voyages[Int(index)][keyPath: name] = String(decoding: text, as: UTF8.self)
            rows.voyages[Int(index)][keyPath: line] = Int32(table.line)
        }
        rows.append(
            CSVImporter.MovementRow(
                voyage: index, from: from, to: to, capacity: capacity, weightCapacity: weightCapacity, reeferPlugs: reeferPlugs,
                departure: departure, arrival: arrival, distance: distance, co2ePerTEU: co2ePerTEU,
                cutOffStart: Int32(cutOffStart), cutOffEnd: Int32(rows.cutOffs.count), line: Int32(table.line),
                fromColumn: Int32(table.position(C.from).column), departureColumn: Int32(table.position(C.departure).column)))
        return true
    }

    /// Powers of ten that a `Double` holds exactly.
    private static let powersOfTen: [Double] = (0...22).map { exponent in (0..<exponent).reduce(1.0) { value, _ in value * 10 } }

    /// A number written as digits with an optional fraction (`1234`, `12.50`), exactly as `Double(_:)` reads
    /// its text, or `nil` for any other form.
    ///
    /// With at most 15 digits the digits are an exact `Double`, and so is ten to the power of at most 22;
    /// their quotient is then correctly rounded (Clinger's fast path), as `Double(_:)` rounds.
    static func plainDecimal(_ text: some Collection<UInt8>) -> Double? {
        var digits: UInt64 = 0
        var (count, fractionCount, hasPoint) = (0, 0, false)
        for byte in text {
            if (0x30...0x39).contains(byte) {
                guard count < 15 else { return nil }
                digits = digits * 10 + UInt64(byte - 0x30)
                count += 1
                if hasPoint { fractionCount += 1 }
            } else if byte == UInt8(ascii: "."), !hasPoint, count > 0 {
                hasPoint = true
            } else {
                return nil
            }
        }
        guard count > 0, !hasPoint || fractionCount > 0 else { return nil }
        return Double(digits) / powersOfTen[fractionCount]
    }
}
