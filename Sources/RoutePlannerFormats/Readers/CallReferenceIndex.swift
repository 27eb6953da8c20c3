import Foundation
import RoutePlanner

/// The transport call references of a vessel-schedules document read so far, to find one given twice.
///
/// An open-addressing table (linear probing, at most half full) of each reference's hash (FNV-1a over its
/// bytes) beside the index of its entry, which says where the reference is in the document. A new reference is
/// compared byte for byte only with those of the same hash, so references that share a hash are all kept and a
/// later copy of any of them is found.
///
/// On the large benchmark document (707,000 calls) it replaced a `Dictionary` of the hashes, whose hashing,
/// probing and growing took about 9% of the import.
struct CallReferenceIndex {
    /// Where a reference is: its bytes' offset and length in the document, and the call's path.
    struct Entry {
        var offset: Int
        var length: Int32
        var path: DocumentPath
    }

    private var hashes: [UInt64] = []
    /// Per slot: the index of its entry in `entries`, -1 when the slot is empty.
    private var slots: [Int32] = []
    /// The references added, in order.
    private(set) var entries: [Entry] = []

    /// Makes room for about `count` references before the table grows.
    init(expectedCount count: Int) {
        var capacity = 16
        while capacity < 2 * min(count, 1 << 28) { capacity *= 2 }
        hashes = [UInt64](repeating: 0, count: capacity)
        slots = [Int32](repeating: -1, count: capacity)
    }

    /// Adds the reference `text`, a slice of `document` found at `path`, unless an equal one was added before:
    /// then that one is returned and nothing is added.
    ///
    /// - Complexity: O(1) expected, besides the comparisons with references of the same hash.
    mutating func insert(_ text: UnsafeBufferPointer<UInt8>, of document: UnsafeBufferPointer<UInt8>, path: DocumentPath) -> Entry? {
        insert(text, hash: Self.hash(text), of: document, path: path)
    }

    /// Adds the reference `text` under `hash` (its FNV-1a hash, or any other where a test makes references
    /// share one), unless an equal one was added before: then that one is returned.
    mutating func insert(_ text: UnsafeBufferPointer<UInt8>, hash: UInt64, of document: UnsafeBufferPointer<UInt8>, path: DocumentPath)
        -> Entry?
    {
        if 2 * (entries.count + 1) > slots.count { grow() }
        let (slot, seen) = find(text, hash: hash, in: document)
        if let seen { return seen }
        hashes[slot] = hash
        slots[slot] = Int32(entries.count)
        let offset = text.baseAddress.map { document.baseAddress!.distance(to: $0) } ?? 0
        entries.append(Entry(offset: offset, length: Int32(clamping: text.count), path: path))
        return nil
    }

    /// The reference added that equals `text`, a slice of `document`, if any.
    ///
    /// - Complexity: O(1) expected, besides the comparisons with references of the same hash.
    func entry(equalTo text: UnsafeBufferPointer<UInt8>, of document: UnsafeBufferPointer<UInt8>) -> Entry? {
        find(text, hash: Self.hash(text), in: document).seen
    }

    /// The entry equal to `text` under `hash`, else the empty slot where it goes.
    private func find(_ text: UnsafeBufferPointer<UInt8>, hash: UInt64, in document: UnsafeBufferPointer<UInt8>) -> (slot: Int, seen: Entry?) {
        let mask = slots.count - 1
        var slot = Self.slot(of: hash, mask: mask)
        while slots[slot] >= 0 {
            if hashes[slot] == hash {
                let seen = entries[Int(slots[slot])]
                if Int(seen.length) == text.count
                    && (text.isEmpty || memcmp(document.baseAddress! + seen.offset, text.baseAddress!, text.count) == 0)
                {
                    return (slot, seen)
                }
            }
            slot = (slot + 1) & mask
        }
        return (slot, nil)
    }

    /// The FNV-1a hash of a reference's bytes.
    private static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }

    /// The first slot to probe for `hash`: FNV-1a's low bits mix poorly, so it comes from the high bits of the
    /// hash times a large odd number.
    private static func slot(of hash: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// Doubles the table and puts every entry back.
    private mutating func grow() {
        let oldHashes = hashes, oldSlots = slots
        hashes = [UInt64](repeating: 0, count: 2 * oldSlots.count)
        slots = [Int32](repeating: -1, count: 2 * oldSlots.count)
        let mask = slots.count - 1
        for (hash, entry) in zip(oldHashes, oldSlots) where entry >= 0 {
            var slot = Self.slot(of: hash, mask: mask)
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            hashes[slot] = hash
            slots[slot] = entry
        }
    }
}
