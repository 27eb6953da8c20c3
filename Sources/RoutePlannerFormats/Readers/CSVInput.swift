import Foundation
import RoutePlanner

/// A CSV file to read: its bytes in memory, or a regular file streamed a piece at a time.
enum CSVInput {
    case file(CSVFile)
    case stream(FileStream)

    /// Opens the file at a URL: a regular file is streamed, unless it starts with a UTF-16 byte order mark; a
    /// UTF-16 file, a pipe or a device is read whole, from the one descriptor it was opened with.
    ///
    /// - Throws: ``CSVFileError`` when the path is not a readable file of at most ``CSVFile/maximumSize``
    ///   bytes.
    init(contentsOf url: URL) throws(CSVFileError) {
        let (descriptor, status) = try CSVFile.open(url)
        let path = url.relativePath
        if status.st_mode & S_IFMT == S_IFREG {
            guard Int(status.st_size) <= CSVFile.maximumSize else {
                close(descriptor)
                throw .tooLarge(path: path)
            }
            var start: (UInt8, UInt8) = (0, 0)
            let count = withUnsafeMutableBytes(of: &start) { pread(descriptor, $0.baseAddress, 2, 0) }
            if count < 2 || !(start == (0xFF, 0xFE) || start == (0xFE, 0xFF)) {
                self = .stream(FileStream(name: path, size: Int(status.st_size), descriptor: descriptor))
                return
            }
        }
        defer { close(descriptor) }
        self = .file(try CSVFile(name: path, reading: descriptor, status: status))
    }

    /// The name used in diagnostics.
    var name: String {
        switch self {
        case .file(let file): file.name
        case .stream(let stream): stream.name
        }
    }

    /// The size in bytes, as the file had it when it was opened.
    var size: Int {
        switch self {
        case .file(let file): file.bytes.count
        case .stream(let stream): stream.size
        }
    }
}
