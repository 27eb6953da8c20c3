import Foundation
import Synchronization

/// Runs assignments in the background, one at a time over a store, each kept in the store with its progress and
/// result (``AssignmentRunRepository``): so that a run's screen opens on any server over the store, and after a
/// restart.
///
/// A run works in a task of its own, so that the request that starts it is answered at once. While it works, it says
/// it is alive every ``heartbeat`` with its last step, and learns whether someone asked it to stop, on any server; a
/// run whose process stopped without ending it counts as interrupted once ``AssignmentRunRecord/aliveWindow`` has
/// passed. A process makes one runner, and cancels its runs when it shuts down (``cancelAll()``).
public actor AssignmentRunner {
    /// How a run ended, what it came to, and that in a line, as the front end that started it writes them.
    public typealias Outcome = (status: AssignmentRunRecord.Status, result: String, summary: String)

    /// What starting a run did.
    public enum Started: Sendable {
        /// The run started under this id.
        case started(String)
        /// Another run is working over the store, and nothing was started.
        case busy(AssignmentRunRecord)
    }

    /// How often a working run says it is alive, with its last step, and learns whether it was asked to stop.
    public static let heartbeat: Duration = .seconds(1)

    /// The threads the runs work on: a run holds its thread for as long as the solver works, so never one of the
    /// cooperative pool's, which its heartbeat and the server's requests need.
    private static let executor = DispatchTaskExecutor(label: "route-planner.assignment-runs", concurrent: true)

    private let runs: any AssignmentRunRepository
    private let now: @Sendable () -> Date
    /// The runs this process works on: the task that runs each, and the one that keeps its record.
    private var working: [String: (work: Task<Outcome, Never>, keeper: Task<Void, Never>)] = [:]

    /// - Parameters:
    ///   - runs: Where the runs are kept.
    ///   - now: The real clock, which says when a run is alive (never business time).
    public init(runs: any AssignmentRunRepository, now: @escaping @Sendable () -> Date = { Date() }) {
        self.runs = runs
        self.now = now
    }

    /// Starts a run, unless another is working over the store.
    ///
    /// - Parameter work: The run, given where its steps go; it returns how it ended and its result. It is cancelled
    ///   when the run is asked to stop.
    /// - Throws: The store's error when the run cannot be recorded; nothing started then.
    public func start(_ work: @escaping @Sendable (_ report: @escaping @Sendable (String) -> Void) async -> Outcome) async throws -> Started {
        var generator = SystemRandomNumberGenerator()
        let id = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }.joined(separator: "-")
        if let busy = try await runs.start(AssignmentRunRecord(id: id, startedAt: now()), at: now()) { return .busy(busy) }
        let latest = LastStep()
        let task = Task(executorPreference: Self.executor) { await work { latest.set($0) } }
        let (runs, now) = (self.runs, self.now)
        let keeper = Task {
            // The heartbeat: the last step, and whether the run was asked to stop, on this server or another.
            let beat = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: Self.heartbeat)
                    if (try? await runs.report(id, progress: latest.value, at: now())) == true { task.cancel() }
                }
            }
            let outcome = await withTaskCancellationHandler {
                await task.value
            } onCancel: {
                task.cancel()
            }
            beat.cancel()
            // A store that cannot be written now leaves the run running, until it counts as interrupted.
            try? await runs.finish(id, status: outcome.status, result: outcome.result, summary: outcome.summary, at: now())
            self.ended(id)
        }
        working[id] = (task, keeper)
        return .started(id)
    }

    /// A run, or `nil` when none has the id.
    public func run(_ id: String) async throws -> AssignmentRunRecord? {
        try await runs.run(id)
    }

    /// The runs kept, the last started first, without their results.
    public func runs() async throws -> [AssignmentRunRecord] {
        try await runs.runs()
    }

    /// Records that a finished run's plan was confirmed, with what that wrote; returns whether it was finished.
    public func confirm(_ id: String, result: String, summary: String) async throws -> Bool {
        try await runs.confirm(id, result: result, summary: summary, at: now())
    }

    /// Asks a run to stop: at once when it works in this process, at its next heartbeat in another. Returns whether it
    /// was running.
    public func cancel(_ id: String) async throws -> Bool {
        let running = try await runs.requestCancellation(id)
        working[id]?.work.cancel()
        return running
    }

    /// Stops every run this process works on and waits until each has recorded that it was cancelled: what a server
    /// does as it shuts down.
    public func cancelAll() async {
        let keepers = working.values.map(\.keeper)
        for run in working.values { run.work.cancel() }
        for keeper in keepers { await keeper.value }
    }

    private func ended(_ id: String) {
        working[id] = nil
    }
}

/// A run's last step, which it sets as it works and its heartbeat reads.
private final class LastStep: Sendable {
    private let step = Mutex<String?>(nil)

    var value: String? { step.withLock { $0 } }

    func set(_ line: String) { step.withLock { $0 = line } }
}
