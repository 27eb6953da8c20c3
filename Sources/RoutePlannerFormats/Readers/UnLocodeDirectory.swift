import RoutePlanner

/// The UN/LOCODE code list: which codes exist, and their names, functions and coordinates.
///
/// Load it from the project's derived list (`Data/unlocode/unlocode-2023-1.csv`, columns `unlocode`,
/// `name`, `country`, `subdivision`, `function`, `latitude`, `longitude`) to tell a code that exists but is
/// not in a network from one that does not exist anywhere, such as the DDD sample's `JNTKO`. The function
/// flags are informational: busy ports such as CNSHA lack the port flag in release 2023-1.
public struct UnLocodeDirectory: Sendable {
    /// One code of the list.
    public struct Entry: Hashable, Sendable {
        public let code: UnLocode
        public let name: String
        /// The subdivision (state, province) code, when given.
        public let subdivision: String
        /// The function flags as UNECE writes them, such as `1-3-----` (1 port, 2 rail, 3 road, 4 airport,
        /// 5 postal, 6 inland clearance depot, 7 fixed transport, B border crossing).
        public let function: String
        public let coordinates: Coordinates?

        /// Whether the list marks the location as a port.
        public var isPort: Bool { function.hasPrefix("1") }
    }

    /// The release the list comes from, such as "2023-1".
    public let release: String
    private let entries: [UnLocode: Entry]

    /// Reads the list from a CSV file with the columns named above.
    ///
    /// - Throws: `ImportError` when the file has errors.
    public init(_ file: CSVFile, release: String) throws(ImportError) {
        var log = DiagnosticLog(errorLimit: ImportError.namedLimit)
        var entries: [UnLocode: Entry] = [:]
        if var table = CSVTable(
            file, required: ["unlocode", "name"], optional: ["country", "subdivision", "function", "latitude", "longitude"],
            log: &log)
        {
            entries.reserveCapacity(120_000)
            while table.nextRow(log: &log) {
                guard let code = UnLocode(table.text(0)) else {
                    log.error(file.name, table.position(0), "malformed UN/LOCODE \(quoted(table.text(0)))")
                    continue
                }
                let coordinates: Coordinates? = {
                    guard let latitude = Double(table.text(5)), let longitude = Double(table.text(6)),
                        (-90...90).contains(latitude), (-180...180).contains(longitude)
                    else { return nil }
                    return Coordinates(latitude: latitude, longitude: longitude)
                }()
                entries[code] = Entry(
                    code: code, name: table.text(1), subdivision: table.text(3), function: table.text(4), coordinates: coordinates)
            }
        }
        if log.hasErrors { throw log.importError() }
        self.release = release
        self.entries = entries
    }

    /// The number of codes in the list.
    public var count: Int { entries.count }

    /// Returns the entry for a code, or `nil` when the code does not exist.
    public func entry(_ code: UnLocode) -> Entry? { entries[code] }
}
