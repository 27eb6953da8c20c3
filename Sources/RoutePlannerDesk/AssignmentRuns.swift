import Foundation
import RoutePlanner
import RoutePlannerApplication

/// The assignments the desk has run or is running, each under a random id that its screen's address holds.
///
/// A run works in a task of its own, so that the request that starts it is answered at once and the run's
/// screen follows its progress. The newest runs are kept (``capacity``); an older one's screen is gone.
actor AssignmentRuns {
    /// Where a run is.
    enum State: Sendable {
        /// Working: the last step it reported.
        case running(progress: String?)
        /// Done: what the assignment came to, with the plan for the pictures and the downloads.
        case finished(ViewState<AssignmentReportView>, AssignRoutesResponse?, ScheduleNetwork)
    }

    /// The most runs kept.
    static let capacity = 20

    private var runs: [String: State] = [:]
    private var order: [String] = []

    /// Starts a run and returns its id.
    func start(_ work: @escaping @Sendable () async -> (ViewState<AssignmentReportView>, AssignRoutesResponse?, ScheduleNetwork)) -> String {
        var generator = SystemRandomNumberGenerator()
        let id = (0..<4).map { _ in String(generator.next() as UInt32, radix: 16).leftPadded(8) }.joined()
        runs[id] = .running(progress: nil)
        order.append(id)
        while order.count > Self.capacity { runs[order.removeFirst()] = nil }
        Task {
            let report: @Sendable (String) -> Void = { line in Task { await self.progress(id, line) } }
            let (state, response, network) = await UseCaseProgress.$report.withValue(report) { await work() }
            self.finish(id, .finished(state, response, network))
        }
        return id
    }

    /// A run's state; `nil` for an id that is not one of the runs kept.
    func state(_ id: String) -> State? { runs[id] }

    private func progress(_ id: String, _ line: String) {
        guard case .running? = runs[id] else { return }
        runs[id] = .running(progress: line)
    }

    private func finish(_ id: String, _ state: State) {
        guard runs[id] != nil else { return }
        runs[id] = state
    }
}

extension String {
    fileprivate func leftPadded(_ length: Int) -> String { String(repeating: "0", count: Swift.max(0, length - count)) + self }
}
