import Foundation

/// Failed logins, counted per account and per address over a window: past a few, each attempt waits longer
/// before it is checked; past more, attempts are refused until the oldest failure leaves the window.
///
/// It is kept by the process that answers logins, and a success forgets the account's failures (not the
/// address's, so that one account of the attacker's own does not clear the way to the others).
public actor LoginThrottle {
    /// How long a failure counts.
    public let window: Duration
    /// The failures after which each attempt waits half a second more, up to two seconds.
    public let slowAfter: Int
    /// The failures after which attempts are refused.
    public let refuseAfter: Int
    private var failures: [String: [Date]] = [:]

    /// Creates a throttle: by default 3 failures in 15 minutes slow attempts down, and 10 refuse them.
    public init(window: Duration = .seconds(900), slowAfter: Int = 3, refuseAfter: Int = 10) {
        self.window = window
        self.slowAfter = slowAfter
        self.refuseAfter = refuseAfter
    }

    /// The keys an attempt counts under: its account and its address.
    static func keys(user: String, address: String?) -> [String] {
        ["user " + user] + (address.map { ["address " + $0] } ?? [])
    }

    /// How long an attempt must wait before it is checked, or the seconds after which it may be made again when it
    /// is refused.
    func admission(_ keys: [String], at now: Date) -> (wait: Duration, retryAfter: Int?) {
        let seconds = Double(window.components.seconds)
        var wait = Duration.zero
        for key in keys {
            let recent = (failures[key] ?? []).filter { now.timeIntervalSince($0) < seconds }
            failures[key] = recent.isEmpty ? nil : recent
            if recent.count >= refuseAfter, let oldest = recent.min() {
                return (.zero, max(1, Int((seconds - now.timeIntervalSince(oldest)).rounded(.up))))
            }
            if recent.count >= slowAfter { wait = max(wait, .milliseconds(500 * min(recent.count - slowAfter + 1, 4))) }
        }
        return (wait, nil)
    }

    func failed(_ keys: [String], at now: Date) {
        for key in keys { failures[key, default: []].append(now) }
    }

    func succeeded(user: String) {
        failures["user " + user] = nil
    }
}
