/// A binary min-heap: the priority queue of the route search and of the lower bounds' Dijkstra.
///
/// Smaller than swift-collections' `Heap` (a min-max heap, which also finds the maximum) and cheaper for
/// what the searches do, insert and remove the minimum: one comparison per level going up, two going down,
/// and elements moved through a hole rather than swapped. Elements that compare equal come out in no
/// particular order (but the same order every time).
struct BinaryHeap<Element: Comparable> {
    private var elements: [Element] = []

    init(capacity: Int = 0) {
        elements.reserveCapacity(capacity)
    }

    var isEmpty: Bool { elements.isEmpty }

    /// The least element, or `nil` when the heap is empty.
    var first: Element? { elements.first }

    /// Inserts an element.
    ///
    /// - Complexity: O(log *n*) for *n* elements.
    mutating func insert(_ element: Element) {
        elements.append(element)
        elements.withUnsafeMutableBufferPointer { heap in
            var hole = heap.count - 1
            while hole > 0 {
                let parent = (hole - 1) / 2
                guard element < heap[parent] else { break }
                heap[hole] = heap[parent]
                hole = parent
            }
            heap[hole] = element
        }
    }

    /// Removes and returns the least element, or `nil` when the heap is empty.
    ///
    /// - Complexity: O(log *n*) for *n* elements.
    mutating func popMin() -> Element? {
        guard let last = elements.popLast() else { return nil }
        guard !elements.isEmpty else { return last }
        return elements.withUnsafeMutableBufferPointer { heap in
            let minimum = heap[0]
            let count = heap.count
            var hole = 0
            while true {
                var child = 2 * hole + 1
                guard child < count else { break }
                if child + 1 < count && heap[child + 1] < heap[child] { child += 1 }
                guard heap[child] < last else { break }
                heap[hole] = heap[child]
                hole = child
            }
            heap[hole] = last
            return minimum
        }
    }

    /// Removes every element, keeping the memory for the next use.
    mutating func removeAll() {
        elements.removeAll(keepingCapacity: true)
    }
}
