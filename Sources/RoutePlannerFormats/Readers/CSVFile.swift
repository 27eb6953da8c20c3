import Foundation
import RoutePlanner

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

    /// The most bytes a file may hold: a bound on memory for a device such as `/dev/zero` or an endless pipe.
    public static let maximumSize = 1 << 28

    /// Reads a file, a pipe or a device; its problems are reported under the path as given.
    ///
    /// A UTF-16 file (with its byte order mark) is read as its UTF-8 text.
    ///
    /// - Throws: ``CSVFileError`` when the path is not a readable file of at most ``maximumSize`` bytes.
    public init(contentsOf url: URL) throws(CSVFileError) {
        let (descriptor, status) = try Self.open(url)
        defer { close(descriptor) }
        try self.init(name: url.relativePath, reading: descriptor, status: status)
    }

    /// Opens a path for reading, and tells what it is.
    ///
    /// - Throws: ``CSVFileError`` when the path does not exist, is a directory, or cannot be opened.
    static func open(_ url: URL) throws(CSVFileError) -> (descriptor: Int32, status: stat) {
        let path = url.relativePath
        let descriptor = Foundation.open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw errno == ENOENT ? .notFound(path: path) : .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .unreadable(path: path, reason: reason)
        }
        guard status.st_mode & S_IFMT != S_IFDIR else {
            close(descriptor)
            throw .isDirectory(path: path)
        }
        return (descriptor, status)
    }

    /// Reads the whole of an open file, a pipe or a device (which the caller closes), as ``init(contentsOf:)``
    /// does: a pipe is read from the descriptor it was opened with, since opening it again would lose what its
    /// writer wrote or wait for another writer.
    init(name path: String, reading descriptor: Int32, status: stat) throws(CSVFileError) {
        let expected = status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : 0
        guard expected <= Self.maximumSize else { throw .tooLarge(path: path) }
        var bytes = [UInt8]()
        bytes.reserveCapacity(expected)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            guard bytes.count + count <= Self.maximumSize else { throw .tooLarge(path: path) }
            buffer.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count])) }
        }
        self.init(name: path, bytes: Self.utf8(bytes))
    }

    /// The bytes as UTF-8: UTF-16 with a byte order mark is converted, anything else is kept as it is.
    private static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 2, bytes[0] == 0xFF && bytes[1] == 0xFE || bytes[0] == 0xFE && bytes[1] == 0xFF else { return bytes }
        let littleEndian = bytes[0] == 0xFF
        let units = stride(from: 2, to: bytes.count - 1, by: 2).map { index in
            littleEndian ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8 : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }
}

/// Why a file could not be read.
public enum CSVFileError: Error, Hashable, Sendable, CustomStringConvertible {
    case notFound(path: String)
    case isDirectory(path: String)
    /// The file holds more than ``CSVFile/maximumSize`` bytes.
    case tooLarge(path: String)
    /// The system refused, for the reason given (such as "Permission denied").
    case unreadable(path: String, reason: String)

    /// The path.
    public var path: String {
        switch self {
        case .notFound(let path), .isDirectory(let path), .tooLarge(let path), .unreadable(let path, _): path
        }
    }

    /// What is wrong, without the path: "no such file", "is a directory, not a file", ….
    public var problem: String {
        switch self {
        case .notFound: "no such file"
        case .isDirectory: "is a directory, not a file"
        case .tooLarge: "holds more than \(CSVFile.maximumSize >> 20) MiB, more than a CSV file of schedules or bookings can"
        case .unreadable(_, let reason): "cannot be read: \(reason)"
        }
    }

    public var description: String { "\(path): \(problem)" }
}
