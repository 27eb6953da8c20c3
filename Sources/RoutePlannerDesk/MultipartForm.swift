import Foundation

/// A form sent as `multipart/form-data` (RFC 7578), as a browser sends one with a file: its text fields and
/// the one file the desk's forms upload.
///
/// The parser refuses what a browser never writes (no closing delimiter, a part without a name or whose headers
/// run into the next delimiter, more parts than a form of the desk has, a text field that is not UTF-8) rather
/// than guess. A file is kept as its bytes: whether they are text is for the form that takes it to say.
struct MultipartForm {
    /// The text fields, in order.
    var fields = FormData()
    /// The file: its field's name, its file name and its bytes.
    var file: (field: String, name: String, bytes: [UInt8])?

    /// Reads a body sent with the boundary of its `Content-Type`; `nil` when it is not one a browser writes.
    init?(body: [UInt8], boundary: String) {
        guard !boundary.isEmpty, boundary.utf8.count <= 70 else { return nil }
        let delimiter = Array("--\(boundary)".utf8)
        guard var position = Self.find(delimiter, in: body, from: 0, to: body.count) else { return nil }
        var parts = 0
        while true {
            position += delimiter.count
            // "--" after a delimiter closes the body.
            if body.count >= position + 2, body[position] == UInt8(ascii: "-"), body[position + 1] == UInt8(ascii: "-") { return }
            guard body.count >= position + 2, body[position] == 13, body[position + 1] == 10 else { return nil }
            position += 2
            parts += 1
            guard parts <= FormData.maximumItems, let next = Self.find([13, 10] + delimiter, in: body, from: position, to: body.count),
                let headerEnd = Self.find([13, 10, 13, 10], in: body, from: position, to: next + 2), headerEnd + 4 <= next + 2,
                let headers = String(validating: body[position..<headerEnd], as: UTF8.self)
            else { return nil }
            // An empty part's blank line shares its line break with the next delimiter.
            let content = headerEnd + 4 <= next ? Array(body[(headerEnd + 4)..<next]) : []
            guard let disposition = headers.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-disposition:") }),
                let name = Self.parameter("name", of: disposition), !name.isEmpty
            else { return nil }
            if let fileName = Self.parameter("filename", of: disposition) {
                // The first file chosen is the one kept; a form with no file chosen sends an empty one.
                if file == nil || file?.bytes.isEmpty == true { file = (name, fileName, content) }
            } else {
                guard let value = String(validating: content, as: UTF8.self) else { return nil }
                fields.append(name, value)
            }
            position = next + 2
        }
    }

    /// The boundary of a `multipart/form-data` content type; `nil` for another type.
    static func boundary(ofContentType type: String) -> String? {
        let parts = Self.split(type)
        guard parts.first?.lowercased() == "multipart/form-data" else { return nil }
        return Self.value("boundary", in: parts.dropFirst())
    }

    /// A parameter of a header line, such as `name="bookings"` or `filename="week;1.csv"`.
    private static func parameter(_ name: String, of line: Substring) -> String? {
        value(name, in: split(line).dropFirst())
    }

    /// The value of a `name=value` or `name="value"` part.
    private static func value(_ name: String, in parts: ArraySlice<String>) -> String? {
        for part in parts {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == name else { continue }
            let value = pair[1]
            return value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 ? String(value.dropFirst().dropLast()) : value
        }
        return nil
    }

    /// A header's parts, split at the semicolons outside quotes, without surrounding spaces.
    private static func split(_ line: some StringProtocol) -> [String] {
        var parts: [String] = [], current = "", quoted = false
        for character in line {
            if character == "\"" { quoted.toggle() }
            if character == ";" && !quoted {
                parts.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current.trimmingCharacters(in: .whitespaces))
        return parts
    }

    /// Where `needle` first occurs in `haystack[start..<end]`.
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int, to end: Int) -> Int? {
        let end = min(end, haystack.count)
        guard !needle.isEmpty, start >= 0, end - start >= needle.count else { return nil }
        let first = needle[0]
        var index = start
        while index <= end - needle.count {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
