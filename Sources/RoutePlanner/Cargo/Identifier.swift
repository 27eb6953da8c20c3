/// The identifier of a cargo (``TrackingId``) or a customer (``CustomerId``): text without surrounding white
/// space, never blank, and of one kind only, so that a customer's id is never passed where a cargo's is due.
///
/// It encodes as its text; ``description`` is the text too, so it reads as itself in messages.
public struct Identifier<Owner>: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The identifier's text.
    public let rawValue: String

    /// Creates an identifier from text, dropping surrounding white space; `nil` when nothing is left.
    public init?(rawValue: String) {
        let trimmed = rawValue.trimmingWhitespace()
        guard !trimmed.isEmpty else { return nil }
        self.rawValue = trimmed
    }

    /// Creates an identifier from text, dropping surrounding white space; `nil` when nothing is left.
    public init?(_ text: String) {
        self.init(rawValue: text)
    }

    /// Creates an identifier written in code.
    ///
    /// - Precondition: The literal is not blank.
    public init(stringLiteral value: String) {
        guard let identifier = Self(rawValue: value) else { preconditionFailure("an identifier cannot be blank") }
        self = identifier
    }

    public var description: String { rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Identifier: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let identifier = Self(rawValue: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "an identifier cannot be blank"))
        }
        self = identifier
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// The identifier of a cargo, such as RP000001: unique, and never reused.
public typealias TrackingId = Identifier<Cargo>

/// The identifier of a customer who books cargo, such as ACME.
public typealias CustomerId = Identifier<Customer>

extension Identifier where Owner == Cargo {
    /// The tracking id repositories hand out for a sequence number: `RP` and six or more digits, `RP000001`.
    public static func sequenced(_ number: Int) -> TrackingId {
        let digits = String(number)
        return TrackingId(stringLiteral: "RP" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits)
    }
}
