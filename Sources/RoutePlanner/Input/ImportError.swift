/// The problems that stop an import, every one of them up to a limit.
public struct ImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The diagnostics in file and line order: the errors, and any warnings found beside them.
    public let diagnostics: [ImportDiagnostic]
    /// The errors found beyond the limit and left out of ``diagnostics``.
    public let omittedErrorCount: Int

    /// The most errors a reader names one by one unless it is told otherwise; it counts the rest.
    public static let namedLimit = 100

    /// Creates an import error.
    public init(diagnostics: [ImportDiagnostic], omittedErrorCount: Int = 0) {
        self.diagnostics = diagnostics
        self.omittedErrorCount = omittedErrorCount
    }

    /// The errors among the diagnostics.
    public var errors: [ImportDiagnostic] { diagnostics.filter { $0.severity == .error } }

    /// One diagnostic per line, then "and N more errors" when some were left out.
    public var description: String {
        var lines = diagnostics.map(\.description)
        if omittedErrorCount > 0 {
            lines.append("and \(omittedErrorCount) more error\(omittedErrorCount == 1 ? "" : "s")")
        }
        return lines.joined(separator: "\n")
    }
}
