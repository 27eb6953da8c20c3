/// What an import produced, with the warnings and, in lenient mode, the errors of the rows it skipped.
public struct ImportResult<Value: Sendable>: Sendable {
    /// The imported value.
    public let value: Value
    /// The diagnostics in file and line order.
    public let diagnostics: [ImportDiagnostic]
    /// The errors beyond the importer's limit that are not among the diagnostics.
    public let omittedErrorCount: Int
    /// The number of rows skipped because of errors (lenient mode only).
    public let skippedRowCount: Int

    public init(value: Value, diagnostics: [ImportDiagnostic], omittedErrorCount: Int = 0, skippedRowCount: Int = 0) {
        self.value = value
        self.diagnostics = diagnostics
        self.omittedErrorCount = omittedErrorCount
        self.skippedRowCount = skippedRowCount
    }

    /// The result with the value transformed and the same diagnostics.
    public func map<T>(_ transform: (Value) -> T) -> ImportResult<T> {
        ImportResult<T>(value: transform(value), diagnostics: diagnostics, omittedErrorCount: omittedErrorCount, skippedRowCount: skippedRowCount)
    }
}
