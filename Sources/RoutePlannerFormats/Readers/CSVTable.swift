import RoutePlanner

/// The rows of a CSV file with a header, its columns found by name.
///
/// Column names match case-insensitively and in any order. A column the table does not know is reported
/// once, as a warning, and ignored; a missing required column is an error, and then the table has no rows.
struct CSVTable {
    let file: String
    private var reader: CSVReader
    private(set) var record = CSVReader.Record()
    private let columnNames: [String]
    /// The field index of each known column, by its position in `required + optional`.
    private var fieldIndex: [Int?]
    private var headerCount = 0

    /// Reads the header; returns `nil` (after logging why) when a required column is missing.
    init?(_ file: CSVFile, required: [String], optional: [String], log: inout DiagnosticLog) {
        self.init(.file(file), required: required, optional: optional, log: &log)
    }

    /// Reads the header of a file in memory or streamed, a stream in pieces of `chunkSize` bytes; returns `nil`
    /// (after logging why) when a required column is missing.
    init?(_ input: CSVInput, chunkSize: Int = 1 << 20, required: [String], optional: [String], log: inout DiagnosticLog) {
        let name = input.name
        file = name
        switch input {
        case .file(let file): reader = CSVReader(bytes: file.bytes)
        case .stream(let stream): reader = CSVReader(stream: stream, chunkSize: chunkSize)
        }
        columnNames = required + optional
        fieldIndex = Array(repeating: nil, count: columnNames.count)
        if reader.isLatin1 {
            log.warning(name, .start, "the file is not valid UTF-8; it was read as Latin-1 (ISO 8859-1)")
        }
        guard reader.next(into: &record, problems: { [name] in Self.log($0, file: name, into: &log) }) else {
            if let failure = reader.failure {
                log.error(name, .start, failure.problem)
            } else {
                log.error(name, .start, "the file is empty; the first line must name the columns \(required.joined(separator: ", "))")
            }
            return nil
        }
        headerCount = record.fields.count
        let positions = reader.positions(of: record.fields)  // once for the line: a header may have a million names
        for (index, field) in record.fields.enumerated() {
            let name = reader.string(field, in: record).lowercased()
            if let column = columnNames.firstIndex(of: name) {
                if fieldIndex[column] == nil {
                    fieldIndex[column] = index
                } else {
                    log.warning(file, positions[index], "column \(quoted(name)) appears twice; the first one is used")
                }
            } else {
                log.warning(file, positions[index], "unknown column \(quoted(name)) is ignored")
            }
        }
        var missing = false
        for column in required.indices where fieldIndex[column] == nil {
            log.error(file, .start, "missing required column \(quoted(required[column]))")
            missing = true
        }
        if missing { return nil }
    }

    private static func log(_ problem: CSVReader.Problem, file: String, into log: inout DiagnosticLog) {
        switch problem {
        case .unterminatedQuote(let position): log.error(file, position, "quoted field is not closed before the end of the file")
        case .textAfterClosingQuote(let position): log.error(file, position, "unexpected text after a closing quote")
        }
    }

    /// Moves to the next row; returns `false` at the end of the file.
    mutating func nextRow(log: inout DiagnosticLog) -> Bool {
        let file = self.file
        var problem = false
        guard
            reader.next(
                into: &record,
                problems: {
                    Self.log($0, file: file, into: &log); problem = true
                })
        else {
            // A stream that could not be read to its end: what was read is not the file.
            if let failure = reader.failure { log.error(file, .start, failure.problem) }
            return false
        }
        if problem { rowHasSyntaxError = true } else { rowHasSyntaxError = false }
        if record.fields.count > headerCount {
            let extra = record.fields[headerCount...].filter { !reader.value($0, in: record).isEmpty }
            if let first = extra.first {
                log.error(file, reader.position(of: first), "the row has \(record.fields.count) fields but the header names \(headerCount) columns")
                rowHasSyntaxError = true
            }
        }
        return true
    }

    /// Whether the current row had a quoting problem or too many fields.
    private(set) var rowHasSyntaxError = false

    /// The line the current row starts on.
    var line: Int { record.line }

    /// Whether the file has the column at all.
    func has(_ column: Int) -> Bool { fieldIndex[column] != nil }

    /// The current row's trimmed bytes in a column; empty when the row or the file lacks the column.
    func bytes(_ column: Int) -> ArraySlice<UInt8> {
        guard let field = field(column) else { return [] }
        return reader.value(field, in: record)
    }

    /// The current row's field in a column as a range of the file's bytes, untrimmed; an empty range when the
    /// row or the file lacks the column, and `nil` when the field is quoted (its value is then a copy, not the
    /// file's bytes). For a reader of the file's bytes that does without ``bytes(_:)``'s slices.
    func unquotedRange(_ column: Int) -> Range<Int>? {
        guard let field = field(column) else { return 0..<0 }
        return field.isQuoted ? nil : field.range
    }

    /// Calls `body` with the table, bytes of the file that hold the current row, and the offset in the file of
    /// the first of them, which ``unquotedRange(_:)``'s ranges are offsets from.
    ///
    /// The table is passed to `body` rather than captured by it, which would copy it for every row.
    func withCurrentBytes<Result>(_ body: (borrowing CSVTable, UnsafeBufferPointer<UInt8>, Int) -> Result) -> Result {
        reader.withWindow { body(self, $0, $1) }
    }

    /// The current row's trimmed text in a column, without the `'` that ``CSVWriter/field(_:)`` puts before a text
    /// a spreadsheet would take for a formula; empty when the row or the file lacks the column.
    func text(_ column: Int) -> String {
        guard let field = field(column) else { return "" }
        return CSVWriter.unescaped(reader.string(field, in: record))
    }

    /// Where the current row's value in a column starts, or where the row ends when it has none.
    /// Where the fields of the current row are, for the columns at these indices.
    func positions(of columns: [Int]) -> RowPositions {
        var positions: [String: RowPositions.Position] = [:]
        for column in columns {
            let at = position(column)
            positions[name(column)] = RowPositions.Position(line: at.line, column: at.column)
        }
        return RowPositions(file: file, line: line, columns: positions)
    }

    func position(_ column: Int) -> CSVPosition {
        reader.position(of: field(column) ?? record.end)
    }

    /// The name of a column.
    func name(_ column: Int) -> String { columnNames[column] }

    private func field(_ column: Int) -> CSVReader.Field? {
        guard let index = fieldIndex[column], index < record.fields.count else { return nil }
        return record.fields[index]
    }
}
