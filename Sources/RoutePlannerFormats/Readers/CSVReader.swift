import RoutePlanner

/// Reads the records of a CSV file as RFC 4180 defines them, one at a time.
///
/// Fields may be quoted, with commas, doubled quotes and line breaks inside; lines end in LF, CRLF or CR;
/// a UTF-8 byte order mark is skipped; lines with nothing but spaces are skipped. A file that is not valid
/// UTF-8 is read as Latin-1 (ISO 8859-1), byte for byte. The reader never fails: a quote left open or text
/// after a closing quote is reported, and reading goes on. Its work is linear in the file's length, whatever
/// the bytes are.
///
/// A reader made from a ``FileStream`` holds only a window of the file: the current record and what has been
/// read past it, a piece of ``chunkSize`` bytes at a time. Fields and positions are still offsets in the file.
/// A record that reaches the end of the window is read again once more of the file is in, so a record may
/// be of any length; the window then grows to hold it.
///
/// - Complexity: O(*n*) for a file of *n* bytes.
struct CSVReader {
    /// One field of a record: bytes of the file, or of the record's unquoted copy when it was quoted.
    struct Field {
        var range: Range<Int>
        var isQuoted: Bool
        /// The byte offset of the field's first byte, and of the start of its line, in the file.
        var offset: Int
        var lineStart: Int
        var line: Int
    }

    /// A record: its fields, and the line it starts on.
    struct Record {
        var fields: [Field] = []
        var unquoted: [UInt8] = []
        var line = 0
        /// Where the record ends, for a message about a missing value.
        var end = Field(range: 0..<0, isQuoted: false, offset: 0, lineStart: 0, line: 0)
    }

    enum Problem {
        case unterminatedQuote(CSVPosition)
        case textAfterClosingQuote(CSVPosition)
    }

    /// Bytes `base ..< base + window.count` of the file: all of it for a file read whole.
    private var window: [UInt8]
    private var base = 0
    /// The file to read more of, or `nil` when the window holds all of it.
    private let stream: FileStream?
    /// How many bytes of a stream are read at a time.
    let chunkSize: Int
    /// Whether the window reaches the end of the file.
    private var isAtEnd: Bool
    /// Where a stream's next bytes are read before they join the window.
    private var piece: [UInt8] = []
    /// Whether the file is read as Latin-1 because it is not valid UTF-8.
    let isLatin1: Bool
    private var position = 0
    private var line = 1
    private var lineStart = 0

    /// A reader of a file read whole.
    init(bytes: [UInt8]) {
        window = bytes
        stream = nil
        chunkSize = bytes.count
        isAtEnd = true
        isLatin1 = !Self.isValidUTF8(bytes)
        skipByteOrderMark()
    }

    /// A reader of a stream, which it reads once to check its encoding and then a piece at a time: pieces of
    /// `chunkSize` bytes, or of the whole file and a byte more (to find its end) when that is less.
    init(stream: FileStream, chunkSize: Int = 1 << 20) {
        self.stream = stream
        self.chunkSize = max(min(chunkSize, stream.size + 1), 1)
        window = []
        window.reserveCapacity(self.chunkSize)
        isAtEnd = false
        isLatin1 = !Self.isValidUTF8(stream, chunkSize: self.chunkSize)
        stream.rewind()
        while window.count < 3 && !isAtEnd { extend(keepingFrom: 0) }
        skipByteOrderMark()
    }

    /// Why a stream could not be read to its end, if it could not.
    var failure: CSVFileError? { stream?.failure }

    /// One past the last byte of the window, as an offset in the file.
    private var end: Int { base + window.count }

    private mutating func skipByteOrderMark() {
        if window.starts(with: [0xEF, 0xBB, 0xBF]) {
            position = 3
            lineStart = 3
        }
    }

