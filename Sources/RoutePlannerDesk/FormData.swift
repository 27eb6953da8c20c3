/// The name–value pairs of a query string or a form's body, in order: `application/x-www-form-urlencoded`,
/// which browsers write for a form sent with GET (the query) and with POST (the body).
///
/// One parser reads them all: the desk's queries and forms, and the queries of the DCSA API. It refuses what a
/// browser never writes (a malformed percent escape, bytes that are not UTF-8, a pair without a name, more pairs
/// than a form of the desk has) rather than guess; the server bounds the text's length.
package struct FormData: Hashable, Sendable {
    /// The pairs, in the order given; a name may repeat, as a list field's does.
    private var pairs: [Pair]

    private struct Pair: Hashable, Sendable {
        let name: String
        let value: String
    }

    /// The most pairs a query or a form may hold; the desk's largest form has fewer than 30 fields.
    package static let maximumItems = 200

    /// Pairs, in order.
    init(_ items: [(String, String)] = []) {
        pairs = items.map { Pair(name: $0.0, value: $0.1) }
    }

    /// Reads an encoded query or form body; `nil` when it is not one a browser writes.
    package init?(encoded text: Substring) {
        pairs = []
        guard !text.isEmpty else { return }
        let parts = text.split(separator: "&", omittingEmptySubsequences: true)
        guard parts.count <= Self.maximumItems else { return nil }
        for part in parts {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decoded(pair[0]), !name.isEmpty, let value = Self.decoded(pair.count == 2 ? pair[1] : "") else { return nil }
            pairs.append(Pair(name: name, value: value))
        }
    }

    /// The pairs, in the order given.
    package var items: [(name: String, value: String)] { pairs.map { ($0.name, $0.value) } }

    /// The first value of a name, or `""` when it is not given.
    package subscript(name: String) -> String { pairs.first { $0.name == name }?.value ?? "" }

    /// Every value of a name, in order.
    func all(_ name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }

    /// Whether a checkbox is ticked: its value is `yes` (the desk's), or `on` or `true`.
    func isTicked(_ name: String) -> Bool { ["yes", "on", "true"].contains(self[name].lowercased()) }

    /// Whether any value is given for the name.
    func contains(_ name: String) -> Bool { pairs.contains { $0.name == name } }

    /// The most bytes a value may hold, in UTF-8: far more than any field of the desk's forms needs (an identifier, a
    /// name, a date), and little enough that a form echoed back with its errors stays small.
    package static let maximumValueBytes = 8 * 1_024

    /// The name of the first pair whose value is longer than ``maximumValueBytes``, if any.
    var overLongName: String? { pairs.first { $0.value.utf8.count > Self.maximumValueBytes }?.name }

    /// Whether no pair holds anything but white space.
    var isBlank: Bool { pairs.allSatisfy { $0.value.allSatisfy(\.isWhitespace) } }

    /// The pairs with a value, encoded as a query or a form body writes them.
    var encoded: String {
        pairs.filter { !$0.value.isEmpty }.map { Self.encoded($0.name) + "=" + Self.encoded($0.value) }.joined(separator: "&")
    }

    /// Adds a pair at the end.
    mutating func append(_ name: String, _ value: String) { pairs.append(Pair(name: name, value: value)) }

    /// Sets the first value of a name, in its place.
    mutating func replace(_ name: String, with value: String) {
        guard let index = pairs.firstIndex(where: { $0.name == name }) else { return append(name, value) }
        pairs[index] = Pair(name: name, value: value)
    }

    /// `%XX` as a byte (and `+` as a space in a query or a form, not in a path); `nil` when an escape is malformed
    /// or the bytes are not UTF-8.
    static func decoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Every byte but the unreserved ones (letters, digits, `-._~`) percent-encoded.
    static func encoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }

}

extension String {
    fileprivate func leftPadded(to length: Int) -> String { String(repeating: "0", count: Swift.max(0, length - count)) + self }
}
