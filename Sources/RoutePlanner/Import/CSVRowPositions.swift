/// Where the fields of one row are in their file, so that what a caller finds wrong with the row later (an
/// unknown cargo or customer, a booking already made) is located `file:line:column` like the importer's
/// own errors.
public struct CSVRowPositions: Hashable, Sendable {
    /// The name of the file.
    public let file: String
    /// The row's first line, counted from 1.
    public let line: Int
    private let columns: [String: CSVPosition]

    init(_ table: CSVTable, columns: [Int]) {
        file = table.file
        line = table.line
        var positions: [String: CSVPosition] = [:]
        for column in columns { positions[table.name(column)] = table.position(column) }
        self.columns = positions
    }

    /// An error at a column of the row, by the column's name. An optional column the file does not have is
    /// placed at the row's end, where it would be; a name the importer does not know, at the row's start.
    public func error(_ column: String, _ message: String) -> ImportDiagnostic {
        let at = columns[column] ?? CSVPosition(line: line, column: 1)
        return ImportDiagnostic(file: file, line: at.line, column: at.column, severity: .error, message: message)
    }
}
