import BenchmarkSupport
import Foundation
import RoutePlanner
import RoutePlannerFormats
import RoutePlannerAssignment

// A fixed amount of routing work whose instructions `Benchmarks/instructions.sh` counts under callgrind:
// a count that the machine's noise does not move, so that a regression of a few percent shows (see
// Benchmarks/README.md). Each measured part is one function, never inlined, that callgrind's --toggle-collect
// selects by name.
//
// Usage: InstructionBenchmark INSTANCE_DIR import|dcsa|earliest|cutoffs|candidates|criteria
//        InstructionBenchmark INSTANCE_DIR assign BOOKINGS.csv

let arguments = CommandLine.arguments
guard
    arguments.count == 3 && ["import", "dcsa", "earliest", "cutoffs", "candidates", "criteria"].contains(arguments[2])
        || arguments.count == 4 && arguments[2] == "assign"
else {
    FileHandle.standardError.write(Data("usage: InstructionBenchmark INSTANCE_DIR import|dcsa|earliest|cutoffs|candidates|criteria|assign BOOKINGS.csv\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: arguments[1])

nonisolated(unsafe) var imported: ImportedSchedule?
/// The imported network prepared for many searches, outside the measured parts: the searches read their lower
/// bounds from its all-pairs table, as a server's do. (`preparedForSearches()` is from issue #25 on; to measure an
/// older commit, use the imported network as it is.)
nonisolated(unsafe) var prepared: ScheduleNetwork?
nonisolated(unsafe) var fixedQueries: [(UnLocode, UnLocode, Date)] = []
nonisolated(unsafe) var checksum: Int64 = 0

/// Imports the instance's two CSV files into a queryable network.
@inline(never)
func measureImport() {
    imported = try? CSVImporter().importSchedule(
        locations: folder.appendingPathComponent("locations.csv"), schedule: folder.appendingPathComponent("schedule.csv")
    ).value
}

/// Imports the instance's schedule as DCSA vessel schedules (`dcsa_instance.py` writes them), with its locations
/// and capacities, into a queryable network.
@inline(never)
func measureDCSA() {
    let result = try? ScheduleImporter().importSchedule(
        schedule: folder.appendingPathComponent("vessel-schedules.json"), locations: folder.appendingPathComponent("locations.csv"),
        capacities: folder.appendingPathComponent("capacities.csv"))
    checksum &+= Int64(result?.value.network.movementCount ?? -1)
}

/// 400 queries drawn with a fixed seed: ports with departures, ready times within the schedule's first half.
/// (Only what every version of the library has is used, so that older commits can be measured too.)
func queries(_ voyages: [Voyage]) -> [(UnLocode, UnLocode, Date)] {
    var state: UInt64 = 20_261_123
    func next() -> UInt64 {  // SplitMix64
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    let movements = voyages.flatMap(\.movements)
    let ports = Array(Set(movements.map(\.departureLocation))).sorted { $0.rawValue < $1.rawValue }
    let first = movements.map(\.departureTime).min()!, last = movements.map(\.arrivalTime).max()!
    let span = UInt64(last.timeIntervalSince(first) / 2)
    return (0..<400).map { _ in
        let origin = ports[Int(next() % UInt64(ports.count))]
        var destination = ports[Int(next() % UInt64(ports.count))]
        if destination == origin { destination = ports[(ports.firstIndex(of: origin)! + 1) % ports.count] }
        return (origin, destination, first + TimeInterval(next() % span))
    }
}

/// 400 earliest arrivals, with a deadline beyond the schedule's end.
@inline(never)
func measureEarliest() {
    guard let network = prepared else { return }
    earliestArrivals(Router(network: network))
}

/// The network with cut-offs on about 80% of the calls (`withCutOffs`), prepared as `prepared` is.
nonisolated(unsafe) var preparedWithCutOffs: ScheduleNetwork?

/// The same 400 earliest arrivals with cut-offs.
@inline(never)
func measureCutoffs() {
    guard let network = preparedWithCutOffs else { return }
    earliestArrivals(Router(network: network))
}

func earliestArrivals(_ router: Router) {
    for (origin, destination, ready) in fixedQueries {
        guard let specification = try? RouteSpecification(origin: origin, destination: destination, readyTime: ready, arrivalDeadline: ready + 400 * 86_400)
        else { continue }
        if let itinerary = try? router.earliestArrival(for: specification) { checksum &+= Int64(itinerary.arrivalTime.timeIntervalSince1970) }
    }
}

/// 100 candidate searches, k = 5, in a 60-day window.
@inline(never)
func measureCandidates() {
    guard let network = prepared else { return }
    candidateSearches(Router(network: network), options: RoutingOptions())
}

/// The network with costs and CO2e (`withCosts`), prepared as `prepared` is.
nonisolated(unsafe) var preparedWithCosts: ScheduleNetwork?

/// 40 of the same candidate searches with cost and CO2e as criteria.
@inline(never)
func measureCriteria() {
    guard let network = preparedWithCosts else { return }
    candidateSearches(Router(network: network), options: RoutingOptions(criteria: [.handlingCost, .co2e]), count: 40)
}

func candidateSearches(_ router: Router, options: RoutingOptions, count: Int = 100) {
    for (origin, destination, ready) in fixedQueries.prefix(count) {
        guard let specification = try? RouteSpecification(origin: origin, destination: destination, readyTime: ready, arrivalDeadline: ready + 60 * 86_400)
        else { continue }
        for itinerary in (try? router.candidates(for: specification, limit: 5, options: options)) ?? [] {
            checksum &+= Int64(itinerary.arrivalTime.timeIntervalSince1970) &* Int64(itinerary.legs.count)
        }
    }
}

nonisolated(unsafe) var assignment: (network: ScheduleNetwork, bookings: [Booking])?

/// A small capacity-constrained assignment solved to proven optimality: no stage's share of the time limit (ten
/// minutes) comes near, so the same work is done every run (`instructions.sh` fixes the hashing seed too).
@inline(never)
func measureAssign() {
    guard let (network, bookings) = assignment,
        let plan = try? CapacityAssignment(network: network).assign(bookings, options: AssignmentOptions(timeLimit: .seconds(600), relativeGap: 0))
    else { return }
    precondition(plan.status == .optimal, "the assignment benchmark must prove its plan optimal, not \(plan.status)")
    checksum &+= Int64(plan.objective.rounded()) &* 1_000_003 &+ Int64(plan.carried.count)
}

measureImport()
guard let imported else {
    FileHandle.standardError.write(Data("InstructionBenchmark: \(arguments[1]) does not import\n".utf8))
    exit(1)
}
fixedQueries = queries(imported.voyages)
if arguments[2] == "cutoffs" {
    var draws = BenchmarkDraws()
    preparedWithCutOffs = try ScheduleNetwork(locations: imported.locations, voyages: withCutOffs(imported.voyages, draws: &draws).voyages)
        .preparedForSearches()
} else if arguments[2] == "criteria" {
    var draws = BenchmarkDraws()
    let (locations, voyages) = withCosts(locations: imported.locations, voyages: imported.voyages, draws: &draws)
    preparedWithCosts = try ScheduleNetwork(locations: locations, voyages: voyages).preparedForSearches()
} else if arguments[2] != "import" {
    prepared = imported.network.preparedForSearches()
}
switch arguments[2] {
case "dcsa": measureDCSA()
case "earliest": measureEarliest()
case "cutoffs": measureCutoffs()
case "candidates": measureCandidates()
case "criteria": measureCriteria()
case "assign":
    let bookings = try CSVImporter().importBookings(CSVFile(contentsOf: URL(fileURLWithPath: arguments[3])), network: imported.network).value
    assignment = (try congested(imported.network, for: bookings), bookings)
    measureAssign()
default: break
}
// The answers' checksum: the same instructions for other answers would mean nothing.
print("checksum \(checksum)")
