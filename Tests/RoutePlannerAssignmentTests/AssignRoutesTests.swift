import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerAssignment
import RoutePlannerBcrypt
import RoutePlannerFormats
import RoutePlannerTestSupport
import Testing

/// The application's solver port over GLPK, as a composition root adapts it (the command line has its own).
struct GLPKAssignmentSolver: AssignmentSolver {
    func assign(
        _ bookings: [Booking], on network: ScheduleNetwork, options: AssignmentOptions, progress: (@Sendable (String) -> Void)?
    ) throws(AssignmentError) -> AssignmentPlan {
        try CapacityAssignment(network: network).assign(bookings, options: options, progress: progress)
    }
}

/// The assignment use case with GLPK behind the application's port: validation, the report a planner
/// reads, cargo already routed, and the whole flow on the bundled data.
@Suite struct AssignRoutesTests {
    static let schedule = InMemoryScheduleRepository(network: SampleVoyages.network())

    /// Hong Kong to Stockholm by 7 April: only the first week's feeder (NF-0310N, 1,200 TEU) arrives in time.
    static let specification = try! RouteSpecification(
        origin: "HKHKG", destination: "SESTO", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(4, 7))

    static func coordinator(_ cargo: InMemoryCargoRepository) -> AssignRoutesCoordinator {
        RoutePlannerComposition(files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(), locations: schedule, voyages: schedule, cargo: cargo)
            .assignRoutes(solver: GLPKAssignmentSolver())
    }

    static func sampleApp() async throws -> (AssignRoutesCoordinator, InMemoryCargoRepository) {
        let impossible = try RouteSpecification(
            origin: "HKHKG", destination: "FIHEL", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(3, 20))
        let cargo = InMemoryCargoRepository([
            try Cargo(trackingId: "BIG-1", teu: 1_000, specification: specification, revenuePerTEU: 100),
            try Cargo(trackingId: "BIG-2", teu: 1_000, specification: specification, revenuePerTEU: 90),
            try Cargo(trackingId: "LATE", teu: 1, specification: impossible),
        ])
        return (coordinator(cargo), cargo)
    }

