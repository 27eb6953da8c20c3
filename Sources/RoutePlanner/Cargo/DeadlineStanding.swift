import Foundation

/// How a cargo stands against its arrival deadline: late, at risk or fine.
///
/// The standing is read from the cargo's delivery as the schedule now sails its route (`Cargo.delivery(over:)`) and
/// from business time:
/// - With an estimated time of arrival, the cargo is **late** when that arrival is after the deadline; **at risk**
///   when its route is disrupted, or it arrives less than ``margin`` before the deadline; **fine** otherwise.
/// - Without one (not routed, misrouted, misdirected, or disrupted so that its last leg no longer sails), it is
///   **late** once the deadline has passed, **at risk** when its route is disrupted, and has no standing otherwise:
///   its status says what to do first.
/// - A claimed or cancelled cargo has no standing: its journey is over.
public enum DeadlineStanding: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case late
    case atRisk = "at risk"
    case fine

    /// The least time a cargo on track arrives before its deadline without being at risk: one day.
    public static let margin: TimeInterval = 86_400

    /// The standing of a delivery against a deadline at a time, or `nil` when it has none.
    public init?(_ delivery: Delivery, deadline: Date, now: Date) {
        switch delivery.status {
        case .claimed, .cancelled: return nil
        default: break
        }
        let disrupted = delivery.status == .disrupted
        if let arrival = delivery.estimatedTimeOfArrival {
            self = arrival > deadline ? .late : disrupted || deadline.timeIntervalSince(arrival) < Self.margin ? .atRisk : .fine
        } else if now > deadline {
            self = .late
        } else if disrupted {
            self = .atRisk
        } else {
            return nil
        }
    }

    public var description: String { rawValue }
}
