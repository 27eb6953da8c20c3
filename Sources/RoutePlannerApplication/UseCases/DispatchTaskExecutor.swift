import Dispatch

/// Threads that long work runs on, apart from Swift's cooperative pool: searches and assignment runs.
///
/// Such work holds its thread for as long as it runs. On the cooperative pool, which has one thread per core, it would
/// hold every thread, and timers, heartbeats and other requests would wait for it. It runs here instead, as tasks (so
/// that cancelling one reaches the work), on a dispatch queue.
public final class DispatchTaskExecutor: TaskExecutor {
    private let queue: DispatchQueue

    /// - Parameters:
    ///   - label: The queue's name, as debuggers and crash reports show it.
    ///   - concurrent: Whether jobs run at once on several threads, rather than one after another.
    public init(label: String, concurrent: Bool) {
        queue = DispatchQueue(label: label, qos: .userInitiated, attributes: concurrent ? .concurrent : [])
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job), executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
