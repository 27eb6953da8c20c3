/// Where the fields of one row are in their file, so that what a caller finds wrong with the row later (an
/// unknown cargo or customer, a booking already made) is located `file:line:column` like the reader's own errors.
public struct RowPositions: Hashable, Sendable {
    /// A line and a column in a file, both counted from 1.
    public struct Position: Hashable, Sendable {
        public let line: Int
        public let column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    /// The name of the file.
    public let file: String
    /// The row's first line, counted from 1.
    public let line: Int
    private let columns: [String: Position]

    /// Creates the positions of a row from those of its fields, by column name.
    public init(file: String, line: Int, columns: [String: Position]) {
        self.file = file
        self.line = line
        self.columns = columns
    }

    /// An error at a column of the row, by the column's name. An optional column the file does not have is
    /// placed at the row's end, where it would be; a name the reader does not know, at the row's start.
    public func error(_ column: String, _ message: String) -> ImportDiagnostic {
        let at = columns[column] ?? Position(line: line, column: 1)
        return ImportDiagnostic(file: file, line: at.line, column: at.column, severity: .error, message: message)
    }
}
