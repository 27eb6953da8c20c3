import Foundation
@testable import RoutePlanner
@testable import RoutePlannerFormats
import RoutePlannerTestSupport
import Testing

/// The index that finds a transport call reference given twice, against a set of the texts: every repeat is found
/// with the place of the first, nothing else is, whether the table starts small and grows or references share a
/// hash. A failure names its seed.
@Suite struct CallReferenceIndexTests {
    /// Inserts `texts` (slices of one document) in order and returns, per text, the index of the earlier equal
    /// text the index reported, if any.
    static func reported(_ texts: [String], sharedHash: UInt64?, expectedCount: Int) -> [Int?] {
        var document: [UInt8] = []
        var ranges: [Range<Int>] = []
        for text in texts {
            ranges.append(document.count..<(document.count + text.utf8.count))
            document.append(contentsOf: text.utf8)
            document.append(UInt8(ascii: ","))
        }
        var index = CallReferenceIndex(expectedCount: expectedCount)
        return document.withUnsafeBufferPointer { bytes in
            ranges.enumerated().map { position, range in
                let text = UnsafeBufferPointer(rebasing: bytes[range])
                let path = DocumentPath(service: position)
                let seen = sharedHash.map { index.insert(text, hash: $0, of: bytes, path: path) } ?? index.insert(text, of: bytes, path: path)
                return seen.map { entry in ranges.firstIndex { $0.lowerBound == entry.offset }! }
            }
        }
    }

    @Test(arguments: [false, true])
    func everyRepeatIsFoundWithItsFirstPlace(sharingOneHash: Bool) {
        for seed in UInt64(0)..<40 {
            var generator = SplitMix64(seed: seed &+ 1 << 47)
            let distinct = sharingOneHash ? 150 : 3_000
            let texts = (0..<(distinct * 3 / 2)).map { _ in
                "S\(Int.random(in: 0..<distinct, using: &generator))-W\(Int.random(in: 0..<2, using: &generator))"
            }
            var first: [String: Int] = [:]
            let expected = texts.enumerated().map { position, text -> Int? in
                if let earlier = first[text] { return earlier }
                first[text] = position
                return nil
            }
            let reported = Self.reported(texts, sharedHash: sharingOneHash ? 42 : nil, expectedCount: Int(seed % 3) * 100)
            #expect(reported == expected, "seed \(seed)")
        }
    }

    @Test func anEmptyReferenceIsAReferenceToo() {
        #expect(Self.reported(["", "A", "", "A"], sharedHash: nil, expectedCount: 0) == [nil, nil, 0, 1])
    }
}
