/// The route search's priority queue: a ``BinaryHeap`` and one entry held beside it, the last one queued while it
/// was the least queued since.
///
/// The search often queues an entry that it takes next: a state's next movement on its voyage, or a chain's next
/// departure, whose key the lower bound keeps level with the one just taken. Held beside the heap, such an entry
/// is taken without a pass through it, an insertion and a removal of O(log *n*) each. The entries come out in
/// the same order as from the heap alone, since each removal takes the least of the held entry and the heap's,
/// and entries (ordered by key, slot and reference) never compare equal.
struct EntryQueue {
    private var heap = BinaryHeap<RouteSearch.Entry>()
    private var held: RouteSearch.Entry?

    /// Queues an entry.
    ///
    /// - Complexity: O(1) when it is less than the held entry or none is held, else O(log *n*).
    mutating func insert(_ entry: RouteSearch.Entry) {
        guard let other = held else {
            held = entry
            return
        }
        if entry < other {
            heap.insert(other)
            held = entry
        } else {
            heap.insert(entry)
        }
    }

    /// Removes and returns the least entry, or `nil` when none is queued.
    ///
    /// - Complexity: O(1) when it is the held one, else O(log *n*).
    mutating func popMin() -> RouteSearch.Entry? {
        guard let entry = held else { return heap.popMin() }
        if let least = heap.first, least < entry { return heap.popMin() }
        held = nil
        return entry
    }

    /// Removes every entry, keeping the memory for the next use.
    mutating func removeAll() {
        heap.removeAll()
        held = nil
    }
}
