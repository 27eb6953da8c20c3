import Foundation
import RoutePlanner

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
    /// A file of 8 MB or more is read in two halves side by side, one per core: most of the time goes to the
    /// kernel's copying of it and the first touch of each page of memory it fills, which the halves then share.
    ///
    /// - Throws: ``CSVFileError`` when the file cannot be read to its end as it was opened: it cannot be read, or
    ///   it ends before its size or goes on past it (it changed while it was read).
    func whole() throws(CSVFileError) -> CSVFile {
        rewind()
        let size = self.size
        let changed = CSVFileError.unreadable(path: name, reason: "it changed while it was read")
        let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            // A byte more than the size, to find the end where the size says.
            let whole = UnsafeMutableRawBufferPointer(buffer)
            guard size >= 8 << 20, failure == nil else {
                count = read(into: whole)
                if count > size { (failure, count) = (changed, 0) }
                return
            }
            nonisolated(unsafe) let target = whole
            nonisolated(unsafe) var first = RangeRead.short, second = RangeRead.short
            let descriptor = self.descriptor
            DispatchQueue.concurrentPerform(iterations: 2) { half in
                if half == 0 {
                    first = Self.read(descriptor, 0..<(size / 2), into: target)
                } else {
                    second = Self.read(descriptor, (size / 2)..<size, into: target)
                }
            }
            switch (first, second, Self.read(descriptor, size..<(size + 1), into: target)) {
            case (.full, .full, .short): count = size
            case (.failed(let reason), _, _), (_, .failed(let reason), _), (_, _, .failed(let reason)):
                (failure, count) = (.unreadable(path: name, reason: reason), 0)
            default: (failure, count) = (changed, 0)
            }
            offset = count
        }
        if let failure { throw failure }
        return CSVFile(name: name, bytes: bytes)
    }

    /// How reading a range of a file went: all of it, the file ended before the range did, or it failed (why).
    private enum RangeRead {
        case full, short, failed(String)
    }

    /// Reads the bytes of `range` of the file at `descriptor` into the same offsets of `buffer`, with `pread`,
    /// so that two threads may read two ranges at once.
    private static func read(_ descriptor: Int32, _ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) -> RangeRead {
        var at = range.lowerBound
        while at < range.upperBound {
            let result = pread(descriptor, buffer.baseAddress! + at, range.upperBound - at, off_t(at))
            if result < 0 {
                if errno == EINTR { continue }
                return .failed(String(cString: strerror(errno)))
            }
            if result == 0 { return .short }
            at += result
        }
        return .full
    }

    /// Goes back to the file's start.
    func rewind() {
        if failure == nil && lseek(descriptor, 0, SEEK_SET) < 0 {
            failure = .unreadable(path: name, reason: String(cString: strerror(errno)))
        }
        offset = 0
    }
}
