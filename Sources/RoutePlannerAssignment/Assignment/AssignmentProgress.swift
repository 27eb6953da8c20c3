import Foundation

/// Tells the caller's progress handler, if any, each step of an assignment with the time so far.
struct AssignmentProgress {
    let handler: (@Sendable (String) -> Void)?
    let started: ContinuousClock.Instant

    func callAsFunction(_ step: @autoclosure () -> String) {
        guard let handler else { return }
        handler("\(Self.seconds(.now - started)): \(step())")
    }

    /// A duration in seconds, to a tenth.
    static func seconds(_ duration: Duration) -> String { String(format: "%.1f s", duration / .seconds(1)) }
}
