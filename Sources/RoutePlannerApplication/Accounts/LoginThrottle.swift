import Foundation

/// Failed logins, counted per account and per address over a window: past a few, each attempt waits longer
/// before it is checked; past more, attempts are refused until the oldest failure leaves the window.
///
/// The failures are kept where the accounts are (`AccountRepository.countLoginAttempt(_:under:at:since:limit:)`), so
/// that every process over one store counts the same failures, and a success forgets the account's failures (not
/// the address's, so that one account of the attacker's own does not clear the way to the others). How many
/// passwords are checked at once is the process's own: it bounds the work bcrypt takes on its threads.
public actor LoginThrottle {
    /// How long a failure counts.
    public let window: Duration
    /// The failures after which each attempt waits half a second more, up to two seconds.
    public let slowAfter: Int
    /// The failures after which attempts are refused.
    public let refuseAfter: Int
    /// The attempts being checked now; past ``maximumChecks``, more are refused, so that a flood of logins does not
    /// hold every thread in bcrypt.
    private var checking = 0
    /// The most password checks at once.
    static let maximumChecks = 4

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
    /// is refused. An attempt admitted counts as a failure at once, until ``forget(_:user:in:)`` takes it back, so
    /// that attempts made at the same moment cannot all pass before any of them fails; each admitted one must be
    /// ended with ``ended()`` once its password is checked.
    func admission(_ attempt: String, under keys: [String], at now: Date, in accounts: any AccountRepository) async throws -> (wait: Duration, retryAfter: Int?)
    {
        guard checking < Self.maximumChecks else { return (.zero, 1) }
        checking += 1
        let seconds = Double(window.components.seconds)
        let counted: [[Date]]
        do {
            counted = try await accounts.countLoginAttempt(attempt, under: keys, at: now, since: now.addingTimeInterval(-seconds), limit: refuseAfter)
        } catch {
            checking -= 1
            throw error
        }
        var wait = Duration.zero
        for recent in counted {
            if recent.count >= refuseAfter, let oldest = recent.first {
                checking -= 1
                return (.zero, max(1, Int((seconds - now.timeIntervalSince(oldest)).rounded(.up))))
            }
            if recent.count >= slowAfter { wait = max(wait, .milliseconds(500 * min(recent.count - slowAfter + 1, 4))) }
        }
        return (wait, nil)
    }

    /// Ends an admitted attempt, once its password is checked (or the check failed): it stays counted until
    /// ``forget(_:user:in:)`` takes it back.
    func ended() {
        checking -= 1
    }

    /// Forgets an attempt that succeeded: the account's failures are forgotten, and the attempt is no longer counted
    /// against the address.
    nonisolated func forget(_ attempt: String, user: String, in accounts: any AccountRepository) async throws {
        try await accounts.forgetLoginAttempt(attempt, andEveryFailureUnder: "user " + user)
    }
}