    /// Reads more of the stream into the window, dropping the window's bytes before `keep`; at the end of the
    /// file, it only notes that.
    ///
    /// Each extension reads at least as much as the window keeps, so a record longer than a piece is read again
    /// a logarithmic number of times, at a cost linear in its length in all.
    private mutating func extend(keepingFrom keep: Int) {
        guard let stream, !isAtEnd else { return }
        window.removeFirst(keep - base)
        base = keep
        let room = max(chunkSize, window.count)
        if piece.count < room { piece = [UInt8](repeating: 0, count: room) }
        let count = piece.withUnsafeMutableBytes { stream.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[..<room])) }
        window.append(contentsOf: piece[..<count])
        if count == 0 { isAtEnd = true }
    }

    /// Reads the next record into `record`; returns `false` at the end of the file.
    mutating func next(into record: inout Record, problems: (Problem) -> Void) -> Bool {
        skipBlankLines()
        while true {
            let start = (position, line, lineStart)
            var found: [Problem] = []
            let isRecord = read(into: &record) { found.append($0) }
            // A stream that could not be read to its end ends here, without the record it may have cut short.
            if failure != nil { return false }
            // A record that reaches the end of the window may go on past it: read it again with more of the file.
            if position < end || isAtEnd {
                found.forEach(problems)
                return isRecord
            }
            (position, line, lineStart) = start
            extend(keepingFrom: lineStart)
        }
    }

    /// Reads a record from the window, as if the window ended the file.
    private mutating func read(into record: inout Record, problems: (Problem) -> Void) -> Bool {
        record.fields.removeAll(keepingCapacity: true)
        record.unquoted.removeAll(keepingCapacity: true)
        let count = end
        guard position < count else { return false }
        record.line = line
        while true {
            let start = position
            if byte(position) == UInt8(ascii: "\"") {
                let opening = self.position(of: start, lineStart: lineStart, line: line)
                let fieldLine = line, fieldLineStart = lineStart
                position += 1
                let copyStart = record.unquoted.count
                var closed = false
                while position < count {
                    let character = byte(position)
                    if character == UInt8(ascii: "\"") {
                        if position + 1 < count && byte(position + 1) == UInt8(ascii: "\"") {
                            record.unquoted.append(character)
                            position += 2
                            continue
                        }
                        position += 1
                        closed = true
                        break
                    }
                    if character == UInt8(ascii: "\n")
                        || (character == UInt8(ascii: "\r") && !(position + 1 < count && byte(position + 1) == UInt8(ascii: "\n")))
                    {
                        line += 1
                        lineStart = position + 1
                    }
                    record.unquoted.append(character)
                    position += 1
                }
                if !closed { problems(.unterminatedQuote(opening)) }
                var reported = false
                while position < count && !Self.endsField(byte(position)) {
                    if !reported && byte(position) != UInt8(ascii: " ") && byte(position) != UInt8(ascii: "\t") {
                        problems(.textAfterClosingQuote(self.position(of: position, lineStart: lineStart, line: line)))
                        reported = true
                    }
                    position += 1
                }
                record.fields.append(
                    Field(
                        range: copyStart..<record.unquoted.count, isQuoted: true, offset: start,
                        lineStart: fieldLineStart, line: fieldLine))
            } else {
                position = window.withUnsafeBufferPointer { [base] bytes in
                    var index = start - base
                    let limit = count - base
                    // Eight bytes at a time, then byte by byte in the window's last seven.
                    while index + 8 <= limit {
                        let ends = Self.fieldEnds(UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)))
                        if ends != 0 { return index + ends.trailingZeroBitCount / 8 + base }
                        index += 8
                    }
                    while index < limit && !Self.endsField(bytes[index]) { index += 1 }
                    return index + base
                }
                record.fields.append(Field(range: start..<position, isQuoted: false, offset: start, lineStart: lineStart, line: line))
            }
            record.end = Field(range: position..<position, isQuoted: false, offset: position, lineStart: lineStart, line: line)
            guard position < count else { return true }
            if byte(position) == UInt8(ascii: ",") {
                position += 1
                if position == count {
                    record.fields.append(Field(range: position..<position, isQuoted: false, offset: position, lineStart: lineStart, line: line))
                    return true
                }
                continue
            }
            consumeLineBreak()
            return true
        }
    }

    /// The byte at an offset of the file, in the window.
    private func byte(_ offset: Int) -> UInt8 { window[offset - base] }

    /// Calls `body` with the window's bytes and the offset in the file of the first of them; the current
    /// record's fields are among them.
    func withWindow<Result>(_ body: (UnsafeBufferPointer<UInt8>, Int) -> Result) -> Result {
        window.withUnsafeBufferPointer { body($0, base) }
    }

    /// The bytes of a field, unquoted and with surrounding spaces and tabs removed.
    func value(_ field: Field, in record: Record) -> ArraySlice<UInt8> {
        let source = field.isQuoted ? record.unquoted[field.range] : window[(field.range.lowerBound - base)..<(field.range.upperBound - base)]
        var lower = source.startIndex, upper = source.endIndex
        while lower < upper && (source[lower] == 0x20 || source[lower] == 0x09) { lower += 1 }
        while upper > lower && (source[upper - 1] == 0x20 || source[upper - 1] == 0x09) { upper -= 1 }
        return source[lower..<upper]
    }

    /// The text of a field, unquoted and trimmed.
    func string(_ field: Field, in record: Record) -> String {
        let slice = value(field, in: record)
        if isLatin1 { return String(String.UnicodeScalarView(slice.map { Unicode.Scalar($0) })) }
        return String(decoding: slice, as: UTF8.self)
    }

    /// Where a field of the current record starts.
    func position(of field: Field) -> CSVPosition {
        position(of: field.offset, lineStart: field.lineStart, line: field.line)
    }

    /// The positions of fields of the current record in file order, found in one pass over their lines, where
    /// asking for each on its own would scan its line from the start every time.
    ///
    /// - Complexity: O(*n*) for *n* bytes from the first field's line start to the last field.
    func positions(of fields: [Field]) -> [CSVPosition] {
        var positions: [CSVPosition] = []
        positions.reserveCapacity(fields.count)
        var (index, column, lineStart) = (-1, 1, -1)
        for field in fields {
            if field.lineStart != lineStart || field.offset < index { (index, column, lineStart) = (field.lineStart, 1, field.lineStart) }
            while index < field.offset {
                if isLatin1 || byte(index) & 0xC0 != 0x80 { column += 1 }
                index += 1
            }
            var at = column
            if !isLatin1 && field.offset < end && byte(field.offset) & 0xC0 == 0x80 { at -= 1 }
            positions.append(CSVPosition(line: field.line, column: max(1, at)))
        }
        return positions
    }

    /// The position of a byte of the current record: its column counts the characters before it on its line (a
    /// UTF-8 character's continuation bytes count for nothing), plus one.
    private func position(of offset: Int, lineStart: Int, line: Int) -> CSVPosition {
        guard lineStart < offset else { return CSVPosition(line: line, column: 1) }
        var column = 1 + offset - lineStart
        if !isLatin1 {
            window.withUnsafeBufferPointer { bytes in
                var index = lineStart - base
                // Eight bytes at a time where they are ASCII, the common case.
                while index + 8 <= offset - base,
                    UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    index += 8
                }
                for index in index..<(offset - base) where bytes[index] & 0xC0 == 0x80 { column -= 1 }
                if offset < end && bytes[offset - base] & 0xC0 == 0x80 { column -= 1 }
            }
        }
        return CSVPosition(line: line, column: max(1, column))
    }

    private static func endsField(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// Eight bytes read as a little-endian word, with the high bit of each byte that ends a field set and any of
    /// the bytes after it possibly set: the first such byte is the word's lowest set bit.
    static func fieldEnds(_ word: UInt64) -> UInt64 {
        /// The bytes of a word that are zero: the subtraction borrows into a byte's high bit only through a zero
        /// byte, or through a borrow from the zero byte below it, or where the byte had it set, which `~word` rules out.
        func zeroBytes(_ word: UInt64) -> UInt64 {
            (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
        }
        return zeroBytes(word ^ 0x2C2C_2C2C_2C2C_2C2C) | zeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A) | zeroBytes(word ^ 0x0D0D_0D0D_0D0D_0D0D)
    }

    private mutating func consumeLineBreak() {
        if byte(position) == UInt8(ascii: "\r") && position + 1 < end && byte(position + 1) == UInt8(ascii: "\n") {
            position += 1
        }
        position += 1
        line += 1
        lineStart = position
    }

    /// Skips lines with nothing but spaces and tabs, reading more of a stream as it needs to.
    private mutating func skipBlankLines() {
        while true {
            var index = position
            while index < end && (byte(index) == 0x20 || byte(index) == 0x09) { index += 1 }
            // A line that reaches the end of the window, or a CR there that an LF may follow, needs more of the file.
            if !isAtEnd && (index == end || index + 1 == end && byte(index) == UInt8(ascii: "\r")) {
                extend(keepingFrom: lineStart)
                continue
            }
            guard index == end || byte(index) == UInt8(ascii: "\n") || byte(index) == UInt8(ascii: "\r") else { return }
            position = index
            if position == end { return }
            consumeLineBreak()
        }
    }

    /// Whether a stream is well-formed UTF-8, read a piece at a time to its end.
    private static func isValidUTF8(_ stream: FileStream, chunkSize: Int) -> Bool {
        var buffer = [UInt8](repeating: 0, count: chunkSize + 3)
        var carried = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { stream.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[carried...])) }
            if count == 0 { return carried == 0 }
            let filled = carried + count
            guard let valid = buffer.withUnsafeBufferPointer({ validUTF8Prefix(UnsafeBufferPointer(rebasing: $0[..<filled])) }) else {
                return false
            }
            // A character cut at the piece's end is checked with the next piece.
            carried = filled - valid
            for index in 0..<carried { buffer[index] = buffer[valid + index] }
        }
    }

    /// Whether the bytes are well-formed UTF-8 (no overlong forms, surrogates or values past U+10FFFF).
    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { validUTF8Prefix($0) == $0.count }
    }

    /// How many of the bytes are well-formed UTF-8 up to a character cut off by their end, or `nil` when they
    /// are not well-formed.
    private static func validUTF8Prefix(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            // Eight bytes of ASCII at a time, the common case.
            if index + 8 <= count,
                UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
                continue
            }
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            let length: Int
            var lowest: UInt8 = 0x80, highest: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lowest = 0xA0
            case 0xE1...0xEC, 0xEE, 0xEF: length = 3
            case 0xED: length = 3; highest = 0x9F
            case 0xF0: length = 4; lowest = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; highest = 0x8F
            default: return nil
            }
            guard index + length <= count else { return index }
            guard (lowest...highest).contains(bytes[index + 1]) else { return nil }
            for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 { return nil }
            index += length
        }
        return count
    }
}
