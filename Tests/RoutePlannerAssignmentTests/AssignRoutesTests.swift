import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerAssignment
import RoutePlannerTestSupport
import Testing

/// The assignment use case: validation, the report a planner reads, and the whole flow on the bundled data.
@Suite struct AssignRoutesTests {
    static func sampleApp() async throws -> (AssignRoutesCoordinator<AssignRoutesInteractor>, InMemoryCargoRepository) {
        let specification = try RouteSpecification(
            origin: "HKHKG", destination: "SESTO", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(4, 7))
        let impossible = try RouteSpecification(
            origin: "HKHKG", destination: "FIHEL", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(3, 20))
        let cargo = InMemoryCargoRepository([
            Cargo(trackingId: "BIG-1", teu: 1_000, specification: specification, revenuePerTEU: 100),
            Cargo(trackingId: "BIG-2", teu: 1_000, specification: specification, revenuePerTEU: 90),
            Cargo(trackingId: "LATE", teu: 1, specification: impossible),
        ])
        let schedule = InMemoryScheduleRepository(network: SampleVoyages.network())
        let coordinator = AssignRoutesCoordinator(controller: AssignRoutesController(useCase: AssignRoutesInteractor(cargo: cargo, voyages: schedule)))
        return (coordinator, cargo)
    }

    @Test func validatesTheOptions() async throws {
        let (coordinator, _) = try await Self.sampleApp()
        #expect(await coordinator.assign(timeLimit: "soon", gap: "tiny") == .validationFailure([
            "timeLimit": "Enter a time limit in seconds, such as 60.",
            "gap": "Enter a gap as a fraction (0.005) or a percentage (0.5%).",
        ]))
        #expect(await coordinator.assign(timeLimit: "0", gap: "60%") == .validationFailure([
            "timeLimit": "Enter a time limit from 1 to 3600 seconds.",
            "gap": "Enter a gap from 0 to 50%.",
        ]))
    }

    @Test func reportsEveryBookingAndTheTotals() async throws {
        let (coordinator, cargo) = try await Self.sampleApp()
        let state = await coordinator.assign(timeLimit: "10", gap: "0.01%")
        guard case .success(let report) = state else { Issue.record("\(state)"); return }
        #expect(report.bookings == [
            "BIG-1  1000 TEU  HKHKG → NLRTM → SESTO  arrives Sun 5 Apr 2026, 00:00 UTC; arrives 2 days before the deadline",
            "BIG-2  1000 TEU  not carried: no room on NF-0310N NLRTM→SEGOT (1000/1200 TEU), NF-0310N SEGOT→SESTO (1000/1200 TEU)",
            "LATE  1 TEU  not carried: no itinerary reaches FIHEL by the deadline",
        ])
        #expect(report.totals[0] == "Carried: 1 of 3 bookings, 1,000 TEU")
        #expect(report.totals[1] == "Revenue: 100,000; greedy baseline 100,000 (+0.00%)")
        // The LP relaxation alone would carry a fifth of BIG-2 too (bound 118,000); the cover cut "not both
        // BIG-1 and BIG-2 on NF-0310N" closes that, so the plan is proven optimal.
        #expect(report.totals[2].hasPrefix("Solver: optimal; objective 100000.00, bound 100000.00, gap 0.000%"))
        #expect(report.busiestLegs.first == "NF-0310N NLRTM→SEGOT departing Wed 1 Apr 2026, 00:00 UTC: 1,000 of 1,200 TEU (83%)")
        // The assigned itinerary is stored with the cargo.
        #expect(try await cargo.cargo("BIG-1")?.routingStatus == .routed)
        #expect(try await cargo.cargo("BIG-2")?.routingStatus == .notRouted)
    }

    @Test func assignsTheBundledBookings() async throws {
        let app = RoutePlannerComposition.bundled()
        let state = await app.assignRoutes.assign(timeLimit: "60", gap: "0.01%")
        guard case .success(let report) = state else { Issue.record("\(state)"); return }
        #expect(report.bookings.count == 3_402)
        #expect(!report.totals[2].hasPrefix("Solver: stopped by the time limit"))
        print("WorldSmall assignment:", report.totals.joined(separator: " | "))
    }
}
