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

/// Times every query; returns the per-query times in milliseconds of the last of `passes` passes, and the answers.
public func measure<Query, Answer>(passes: Int, queries: [Query], _ body: (Query) -> Answer) -> ([Double], [Answer]) {
    var times: [Double] = [], answers: [Answer] = []
    for _ in 0..<passes {
        times.removeAll(keepingCapacity: true)
        answers.removeAll(keepingCapacity: true)
        for query in queries {
            let begin = nanoseconds()
            let answer = body(query)
            times.append(milliseconds(begin))
            answers.append(answer)
        }
    }
    return (times, answers)
}
