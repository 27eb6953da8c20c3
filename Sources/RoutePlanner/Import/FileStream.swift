import Foundation

/// A regular file read a piece at a time, so that its reader holds no more of it at once than it needs.
///
/// Only a regular file in UTF-8 (or ASCII, or Latin-1) is streamed: its size is known up front, and it can be
/// read more than once (``rewind()``), first to check its encoding and then for its records. Anything else,
/// a pipe, a device or a UTF-16 file, is read whole by ``CSVFile/init(contentsOf:)``.
final class FileStream {
    /// The name used in diagnostics: the path as given.
    let name: String
    /// The file's size when it was opened.
    let size: Int
    /// Why reading stopped before the end of the file, if it did: the file could not be read, or it grew past
    /// ``CSVFile/maximumSize`` while it was read.
    private(set) var failure: CSVFileError?
    private let descriptor: Int32
    private var offset = 0

    private init(name: String, size: Int, descriptor: Int32) {
        (self.name, self.size, self.descriptor) = (name, size, descriptor)
    }

    deinit { close(descriptor) }

    /// Opens a file to stream it; returns `nil` for a file to read whole instead: not a regular file, or one
    /// that starts with a UTF-16 byte order mark.
    ///
    /// - Throws: ``CSVFileError`` as ``CSVFile/init(contentsOf:)`` does: the path is not a readable file of at
    ///   most ``CSVFile/maximumSize`` bytes.
    static func open(_ url: URL) throws(CSVFileError) -> FileStream? {
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
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            if status.st_mode & S_IFMT == S_IFDIR { throw .isDirectory(path: path) }
            return nil
        }
        let stream = FileStream(name: path, size: Int(status.st_size), descriptor: descriptor)
        guard stream.size <= CSVFile.maximumSize else { throw .tooLarge(path: path) }
        var start: (UInt8, UInt8) = (0, 0)
        let count = withUnsafeMutableBytes(of: &start) { stream.read(into: $0) }
        if let failure = stream.failure { throw failure }
        guard count < 2 || !(start == (0xFF, 0xFE) || start == (0xFE, 0xFF)) else { return nil }
        stream.rewind()
        return stream
    }

    /// Reads the next bytes of the file into a buffer, as many as it holds where the file has them; returns how
    /// many it read, 0 at the end of the file or when reading fails (``failure`` then says why).
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard failure == nil else { return 0 }
        var count = 0
        while count < buffer.count {
            let result = Foundation.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            if result < 0 {
                if errno == EINTR { continue }
                failure = .unreadable(path: name, reason: String(cString: strerror(errno)))
                return 0
            }
            if result == 0 { break }
            count += result
        }
        offset += count
        if offset > CSVFile.maximumSize {
            failure = .tooLarge(path: name)
            return 0
        }
        return count
    }

    /// Goes back to the file's start.
    func rewind() {
        if failure == nil && lseek(descriptor, 0, SEEK_SET) < 0 {
            failure = .unreadable(path: name, reason: String(cString: strerror(errno)))
        }
        offset = 0
    }
}
