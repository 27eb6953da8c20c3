/// Reads the records of a CSV file as RFC 4180 defines them, one at a time.
///
/// Fields may be quoted, with commas, doubled quotes and line breaks inside; lines end in LF, CRLF or CR;
/// a UTF-8 byte order mark is skipped; lines with nothing but spaces are skipped. A file that is not valid
/// UTF-8 is read as Latin-1 (ISO 8859-1), byte for byte. The reader never fails: a quote left open or text
/// after a closing quote is reported, and reading goes on. It touches each byte a bounded number of
/// times, whatever the bytes are.
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

    let bytes: [UInt8]
    /// Whether the file is read as Latin-1 because it is not valid UTF-8.
    let isLatin1: Bool
    private var position = 0
    private var line = 1
    private var lineStart = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        isLatin1 = !Self.isValidUTF8(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            position = 3
            lineStart = 3
        }
    }

    /// Reads the next record into `record`; returns `false` at the end of the file.
    mutating func next(into record: inout Record, problems: (Problem) -> Void) -> Bool {
        record.fields.removeAll(keepingCapacity: true)
        record.unquoted.removeAll(keepingCapacity: true)
        skipBlankLines()
        let count = bytes.count
        guard position < count else { return false }
        record.line = line
        while true {
            let start = position
            if bytes[position] == UInt8(ascii: "\"") {
                let opening = self.position(of: start, lineStart: lineStart, line: line)
                let fieldLine = line, fieldLineStart = lineStart
                position += 1
                let copyStart = record.unquoted.count
                var closed = false
                while position < count {
                    let byte = bytes[position]
                    if byte == UInt8(ascii: "\"") {
                        if position + 1 < count && bytes[position + 1] == UInt8(ascii: "\"") {
                            record.unquoted.append(byte)
                            position += 2
                            continue
                        }
                        position += 1
                        closed = true
                        break
                    }
                    if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && !(position + 1 < count && bytes[position + 1] == UInt8(ascii: "\n"))) {
                        line += 1
                        lineStart = position + 1
                    }
                    record.unquoted.append(byte)
                    position += 1
                }
                if !closed { problems(.unterminatedQuote(opening)) }
                var reported = false
                while position < count && !Self.endsField(bytes[position]) {
                    if !reported && bytes[position] != UInt8(ascii: " ") && bytes[position] != UInt8(ascii: "\t") {
                        problems(.textAfterClosingQuote(self.position(of: position, lineStart: lineStart, line: line)))
                        reported = true
                    }
                    position += 1
                }
                record.fields.append(Field(
                    range: copyStart..<record.unquoted.count, isQuoted: true, offset: start,
                    lineStart: fieldLineStart, line: fieldLine))
            } else {
                position = bytes.withUnsafeBufferPointer { bytes in
                    var end = start
                    while end < count && !Self.endsField(bytes[end]) { end += 1 }
                    return end
                }
                record.fields.append(Field(range: start..<position, isQuoted: false, offset: start, lineStart: lineStart, line: line))
            }
            record.end = Field(range: position..<position, isQuoted: false, offset: position, lineStart: lineStart, line: line)
            guard position < count else { return true }
            if bytes[position] == UInt8(ascii: ",") {
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

    /// The bytes of a field, unquoted and with surrounding spaces and tabs removed.
    func value(_ field: Field, in record: Record) -> ArraySlice<UInt8> {
        let source = field.isQuoted ? record.unquoted[field.range] : bytes[field.range]
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

    /// Where a field starts.
    func position(of field: Field) -> CSVPosition {
        position(of: field.offset, lineStart: field.lineStart, line: field.line)
    }

    /// The positions of fields in file order, found in one pass over their lines, where asking for each on
    /// its own would scan its line from the start every time.
    ///
    /// - Complexity: O(*n*) for *n* bytes from the first field's line start to the last field.
    func positions(of fields: [Field]) -> [CSVPosition] {
        var positions: [CSVPosition] = []
        positions.reserveCapacity(fields.count)
        var (index, column, lineStart) = (-1, 1, -1)
        for field in fields {
            if field.lineStart != lineStart || field.offset < index { (index, column, lineStart) = (field.lineStart, 1, field.lineStart) }
            while index < field.offset {
                if isLatin1 || bytes[index] & 0xC0 != 0x80 { column += 1 }
                index += 1
            }
            var at = column
            if !isLatin1 && field.offset < bytes.count && bytes[field.offset] & 0xC0 == 0x80 { at -= 1 }
            positions.append(CSVPosition(line: field.line, column: max(1, at)))
        }
        return positions
    }

    /// The position of a byte: its column counts the characters before it on its line (a UTF-8 character's
    /// continuation bytes count for nothing), plus one.
    private func position(of offset: Int, lineStart: Int, line: Int) -> CSVPosition {
        guard lineStart < offset else { return CSVPosition(line: line, column: 1) }
        var column = 1 + offset - lineStart
        if !isLatin1 {
            bytes.withUnsafeBufferPointer { bytes in
                for index in lineStart..<offset where bytes[index] & 0xC0 == 0x80 { column -= 1 }
                if offset < bytes.count && bytes[offset] & 0xC0 == 0x80 { column -= 1 }
            }
        }
        return CSVPosition(line: line, column: max(1, column))
    }

    private static func endsField(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    private mutating func consumeLineBreak() {
        if bytes[position] == UInt8(ascii: "\r") && position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "\n") {
            position += 1
        }
        position += 1
        line += 1
        lineStart = position
    }

    private mutating func skipBlankLines() {
        while position < bytes.count {
            var index = position
            while index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
            guard index == bytes.count || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r") else { return }
            position = index
            if position == bytes.count { return }
            consumeLineBreak()
        }
    }

    /// Whether the bytes are well-formed UTF-8 (no overlong forms, surrogates or values past U+10FFFF).
    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer(isValidUTF8)
    }

    private static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            // Eight bytes of ASCII at a time, the common case.
            if index + 8 <= count,
               UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
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
            default: return false
            }
            guard index + length <= count else { return false }
            guard (lowest...highest).contains(bytes[index + 1]) else { return false }
            for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }
}
