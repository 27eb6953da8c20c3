/// A binary min-heap of ports by a tentative distance: the priority queue of the lower bounds' Dijkstra.
///
/// Ports with equal distances come out in no particular order, which a Dijkstra's distances do not depend
/// on; comparing distances alone, in one 16-byte element, is what makes it cheaper than a general heap.
/// A port may be queued more than once (there is no decrease-key); the caller skips stale entries.
struct PortQueue {
    struct Element {
        var distance: Int64
        var port: Int32
    }

    private var elements: [Element] = []

    init(capacity: Int) {
        elements.reserveCapacity(capacity)
    }

    var isEmpty: Bool { elements.isEmpty }

    /// Queues `port` at `distance`.
    ///
    /// - Complexity: O(log *n*) for *n* queued elements.
    mutating func insert(_ port: Int32, distance: Int64) {
        elements.append(Element(distance: distance, port: port))
        elements.withUnsafeMutableBufferPointer { heap in
            let element = heap[heap.count - 1]
            var hole = heap.count - 1
            while hole > 0 {
                let parent = (hole - 1) / 2
                guard element.distance < heap[parent].distance else { break }
                heap[hole] = heap[parent]
                hole = parent
            }
            heap[hole] = element
        }
    }

    /// Removes and returns an element of the least distance; the queue must not be empty.
    ///
    /// - Complexity: O(log *n*) for *n* queued elements.
    mutating func removeMin() -> Element {
        let last = elements.removeLast()
        guard !elements.isEmpty else { return last }
        return elements.withUnsafeMutableBufferPointer { heap in
            let minimum = heap[0]
            let count = heap.count
            var hole = 0
            while true {
                var child = 2 * hole + 1
                guard child < count else { break }
                if child + 1 < count && heap[child + 1].distance < heap[child].distance { child += 1 }
                guard heap[child].distance < last.distance else { break }
                heap[hole] = heap[child]
                hole = child
            }
            heap[hole] = last
            return minimum
        }
    }
}
