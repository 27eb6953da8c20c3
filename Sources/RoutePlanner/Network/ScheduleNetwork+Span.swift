import Foundation

extension ScheduleNetwork {
    /// The schedule's first and last departure, or `nil` when it has no movement.
    ///
    /// - Complexity: O(*m*) for *m* movements.
    public var departureSpan: ClosedRange<Date>? {
        guard let first = departure.min(), let last = departure.max() else { return nil }
        return Date(seconds: first)...Date(seconds: last)
    }

    /// The schedule's dates, by which every front end names it: from its first departure to its last arrival, or
    /// `nil` when it has no movement.
    ///
    /// - Complexity: O(*m*) for *m* movements.
    public var sailingSpan: ClosedRange<Date>? {
        guard let first = departure.min(), let last = arrival.max() else { return nil }
        return Date(seconds: first)...Date(seconds: max(first, last))
    }

    /// The schedule's last arrival, or `nil` when it has no movement.
    ///
    /// - Complexity: O(*m*) for *m* movements.
    public var lastArrival: Date? { arrival.max().map(Date.init(seconds:)) }
}
