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
    /// The attempts being checked now; past ``maximumChecks``, more are refused, so that a flood of logins does not
    /// hold every thread in bcrypt.
    private var checking = 0
    /// The most password checks at once.
    static let maximumChecks = 4
    /// When failures past the window were last forgotten.
    private var pruned = Date.distantPast

    /// Creates a throttle: by default 3 failures in 15 minutes slow attempts down, and 10 refuse them.
    public init(window: Duration = .seconds(900), slowAfter: Int = 3, refuseAfter: Int = 10) {
        self.window = window
        self.slowAfter = slowAfter
        self.refuseAfter = refuseAfter
    }

    /// The keys an attempt counts under: its account and its address.
    static func keys(user: String?, address: String?) -> [String] {
        (user.map { ["user " + $0] } ?? []) + (address.map { ["address " + $0] } ?? [])
    }

    /// How long an attempt must wait before it is checked, or the seconds after which it may be made again when it
    /// is refused. An attempt admitted counts as a failure at once, until ``succeeded(_:user:at:)`` takes it back, so
    /// that attempts made at the same moment cannot all pass before any of them fails; each admitted one must be
    /// ended with ``succeeded(_:user:at:)`` or ``ended()``.
    func admission(_ keys: [String], at now: Date) -> (wait: Duration, retryAfter: Int?) {
        guard checking < Self.maximumChecks else { return (.zero, 1) }
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
        for key in keys { failures[key, default: []].append(now) }
        checking += 1
        // Failures past the window are forgotten now and then, so that many names tried once do not pile up.
        if failures.count > Self.keysKept, now.timeIntervalSince(pruned) > 60 {
            pruned = now
            failures = failures.filter { $0.value.contains { now.timeIntervalSince($0) < seconds } }
        }
        return (wait, nil)
    }

    /// The accounts and addresses with failures kept before those past the window are forgotten.
    private static let keysKept = 10_000

    /// Ends an admitted attempt that failed: it stays counted.
    func ended() {
        checking -= 1
    }

    /// Ends an admitted attempt that succeeded: the account's failures are forgotten, and the attempt is no
    /// longer counted against the address.
    func succeeded(_ keys: [String], user: String, at time: Date) {
        checking -= 1
        failures["user " + user] = nil
        for key in keys where key != "user " + user {
            if let index = failures[key]?.lastIndex(of: time) { failures[key]?.remove(at: index) }
        }
    }
}
