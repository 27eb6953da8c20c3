// The planner's desk, server-side: each screen's time from a request to its page, and its size, with 10,000
// cargo in a store, on the bundled WorldSmall network as its files lay it out.
//
//     swift build -c release --product DeskBenchmark && "$(swift build -c release --show-bin-path)/DeskBenchmark" [REPEATS] [STORE]
//
// STORE is a new SQLite file by default, or a new, empty PostgreSQL database (`postgres://USER@HOST/DATABASE`, the
// password from PGPASSWORD), as `createdb` makes it. DESK_SCREENS=TEXT times only the screens whose names hold TEXT.
//
// Targets (issues 37 and 50): each screen, the cargo list with every filter and order and the disruptions workbench with
// about 50 disrupted cargo (the first legs' voyages of routed cargo delayed by ten days until 50 are disrupted, each
// offered its options), at most 50 ms at p95, `/routes` with its options at most 20 ms at p95, every page at most
// 150 KB. The request goes through `Desk.respond(to:)`, as
// the server's middleware sends it, without the HTTP around it (Hummingbird's own cost is what `server_load.sh`
// measures).
import BundledData
import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerBcrypt
import RoutePlannerDesk
import RoutePlannerFormats
import RoutePlannerStore

let repeats = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 200
let location = CommandLine.arguments.dropFirst(2).first
/// 2026-03-01T00:00:00Z: before the bundled bookings' deadlines, in the files' layout.
let now = Date(timeIntervalSince1970: 1_772_323_200)
let network = try BundledData.worldSmall().network.preparedForSearches()
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("desk-benchmark-\(UUID())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

// The store: three copies of the bundled bookings under other references, about 10,000 cargo, 500 of them routed.
let environment = ProcessInfo.processInfo.environment
let store = try await openStore(location ?? folder.appendingPathComponent("desk.sqlite").path, creating: true, environment: environment)
/// The schedule served: as published, then with the voyages of some routed cargo late.
final class Served: @unchecked Sendable {
    private let lock = NSLock()
    private var current: ScheduleNetwork
    init(_ network: ScheduleNetwork) { current = network }
    var network: ScheduleNetwork {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }
}
let served = Served(network)
let schedule = InMemoryScheduleRepository(serving: { served.network })
let app = RoutePlannerComposition(
    files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(), locations: schedule, voyages: schedule, cargo: store.cargoRepository(voyages: schedule),
    customers: store.customerRepository, now: { now })
_ = await app.registerCustomer(RegisterCustomerForm(id: "ACME", name: "Acme Shipping"))
let bundled = try String(contentsOf: BundledData.worldSmallDirectory.appendingPathComponent("bookings.csv"), encoding: .utf8)
let rows = bundled.split(separator: "\n").dropFirst()
for copy in 1...3 {
    let text = ([bundled.split(separator: "\n")[0]] + rows.map { "C\(copy)-" + $0 }).joined(separator: "\n") + "\n"
    let state = await app.importBookings(ImportBookingsForm(file: "copy\(copy).csv", customer: "ACME", contents: text))
    guard case .success = state else { fatalError("the bookings were not imported: \(state)") }
}
let cargo = try await app.cargo.allCargo()
var routed = 0
for each in cargo.prefix(600) where routed < 500 {
    let options = await app.routeCargo(RouteCargoForm(trackingId: each.trackingId.rawValue, limit: "1"))
    guard case .success(let found) = options, let first = found.first else { continue }
    if case .success = await app.assignToRoute(AssignToRouteForm(trackingId: each.trackingId.rawValue, candidate: first.itinerary.reference)) { routed += 1 }
}
print("store: \(store.path), \(cargo.count) cargo, \(routed) routed; \(repeats) requests per screen")
do {
    var times: [Double] = []
    for _ in 0..<20 {
        let start = ContinuousClock.now
        _ = try await app.cargo.allCargo()
        let elapsed = ContinuousClock.now - start
        times.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
    }
    print("reading every cargo from the store: \(times.sorted()[10]) ms (median of 20)")
}

// About 50 cargo disrupted: the first legs' voyages of routed cargo ten days late, one voyage at a time, each disrupted
// cargo offered its options.
var delayed: [Scenario.Edit] = [], disrupted: [Cargo] = []
for each in try await app.cargo.allCargo() where disrupted.count < 50 {
    guard let voyage = each.itinerary?.legs.first?.voyage.number, each.itinerary!.legs.count > 1,
        !delayed.contains(.delay(voyage, by: .seconds(10 * 86_400), from: nil))
    else { continue }
    delayed.append(.delay(voyage, by: .seconds(10 * 86_400), from: nil))
    let late = try network.applying(Scenario(delayed))
    disrupted = try await app.cargo.allCargo().filter { $0.disruption(in: late) != nil }
    served.network = late
}
for each in disrupted {
    _ = await app.reRouteCargo(ReRouteCargoForm(trackingId: each.trackingId.rawValue, limit: "3"))
}
print("\(disrupted.count) cargo disrupted by \(delayed.count) voyages ten days late, each offered its options")

let desk = Desk(application: app, network: { served.network }, solver: nil, servesCargo: true, keepsCargo: true, searchBudget: .seconds(60))
let routedId = try await app.cargo.allCargo().first { $0.itinerary != nil }?.trackingId.rawValue ?? "RP000001"
do {
    // The first list reads every cargo into the composition's index; each later one reads only what was written since.
    let start = ContinuousClock.now
    _ = await desk.respond(to: Desk.Request(method: "GET", path: "/cargo", query: ""))
    let elapsed = ContinuousClock.now - start
    print(
        "the first cargo list, reading every cargo into the index: \(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3) ms"
    )
}
let screens: [(name: String, target: String)] = [
    ("home", "/"),
    ("routes (idle)", "/routes"),
    ("routes (CNSHA to NLRTM, 5 options)", "/routes?from=CNSHA&to=NLRTM&ready=2026-03-02&deadline=2026-04-30"),
    ("routes (what-if, compared)", "/routes?from=CNSHA&to=NLRTM&ready=2026-03-02&deadline=2026-04-30&delay=WS15-W09:48"),
    ("port schedule (SGSIN, 4 weeks)", "/schedules/ports/SGSIN?from=2026-03-02"),
    ("vessel schedule", "/schedules/vessels/WS15-W09"),
    ("cargo list (page 1 of 10,000)", "/cargo"),
    ("cargo list (by status)", "/cargo?status=on-track"),
    ("cargo list (a rare status)", "/cargo?status=misdirected"),
    ("cargo list (page 100)", "/cargo?page=100"),
    ("cargo list (search a port)", "/cargo?search=nlrtm"),
    ("cargo list (search an id)", "/cargo?search=C2-RP"),
    ("cargo list (at risk, by slack)", "/cargo?standing=at-risk&sort=slack"),
    ("cargo list (late, by deadline)", "/cargo?standing=late&sort=deadline"),
    ("cargo list (due in 7 days, by ETA)", "/cargo?due=7&sort=eta"),
    ("cargo list (not routed, ACME)", "/cargo?status=not-routed&customer=acme&sort=deadline"),
    ("cargo list (every filter)", "/cargo?search=cnsha&status=on-track&standing=fine&due=28&customer=ACME&sort=slack"),
    ("cargo (routed)", "/cargo/\(routedId)"),
    ("book", "/book"),
    ("customers", "/customers"),
    ("assignments", "/assignments"),
    ("disruptions (workbench, about 50 cargo)", "/disruptions"),
    ("disruptions (late only)", "/disruptions?standing=late"),
    ("disruptions (every late cargo chosen)", "/disruptions?select=late"),
    ("disruptions (one cargo drawn beside its options)", "/disruptions?compare=\(disrupted[0].trackingId)"),
    (
        "disruptions (preview: 10 cargo's options)",
        "/disruptions?preview=yes&" + disrupted.prefix(10).map { "choose-\($0.trackingId)=1" }.joined(separator: "&")
    ),
]
print("screen                                  p50 ms   p95 ms    KB")
for (name, target) in screens where environment["DESK_SCREENS"].map(name.contains) ?? true {
    let parts = target.split(separator: "?", maxSplits: 1)
    let request = Desk.Request(method: "GET", path: parts[0], query: parts.count == 2 ? parts[1] : "")
    var times: [Double] = []
    var bytes = 0
    for _ in 0..<repeats {
        let start = ContinuousClock.now
        guard let answer = await desk.respond(to: request) else { fatalError("\(target): no answer") }
        let elapsed = ContinuousClock.now - start
        times.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
        bytes = answer.body.utf8.count
        // Without a solver the assignment screen says so with a 503; nothing else may fail.
        precondition(answer.status < 500 || target == "/assignments", "\(target): \(answer.status)")
    }
    times.sort()
    let p50 = times[times.count / 2], p95 = times[min(times.count - 1, Int((Double(times.count) * 0.95).rounded(.up)) - 1)]
    print(name.padding(toLength: 38, withPad: " ", startingAt: 0), String(format: "%7.2f  %7.2f  %5.0f", p50, p95, Double(bytes) / 1024))
}
