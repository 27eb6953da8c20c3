import BenchmarkSupport
import Foundation
import CAllocatedBytes
import RoutePlanner

// Measures the routing core on a standard instance of Benchmarks/reference beside the compiled
// connection-scan anchor, on the same queries, in the same run. See Benchmarks/README.md.
//
// Usage: RoutingBenchmark INSTANCE_DIR INSTANCE.bin CSA_SCAN_EXECUTABLE [candidate-window-days]
// With EARLIEST_ONLY=1 in the environment, only the earliest arrival (pruning on, without and with cut-offs) and the anchor
// are measured (a quicker check of a change to the search); with CRITERIA_ONLY=N, only the searches by cost and CO2e
// and the McRAPTOR anchor, on the first N queries.

let arguments = CommandLine.arguments
guard arguments.count >= 4 else {
    FileHandle.standardError.write(Data("usage: RoutingBenchmark DIR FILE.bin csa_scan [window-days]\n".utf8))
    exit(2)
}
let windowDays = arguments.count > 4 ? Double(arguments[4])! : 60

func allocatedBytes() -> Int { Int(allocated_bytes()) }

var start = nanoseconds()
let instance = try BenchInstance(directory: arguments[1], binary: arguments[2])
let movementCount = instance.voyages.reduce(0) { $0 + $1.movements.count }
print(
    "read \(instance.locations.count) ports, \(instance.voyages.count) voyages, \(movementCount) movements, "
        + "\(instance.queries.count) queries in \(String(format: "%.2f", milliseconds(start) / 1000)) s")

// Building from in-memory voyages, and the memory the network holds.
var buildTimes: [Double] = []
for _ in 0..<5 {
    start = nanoseconds()
    let network = try ScheduleNetwork(locations: instance.locations, voyages: instance.voyages)
    buildTimes.append(milliseconds(start))
    precondition(network.movementCount == movementCount)
}
let heapBefore = allocatedBytes()
let builtNetwork = try ScheduleNetwork(locations: instance.locations, voyages: instance.voyages)
let networkBytes = Double(allocatedBytes() - heapBefore)
// Prepared for many searches: the all-pairs sailing times that every search's lower bounds read, timed apart.
var prepareTimes: [Double] = []
for _ in 0..<3 {
    start = nanoseconds()
    precondition(builtNetwork.preparedForSearches().movementCount == movementCount)
    prepareTimes.append(milliseconds(start))
}
let heapBeforeTable = allocatedBytes()
let network = builtNetwork.preparedForSearches()
let tableBytes = Double(allocatedBytes() - heapBeforeTable)
let router = Router(network: network)
let heapBeforeSearch = allocatedBytes()
_ = try? router.earliestArrival(
    for: RouteSpecification(
        origin: instance.queries[0].origin, destination: instance.queries[0].destination,
        readyTime: instance.queries[0].ready, arrivalDeadline: instance.queries[0].ready + 86_400 * 200))
let routerBytes = Double(allocatedBytes() - heapBeforeSearch)

func specification(_ query: BenchInstance.Query, days: Double) -> RouteSpecification {
    try! RouteSpecification(
        origin: query.origin, destination: query.destination, readyTime: query.ready,
        arrivalDeadline: query.ready + days * 86_400)
}

// Earliest arrival, with and without pruning; the deadline is far beyond the schedule's end.
var results: [(String, Summary, String)] = []
let earliestOnly = ProcessInfo.processInfo.environment["EARLIEST_ONLY"] != nil
let criteriaOnly = ProcessInfo.processInfo.environment["CRITERIA_ONLY"].flatMap { Int($0) }
for pruning in earliestOnly ? [true] : [true, false] where criteriaOnly == nil {
    router.usesLowerBounds = pruning
    let (times, arrivals) = measure(passes: 3, queries: instance.queries) { query in
        try? router.earliestArrival(for: specification(query, days: 400)).arrivalTime
    }
    let wrong = zip(arrivals, instance.queries).filter { $0 != $1.expectedArrival }.count
    precondition(wrong == 0, "\(wrong) earliest arrivals differ from the reference")
    results.append(("earliest arrival" + (pruning ? "" : ", pruning off"), Summary(times), "\(wrong) of \(arrivals.count) differ from csa.py"))
}

/// The compiled anchor, on the same instance and queries, now: its JSON report.
func runAnchor() throws -> [String: Any] {
    let anchor = Process()
    anchor.executableURL = URL(fileURLWithPath: arguments[3])
    anchor.arguments = [arguments[2], "5"]
    let pipe = Pipe()
    anchor.standardOutput = pipe
    try anchor.run()
    anchor.waitUntilExit()
    return try JSONSerialization.jsonObject(with: pipe.fileHandleForReading.readDataToEndOfFile()) as! [String: Any]
}

