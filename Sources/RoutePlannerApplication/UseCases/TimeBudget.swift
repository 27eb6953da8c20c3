import Dispatch

/// Work that must finish within a time, such as a route search on a request's path.
public enum TimeBudget {
    /// A budget in words, as messages give it: "2 seconds", "500 milliseconds".
    public static func text(_ budget: Duration) -> String {
        budget.formatted(.units(allowed: [.seconds, .milliseconds], width: .wide))
    }

    /// The work's result, or `nil` when it runs past the budget: when its start is already past it, or when the
    /// budget runs out while it runs, in which case the work is cancelled (the router and the solver stop at the
    /// next check) and awaited.
    ///
    /// The budget's timer is Dispatch's, on a thread of its own: it cancels the work on time however busy Swift's
    /// cooperative pool is, which is when a budget matters. A timer that slept as a task would wait, once its time came,
    /// for a thread of the pool that the work it is to stop may be holding.
    ///
    /// - Parameters:
    ///   - budget: The most time the work may take, counted from now.
    ///   - executor: Where the work runs, such as threads apart from the cooperative pool; `nil` keeps the
    ///     caller's preference.
    ///   - work: The work.
    public static func run<Value: Sendable>(
        _ budget: Duration, on executor: (any TaskExecutor)? = nil, _ work: @escaping @Sendable () async -> Value
    ) async -> Value? {
        let clock = ContinuousClock(), deadline = clock.now + budget
        let task = Task(executorPreference: executor) { () -> Value? in
            clock.now < deadline ? await work() : nil
        }
        let timer = DispatchWorkItem { task.cancel() }
        let (seconds, attoseconds) = budget.components
        DispatchQueue.global().asyncAfter(deadline: .now() + (Double(seconds) + Double(attoseconds) * 1e-18), execute: timer)
        let value = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        timer.cancel()
        // Cancelled by the timer (or with the caller): what the work returned is not its whole answer.
        return task.isCancelled ? nil : value
    }
}
