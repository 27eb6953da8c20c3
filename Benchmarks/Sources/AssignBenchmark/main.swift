import Foundation
import RoutePlanner
import RoutePlannerFormats
import RoutePlannerAssignment
import BenchmarkSupport

// The capacity-constrained assignment on a standard instance of Benchmarks/reference with bookings drawn by
// assign_instance.py, capacities congested as Benchmarks/reference/assign_mip.py defines them.
// Usage: AssignBenchmark [--limits] INSTANCE_DIR BOOKINGS.csv LABEL [time-limit-seconds] [relative-gap] [model.mps]
//
// With --limits, weight and reefer plugs bind beside TEU: each booking weighs 6 to 16 tonnes per TEU and one in five is
// a reefer (drawn with a fixed seed), and each congested movement carries 10 tonnes per TEU of its capacity and has
// plugs for a tenth of it.

var arguments = CommandLine.arguments
let withLimits = arguments.contains("--limits")
arguments.removeAll { $0 == "--limits" }
guard arguments.count >= 4 else {
    FileHandle.standardError.write(Data("usage: AssignBenchmark DIR BOOKINGS.csv LABEL [seconds] [gap] [model.mps]\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: arguments[1])
let timeLimit = arguments.count > 4 ? Double(arguments[4])! : 60
let gap = arguments.count > 5 ? Double(arguments[5])! : 1e-4
let schedule = try CSVImporter().importSchedule(
    locations: folder.appendingPathComponent("locations.csv"), schedule: folder.appendingPathComponent("schedule.csv")
).value
var bookings = try CSVImporter().importBookings(CSVFile(contentsOf: URL(fileURLWithPath: arguments[2])), network: schedule.network).value
nonisolated(unsafe) var state: UInt64 = 0x9E37_79B9_7F4A_7C15
func draw() -> Double {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Double(state >> 11) / Double(1 << 53)
}
if withLimits {
    bookings = try bookings.map { booking in
        let specification = booking.specification
        let reefer = draw() < 0.2
        return try Booking(
            id: booking.id, teu: booking.teu,
            specification: RouteSpecification(
                origin: specification.origin, destination: specification.destination, readyTime: specification.readyTime,
                arrivalDeadline: specification.arrivalDeadline, cargoType: reefer ? .reefer : .dry),
            revenuePerTEU: booking.revenuePerTEU, weight: (Double(booking.teu) * (6 + 10 * draw()) * 10).rounded() / 10)
    }
}

// Congest as assign_mip.py (see `congested(_:for:limits:)`).
let congestStart = ContinuousClock.now
let congestedNetwork = try congested(schedule.network, for: bookings, limits: withLimits)
let congestSeconds = (ContinuousClock.now - congestStart) / .seconds(1)

let options = AssignmentOptions(
    timeLimit: .seconds(timeLimit), relativeGap: gap, modelFile: arguments.count > 6 ? URL(fileURLWithPath: arguments[6]) : nil)
let plan = try CapacityAssignment(network: congestedNetwork).assign(bookings, options: options) { line in
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
// The plan must be one: every booking carried on an itinerary that satisfies it, or given a reason, and
// no movement loaded over its capacity.
var load = [Int](repeating: 0, count: congestedNetwork.movementCount)
var tonnes = [Double](repeating: 0, count: congestedNetwork.movementCount), plugs = [Int](repeating: 0, count: congestedNetwork.movementCount)
for assignment in plan.assignments {
    guard let itinerary = assignment.itinerary else {
        precondition(assignment.reason != nil, "booking \(assignment.booking.id) is neither carried nor explained")
        continue
    }
    precondition(assignment.booking.specification.isSatisfied(by: itinerary), "booking \(assignment.booking.id) is on an itinerary that does not satisfy it")
    for movement in congestedNetwork.movementIDs(of: itinerary) {
        load[movement.rawValue] += assignment.booking.teu
        tonnes[movement.rawValue] += assignment.booking.weight ?? 0
        plugs[movement.rawValue] += assignment.booking.reeferPlugs
    }
}
for movement in load.indices {
    let id = ScheduleNetwork.MovementID(movement)
    precondition(load[movement] <= congestedNetwork.capacity(of: id), "movement \(movement) is loaded over its capacity")
    precondition(tonnes[movement] <= Double(congestedNetwork.weightCapacity(of: id) ?? .max) + 1e-6, "movement \(movement) is loaded over its weight")
    precondition(plugs[movement] <= congestedNetwork.reeferPlugs(of: id) ?? .max, "movement \(movement) has more reefers than plugs")
}
if withLimits {
    let heavy = load.indices.filter { tonnes[$0] > 0 && Double(congestedNetwork.weightCapacity(of: .init($0)) ?? .max) - tonnes[$0] < 16 }.count
    let plugged = load.indices.filter { plugs[$0] > 0 && plugs[$0] == congestedNetwork.reeferPlugs(of: .init($0)) }.count
    let full = (tonnes: heavy, plugs: plugged)
    print("movements within 16 t of their weight capacity: \(full.tonnes); with every plug taken: \(full.plugs)")
}
precondition(plan.assignments.count == bookings.count && plan.objective <= plan.bound + 1e-6, "bookings lost, or a plan above its bound")
let seconds = plan.duration / .seconds(1)
let noRoute = plan.assignments.filter { $0.reason == .noItinerary }.count
let improvement = plan.greedyRevenue > 0 ? (plan.revenue - plan.greedyRevenue) / plan.greedyRevenue * 100 : 0
print(
    String(
        format:
            "| %@ | %d | %.1f s | %.0f TEU (%d of %d bookings; %d without any itinerary) | %.2f | %.4f%% | %@ | %.0f TEU (+%.2f%%) | %d columns, %d rows, %d pricing rounds |",
        arguments[3], bookings.count, seconds, plan.revenue, plan.carried.count, bookings.count, noRoute, plan.bound, plan.gap * 100,
        "\(plan.status)", plan.greedyRevenue, improvement, plan.columnCount, plan.rowCount, plan.pricingRounds))
print(
    String(
        format: "congesting capacities took %.1f s; busiest leg: %@ %@→%@ %d/%d TEU", congestSeconds,
        plan.busiestLegs.first.map { "\($0.voyage)" } ?? "-", plan.busiestLegs.first.map { "\($0.from)" } ?? "-",
        plan.busiestLegs.first.map { "\($0.to)" } ?? "-", plan.busiestLegs.first?.load ?? 0, plan.busiestLegs.first?.capacity ?? 0))