// The earliest arrival with cut-offs on 80% of the calls (`withCutOffs`); the candidates with them follow the
// candidates below.
var draws = BenchmarkDraws()
let (voyagesWithCutOffs, callsWithCutOffs) = withCutOffs(instance.voyages, draws: &draws)
let cutOffRouter = Router(network: try ScheduleNetwork(locations: instance.locations, voyages: voyagesWithCutOffs).preparedForSearches())
let cutOffShare = String(format: "%.0f%%", Double(callsWithCutOffs) * 100 / Double(movementCount))
let (cutOffArrivalTimes, cutOffArrivals) = measure(passes: 3, queries: criteriaOnly == nil ? instance.queries : []) { query in
    try? cutOffRouter.earliestArrival(for: specification(query, days: 400)).arrivalTime
}
let later = zip(cutOffArrivals, instance.queries).filter { $0 != $1.expectedArrival }.count
if criteriaOnly == nil {
    results.append(
        (
            "earliest arrival, cut-offs on \(cutOffShare) of calls", Summary(cutOffArrivalTimes),
            "\(later) of \(cutOffArrivals.count) arrive later than without cut-offs"
        ))
}

if earliestOnly {
    let anchor = try runAnchor()["median_ms"] as! Double
    print(
        String(
            format: "earliest arrival %.3f ms, p99 %.3f ms; with cut-offs %.3f ms; C anchor %.3f ms; ratios %.2fx, %.2fx",
            results[0].1.median, results[0].1.p99, results[1].1.median, anchor, results[0].1.median / anchor, results[1].1.median / anchor))
    exit(0)
}

if criteriaOnly == nil {
    // Candidates, k = 5, every departure from the ready time up to a deadline `windowDays` later.
    for pruning in [true, false] {
        router.usesLowerBounds = pruning
        let queries = pruning ? instance.queries : Array(instance.queries.prefix(200))
        let (times, answers) = measure(passes: pruning ? 2 : 1, queries: queries) { query in
            (try? router.candidates(for: specification(query, days: windowDays), limit: 5)) ?? []
        }
        for (query, candidates) in zip(queries, answers) {
            let window = specification(query, days: windowDays)
            precondition(candidates.allSatisfy(window.isSatisfied(by:)))
            if let first = candidates.first {
                precondition(first.arrivalTime == query.expectedArrival)
            } else {
                precondition(query.expectedArrival.map { $0 > window.arrivalDeadline } ?? true)
            }
        }
        let answered = answers.filter { !$0.isEmpty }
        let mean = Double(answered.map(\.count).reduce(0, +)) / Double(max(1, answered.count))
        results.append(
            (
                "candidates, k = 5, \(Int(windowDays))-day window" + (pruning ? "" : ", pruning off"), Summary(times),
                "\(queries.count) queries, \(answered.count) with a route, \(String(format: "%.1f", mean)) itineraries on average"
            ))
    }

    let (cutOffTimes, cutOffAnswers) = measure(passes: 2, queries: instance.queries) { query in
        (try? cutOffRouter.candidates(for: specification(query, days: windowDays), limit: 5)) ?? []
    }
    for ((query, candidates), arrival) in zip(zip(instance.queries, cutOffAnswers), cutOffArrivals) {
        let window = specification(query, days: windowDays)
        precondition(candidates.allSatisfy(window.isSatisfied(by:)))
        if let first = candidates.first {
            precondition(first.arrivalTime == arrival)
        } else {
            precondition(arrival.map { $0 > window.arrivalDeadline } ?? true)
        }
    }
    results.append(
        (
            "candidates, k = 5, \(Int(windowDays))-day window, cut-offs on \(cutOffShare) of calls", Summary(cutOffTimes),
            "\(cutOffAnswers.filter { !$0.isEmpty }.count) of \(cutOffAnswers.count) with a route"
        ))
}

