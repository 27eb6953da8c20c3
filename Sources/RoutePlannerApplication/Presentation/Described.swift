/// A response as a view shows it when its text for people is a sentence or a few lines: the response itself,
/// with its typed values (tracking ids, events, itineraries, counts), beside the text.
///
/// The content of the use cases that answer in words: registering a customer, booking, registering handling
/// events, assigning an option, changing a destination. An app binds the typed values; the command line
/// prints ``text``.
public struct Described<Response: Hashable & Sendable>: Hashable, Sendable {
    /// The use case's response.
    public let response: Response
    /// The text for people, a line each.
    public let lines: [String]

    public init(_ response: Response, lines: [String]) {
        self.response = response
        self.lines = lines
    }

    public init(_ response: Response, _ text: String) {
        self.init(response, lines: [text])
    }

    /// The lines, joined by line breaks.
    public var text: String { lines.joined(separator: "\n") }
}
