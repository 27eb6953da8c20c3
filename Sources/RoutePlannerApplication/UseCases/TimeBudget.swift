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
    /// - Parameters:
    ///   - budget: The most time the work may take, counted from now.
    ///   - executor: Where the work runs, such as threads apart from the cooperative pool; `nil` keeps the
    ///     caller's preference.
    ///   - work: The work.
    public static func run<Value: Sendable>(
        _ budget: Duration, on executor: (any TaskExecutor)? = nil, _ work: @escaping @Sendable () async -> Value
    ) async -> Value? {
        let clock = ContinuousClock(), deadline = clock.now + budget
        return await withTaskGroup(of: Value?.self) { group in
            group.addTask(executorPreference: executor) {
                clock.now < deadline ? await work() : nil
            }
            group.addTask {
                try? await Task.sleep(until: deadline, clock: clock)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
