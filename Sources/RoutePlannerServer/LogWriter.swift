import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
    private let systemPoll = Glibc.poll
#elseif canImport(Musl)
    import Musl
    private let systemWrite = Musl.write
    private let systemPoll = Musl.poll
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
    private let systemPoll = Darwin.poll
#endif

/// A destination for log lines that never makes a caller wait: lines are queued, up to a bound, and a thread of
/// the writer's own writes them to a file descriptor.
///
/// A reader that is slow, or that stops reading, fills the pipe, and a write to a full pipe blocks. Were the
/// lines written where they are logged, that would block the threads that answer requests (two blocked writes stop
/// Swift's cooperative pool on two cores). Here a line that finds the queue full is dropped and counted
/// instead (``droppedLines``, `/metrics`), and once the writer catches up it writes a line that says how many
/// were dropped.
///
/// ```swift
/// let writer = LogWriter()
/// LoggingSystem.bootstrap { label in writer.handler(label: label) }
/// ```
public final class LogWriter: Sendable {
    /// The most lines that wait to be written: about 250 KB of request lines.
    public static let defaultCapacity = 1_024

    /// What waits to be written, and what was dropped.
    private struct State {
        var lines: [String] = []
        /// Whether the thread is writing lines it has taken from the queue.
        var isWriting = false
        var dropped = 0
        /// Lines dropped since the last line that said so.
        var droppedUnsaid = 0
    }

    private let capacity: Int
    private let descriptor: Int32
    private let state = Mutex(State())
    /// Signalled once for each line queued: the thread waits on it.
    private let queued = DispatchSemaphore(value: 0)

    /// Starts a writer and its thread.
    ///
    /// - Parameters:
    ///   - descriptor: Where the lines go: standard error unless told otherwise.
    ///   - capacity: The most lines that wait to be written; a line logged when as many wait is dropped.
    public init(descriptor: Int32 = STDERR_FILENO, capacity: Int = LogWriter.defaultCapacity) {
        precondition(capacity > 0, "A log writer needs room for at least one line.")
        self.descriptor = descriptor
        self.capacity = capacity
        let thread = Thread { [self] in run() }
        thread.name = "route-planner.log"
        thread.start()
    }

    /// A handler that formats as swift-log's `StreamLogHandler` does and queues each line here.
    public func handler(label: String, level: Logger.Level = .info) -> some LogHandler {
        var handler = StreamLogHandler(label: label, stream: Stream(writer: self), metadataProvider: LoggingSystem.metadataProvider)
        handler.logLevel = level
        return handler
    }

    /// The lines dropped so far because the queue was full, or because the descriptor could not be written.
    public var droppedLines: Int { state.withLock { $0.dropped } }

    /// Queues a line (with its line feed), or drops it when the queue is full. Never waits.
    public func write(_ line: String) {
        let accepted = state.withLock { state in
            guard state.lines.count < capacity else {
                state.dropped += 1
                state.droppedUnsaid += 1
                return false
            }
            state.lines.append(line)
            return true
        }
        if accepted { queued.signal() }
    }

    /// Waits until every line queued so far is written, or until the timeout: for the last lines before the
    /// process exits. A reader that does not read makes this wait for the whole timeout.
    ///
    /// - Returns: Whether every line was written.
    @discardableResult
    public func flush(timeout: Duration = .seconds(2)) -> Bool {
        let end = ContinuousClock.now + timeout
        while ContinuousClock.now < end {
            if state.withLock({ $0.lines.isEmpty && !$0.isWriting }) { return true }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return false
    }

    /// The thread's loop: takes every line waiting, writes them in one go, and queues a line that says how many
    /// were dropped since the last such line.
    private func run() {
        let notices = handler(label: "route-planner", level: .warning)
        while true {
            queued.wait()
            let (lines, droppedUnsaid) = state.withLock { state in
                defer {
                    state.lines.removeAll(keepingCapacity: true)
                    state.droppedUnsaid = 0
                    state.isWriting = true
                }
                return (state.lines, state.droppedUnsaid)
            }
            if droppedUnsaid > 0 {
                notices.log(
                    event: LogEvent(
                        level: .warning, message: "log lines dropped: the log's reader did not keep up",
                        metadata: ["dropped": .stringConvertible(droppedUnsaid)], source: "RoutePlannerServer", file: #fileID,
                        function: #function, line: #line))
            }
            let written = writeAll(lines.joined())
            state.withLock { state in
                if !written { state.dropped += lines.count }
                state.isWriting = false
            }
        }
    }

    /// Writes the whole text, waiting as long as the descriptor makes it wait.
    ///
    /// - Returns: Whether it was written; false when the descriptor fails (such as a pipe whose reader is gone).
    private func writeAll(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if count >= 0 {
                bytes = bytes.dropFirst(count)
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                // A descriptor another process set non-blocking: wait until it takes more.
                var poll = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = systemPoll(&poll, 1, -1)
            } else if errno != EINTR {
                return false
            }
        }
        return true
    }

    /// The stream a `StreamLogHandler` writes each of its lines to: into the queue.
    struct Stream: TextOutputStream, Sendable {
        let writer: LogWriter

        func write(_ string: String) { writer.write(string) }
    }
}
