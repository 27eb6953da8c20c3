import Dispatch
import Synchronization

/// Threads that share a loop over indices: worker *w* of *n* takes indices *w*, *w* + *n*, *w* + 2*n*, …; the
/// calling thread is worker 0 and the others run on Dispatch's global queue.
///
/// Each worker makes its own body (with its own router and buffers) on its own thread. The loop stops early on
/// every thread once the deadline passes or the calling task is cancelled, looked at every 64 indices.
enum Workers {
    /// Runs the loop; returns `false` when it stopped early, so that some indices were not done.
    ///
    /// The bodies may write only what belongs to their own indices.
    static func run(
        _ workers: Int, over count: Int, until deadline: ContinuousClock.Instant, _ makeBody: @escaping @Sendable (_ worker: Int) -> (Int) -> Void
    ) -> Bool {
        let workers = max(1, min(workers, count))
        let stop = Flag()
        @Sendable func work(_ worker: Int) {
            let body = makeBody(worker)
            var done = 0
            for index in stride(from: worker, to: count, by: workers) {
                done += 1
                if done % 64 == 0 {
                    // Only the calling thread sees its task; it tells the others.
                    if ContinuousClock.now > deadline || worker == 0 && Task.isCancelled { stop.value.store(true, ordering: .relaxed) }
                    if stop.value.load(ordering: .relaxed) { return }
                }
                body(index)
            }
        }
        let helpers = DispatchGroup()
        for worker in 1..<workers { DispatchQueue.global().async(group: helpers) { work(worker) } }
        work(0)
        helpers.wait()
        return !stop.value.load(ordering: .relaxed)
    }

    private final class Flag: Sendable {
        let value = Atomic(false)
    }
}
