import Foundation
import RoutePlanner
import RoutePlannerApplication
import Testing

/// The coordinators end to end on the bundled network, through the composition root.
@Suite struct RouteCargoCoordinatorTests {
    static let app = RoutePlannerComposition.bundled()

    @Test func routesOnTheBundledNetwork() async throws {
        let state = await Self.app.routeCargo.route(RouteCargoForm(
            origin: "CNSHA", destination: "NLRTM", ready: "2026-03-02", deadline: "2026-04-30", limit: "2"))
        guard case .success(let itineraries) = state else { Issue.record("\(state)"); return }
        #expect(itineraries.map(\.route) == ["CNSHA → MYTPP → NLRTM", "CNSHA → NLRTM"])
        #expect(itineraries[0].arrival == "Tue 7 Apr 2026, 21:00 UTC")
        #expect(itineraries[1].transshipments.isEmpty)
    }

    @Test func namesTheClosestCodesOfAnUnknownPort() async {
        let state = await Self.app.routeCargo.route(RouteCargoForm(
            origin: "CNSHA", destination: "NLRTX", ready: "2026-03-02", deadline: "2026-04-30"))
        #expect(state == .failure("NLRTX is not a port of this network. Did you mean NLRTM?"))
    }

    @Test func namesPortsOfTheSameCountryWhenNoCodeIsClose() async {
        let state = await Self.app.routeCargo.route(RouteCargoForm(
            origin: "DEXYZ", destination: "NLRTM", ready: "2026-03-02", deadline: "2026-04-30"))
        #expect(state == .failure("DEXYZ is not a port of this network. Did you mean DEBRV, DEHAM?"))
    }

    @Test func saysWhenTheEarliestArrivalWouldBe() async {
        let state = await Self.app.routeCargo.route(RouteCargoForm(
            origin: "CNSHA", destination: "NLRTM", ready: "2026-03-02", deadline: "2026-03-20"))
        #expect(state == .failure("No sailing reaches NLRTM by 2026-03-20; the earliest possible arrival is 2026-04-07."))
    }

    @Test func reportsFieldErrors() async {
        let state = await Self.app.routeCargo.route(RouteCargoForm(origin: "", destination: "NLRTM", ready: "2026-03-02", deadline: "2026-04-30"))
        #expect(state == .validationFailure(["origin": "Enter a UN/LOCODE, such as NLRTM."]))
    }

    @Test func aScheduleWithErrorsIsARepositoryFailure() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("route-planner-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "unlocode,name\nNLRTM,Rotterdam\n".write(to: folder.appendingPathComponent("l.csv"), atomically: true, encoding: .utf8)
        try "voyage,from,to,departure\n".write(to: folder.appendingPathComponent("s.csv"), atomically: true, encoding: .utf8)
        let app = RoutePlannerComposition(locations: folder.appendingPathComponent("l.csv"), schedule: folder.appendingPathComponent("s.csv"))
        let state = await app.routeCargo.route(RouteCargoForm(origin: "NLRTM", destination: "SESTO", ready: "2026-03-02", deadline: "2026-04-30"))
        guard case .failure(let message) = state else { Issue.record("\(state)"); return }
        #expect(message.hasPrefix("The schedule or the cargo could not be read: "))
        #expect(message.hasSuffix("s.csv:1:1: error: missing required column \"arrival\""))
    }
}

/// The view model: its states in order, and cancel-and-replace.
@Suite struct RouteCargoViewModelTests {
    /// A search that waits until the test lets it finish, then answers with a message naming its origin.
    actor Gate {
        private var waiting: [String: CheckedContinuation<Void, Never>] = [:]
        private var opened: Set<String> = []
        func wait(_ key: String) async {
            if opened.contains(key) { return }
            await withCheckedContinuation { waiting[key] = $0 }
        }
        func open(_ key: String) {
            opened.insert(key)
            waiting.removeValue(forKey: key)?.resume()
        }
        func isWaiting(_ key: String) -> Bool { waiting[key] != nil }
    }

    @MainActor @Test func goesFromIdleThroughLoadingToTheResult() async {
        let gate = Gate()
        let model = RouteCargoViewModel { form in
            await gate.wait(form.origin)
            return .failure("searched \(form.origin)")
        }
        #expect(model.state == .idle)
        model.onSearch(RouteCargoForm(origin: "CNSHA", destination: "NLRTM", ready: "", deadline: ""))
        #expect(model.state == .loading)
        await gate.open("CNSHA")
        await model.waitForSearch()
        #expect(model.state == .failure("searched CNSHA"))
    }

    @MainActor @Test func aNewSearchCancelsTheOneRunning() async {
        let gate = Gate()
        let model = RouteCargoViewModel { form in
            await gate.wait(form.origin)
            return .failure("searched \(form.origin)")
        }
        model.onSearch(RouteCargoForm(origin: "FIRST", destination: "", ready: "", deadline: ""))
        while !(await gate.isWaiting("FIRST")) { await Task.yield() }
        model.onSearch(RouteCargoForm(origin: "SECOND", destination: "", ready: "", deadline: ""))
        await gate.open("SECOND")
        await model.waitForSearch()
        #expect(model.state == .failure("searched SECOND"))
        await gate.open("FIRST")  // the first search ends now, cancelled: it must not overwrite the state
        for _ in 0..<100 { await Task.yield() }
        #expect(model.state == .failure("searched SECOND"))
    }

    @MainActor @Test func cancellingReturnsToIdleAndDropsTheResult() async {
        let gate = Gate()
        let model = RouteCargoViewModel { form in
            await gate.wait(form.origin)
            return .failure("searched \(form.origin)")
        }
        model.onSearch(RouteCargoForm(origin: "CNSHA", destination: "", ready: "", deadline: ""))
        model.onCancel()
        #expect(model.state == .idle)
        await gate.open("CNSHA")
        for _ in 0..<100 { await Task.yield() }
        #expect(model.state == .idle)
    }

    @MainActor @Test func worksWithTheRealCoordinator() async {
        let model = RouteCargoViewModel(coordinator: RouteCargoCoordinatorTests.app.routeCargo)
        model.onSearch(RouteCargoForm(origin: "CNSHA", destination: "NLRTM", ready: "2026-03-02", deadline: "2026-04-30", limit: "1"))
        await model.waitForSearch()
        guard case .success(let itineraries) = model.state else { Issue.record("\(model.state)"); return }
        #expect(itineraries.count == 1)
    }
}
