import Foundation

/// A regular file read a piece at a time, so that its reader holds no more of it at once than it needs.
///
/// A regular file's size is known up front, and it can be read more than once (``rewind()``), first to check
/// its encoding and then for its records. Anything else (a pipe, a device) and a UTF-16 file are read whole
/// (``CSVInput/init(contentsOf:)``).
final class FileStream {
    /// The name used in diagnostics: the path as given.
    let name: String
    /// The file's size when it was opened.
    let size: Int
    /// Why reading stopped before the end of the file, if it did: the file could not be read, it grew past
    /// ``CSVFile/maximumSize``, or its end came elsewhere than its size said (it changed while it was read).
    private(set) var failure: CSVFileError?
    private let descriptor: Int32
    private var offset = 0

    /// A stream of an open regular file of at most ``CSVFile/maximumSize`` bytes, which it closes when done.
    init(name: String, size: Int, descriptor: Int32) {
        (self.name, self.size, self.descriptor) = (name, size, descriptor)
    }

    deinit { close(descriptor) }

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
            if result == 0 {
                // The end, where the size said: a file that changed while it was read is not read as it is.
                if offset + count != size { failure = .unreadable(path: name, reason: "it changed while it was read") }
                break
            }
            count += result
        }
        offset += count
        if offset > CSVFile.maximumSize {
            failure = .tooLarge(path: name)
        }
        return failure == nil ? count : 0
    }

    /// The whole file, read from its start, for a reader that needs all of it at once (a DCSA document).
    ///
    /// - Throws: ``CSVFileError`` when the file cannot be read to its end as it was opened.
    func whole() throws(CSVFileError) -> CSVFile {
        rewind()
        // A byte more than the size, to find the end where the size says.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        let count = bytes.withUnsafeMutableBytes { read(into: $0) }
        if let failure { throw failure }
        bytes.removeLast(bytes.count - count)
        return CSVFile(name: name, bytes: bytes)
    }

    /// Goes back to the file's start.
    func rewind() {
        if failure == nil && lseek(descriptor, 0, SEEK_SET) < 0 {
            failure = .unreadable(path: name, reason: String(cString: strerror(errno)))
        }
        offset = 0
    }
}
