/// The identifier of a voyage, such as `"0100S"` or `"AE1-W03"`.
public struct VoyageNumber: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The identifier as written in the schedule.
    public let rawValue: String

    /// Creates a voyage number, or returns `nil` when the text is empty or only white space.
    public init?(_ text: some StringProtocol) {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { return nil }
        rawValue = trimmed
    }

    public var description: String { rawValue }

    public static func < (lhs: VoyageNumber, rhs: VoyageNumber) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension VoyageNumber: ExpressibleByStringLiteral {
    /// Creates a voyage number from a literal; traps when the literal is blank.
    public init(stringLiteral value: String) {
        guard let number = VoyageNumber(value) else { preconditionFailure("a voyage number must not be blank") }
        self = number
    }
}

extension StringProtocol {
    /// The text without leading and trailing white space.
    package func trimmingWhitespace() -> String {
        let characters = Substring(self)
        guard let first = characters.firstIndex(where: { !$0.isWhitespace }),
            let last = characters.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(characters[first...last])
    }
}
