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

    /// Records how a running run ended, with what it came to; then keeps only the newest ``AssignmentRunRecord/keptRuns`` runs that ended.
    func finish(_ id: String, status: AssignmentRunRecord.Status, result: String, at time: Date) async throws

    /// Asks a running run to stop; returns whether it is running (and so was asked).
    func requestCancellation(_ id: String) async throws -> Bool

    /// A run, or `nil` when none has the id (or it is no longer kept).
    func run(_ id: String) async throws -> AssignmentRunRecord?
}

extension AssignmentRunRecord {
    /// The most runs that ended a store keeps: the newest.
    public static let keptRuns = 20
}

/// Assignment runs kept in memory: those of one process, gone when it stops.
public actor InMemoryAssignmentRunRepository: AssignmentRunRepository {
    private var runs: [String: AssignmentRunRecord] = [:]
    /// The runs that ended, oldest first.
    private var ended: [String] = []

    public init() {}

    public func start(_ run: AssignmentRunRecord, at time: Date) -> AssignmentRunRecord? {
        if let working = runs.values.first(where: { $0.isAlive(at: time) }) { return working }
        runs[run.id] = run
        return nil
    }

    public func report(_ id: String, progress: String?, at time: Date) -> Bool {
        guard var run = runs[id], run.status == .running else { return false }
        if let progress { run.progress = progress }
        run.aliveAt = time
        runs[id] = run
        return run.cancellationRequested
    }

    public func finish(_ id: String, status: AssignmentRunRecord.Status, result: String, at time: Date) {
        guard var run = runs[id], run.status == .running else { return }
        run.status = status
        run.result = result
        run.aliveAt = time
        runs[id] = run
        ended.append(id)
        while ended.count > AssignmentRunRecord.keptRuns { runs[ended.removeFirst()] = nil }
    }

    public func requestCancellation(_ id: String) -> Bool {
        guard var run = runs[id], run.status == .running else { return false }
        run.cancellationRequested = true
        runs[id] = run
        return true
    }

    public func run(_ id: String) -> AssignmentRunRecord? { runs[id] }
}
