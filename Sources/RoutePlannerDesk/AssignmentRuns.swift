import Foundation
import RoutePlanner
import RoutePlannerApplication

/// The assignments the desk has run or is running, each under a random id that its screen's address holds.
///
/// A run works in a task of its own, so that the request that starts it is answered at once and the run's
/// screen follows its progress. One run works at a time: two runs over the store's open cargo would assign the
/// same cargo twice, and each holds the solver for up to its time limit. The newest finished runs are kept
/// (``capacity``); an older one's screen is gone.
actor AssignmentRuns {
    /// Where a run is.
    enum State: Sendable {
        /// Working: the last step it reported.
        case running(progress: String?)
        /// Done: what the assignment came to, with the plan for the pictures and the downloads.
        case finished(DeskState<AssignmentReportView>, AssignRoutesResponse?, ScheduleNetwork)
    }

    /// The most finished runs kept.
    static let capacity = 20

    private var runs: [String: State] = [:]
    /// The finished runs' ids, oldest first.
    private var finished: [String] = []
    /// The run working now, if any.
    private var working: String?

    /// Starts a run and returns its id; `nil` while another run works.
    ///
    /// - Parameter work: The run, given where its steps go.
    func start(
        _ work:
            @escaping @Sendable (_ report: @escaping @Sendable (String) -> Void) async -> (
                DeskState<AssignmentReportView>, AssignRoutesResponse?, ScheduleNetwork
            )
    ) -> String? {
        guard working == nil else { return nil }
        var generator = SystemRandomNumberGenerator()
        let id = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }.joined(separator: "-")
        runs[id] = .running(progress: nil)
        working = id
        // The steps reach the actor in the order they were reported: a later step never gives way to an earlier one.
        let steps = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(1))
        Task { for await line in steps.stream { self.progress(id, line) } }
        Task {
            // The steps go to the run as a handler of its own, not a task-local value: bound inside this task, the
            // release build's task-local push crashed (a null current task, in `swift_task_localValuePush`).
            let (state, response, network) = await work { steps.continuation.yield($0) }
            steps.continuation.finish()
            self.finish(id, .finished(state, response, network))
        }
        return id
    }

    /// A run's state; `nil` for an id that is not one of the runs kept.
    func state(_ id: String) -> State? { runs[id] }

    /// Whether a run is working now.
    var isWorking: Bool { working != nil }

    private func progress(_ id: String, _ line: String) {
        guard case .running? = runs[id] else { return }
        runs[id] = .running(progress: line)
    }

    private func finish(_ id: String, _ state: State) {
        runs[id] = state
        working = nil
        finished.append(id)
        while finished.count > Self.capacity { runs[finished.removeFirst()] = nil }
    }
}
