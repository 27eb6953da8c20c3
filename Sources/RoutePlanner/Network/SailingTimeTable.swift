import Dispatch

/// The lower bounds of the time from every port to every port of a network (the least sailing times with the
/// ports' least stays on the way), computed once for a network that answers many searches
/// (``ScheduleNetwork/preparedForSearches()``), so that a search's lower bounds read a row rather than run their
/// own Dijkstra over the ports.
///
/// Row `target` holds what `sailingTimes(to: target, avoiding: [])` gives, from each port to `target`, or
/// `RouteSearch.unreachable`.
final class SailingTimeTable: Sendable {
    /// The most ports a network may have for a table: its *p*² times take 128 MB at 4,096 ports.
    static let maximumPorts = 4_096

    let portCount: Int
    /// One row per target, each its own array, handed out without a copy.
    private let rows: [[Int64]]

    /// Computes every row, spread over the machine's cores.
    ///
    /// - Complexity: O(*p* *e* log *p*) for *p* ports and *e* connected port pairs; O(*p*²) memory.
    init(_ network: ScheduleNetwork) {
        let portCount = network.locations.count
        self.portCount = portCount
        rows = [[Int64]](unsafeUninitializedCapacity: portCount) { buffer, count in
            nonisolated(unsafe) let rows = buffer
            let chunks = min(portCount, 64)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                for target in stride(from: chunk, to: portCount, by: chunks) {
                    (rows.baseAddress! + target).initialize(to: network.sailingTimes(to: Int32(target), avoiding: []))
                }
            }
            count = portCount
        }
    }

    /// The lower bounds of the time from arriving at every port to arriving at `target`.
    ///
    /// - Complexity: O(1): the row is shared, not copied.
    func row(to target: Int32) -> [Int64] {
        rows[Int(target)]
    }
}

extension ScheduleNetwork {
    /// The network with the least sailing times between all its ports computed now, for the lower bounds of the
    /// searches to come: each search then reads them rather than computing them toward its destination. The
    /// answers are the same; a server or a batch of many searches gains, a single search does not.
    ///
    /// A network of more than 4,096 ports is returned as it is (its table would take more than 128 MB).
    ///
    /// - Complexity: O(*p* *e* log *p*) time, over the machine's cores, and 8*p*² bytes for *p* ports and *e*
    ///   connected port pairs: about 0.1 s and 11.5 MB for 1,200 ports.
    public func preparedForSearches() -> ScheduleNetwork {
        guard sailingTimeTable == nil, locations.count <= SailingTimeTable.maximumPorts else { return self }
        var prepared = self
        prepared.sailingTimeTable = SailingTimeTable(self)
        return prepared
    }
}