    @Test func validatesTheOptions() async throws {
        let (coordinator, _) = try await Self.sampleApp()
        #expect(
            await coordinator(AssignRoutesForm(timeLimit: "soon", gap: "tiny"))
                == .validationFailure([
                    .timeLimit: "Enter a time limit from 1 to 3600 seconds.",
                    .gap: "Enter a gap as a fraction (0.005) or a percentage (0.5%).",
                ]))
        let outOfRange = await coordinator(AssignRoutesForm(timeLimit: "0", gap: "60%"))
        // Every field error at once.
        #expect(
            outOfRange
                == .validationFailure([
                    .timeLimit: "Enter a time limit from 1 to 3600 seconds.",
                    .gap: "Enter a gap from 0 to 50%.",
                ]))
        #expect(await coordinator(AssignRoutesForm(timeLimit: "60", gap: "60%")) == .validationFailure([.gap: "Enter a gap from 0 to 50%."]))
    }

    @Test func reportsEveryBookingAndTheTotals() async throws {
        let (coordinator, cargo) = try await Self.sampleApp()
        let state = await coordinator(AssignRoutesForm(timeLimit: "10", gap: "0.01%"))
        guard case .success(let report) = state else { Issue.record("\(state)"); return }
        #expect(
            report.bookings == [
                "BIG-1  1000 TEU  HKHKG → NLRTM → SESTO  arrives Sun 5 Apr 2026, 00:00 UTC; arrives 2 days before the deadline; revenue 100,000",
                "BIG-2  1000 TEU  not carried: no room on NF-0310N NLRTM→SEGOT (1000/1200 TEU), NF-0310N SEGOT→SESTO (1000/1200 TEU)",
                "LATE  1 TEU  not carried: no itinerary reaches FIHEL by the deadline",
            ])
        #expect(report.totals[0] == "Carried: 1 of 3 bookings, 1,000 TEU")
        #expect(report.totals[1] == "Revenue: USD 100,000; greedy baseline USD 100,000 (+0.00%)")
        // The LP relaxation alone would carry a fifth of BIG-2 too (bound 118,000); the cover cut "not both
        // BIG-1 and BIG-2 on NF-0310N" closes that, so the plan is proven optimal.
        #expect(report.totals[2] == "left out: 1,001 TEU")
        #expect(report.totals[3].hasPrefix("Solver: optimal; objective 100000.00, bound 100000.00, gap 0.000%"))
        #expect(report.totals.count == 5)  // nothing was kept routed
        #expect(report.busiestLegs.first == "NF-0310N NLRTM→SEGOT departing Wed 1 Apr 2026, 00:00 UTC: 1,000 of 1,200 TEU (83%)")
        // The assigned itinerary is stored with the cargo.
        #expect(try await cargo.cargo("BIG-1")?.routingStatus == .routed)
        #expect(try await cargo.cargo("BIG-2")?.routingStatus == .notRouted)
        #expect(try await cargo.cargo("LATE")?.routingStatus == .notRouted)
        // Assigning again finds nothing left to assign... except the two not carried.
        let again = await coordinator(AssignRoutesForm(timeLimit: "10", gap: "0.01%"))
        guard case .success(let second) = again else { Issue.record("\(again)"); return }
        #expect(second.bookings.map { String($0.prefix(5)) } == ["BIG-2", "LATE "])
        #expect(second.totals.last == "Kept: 1 cargo already routed, whose TEU the capacities leave out")
    }

    @Test func routedCargoKeepsItsItineraryAndItsTEUComeOffTheCapacity() async throws {
        let fastest = try SampleVoyages.network().earliestArrival(for: Self.specification)
        #expect(fastest.legs.map(\.voyage.number) == ["AE1-0100W", "NF-0310N"])
        var kept = try Cargo(trackingId: "KEPT", teu: 1_000, specification: Self.specification, revenuePerTEU: 1_000)
        try kept.assign(to: fastest)
        let cargo = InMemoryCargoRepository([
            kept,
            // 1,000 TEU would fit on the feeder's 1,200 TEU, but not on the 200 TEU the kept cargo leaves, nor on
            // the Baltic feeder's 900 TEU (via Hamburg, arriving 6 April); 150 TEU do.
            try Cargo(trackingId: "OPEN-L", teu: 1_000, specification: Self.specification, revenuePerTEU: 500),
            try Cargo(trackingId: "OPEN-S", teu: 150, specification: Self.specification, revenuePerTEU: 100),
        ])
        let state = await Self.coordinator(cargo)(AssignRoutesForm(timeLimit: "10", gap: "0"))
        guard case .success(let report) = state else { Issue.record("\(state)"); return }
        // Only the open bookings are in the plan; the kept cargo is counted apart.
        #expect(report.bookings.count == 2)
        #expect(
            report.bookings[0]
                == "OPEN-L  1000 TEU  not carried: no room on NF-0310N NLRTM→SEGOT (150/200 TEU), NF-0310N SEGOT→SESTO (150/200 TEU)")
        #expect(
            report.bookings[1]
                == "OPEN-S  150 TEU  HKHKG → NLRTM → SESTO  arrives Sun 5 Apr 2026, 00:00 UTC; arrives 2 days before the deadline; revenue 15,000")
        #expect(report.totals[0] == "Carried: 1 of 2 bookings, 150 TEU")
        #expect(report.totals.last == "Kept: 1 cargo already routed, whose TEU the capacities leave out")
        #expect(report.busiestLegs.first?.hasPrefix("NF-0310N NLRTM→SEGOT departing Wed 1 Apr 2026, 00:00 UTC: 150 of 200 TEU") == true)
        // The plan is written back: the kept cargo's itinerary is the one it had, the small booking is routed.
        #expect(try await cargo.cargo("KEPT")?.itinerary == fastest)
        // (Found on the network with the capacity left, so compared by voyage, ports and times.)
        let assigned = try #require(try await cargo.cargo("OPEN-S")?.itinerary)
        #expect(assigned.legs.map(\.voyage.number) == fastest.legs.map(\.voyage.number))
        #expect(assigned.departureTime == fastest.departureTime && assigned.arrivalTime == fastest.arrivalTime)
        #expect(try await cargo.cargo("OPEN-S")?.routingStatus == .routed)
        #expect(try await cargo.cargo("OPEN-L")?.itinerary == nil)
    }

    @Test func nothingToAssignIsSaid() async throws {
        var kept = try Cargo(trackingId: "KEPT", teu: 10, specification: Self.specification)
        try kept.assign(to: try SampleVoyages.network().earliestArrival(for: Self.specification))
        let state = await Self.coordinator(InMemoryCargoRepository([kept]))(AssignRoutesForm(timeLimit: "10", gap: "0"))
        #expect(state == .failure(ViewFailure(.rejected, "There are no bookings to assign: every cargo is routed or on its way.")))
    }

    @Test func theSolverStopsWhenTheTaskIsCancelled() async throws {
        let network = SampleVoyages.network()
        let bookings = [try Booking(id: "B", teu: 1, specification: Self.specification)]
        let task = Task { () -> AssignmentError? in
            while !Task.isCancelled { await Task.yield() }
            do throws(AssignmentError) {
                _ = try GLPKAssignmentSolver().assign(bookings, on: network, options: AssignmentOptions(), progress: nil)
                return nil
            } catch {
                return error
            }
        }
        task.cancel()
        let error = await task.value
        // A cancelled router finds no column; that must not come back as an empty "optimal" plan.
        #expect(error == .cancelled)
    }

    @Test func theSolverStopsWhenTheTaskIsCancelledWhileItRuns() async throws {
        // The task cancels itself when the solve reports its first step (the seeding), so the cancellation
        // lands inside the solve, deterministically.
        let bookings = [
            try Booking(id: "B1", teu: 1_000, specification: Self.specification, revenuePerTEU: 100),
            try Booking(id: "B2", teu: 1_000, specification: Self.specification, revenuePerTEU: 90),
        ]
        let network = SampleVoyages.network()
        let task = Task { () -> (error: AssignmentError?, lines: Int) in
            let lines = Counter()
            do throws(AssignmentError) {
                _ = try GLPKAssignmentSolver().assign(
                    bookings, on: network, options: AssignmentOptions(),
                    progress: { _ in
                        lines.increment()
                        withUnsafeCurrentTask { $0?.cancel() }
                    })
                return (nil, lines.value)
            } catch {
                return (error, lines.value)
            }
        }
        let outcome = await task.value
        #expect(outcome.lines >= 1)
        #expect(outcome.error == .cancelled)
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func increment() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    @Test func assignsTheBundledBookings() async throws {
        let state = await RoutePlannerComposition.bundledWorldSmall().assignRoutes(solver: GLPKAssignmentSolver())(
            AssignRoutesForm(timeLimit: "60", gap: "0.01%"))
        guard case .success(let report) = state else { Issue.record("\(state)"); return }
        #expect(report.bookings.count == 3_402)
        // Whether the solver proves the gap within its limit depends on the machine; what it reports does not: a plan
        // with its bound (a maximisation's, so no less than the objective) and the gap between them.
        let solver = try #require(report.totals.first { $0.hasPrefix("Solver: ") })
        let figures = try #require(solver.firstMatch(of: /objective (-?[0-9.]+), bound (-?[0-9.]+), gap ([0-9.]+)%/), "\(solver)")
        let objective = try #require(Double(figures.1)), bound = try #require(Double(figures.2))
        let gap: Double = try #require(Double(figures.3)) / 100
        let computed: Double = (bound - objective) / abs(bound)
        #expect(objective > 0 && bound >= objective - 0.01, "\(solver)")
        #expect(abs(gap - computed) < 1e-4, "\(solver)")
        if solver.hasPrefix("Solver: optimal;") || solver.hasPrefix("Solver: within the requested gap") { #expect(gap <= 0.0001, "\(solver)") }
        print("WorldSmall assignment:", report.totals.joined(separator: " | "))
    }
}
