import Foundation

/// A page of a collection: where it starts and how many items it holds, and the cursor of the next page.
///
/// A cursor is opaque to clients: base64url of the offset of the next page, the generation of the schedule it
/// was given for and a fingerprint of the query's filters. A cursor from another query, or from before a reload
/// of the schedule (whose collection may differ), is refused rather than answered with a page of something else.
struct Page: Equatable {
    /// The most items a page holds, and the page size when a request gives none: DCSA's default `limit`.
    static let maximumLimit = 100

    let offset: Int
    let limit: Int

    /// The page a request asks for: the first, or the one its cursor points to; `nil` when the cursor is not
    /// valid for this query and this schedule.
    init?(cursor: String?, limit: Int, generation: Int, filters: [String?]) {
        self.limit = limit
        guard let cursor else {
            offset = 0
            return
        }
        var base64 = cursor.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard cursor.utf8.count <= 1024, let data = Data(base64Encoded: base64) else { return nil }
        let fields = String(decoding: data, as: UTF8.self).split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 3, let offset = Int(fields[0]), offset > 0, offset < 1_000_000, Int(fields[1]) == generation,
            fields[2] == Self.fingerprint(filters)
        else { return nil }
        self.offset = offset
    }

    /// The part of a collection of `count` items on this page.
    func range(of count: Int) -> Range<Int> { min(offset, count)..<min(offset + limit, count) }

    /// The cursor of the page after this one, or `nil` when this is the last page of a collection of `count`.
    func nextCursor(count: Int, generation: Int, filters: [String?]) -> String? {
        guard offset + limit < count else { return nil }
        let text = "\(offset + limit):\(generation):\(Self.fingerprint(filters))"
        return Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// FNV-1a, 64 bits, over the filters (each with a marker for absent), in hexadecimal.
    static func fingerprint(_ filters: [String?]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for filter in filters {
            for byte in Array((filter ?? "\u{1}").utf8) + [0] {
                hash ^= UInt64(byte)
                hash &*= 0x100_0000_01b3
            }
        }
        return String(hash, radix: 16)
    }
}
