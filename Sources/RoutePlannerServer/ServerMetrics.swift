import Foundation
import Metrics
import Prometheus
import Synchronization

/// The server's metrics, through swift-metrics into a Prometheus registry of the server's own (so that several
/// servers, as in the tests, never share or re-bootstrap a global one), served as text at `/metrics`.
///
/// - `http_requests_total{route,status}` and `http_request_duration_seconds{route}` (a histogram, 0.5 ms to 10 s);
/// - `route_searches_total{result}`: point-to-point searches, `found`, `no_route` or `over_budget`;
/// - `schedule_reloads_total{result}`: `loaded` or `failed`;
/// - `log_lines_dropped_total`: log lines dropped because the log's reader did not keep up (``LogWriter``);
/// - `store_round_trips_total{kind}`: the store's transactions (`read`, `write`) and statements run alone (`statement`),
///   with a store.
final class ServerMetrics: Sendable {
    /// What a search came to.
    enum SearchResult: String {
        case found, noRoute = "no_route", overBudget = "over_budget"
    }

    private let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory
    /// The log lines the writer has dropped, read when the metrics are asked for.
    private let droppedLogLines: @Sendable () -> Int
    /// The dropped log lines counted so far, and their counter.
    private let droppedLogLinesCounted: Mutex<Int> = Mutex(0)
    private let droppedLogLinesCounter: Prometheus.Counter
    /// The store's round trips by kind, read when the metrics are asked for; `nil` without a store.
    private let storeRoundTrips: (@Sendable () -> [(kind: String, count: Int)])?
    /// The round trips counted so far, by kind.
    private let storeRoundTripsCounted: Mutex<[String: Int]> = Mutex([:])

    /// - Parameters:
    ///   - droppedLogLines: The log lines dropped so far, as the log's writer counts them.
    ///   - storeRoundTrips: The store's round trips so far, by kind, as the store counts them.
    init(droppedLogLines: @escaping @Sendable () -> Int = { 0 }, storeRoundTrips: (@Sendable () -> [(kind: String, count: Int)])? = nil) {
        let registry = PrometheusCollectorRegistry()
        self.registry = registry
        self.droppedLogLines = droppedLogLines
        self.storeRoundTrips = storeRoundTrips
        droppedLogLinesCounter = registry.makeCounter(
            name: "log_lines_dropped_total", help: "Log lines dropped because the log's reader did not keep up.")
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets["http_request_duration_seconds"] = [
            .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
            .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(10),
        ]
        self.factory = factory
    }

    /// Counts a request and records how long it took.
    func requested(route: String, status: Int, duration: Duration) {
        Counter(label: "http_requests_total", dimensions: [("route", route), ("status", String(status))], factory: factory).increment()
        Metrics.Timer(label: "http_request_duration_seconds", dimensions: [("route", route)], factory: factory).record(duration: duration)
    }

    /// Counts a point-to-point search.
    func searched(_ result: SearchResult) {
        Counter(label: "route_searches_total", dimensions: [("result", result.rawValue)], factory: factory).increment()
    }

    /// Counts a reload of the schedule.
    func reloaded(_ succeeded: Bool) {
        Counter(label: "schedule_reloads_total", dimensions: [("result", succeeded ? "loaded" : "failed")], factory: factory).increment()
    }

    /// The metrics in Prometheus's text format.
    func exposition() -> [UInt8] {
        droppedLogLinesCounted.withLock { counted in
            let dropped = droppedLogLines()
            if dropped > counted { droppedLogLinesCounter.increment(by: Int64(dropped - counted)) }
            counted = max(counted, dropped)
        }
        if let storeRoundTrips {
            let now = storeRoundTrips()
            storeRoundTripsCounted.withLock { counted in
                for (kind, count) in now where count > counted[kind, default: 0] {
                    registry.makeCounter(
                        name: "store_round_trips_total", labels: [("kind", kind)], help: "The store's transactions and statements run alone, by kind."
                    ).increment(by: Int64(count - counted[kind, default: 0]))
                    counted[kind] = count
                }
            }
        }
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }
}
