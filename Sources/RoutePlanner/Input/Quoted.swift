/// Text for a message: at most `limit` characters of the value, quoted, with line breaks and other
/// control characters escaped so that a message stays on one line.
package func quoted(_ value: String, limit: Int = 40) -> String {
    var text = ""
    for scalar in value.unicodeScalars.prefix(limit) {
        switch scalar {
        case "\n": text += "\\n"
        case "\r": text += "\\r"
        case "\t": text += "\\t"
        case _ where scalar.properties.generalCategory == .control:
            text += "\\u{\(String(scalar.value, radix: 16))}"
        default: text.unicodeScalars.append(scalar)
        }
    }
    return "\"" + text + (value.unicodeScalars.count > limit ? "…\"" : "\"")
}