// The same with cost and CO2e as criteria, over the instance with costs and CO2e (`withCosts`). Each list is checked
// against its specification and its first itinerary against the earliest arrival; with criteria the lists are longer,
// and k = 5 keeps the earliest, the cheapest and the cleanest first.
let (costedLocations, costedVoyages) = withCosts(locations: instance.locations, voyages: instance.voyages, draws: &draws)
let costRouter = Router(network: try ScheduleNetwork(locations: costedLocations, voyages: costedVoyages).preparedForSearches())
var mcRaptor = McRaptor(locations: costedLocations, voyages: costedVoyages)
/// What the router or the McRAPTOR anchor answers a query with criteria.
enum CriteriaAnswer {
    case router([Itinerary])
    case anchor([McRaptor.Found], labels: Int)
}
let criteriaQueries = criteriaOnly.map { Array(instance.queries.prefix($0)) } ?? instance.queries
for criteria in [[RoutingCriterion.handlingCost], [.handlingCost, .co2e]] {
    let options = RoutingOptions(criteria: Set(criteria)), countsCO2 = criteria.contains(.co2e)
    let name = criteria.map(\.rawValue).joined(separator: " and ")
    let measured = measure(
        passes: 2, queries: criteriaQueries,
        [
            { query in CriteriaAnswer.router((try? costRouter.candidates(for: specification(query, days: windowDays), limit: 5, options: options)) ?? []) },
            { query in
                let front = mcRaptor.front(
                    from: query.origin, to: query.destination, ready: Int64(query.ready.timeIntervalSince1970.rounded(.up)),
                    deadline: Int64((query.ready + windowDays * 86_400).timeIntervalSince1970), countsCO2: countsCO2)
                return CriteriaAnswer.anchor(front, labels: mcRaptor.labelCount)
            },
        ])
    var fronts: [[McRaptor.Found]] = [], labels: [Int] = []
    for answer in measured[1].answers { if case .anchor(let front, let count) = answer { fronts.append(front); labels.append(count) } }
    for (index, answer) in measured[0].answers.enumerated() {
        guard case .router(let candidates) = answer else { continue }
        let query = criteriaQueries[index], window = specification(query, days: windowDays)
        precondition(candidates.allSatisfy(window.isSatisfied(by:)))
        if let first = candidates.first {
            precondition(first.arrivalTime == query.expectedArrival)
        } else {
            precondition(query.expectedArrival.map { $0 > window.arrivalDeadline } ?? true)
        }
    }
    // The router's whole front (every candidate, untimed) against the anchor's, vector for vector.
    var differ = 0
    for (query, front) in zip(criteriaQueries, fronts) {
        let whole = (try? costRouter.candidates(for: specification(query, days: windowDays), limit: Int.max, options: options)) ?? []
        let vectors = whole.map { itinerary in
            McRaptor.Found(
                departure: Int64(itinerary.departureTime.timeIntervalSince1970.rounded()),
                arrival: Int64(itinerary.arrivalTime.timeIntervalSince1970.rounded()),
                transfers: itinerary.transshipmentCount, cost: Int64((itinerary.knownHandlingCostPerTEU * 100).rounded()),
                co2: countsCO2 ? Int64(((itinerary.co2ePerTEU ?? 0) * 1_000).rounded()) : 0)
        }
        if vectors.count != front.count || Set(vectors) != Set(front) { differ += 1 }
    }
    precondition(differ == 0, "\(differ) fronts by \(name) differ from the McRAPTOR anchor's")
    let sizes = Summary(fronts.map { Double($0.count) }), labelSummary = Summary(labels.map(Double.init))
    results.append(
        (
            "candidates, k = 5, \(Int(windowDays))-day window, criteria " + name, Summary(measured[0].times),
            "\(measured[0].answers.filter { if case .router(let c) = $0 { !c.isEmpty } else { false } }.count) of \(measured[0].answers.count) with a route"
        ))
    let anchorSummary = Summary(measured[1].times)
    results.append(
        (
            "McRAPTOR anchor, criteria " + name, anchorSummary,
            String(
                format: "fronts of %.0f itineraries (median), p99 %.0f, as the router's in all %d; %.0f labels (median), p99 %.0f", sizes.median, sizes.p99,
                fronts.count, labelSummary.median, labelSummary.p99)
        ))
}

let anchorReport = try runAnchor()
let anchorMedian = anchorReport["median_ms"] as! Double
if criteriaOnly != nil {
    for (name, summary, note) in results {
        print(
            String(
                format: "%@: median %.3f ms, p99 %.3f ms (%.0fx the C anchor's median); %@", name, summary.median, summary.p99, summary.p99 / anchorMedian, note
            ))
    }
    print(String(format: "C anchor %.3f ms", anchorMedian))
    exit(0)
}

let buildSummary = Summary(buildTimes)
print(
    """

    | measure | median | p99 | notes |
    | --- | ---: | ---: | --- |
    """)
for (name, summary, note) in results {
    print(String(format: "| %@ | %.3f ms | %.3f ms | %@ |", name, summary.median, summary.p99, note))
}
print(
    String(
        format: "| C connection scan anchor (csa_scan.c) | %.3f ms | | p90 %.3f ms; %@ of %@ differ from csa.py |",
        anchorMedian, anchorReport["p90_ms"] as! Double, "\(anchorReport["wrong_vs_python"]!)", "\(anchorReport["queries"]!)"))
print(String(format: "| build network from in-memory voyages | %.0f ms | | median of 5 |", buildSummary.median))
print(
    String(
        format: "| network memory | %.0f B/movement | | %.1f MB in all; a router's working memory %.1f MB |",
        networkBytes / Double(movementCount), networkBytes / 1e6, routerBytes / 1e6))
print(
    String(
        format: "| prepare for searches (all-pairs sailing times) | %.0f ms | | median of 3, both cores; the table takes %.1f MB |",
        prepareTimes.sorted()[1], tableBytes / 1e6))
print(
    String(
        format: "\nearliest arrival / C anchor: %.2fx; pruning off / on: earliest arrival %.2fx, candidates %.2fx",
        results[0].1.median / anchorMedian, results[1].1.median / results[0].1.median, results[3].1.median / results[2].1.median))
