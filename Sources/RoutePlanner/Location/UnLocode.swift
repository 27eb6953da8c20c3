/// A United Nations code for trade and transport locations, such as `NLRTM` for Rotterdam.
///
/// A code is two letters for the country followed by three letters or digits for the place. Lower-case
/// input is normalised to upper case. The digits `0` and `1` are accepted in the last three positions
/// because real codes use them (`DE9B0`, `IT940`), although the common pattern `[A-Z]{2}[A-Z2-9]{3}`
/// rejects them.
///
/// A well-formed code need not exist: whether a location is known is a question for the network or the
/// UN/LOCODE reference list, not for this type.
public struct UnLocode: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The five upper-case characters of the code.
    public let rawValue: String

    /// Creates a code from its five characters, or returns `nil` when the text is not a well-formed code.
    ///
    /// - Parameter text: Two letters and three letters or digits, in any case, without spaces.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 5 else { return nil }
        var normalised = [UInt8]()
        normalised.reserveCapacity(5)
        for (position, byte) in bytes.enumerated() {
            let upper = (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) ? byte - 32 : byte
            let isLetter = upper >= UInt8(ascii: "A") && upper <= UInt8(ascii: "Z")
            let isDigit = upper >= UInt8(ascii: "0") && upper <= UInt8(ascii: "9")
            guard isLetter || (position >= 2 && isDigit) else { return nil }
            normalised.append(upper)
        }
        rawValue = String(decoding: normalised, as: UTF8.self)
    }

    /// The five bytes of an exactly upper-case code packed in an integer, or a value no code packs to.
    ///
    /// A fast key for looking codes up while reading files; anything but five bytes packs to `UInt64.max`.
    ///
    /// Inlinable, so that the readers in other modules get it specialized for their bytes: called as a generic, it
    /// looked up the type's metadata on every call, and took 73% of the instructions of a CSV import
    /// (Benchmarks/README.md, "Instruction counts").
    @inlinable
    package static func packed(_ bytes: some Collection<UInt8>) -> UInt64 {
        guard bytes.count == 5 else { return .max }
        var key: UInt64 = 0
        for byte in bytes { key = key << 8 | UInt64(byte) }
        return key
    }

    /// The two-letter ISO 3166 country code, such as `NL` for `NLRTM`.
    public var country: Substring { rawValue.prefix(2) }

    public var description: String { rawValue }

    public static func < (lhs: UnLocode, rhs: UnLocode) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension UnLocode: ExpressibleByStringLiteral {
    /// Creates a code from a literal; traps when the literal is not a well-formed code.
    public init(stringLiteral value: String) {
        guard let code = UnLocode(value) else {
            preconditionFailure("\"\(value)\" is not a UN/LOCODE: expected 2 letters and 3 letters or digits")
        }
        self = code
    }
}
