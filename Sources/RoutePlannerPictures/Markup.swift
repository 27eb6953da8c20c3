import Foundation

/// An element of an SVG or XHTML document, with its attributes and content, that renders as well-formed XML.
///
/// Every attribute value and every text is escaped (`&`, `<`, `>`, `"`, `'`), and characters XML 1.0 does not
/// allow are replaced by U+FFFD, so that voyage numbers, vessel names and port names taken from a CSV file
/// cannot break a document. (Plot 0.14, the HTML DSL listed for this machine, writes attribute values as they
/// are and keeps any `&name;` in text unescaped, so it is not used for these documents.)
package struct Markup {
    package enum Content {
        case element(Markup)
        case text(String)
        /// Markup rendered already, such as a picture's SVG: written as it is.
        case rendered(String)
    }

    package var name: String
    package var attributes: [(name: String, value: String)]
    package var content: [Content]

    /// An element with attributes, in the order given, and elements inside it.
    package init(_ name: String, _ attributes: [(String, String)] = [], _ children: [Markup] = []) {
        self.name = name
        self.attributes = attributes.map { (name: $0.0, value: $0.1) }
        content = children.map(Content.element)
    }

    /// An element with attributes and a text inside it.
    package init(_ name: String, _ attributes: [(String, String)] = [], text: String) {
        self.init(name, attributes)
        content = [.text(text)]
    }

    /// Markup rendered already (a ``Picture``'s SVG), to be written as it is inside a page.
    package init(raw rendered: String) {
        self.init("", [])
        content = [.rendered(rendered)]
    }

    /// Adds an element inside this one.
    package mutating func append(_ child: Markup) { content.append(.element(child)) }

    /// Adds elements inside this one.
    package mutating func append(contentsOf children: [Markup]) { content += children.map(Content.element) }

    /// The element as XML, with a line break after each element that holds elements.
    ///
    /// - Complexity: O(*n*) in the length of the result.
    package func rendered() -> String {
        var output = ""
        render(into: &output)
        return output
    }

    private func render(into output: inout String) {
        if name.isEmpty, case .rendered(let text)? = content.first { return output += text }
        output += "<" + name
        for attribute in attributes { output += " \(attribute.name)=\"\(Self.escaped(attribute.value))\"" }
        guard !content.isEmpty else { return output += "/>" }
        output += ">"
        let holdsElements = content.contains { if case .element = $0 { true } else { false } }
        if holdsElements { output += "\n" }
        for part in content {
            switch part {
            case .element(let child):
                child.render(into: &output)
                if holdsElements { output += "\n" }
            case .text(let text): output += Self.escaped(text)
            case .rendered(let text): output += text
            }
        }
        output += "</\(name)>"
    }

    /// `text` with the five characters XML reserves escaped and the characters it does not allow replaced.
    package static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension Double {
    /// The number as an SVG coordinate: at most one decimal, no trailing zero.
    var svg: String {
        guard isFinite else { return "0" }
        guard abs(self) < 1e12 else { return String(format: "%.0f", self) }
        let rounded = (self * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }
}
