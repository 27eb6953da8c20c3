import Foundation

/// The bytes of a CSV file and the name its problems are reported under.
public struct CSVFile: Sendable {
    /// The name used in diagnostics, such as `schedule.csv`.
    public let name: String
    /// The file's contents, exactly as stored.
    public let bytes: [UInt8]

    /// Creates a file from its name and contents.
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    /// Creates a file from its name and text, as UTF-8.
    public init(name: String, text: String) {
        self.init(name: name, bytes: Array(text.utf8))
    }

    /// Reads a file; its problems are reported under the path as given.
    public init(contentsOf url: URL) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let size = Int(try handle.seekToEnd())
        try handle.seek(toOffset: 0)
        var bytes = [UInt8]()
        bytes.reserveCapacity(size)
        // Read in pieces into one array, so a large file is held once rather than twice.
        while let chunk = try handle.read(upToCount: 1 << 22), !chunk.isEmpty {
            bytes.append(contentsOf: chunk)
        }
        self.init(name: url.relativePath, bytes: bytes)
    }
}
