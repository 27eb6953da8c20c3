import Foundation

/// A CSV file to read: its bytes in memory, or a regular file streamed a piece at a time.
enum CSVInput {
    case file(CSVFile)
    case stream(FileStream)

    /// Opens the file at a URL, streamed when it can be (``FileStream/open(_:)``) and read whole otherwise.
    ///
    /// - Throws: ``CSVFileError`` when the path is not a readable file of at most ``CSVFile/maximumSize``
    ///   bytes.
    init(contentsOf url: URL) throws(CSVFileError) {
        if let stream = try FileStream.open(url) {
            self = .stream(stream)
        } else {
            self = .file(try CSVFile(contentsOf: url))
        }
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
