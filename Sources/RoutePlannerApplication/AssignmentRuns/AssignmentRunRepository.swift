import Foundation

/// Where assignment runs are kept, with their progress and result.
///
/// One run works at a time over a store: two runs over its open cargo would assign the same cargo twice. Each method is
/// one transaction.
public protocol AssignmentRunRepository: Sendable {
    /// Records a new run as running, unless another run is running and alive at `time`; then records nothing and
    /// returns that run.
    func start(_ run: AssignmentRunRecord, at time: Date) async throws -> AssignmentRunRecord?

    /// Records that a running run is alive at `time`, with its last step when it reports one; returns whether it was
    /// asked to stop. A run that is no longer running is left as it is.
    func report(_ id: String, progress: String?, at time: Date) async throws -> Bool

    /// Records how a running run ended, with what it came to and that in a line; then keeps only the newest
    /// ``AssignmentRunRecord/keptRuns`` runs that ended.
    func finish(_ id: String, status: AssignmentRunRecord.Status, result: String, summary: String, at time: Date) async throws

    /// Records that a finished run's plan was confirmed, with what that wrote as its result and its line; returns
    /// whether it was finished (a run confirmed already is left as it is).
    func confirm(_ id: String, result: String, summary: String, at time: Date) async throws -> Bool

    /// Asks a running run to stop; returns whether it is running (and so was asked).
    func requestCancellation(_ id: String) async throws -> Bool

    /// A run, or `nil` when none has the id (or it is no longer kept).
    func run(_ id: String) async throws -> AssignmentRunRecord?

    /// The runs kept, the last started first, each without its result (which ``run(_:)`` reads): a list of them reads
    /// their summaries only.
    func runs() async throws -> [AssignmentRunRecord]
}

extension AssignmentRunRecord {
    /// The most runs that ended a store keeps: the newest.
    public static let keptRuns = 20
}

/// Assignment runs kept in memory: those of one process, gone when it stops.
public actor InMemoryAssignmentRunRepository: AssignmentRunRepository {
    private var kept: [String: AssignmentRunRecord] = [:]
    /// The runs that ended, oldest first.
    private var ended: [String] = []

    public init() {}

    public func start(_ run: AssignmentRunRecord, at time: Date) -> AssignmentRunRecord? {
        if let working = kept.values.first(where: { $0.isAlive(at: time) }) { return working }
        kept[run.id] = run
        return nil
    }

    public func report(_ id: String, progress: String?, at time: Date) -> Bool {
        guard var run = kept[id], run.status == .running else { return false }
        if let progress { run.progress = progress }
        run.aliveAt = time
        kept[id] = run
        return run.cancellationRequested
    }

    public func finish(_ id: String, status: AssignmentRunRecord.Status, result: String, summary: String, at time: Date) {
        guard var run = kept[id], run.status == .running else { return }
        run.status = status
        run.result = result
        run.summary = summary
        run.aliveAt = time
        kept[id] = run
        ended.append(id)
        while ended.count > AssignmentRunRecord.keptRuns { kept[ended.removeFirst()] = nil }
    }

    public func confirm(_ id: String, result: String, summary: String, at time: Date) -> Bool {
        guard var run = kept[id], run.status == .finished else { return false }
        (run.status, run.result, run.summary, run.aliveAt) = (.confirmed, result, summary, time)
        kept[id] = run
        return true
    }

    public func requestCancellation(_ id: String) -> Bool {
        guard var run = kept[id], run.status == .running else { return false }
        run.cancellationRequested = true
        kept[id] = run
        return true
    }

    public func run(_ id: String) -> AssignmentRunRecord? { kept[id] }

    public func runs() -> [AssignmentRunRecord] {
        kept.values.sorted { ($0.startedAt, $0.id) > ($1.startedAt, $1.id) }.map { run in
            var listed = run
            listed.result = nil
            return listed
        }
    }
}
