/// JSON's grammar (RFC 8259), checked strictly before a body is decoded: Foundation's decoder also takes what no
/// JSON writer writes (a comma before a closing bracket), and the API reads no text in a way it would not read
/// from every program that writes JSON.
enum JSONSyntax {
    /// The deepest nesting of arrays and objects a body may have.
    static let maximumDepth = 64

    /// Whether the bytes are one JSON value, with white space around it at most.
    static func isValid(_ bytes: [UInt8]) -> Bool {
        var scanner = Scanner(bytes: bytes)
        scanner.skipSpace()
        guard scanner.value(depth: 0) else { return false }
        scanner.skipSpace()
        return scanner.index == bytes.count
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipSpace() {
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard current == byte else { return false }
            index += 1
            return true
        }

        mutating func value(depth: Int) -> Bool {
            switch current {
            case UInt8(ascii: "{"): return depth < JSONSyntax.maximumDepth && members(depth: depth + 1)
            case UInt8(ascii: "["): return depth < JSONSyntax.maximumDepth && elements(depth: depth + 1)
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            default: return number()
            }
        }

        mutating func members(depth: Int) -> Bool {
            index += 1
            skipSpace()
            if take(UInt8(ascii: "}")) { return true }
            repeat {
                skipSpace()
                guard string() else { return false }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return false }
                skipSpace()
                guard value(depth: depth) else { return false }
                skipSpace()
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}"))
        }

        mutating func elements(depth: Int) -> Bool {
            index += 1
            skipSpace()
            if take(UInt8(ascii: "]")) { return true }
            repeat {
                skipSpace()
                guard value(depth: depth) else { return false }
                skipSpace()
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]"))
        }

        mutating func string() -> Bool {
            guard take(UInt8(ascii: "\"")) else { return false }
            while let byte = current {
                index += 1
                switch byte {
                case UInt8(ascii: "\""): return true
                case UInt8(ascii: "\\"):
                    guard let escaped = current else { return false }
                    index += 1
                    if escaped == UInt8(ascii: "u") {
                        for _ in 0..<4 {
                            guard let hex = current, (0x30...0x39).contains(hex) || (0x41...0x46).contains(hex) || (0x61...0x66).contains(hex)
                            else { return false }
                            index += 1
                        }
                    } else if !"\"\\/bfnrt".utf8.contains(escaped) {
                        return false
                    }
                case 0..<0x20: return false
                default: continue
                }
            }
            return false
        }

        mutating func literal(_ word: String) -> Bool {
            for byte in word.utf8 { guard take(byte) else { return false } }
            return true
        }

        mutating func number() -> Bool {
            func digits() -> Int {
                let start = index
                while let byte = current, (0x30...0x39).contains(byte) { index += 1 }
                return index - start
            }
            _ = take(UInt8(ascii: "-"))
            if take(UInt8(ascii: "0")) {
                // No digit may follow a leading zero.
            } else if digits() == 0 {
                return false
            }
            if take(UInt8(ascii: ".")), digits() == 0 { return false }
            if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
                _ = take(UInt8(ascii: "+")) || take(UInt8(ascii: "-"))
                if digits() == 0 { return false }
            }
            return true
        }
    }
}
