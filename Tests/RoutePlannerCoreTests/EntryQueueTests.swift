import Testing
import RoutePlannerTestSupport
@testable import RoutePlanner

struct EntryQueueTests {
    /// Random inserts and pops, interleaved, against a sorted array: entries of few keys, so that many share a
    /// key and come out by slot and reference, and runs of increasing keys, which the held entry serves, as a
    /// search's next movement does. A failure names its seed.
    @Test func popsInOrderAgainstASortedArray() {
        for seed in UInt64(0)..<500 {
            var random = SplitMix64(seed: seed)
            var queue = EntryQueue()
            var reference: [RouteSearch.Entry] = []
            var references: Int32 = 0
            var key = Int64(random.next() % 20)
            for _ in 0..<Int(random.next() % 300) {
                if random.next() % 3 == 0 {
                    let expected = reference.isEmpty ? nil : reference.removeFirst()
                    let popped = queue.popMin()
                    #expect(popped == expected, "seed \(seed)")
                    if let popped { key = popped.key }
                } else {
                    // Mostly at or just after the last key taken, sometimes anywhere.
                    key = random.next() % 4 == 0 ? Int64(random.next() % 20) : key + Int64(random.next() % 3)
                    references += 1
                    let entry = RouteSearch.Entry(key: key, reference: references, slot: Int32(random.next() % 5) - 1)
                    queue.insert(entry)
                    reference.insert(entry, at: reference.firstIndex { entry < $0 } ?? reference.count)
                }
            }
            while let entry = queue.popMin() { #expect(entry == reference.removeFirst(), "seed \(seed)") }
            #expect(reference.isEmpty, "seed \(seed)")
            queue.insert(RouteSearch.Entry(key: 1, reference: 0, slot: -1))
            queue.removeAll()
            #expect(queue.popMin() == nil, "seed \(seed)")
        }
    }
}
