import Testing
import RoutePlannerTestSupport
@testable import RoutePlanner

struct BinaryHeapTests {
    /// Random inserts and pops, interleaved, against a sorted array.
    @Test func popsInOrderAgainstASortedArray() {
        for seed in UInt64(0)..<500 {
            var random = SplitMix64(seed: seed)
            var heap = BinaryHeap<Int>()
            var reference: [Int] = []
            for _ in 0..<Int(random.next() % 200) {
                if random.next() % 3 == 0 {
                    let expected = reference.isEmpty ? nil : reference.removeFirst()
                    #expect(heap.popMin() == expected, "seed \(seed)")
                } else {
                    let value = Int(random.next() % 50)
                    heap.insert(value)
                    reference.insert(value, at: reference.firstIndex { $0 > value } ?? reference.count)
                }
                #expect(heap.isEmpty == reference.isEmpty, "seed \(seed)")
            }
            while let value = heap.popMin() { #expect(value == reference.removeFirst(), "seed \(seed)") }
            #expect(reference.isEmpty, "seed \(seed)")
            heap.insert(1)
            heap.removeAll()
            #expect(heap.isEmpty && heap.popMin() == nil, "seed \(seed)")
        }
    }
}
