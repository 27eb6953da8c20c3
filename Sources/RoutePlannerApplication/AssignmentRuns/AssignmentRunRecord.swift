import Foundation

/// An assignment run as the store keeps it: where it is while it works, and once it ends, what it came to; so that
/// its screen opens after a restart and on every server over the same store.
public struct AssignmentRunRecord: Hashable, Sendable {
    /// Where a run is.
    public enum Status: String, Hashable, Sendable, CaseIterable {
        /// Working, in the process that started it.
        case running
        /// Done: its result holds the plan, which is written only on confirmation.
        case finished
        /// Done, and its plan confirmed: its result holds what was written.
        case confirmed
        /// Ended without a plan: its result says why.
        case failed
        /// Stopped when someone asked it to, or when the server that ran it shut down.
        case cancelled
    }

    /// The run's random id, which its screen's address holds.
    public let id: String
    public var status: Status
    /// The last step it reported while it worked.
    public var progress: String?
    /// When it started, and when it last said it was alive (a step, or its heartbeat), by the real clock.
    public let startedAt: Date
    public var aliveAt: Date
    /// Whether someone asked it to stop; the process that runs it stops it at its next heartbeat.
    public var cancellationRequested: Bool
    /// What it came to, as the front end that started it wrote it; `nil` while it runs.
    public var result: String?
    /// What it came to in a line, for a list of runs: what it assigned and its figures, or why it has no plan; `nil`
    /// while it runs.
    public var summary: String?

    /// How long a running run may go without saying it is alive before it counts as interrupted: several of its
    /// heartbeats (``AssignmentRunner/heartbeat``).
    public static let aliveWindow: Duration = .seconds(30)

    public init(
        id: String, status: Status = .running, progress: String? = nil, startedAt: Date, aliveAt: Date? = nil, cancellationRequested: Bool = false,
        result: String? = nil, summary: String? = nil
    ) {
        self.id = id
        self.status = status
        self.progress = progress
        self.startedAt = startedAt
        self.aliveAt = aliveAt ?? startedAt
        self.cancellationRequested = cancellationRequested
        self.result = result
        self.summary = summary
    }

    /// Whether the run is running and still alive at a time: it said so within ``aliveWindow``.
    public func isAlive(at time: Date) -> Bool {
        status == .running && time.timeIntervalSince(aliveAt) <= Double(Self.aliveWindow.components.seconds)
    }

    /// Whether the run was left running by a process that stopped without ending it (a crash, a kill): it is running
    /// and no longer alive.
    public func isInterrupted(at time: Date) -> Bool {
        status == .running && !isAlive(at: time)
    }
}
