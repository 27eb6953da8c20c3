import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerBcrypt
import RoutePlannerTestSupport
import Testing

/// The coordinators end to end on the bundled network, through the composition root.
@Suite struct RouteCargoCoordinatorTests {
    static let app = RoutePlannerComposition.bundledWorldSmall()

    @Test func routesOnTheBundledNetwork() async throws {
        let state = await Self.app.routeCargo(
            RouteCargoForm(
                origin: "CNSHA", destination: "NLRTM", ready: "2026-03-02", deadline: "2026-04-30", limit: "2"))
        guard case .success(let itineraries) = state else { Issue.record("\(state)"); return }
        #expect(itineraries.map(\.route) == ["CNSHA → MYTPP → NLRTM", "CNSHA → NLRTM"])
        #expect(itineraries[0].arrival == "Tue 7 Apr 2026, 21:00 UTC")
        #expect(itineraries[1].transshipments.isEmpty)
    }

    @Test func namesTheClosestCodesOfAnUnknownPort() async {
        let state = await Self.app.routeCargo(
            RouteCargoForm(
                origin: "CNSHA", destination: "NLRTX", ready: "2026-03-02", deadline: "2026-04-30"))
        #expect(state == .failure(ViewFailure(.rejected, "NLRTX is not a port of this network. Did you mean NLRTM?")))
    }

    @Test func namesPortsOfTheSameCountryWhenNoCodeIsClose() async {
        let state = await Self.app.routeCargo(
            RouteCargoForm(
                origin: "DEXYZ", destination: "NLRTM", ready: "2026-03-02", deadline: "2026-04-30"))
        #expect(state == .failure(ViewFailure(.rejected, "DEXYZ is not a port of this network. Did you mean DEBRV, DEHAM?")))
    }

    @Test func saysWhenTheEarliestArrivalWouldBe() async {
        let state = await Self.app.routeCargo(
            RouteCargoForm(
                origin: "CNSHA", destination: "NLRTM", ready: "2026-03-02", deadline: "2026-03-20"))
        #expect(state == .failure(ViewFailure(.rejected, "No sailing reaches NLRTM by 2026-03-20; the earliest possible arrival is 2026-04-07.")))
    }

    @Test func reportsFieldErrors() async {
        let state = await Self.app.routeCargo(RouteCargoForm(origin: "", destination: "NLRTM", ready: "2026-03-02", deadline: "2026-04-30"))
        #expect(state == .validationFailure([.origin: "Enter a UN/LOCODE, such as NLRTM."]))
    }

    @Test func listsTheBundledBookings() async {
        let state = await Self.app.listCargo(ListCargoForm())
        guard case .success(let cargo) = state else { Issue.record("\(state)"); return }
        #expect(cargo.count == 3_402)
        #expect(cargo.allSatisfy { $0.status == "not routed" })
        #expect(cargo.map(\.trackingId) == cargo.map(\.trackingId).sorted())
    }

    @Test func aScheduleWithErrorsIsARepositoryFailure() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("route-planner-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "unlocode,name\nNLRTM,Rotterdam\n".write(to: folder.appendingPathComponent("l.csv"), atomically: true, encoding: .utf8)
        try "voyage,from,to,departure\n".write(to: folder.appendingPathComponent("s.csv"), atomically: true, encoding: .utf8)
        let app = RoutePlannerComposition(
            passwords: BcryptPasswordHasher(), locations: folder.appendingPathComponent("l.csv"), schedule: folder.appendingPathComponent("s.csv"))
        let state = await app.routeCargo(RouteCargoForm(origin: "NLRTM", destination: "SESTO", ready: "2026-03-02", deadline: "2026-04-30"))
        guard case .failure(let failure) = state else { Issue.record("\(state)"); return }
        // The user is told that it cannot be read; what the file's error is goes to the log (the command line prints both).
        #expect(failure.kind == .unavailable && failure.message == "The schedule or the cargo cannot be read or written; the log says why.")
        #expect(failure.logged?.hasSuffix("s.csv:1:1: error: missing required column \"arrival\"") == true)
    }

    @MainActor @Test func aViewModelRunsTheRealCoordinator() async {
        let model = UseCaseViewModel(coordinator: Self.app.routeCargo)
        model.onSubmit(RouteCargoForm(origin: "CNSHA", destination: "NLRTM", ready: "2026-03-02", deadline: "2026-04-30", limit: "1"))
        await model.waitUntilDone()
        guard case .success(let itineraries) = model.state else { Issue.record("\(model.state)"); return }
        #expect(itineraries.count == 1)
    }
}
