/// The rows of every cargo a repository has read, kept current by reading only the cargo written since the last read
/// (by their write marks, as `CargoRepository.cargoWritten(after:)` reads them): reading every open cargo again reads
/// the rows of what changed, and rebuilds the rest from memory.
///
/// A read after the mark the last one returned finds every change since, made by this process or another
/// (`CargoWrites.mark`).
struct StoredCargoCache {
    /// The mark to read after next: the greatest a read returned.
    private(set) var mark = 0
    /// Every cargo read, cancelled ones too, with the mark of the write it was read at, so that an older write read
    /// late never replaces a newer one.
    private var rows: [String: (stored: StoredCargo, mark: Int)] = [:]
    /// The open cargo in tracking id order, until a write changes them.
    private var open: [StoredCargo]?

    /// Keeps the cargo written after a mark, each at its write's mark, and the mark to read after next.
    ///
    /// - Parameters:
    ///   - written: The rows of the cargo written after a mark, read in one snapshot.
    ///   - marks: The write mark of each, by tracking id.
    ///   - next: The mark that every write not read comes after.
    mutating func keep(_ written: [StoredCargo], marks: [String: Int], next: Int) {
        for stored in written {
            let id = stored.record.trackingId, written = marks[id] ?? 0
            guard written > rows[id]?.mark ?? 0 else { continue }
            rows[id] = (stored, written)
            open = nil
        }
        mark = max(mark, next)
    }

    /// The rows of the cargo not cancelled, in tracking id order.
    mutating func openCargo() -> [StoredCargo] {
        if let open { return open }
        let sorted = rows.values.map(\.stored).filter { $0.record.cancelledAt == nil }.sorted { $0.record.trackingId < $1.record.trackingId }
        open = sorted
        return sorted
    }
}
