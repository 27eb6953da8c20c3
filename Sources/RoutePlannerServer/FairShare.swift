/// Takes turns among the requests of one client, so that one client's heavy requests wait for each other rather than
/// in front of everyone else's: at most ``limit`` of a key's requests run at once, the rest wait (suspended, holding
/// no thread) in the order they came.
///
/// The desk keys a request by its session (`DeskMiddleware`).
actor FairShare {
    /// How many requests of one key run at once.
    let limit: Int
    private var running: [String: Int] = [:]
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    init(limit: Int) {
        precondition(limit > 0, "a key runs at least one request")
        self.limit = limit
    }

    /// Runs `work` once fewer than ``limit`` requests of `key` run, then lets the next of the key's waiting requests
    /// run; without a key, at once.
    nonisolated func run<Result: Sendable>(_ key: String?, _ work: () async -> Result) async -> Result {
        guard let key else { return await work() }
        await enter(key)
        let result = await work()
        await leave(key)
        return result
    }

    private func enter(_ key: String) async {
        if running[key, default: 0] < limit {
            running[key, default: 0] += 1
            return
        }
        // The turn is handed over by `leave`, which counts this request as running before it resumes it.
        await withCheckedContinuation { waiting[key, default: []].append($0) }
    }

    private func leave(_ key: String) {
        if var queue = waiting[key], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[key] = queue.isEmpty ? nil : queue
            next.resume()
            return
        }
        let count = running[key, default: 1] - 1
        running[key] = count > 0 ? count : nil
    }
}
