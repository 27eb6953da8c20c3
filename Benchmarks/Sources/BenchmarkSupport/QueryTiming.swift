import Foundation

/// The monotonic clock, in nanoseconds.
public func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// The milliseconds since `start` (from ``nanoseconds()``).
public func milliseconds(_ start: UInt64) -> Double { Double(nanoseconds() - start) / 1e6 }

/// The median and the 99th percentile of samples.
public struct Summary {
    public var median: Double
    public var p99: Double

    public init(_ samples: [Double]) {
        let sorted = samples.sorted()
        median = sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        p99 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
    }
}

/// Times every query under each of `bodies` in turn, `passes` times over; returns, per body, each query's least time
/// in milliseconds over the passes and the answers of the last pass. The bodies take turns query by query, so that a
/// slow spell of a shared machine falls on all of them alike rather than on one's whole pass.
public func measure<Query, Answer>(passes: Int, queries: [Query], _ bodies: [(Query) -> Answer]) -> [(times: [Double], answers: [Answer])] {
    var times = [[Double]](repeating: [Double](repeating: .infinity, count: queries.count), count: bodies.count)
    var answers = [[Answer]](repeating: [], count: bodies.count)
    for pass in 0..<passes {
        for (index, query) in queries.enumerated() {
            for (which, body) in bodies.enumerated() {
                let begin = nanoseconds()
                let answer = body(query)
                times[which][index] = min(times[which][index], milliseconds(begin))
                if pass == passes - 1 { answers[which].append(answer) }
            }
        }
    }
    return zip(times, answers).map { ($0, $1) }
}

/// Times every query, `passes` times over; returns each query's least time in milliseconds and the answers of the last
/// pass.
public func measure<Query, Answer>(passes: Int, queries: [Query], _ body: @escaping (Query) -> Answer) -> ([Double], [Answer]) {
    let measured = measure(passes: passes, queries: queries, [body])[0]
    return (measured.times, measured.answers)
}
