import RoutePlanner

/// The index of each voyage among a file's voyages, by the UTF-8 bytes of its number, found without making a
/// `String` for the common number of at most 16 bytes (packed into two words), and by its text otherwise.
struct VoyageBytesIndex {
    private struct Packed: Hashable {
        var high: UInt64 = 0
        var low: UInt64 = 0
        var count = 0
    }

    private var packed: [Packed: Int32] = [:]
    private var long: [String: Int32] = [:]

    /// The index of the voyage with a number, or `nil` when it has none yet.
    subscript(number: some Collection<UInt8>) -> Int32? {
        get {
            if let key = Self.packed(number) { return packed[key] }
            return long[String(decoding: number, as: UTF8.self)]
        }
        set {
            if let key = Self.packed(number) { packed[key] = newValue } else { long[String(decoding: number, as: UTF8.self)] = newValue }
        }
    }

    private static func packed(_ bytes: some Collection<UInt8>) -> Packed? {
        var key = Packed()
        for byte in bytes {
            guard key.count < 16 else { return nil }
            if key.count < 8 { key.high = key.high << 8 | UInt64(byte) } else { key.low = key.low << 8 | UInt64(byte) }
            key.count += 1
        }
        return key
    }
}
