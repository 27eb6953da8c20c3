import Dispatch

/// The threads that searches run on, apart from Swift's cooperative pool.
///
/// A search holds its thread for as long as it runs. On the cooperative pool, which has one thread per core, a
/// burst of searches would hold every thread, and the budgets' timers, the other requests and `/health` would wait
/// for them. Searches run here instead, as tasks (so that cancelling one reaches the router), on a concurrent
/// dispatch queue.
final class SearchExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "route-planner.searches", qos: .userInitiated, attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job), executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
