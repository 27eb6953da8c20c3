import Foundation

/// A form sent as `multipart/form-data` (RFC 7578), as a browser sends one with a file: its text fields and
/// the one file the desk's forms upload.
///
/// The parser refuses what a browser never writes (no closing delimiter, a part without a name, more parts
/// than a form of the desk has, text that is not UTF-8) rather than guess.
struct MultipartForm {
    /// The text fields, in order.
    var fields = FormData()
    /// The file: its field's name, its file name and its text.
    var file: (field: String, name: String, text: String)?

    /// Reads a body sent with the boundary of its `Content-Type`; `nil` when it is not one a browser writes.
    init?(body: [UInt8], boundary: String) {
        guard !boundary.isEmpty, boundary.utf8.count <= 70 else { return nil }
        let delimiter = Array("--\(boundary)".utf8)
        guard var position = Self.find(delimiter, in: body, from: 0) else { return nil }
        var parts = 0
        while true {
            position += delimiter.count
            // "--" after a delimiter closes the body.
            if body.count >= position + 2, body[position] == UInt8(ascii: "-"), body[position + 1] == UInt8(ascii: "-") { return }
            guard body.count >= position + 2, body[position] == 13, body[position + 1] == 10 else { return nil }
            position += 2
            parts += 1
            guard parts <= FormData.maximumItems, let next = Self.find([13, 10] + delimiter, in: body, from: position),
                  let headerEnd = Self.find([13, 10, 13, 10], in: body, from: position), headerEnd <= next,
                  let headers = String(validating: body[position..<headerEnd], as: UTF8.self)
            else { return nil }
            let content = Array(body[(headerEnd + 4)..<next])
            guard let disposition = headers.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-disposition:") }),
                  let name = Self.parameter("name", of: disposition), !name.isEmpty
            else { return nil }
            if let fileName = Self.parameter("filename", of: disposition) {
                guard let text = String(validating: content, as: UTF8.self) else { return nil }
                if file == nil || file?.text.isEmpty == true { file = (name, fileName, text) }
            } else {
                guard let value = String(validating: content, as: UTF8.self) else { return nil }
                fields.append(name, value)
            }
            position = next + 2
        }
    }

    /// The boundary of a `multipart/form-data` content type; `nil` for another type.
    static func boundary(ofContentType type: String) -> String? {
        let parts = type.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.first?.lowercased() == "multipart/form-data" else { return nil }
        for part in parts.dropFirst() where part.lowercased().hasPrefix("boundary=") {
            let value = part.dropFirst("boundary=".count)
            return value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 ? String(value.dropFirst().dropLast()) : String(value)
        }
        return nil
    }

    /// A quoted parameter of a header line, such as `name="bookings"`.
    private static func parameter(_ name: String, of line: Substring) -> String? {
        for part in line.split(separator: ";").dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == name else { continue }
            let value = pair[1]
            return value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 ? String(value.dropFirst().dropLast()) : value
        }
        return nil
    }

    /// Where `needle` first occurs in `haystack` at or after `start`.
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        let first = needle[0]
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
