import Foundation
import RoutePlanner

/// Reads JSON text (RFC 8259) value by value, in place, without building a tree.
///
/// A reader walks the document in its own order: it asks what kind of value comes next, enters objects and
/// arrays, reads keys and strings as byte ranges of the text, and skips what it does not need. Nothing is
/// copied but what the reader decodes, so a document of hundreds of megabytes reads in one pass with no
/// memory beyond its bytes. Nesting is limited to ``maximumDepth``.
///
/// Text that is not JSON ends the reading (a ``SyntaxError`` thrown), except where the reading can go on: a string's
/// invalid escape or raw control character, and a key given twice in an object the scanner skips. Those are kept
/// in ``flaws``, for the reader to report with the place it knows.
///
/// - Complexity: Every byte is read a bounded number of times.
struct JSONScanner {
    /// The kinds of JSON value.
    enum Kind: String {
        case object, array, string, number, boolean = "true or false", null
    }

    /// Text that is not JSON, at a byte offset: reading stops there.
    struct SyntaxError: Error {
        var offset: Int
        var message: String
    }

    static let maximumDepth = 256

    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var index = 0
    private var depth = 0
    /// What is not JSON but did not stop the reading, in the order found; the reader takes them with
    /// ``takeFlaws()``.
    private(set) var flaws: [SyntaxError] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // A UTF-8 byte order mark is not JSON, but editors write one.
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
    }

    /// A scanner of a part of `bytes`: from `index`, inside an array entered before it (at the start of an element
    /// other than the first, after its comma), to the end.
    init(_ bytes: UnsafeBufferPointer<UInt8>, insideArrayAt index: Int) {
        self.bytes = bytes
        self.index = index
        depth = 1
    }

    /// The offset of the next value, after white space.
    mutating func offset() -> Int {
        skipSpace()
        return index
    }

    /// The kind of the next value.
    mutating func kind() throws(SyntaxError) -> Kind {
        skipSpace()
        guard index < bytes.count else { throw SyntaxError(offset: index, message: "the file ends where a value should be (is it cut short?)") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .boolean
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw unexpected("a value")
        }
    }

    /// The flaws found since the last call, handed over.
    mutating func takeFlaws() -> [SyntaxError] {
        defer { flaws = [] }
        return flaws
    }

    /// Whether the text has nothing but white space left.
    mutating func isAtEnd() -> Bool {
        skipSpace()
        return index == bytes.count
    }

    // MARK: Objects and arrays

    /// Enters an object; read its members with ``nextKey()``.
    mutating func enterObject() throws(SyntaxError) {
        try enter(UInt8(ascii: "{"), "an object")
    }

    /// The next key of the object entered (its text without quotes, escapes undecoded), positioned at its
    /// value; `nil` when the object ends.
    mutating func nextKey(first: Bool) throws(SyntaxError) -> UnsafeBufferPointer<UInt8>? {
        guard try nextMember(first: first, closing: UInt8(ascii: "}")) else { return nil }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw unexpected("a key in quotes") }
        let key = try string().text
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw unexpected("':' after the key") }
        index += 1
        return key
    }

    /// Enters an array; read its elements with ``nextElement(first:)``.
    mutating func enterArray() throws(SyntaxError) {
        try enter(UInt8(ascii: "["), "an array")
    }

    /// Whether another element follows in the array entered, positioned at it.
    mutating func nextElement(first: Bool) throws(SyntaxError) -> Bool {
        try nextMember(first: first, closing: UInt8(ascii: "]"))
    }

    private mutating func enter(_ opening: UInt8, _ what: String) throws(SyntaxError) {
        skipSpace()
        guard index < bytes.count, bytes[index] == opening else { throw unexpected(what) }
        guard depth < Self.maximumDepth else {
            throw SyntaxError(offset: index, message: "values are nested more than \(Self.maximumDepth) deep")
        }
        depth += 1
        index += 1
    }

    private mutating func nextMember(first: Bool, closing: UInt8) throws(SyntaxError) -> Bool {
        skipSpace()
        guard index < bytes.count else {
            throw SyntaxError(offset: index, message: "the file ends inside \(closing == UInt8(ascii: "]") ? "an array" : "an object") (is it cut short?)")
        }
        if bytes[index] == closing {
            index += 1
            depth -= 1
            return false
        }
        if !first {
            guard bytes[index] == UInt8(ascii: ",") else { throw unexpected("',' or '\(Character(UnicodeScalar(closing)))'") }
            index += 1
            skipSpace()
        }
        return true
    }

    // MARK: Scalars

    /// Reads a string: the bytes between its quotes, escapes undecoded, and whether it has any.
    ///
    /// An invalid escape and a control character that is not escaped (JSON wants `\n`, not a line break) are
    /// flaws (``flaws``): the string is read as it is.
    mutating func string() throws(SyntaxError) -> (text: UnsafeBufferPointer<UInt8>, isEscaped: Bool) {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw unexpected("a string") }
        let opening = index
        let start = index + 1
        var isEscaped = false
        var from = start
        let base = bytes.baseAddress!
        while from < bytes.count {
            // Jump to the next quote, then look for an escape before it, with memchr rather than byte by byte.
            guard let quote = memchr(base + from, Int32(UInt8(ascii: "\"")), bytes.count - from) else { break }
            let end = base.distance(to: quote.assumingMemoryBound(to: UInt8.self))
            guard let escape = memchr(base + from, Int32(UInt8(ascii: "\\")), end - from) else {
                index = end + 1
                if Self.containsControlByte(base + start, count: end - start) { noteControlByte(in: start..<end) }
                return (UnsafeBufferPointer(rebasing: bytes[start..<end]), isEscaped)
            }
            isEscaped = true
            let at = base.distance(to: escape.assumingMemoryBound(to: UInt8.self))
            checkEscape(at: at)
            from = at + 2
        }
        throw SyntaxError(offset: opening, message: "the file ends inside a string (is it cut short?)")
    }

    /// Notes a flaw when the escape at `offset` is none of JSON's: `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, and
    /// `\u` with four hexadecimal digits.
    private mutating func checkEscape(at offset: Int) {
        guard offset + 1 < bytes.count else { return }
        switch bytes[offset + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
            UInt8(ascii: "r"), UInt8(ascii: "t"):
            return
        case UInt8(ascii: "u"):
            let digits = (offset + 2)..<min(offset + 6, bytes.count)
            if digits.count == 4 && digits.allSatisfy({ Self.isHexDigit(bytes[$0]) }) { return }
        default: break
        }
        let end = min(bytes[offset + 1] == UInt8(ascii: "u") ? offset + 6 : offset + 2, bytes.count)
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
        flaws.append(
            SyntaxError(
                offset: offset,
                message:
                    "invalid escape \(quoted(text)) in a string: JSON's escapes are \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t and \\u with four hexadecimal digits"
            ))
    }

    /// Notes the first control character in `range`, which holds one.
    private mutating func noteControlByte(in range: Range<Int>) {
        guard let offset = range.first(where: { bytes[$0] < 0x20 }) else { return }
        let hex = String(bytes[offset], radix: 16, uppercase: true)
        let code = String(repeating: "0", count: 4 - hex.count) + hex
        let escape =
            switch bytes[offset] {
            case 0x08: "\\b"
            case 0x09: "\\t"
            case 0x0A: "\\n"
            case 0x0C: "\\f"
            case 0x0D: "\\r"
            default: "\\u" + code
            }
        flaws.append(SyntaxError(offset: offset, message: "a control character (U+\(code)) in a string: JSON writes it escaped, as \(escape)"))
    }

    /// Whether any of `count` bytes is below 0x20, eight at a time.
    private static func containsControlByte(_ start: UnsafePointer<UInt8>, count: Int) -> Bool {
        let raw = UnsafeRawPointer(start)
        var offset = 0
        // A byte below 0x20 is the only one whose top bit is set by subtracting 0x20 and clear in the byte itself;
        // no borrow crosses into a byte above the first such one (Anderson, "Bit Twiddling Hacks", hasless).
        while offset + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080 != 0 { return true }
            offset += 8
        }
        while offset < count {
            if start[offset] < 0x20 { return true }
            offset += 1
        }
        return false
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// Reads a string and decodes its escapes; invalid escapes and UTF-8 become U+FFFD.
    mutating func decodedString() throws(SyntaxError) -> String {
        let (text, isEscaped) = try string()
        return isEscaped ? Self.unescape(text) : String(decoding: text, as: UTF8.self)
    }

    /// Reads `true` or `false`.
    mutating func boolean() throws(SyntaxError) -> Bool {
        if try literal("true") { return true }
        if try literal("false") { return false }
        throw unexpected("true or false")
    }

    /// Skips the next value, whatever it is.
    mutating func skipValue() throws(SyntaxError) {
        switch try kind() {
        case .object:
            try enterObject()
            var first = true
            // Made only for an object that has keys: the keys seen, to find one given twice.
            var keys: Set<String> = []
            while let key = try nextKey(first: first) {
                first = false
                let text = String(decoding: key, as: UTF8.self)
                if !keys.insert(text).inserted {
                    flaws.append(
                        SyntaxError(
                            offset: bytes.baseAddress!.distance(to: key.baseAddress!) - 1, message: "the key \(quoted(text)) is given twice in one object"))
                }
                try skipValue()
            }
        case .array:
            try enterArray()
            var first = true
            while try nextElement(first: first) {
                first = false
                try skipValue()
            }
        case .string:
            _ = try string()
        case .boolean:
            _ = try boolean()
        case .null:
            guard try literal("null") else { throw unexpected("null") }
        case .number:
            let start = index
            while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
            guard Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) != nil else {
                throw SyntaxError(offset: start, message: "a malformed number")
            }
        }
    }

    private mutating func literal(_ word: StaticString) throws(SyntaxError) -> Bool {
        skipSpace()
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private func unexpected(_ expected: String) -> SyntaxError {
        guard index < bytes.count else {
            return SyntaxError(offset: index, message: "the file ends where \(expected) should be (is it cut short?)")
        }
        let found = bytes[index] >= 0x20 && bytes[index] < 0x7F ? "'\(Character(UnicodeScalar(bytes[index])))'" : "byte 0x\(String(bytes[index], radix: 16))"
        return SyntaxError(offset: index, message: "expected \(expected), found \(found)")
    }

    /// The text of a string with its escapes decoded.
    static func unescape(_ text: UnsafeBufferPointer<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        var bytes: [UInt8] = []
        var index = 0
        func flush() {
            scalars.append(contentsOf: String(decoding: bytes, as: UTF8.self).unicodeScalars)
            bytes.removeAll()
        }
        func hex(_ at: Int) -> UInt32? {
            guard at + 4 <= text.count else { return nil }
            return UInt32(String(decoding: UnsafeBufferPointer(rebasing: text[at..<(at + 4)]), as: UTF8.self), radix: 16)
        }
        while index < text.count {
            guard text[index] == UInt8(ascii: "\\"), index + 1 < text.count else {
                bytes.append(text[index])
                index += 1
                continue
            }
            flush()
            let escape = text[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "u"):
                var value = hex(index) ?? 0xFFFD
                index += 4
                if (0xD800..<0xDC00).contains(value), index + 6 <= text.count, text[index] == UInt8(ascii: "\\"),
                    text[index + 1] == UInt8(ascii: "u"), let low = hex(index + 2), (0xDC00..<0xE000).contains(low)
                {
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                scalars.append(UnicodeScalar(value) ?? "\u{FFFD}")
            default: scalars.append(UnicodeScalar(escape))
            }
        }
        flush()
        return String(scalars)
    }
}
