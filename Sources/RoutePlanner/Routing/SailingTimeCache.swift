/// The lower bounds of the time to destinations already searched (least sailing times with the ports' least
/// stays on the way), for the next searches.
///
/// A search's lower bounds are a Dijkstra over the ports from its destination (``ScheduleNetwork``'s
/// `sailingTimes(to:avoiding:)`); on the large benchmark instance that is about 40% of the instructions of
/// 400 earliest arrivals. The times to a destination depend only on the network, so a router that searches
/// toward the same port again (as pricing does for every booking of a destination, and an app for the
/// ports it serves) reads them back. Searches that avoid ports compute their own. A cache holds at most ``capacity`` times in all, the
/// oldest destination going first; a ``Router`` has two (its route search's and its pricing's), so up to
/// about 64 MB on a network large enough to fill them.
struct SailingTimeCache {
    /// The most times held, about 32 MB.
    static let capacity = 4_000_000

    private var times: [Int32: [Int64]] = [:]
    private var order: [Int32] = []
    private var oldest = 0

    /// The lower bound of the time from arriving at every port to arriving at `target`.
    ///
    /// - Complexity: O(1) when cached, else that of `sailingTimes(to:avoiding:)`.
    mutating func times(to target: Int32, in network: ScheduleNetwork) -> [Int64] {
        if let cached = times[target] { return cached }
        let computed = network.sailingTimes(to: target, avoiding: [])
        while !order.isEmpty && (times.count + 1) * computed.count > Self.capacity && oldest < order.count {
            times[order[oldest]] = nil
            oldest += 1
        }
        if oldest > 1_024 { order.removeFirst(oldest); oldest = 0 }
        guard computed.count <= Self.capacity else { return computed }
        times[target] = computed
        order.append(target)
        return computed
    }
}
