/// A problem found in an input file, at a line and a column, worded like a compiler's.
///
/// Its description reads `schedule.csv:12:5: error: unknown location "XXXXX" (not in locations.csv)`; a
/// problem of a JSON document is located by its JSON path instead:
/// `schedule.json: $[3].vesselSchedules[0].transportCalls[5]: error: no DEPA timestamp`.
public struct ImportDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious a problem is.
    public enum Severity: String, Hashable, Sendable {
        /// The input cannot be used as it is.
        case error
        /// The input is used, but something in it was probably not meant.
        case warning
    }

    /// The name of the file.
    public let file: String
    /// The line, counted from 1.
    public let line: Int
    /// The column, counted in characters from 1.
    public let column: Int
    /// The JSON path of the value the problem is about, in a JSON document; `nil` elsewhere.
    public let path: String?
    public let severity: Severity
    /// What is wrong, in words a planner understands.
    public let message: String

    /// Creates a diagnostic.
    public init(file: String, line: Int, column: Int, path: String? = nil, severity: Severity, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.severity = severity
        self.message = message
    }

    public var description: String {
        if let path { return "\(file): \(path): \(severity.rawValue): \(message)" }
        return "\(file):\(line):\(column): \(severity.rawValue): \(message)"
    }
}
