/// Where a long use case reports its progress: a line after each step, to whoever runs it.
///
/// The runner binds a handler around the call (a view model to its `progress`, the command line to a
/// terminal), and a use case that has steps to report reads ``report``:
///
/// ```swift
/// await UseCaseProgress.$report.withValue({ print($0) }) { await coordinator(form) }
/// ```
public enum UseCaseProgress {
    /// The handler bound for the current task, if any.
    @TaskLocal public static var report: (@Sendable (String) -> Void)?
}
