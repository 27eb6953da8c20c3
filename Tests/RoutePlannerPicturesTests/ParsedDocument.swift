import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An SVG or XHTML document read by an XML parser: its elements in document order with their attributes
/// and text, or the parser's error when it is not well-formed.
final class ParsedDocument: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
        /// The names of the elements around it, outermost first.
        var ancestors: [String]
        /// The `class` attribute's words.
        var classes: Set<String> { Set((attributes["class"] ?? "").split(separator: " ").map(String.init)) }
        func number(_ attribute: String) -> Double? { attributes[attribute].flatMap(Double.init) }
    }

    private(set) var elements: [Element] = []
    private var open: [Int] = []

    /// Parses `text`; throws the parser's error when it is not well-formed XML.
    init(_ text: String) throws {
        super.init()
        // The HTML5 doctype has no DTD for an XML parser to read.
        let parser = XMLParser(data: Data(text.replacingOccurrences(of: "<!DOCTYPE html>", with: "").utf8))
        parser.delegate = self
        guard parser.parse() else {
            throw parser.parserError ?? NSError(domain: "ParsedDocument", code: 1)
        }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
        elements.append(Element(name: name, attributes: attributes, ancestors: open.map { elements[$0].name }))
        open.append(elements.count - 1)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let current = open.last { elements[current].text += string }
    }

    /// The elements with a name, and with a class when one is given.
    func all(_ name: String, class className: String? = nil) -> [Element] {
        elements.filter { $0.name == name && (className.map($0.classes.contains) ?? true) }
    }
}
