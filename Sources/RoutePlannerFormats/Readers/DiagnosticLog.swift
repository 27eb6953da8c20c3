import RoutePlanner

/// Collects the diagnostics of an import, keeping at most a limit of errors and counting the rest.
struct DiagnosticLog {
    private(set) var diagnostics: [ImportDiagnostic] = []
    private(set) var errorCount = 0
    let errorLimit: Int

    init(errorLimit: Int) {
        self.errorLimit = errorLimit
    }

    var hasErrors: Bool { errorCount > 0 }
    var omittedErrorCount: Int { max(0, errorCount - errorLimit) }

    mutating func error(_ file: String, _ position: CSVPosition, path: String? = nil, _ message: String) {
        errorCount += 1
        guard errorCount <= errorLimit else { return }
        diagnostics.append(ImportDiagnostic(file: file, line: position.line, column: position.column, path: path, severity: .error, message: message))
    }

    mutating func warning(_ file: String, _ position: CSVPosition, path: String? = nil, _ message: String) {
        guard diagnostics.count < errorLimit * 10 else { return }
        diagnostics.append(ImportDiagnostic(file: file, line: position.line, column: position.column, path: path, severity: .warning, message: message))
    }

    /// Counts errors that were found beyond another log's limit and never listed.
    mutating func countOmittedErrors(_ count: Int) {
        errorCount += max(0, count)
    }

    /// The diagnostics sorted by file, line and column, keeping the order of those at one place.
    var sorted: [ImportDiagnostic] {
        diagnostics.enumerated().sorted { a, b in
            (a.element.file, a.element.line, a.element.column, a.offset) < (b.element.file, b.element.line, b.element.column, b.offset)
        }.map(\.element)
    }

    func importError() -> ImportError {
        ImportError(diagnostics: sorted, omittedErrorCount: omittedErrorCount)
    }

    mutating func append(_ other: DiagnosticLog) {
        for diagnostic in other.diagnostics {
            let position = CSVPosition(line: diagnostic.line, column: diagnostic.column)
            if diagnostic.severity == .error {
                error(diagnostic.file, position, path: diagnostic.path, diagnostic.message)
            } else {
                warning(diagnostic.file, position, path: diagnostic.path, diagnostic.message)
            }
        }
        errorCount += other.omittedErrorCount
    }
}

/// A line and a column in a file, both counted from 1.
struct CSVPosition: Hashable {
    var line: Int
    var column: Int
    static let start = CSVPosition(line: 1, column: 1)
}
