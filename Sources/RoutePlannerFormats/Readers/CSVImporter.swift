import RoutePlanner

/// Reads locations, schedules and bookings from the CSV files planners export from their spreadsheets.
///
/// Every problem is reported with its file, line and column, all at once, up to ``errorLimit`` errors
/// ("and N more" counts the rest). By default an import is all or nothing: any error throws
/// `ImportError`. In lenient mode rows with errors are skipped, each reported, and the rest is
/// imported; warnings never stop an import. The formats are documented in docs/CSV.md.
public struct CSVImporter: Sendable {
    /// What to do with rows that have errors.
    public enum Mode: Sendable {
        /// Any error stops the import.
        case strict
        /// Rows with errors are skipped and reported; a voyage with a broken chain is skipped whole.
        case lenient
    }

    public var mode: Mode
    /// The most errors reported one by one, from 1 to a million (a value outside is taken as the nearer
    /// bound).
    public var errorLimit: Int {
        didSet { errorLimit = min(max(errorLimit, 1), 1_000_000) }
    }
    /// The UN/LOCODE list that location codes are checked against, if any.
    public var reference: UnLocodeDirectory?

    /// Whether a schedule takes the fast paths: plain rows read straight from the file's bytes
    /// (``MovementRowReader``), and the network built straight from the rows. Off only in the test that checks
    /// that the fast and the general paths import every file alike.
    var takesFastPaths = true

    /// How many bytes of a streamed schedule are read at a time; smaller only in the tests that read records
    /// across the pieces' ends.
    var streamChunkSize = 1 << 20

    /// The transshipment time of a location whose file gives none: 24 hours.
    public static let defaultTransshipmentHours = 24.0

    /// Creates an importer.
    public init(mode: Mode = .strict, errorLimit: Int = ImportError.namedLimit, reference: UnLocodeDirectory? = nil) {
        self.mode = mode
        self.errorLimit = min(max(errorLimit, 1), 1_000_000)
        self.reference = reference
    }
}
