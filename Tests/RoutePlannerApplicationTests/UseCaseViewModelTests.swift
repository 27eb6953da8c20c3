import Foundation
import RoutePlannerApplication
import RoutePlannerTestSupport
import Testing

/// The generic view model: its states in order, cancel-and-replace, cancelling, progress and going away.
@Suite struct UseCaseViewModelTests {
    /// Keys the test opens one by one; a run waits at its key until it is opened.
    actor Gate {
        private var waiting: [String: CheckedContinuation<Void, Never>] = [:]
        private var opened: Set<String> = []
        private(set) var finished: [String] = []
        func wait(_ key: String) async {
            if opened.contains(key) { return }
            await withCheckedContinuation { waiting[key] = $0 }
        }
        func open(_ key: String) {
            opened.insert(key)
            waiting.removeValue(forKey: key)?.resume()
        }
        func isWaiting(_ key: String) -> Bool { waiting[key] != nil }
        func finish(_ key: String) { finished.append(key) }
    }

    /// The field of the forms here, which are plain strings.
    enum Field: String, FormField { case text }

    /// A view model whose run waits at the gate for its form, then answers "ran FORM".
    @MainActor static func model(_ gate: Gate) -> UseCaseViewModel<String, Field, String> {
        UseCaseViewModel { form in
            await gate.wait(form)
            await gate.finish(form)
            return .success("ran \(form)")
        }
    }

    /// Yields until the condition holds, for at most about five seconds.
    @MainActor static func eventually(_ condition: @MainActor () async -> Bool) async -> Bool {
        for _ in 0..<5_000 {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return await condition()
    }

    @MainActor @Test func goesFromIdleThroughLoadingToTheResult() async {
        let gate = Gate()
        let model = Self.model(gate)
        #expect(model.state == .idle)
        model.onSubmit("A")
        #expect(model.state == .loading)
        await gate.open("A")
        await model.waitUntilDone()
        #expect(model.state == .success("ran A"))
        #expect(model.progress == nil)
    }

    @MainActor @Test func aSecondSubmitCancelsTheFirst() async {
        let gate = Gate()
        let model = Self.model(gate)
        model.onSubmit("FIRST")
        #expect(await Self.eventually { await gate.isWaiting("FIRST") })
        model.onSubmit("SECOND")
        #expect(model.state == .loading)
        await gate.open("SECOND")
        await model.waitUntilDone()
        #expect(model.state == .success("ran SECOND"))
        // The first run ends now, cancelled: its result never appears.
        await gate.open("FIRST")
        #expect(await Self.eventually { await gate.finished.contains("FIRST") })
        for _ in 0..<100 { await Task.yield() }
        #expect(model.state == .success("ran SECOND"))
    }

    @MainActor @Test func cancellingReturnsToIdleAndDropsTheResult() async {
        let gate = Gate()
        let model = Self.model(gate)
        model.onSubmit("A")
        #expect(await Self.eventually { await gate.isWaiting("A") })
        model.onCancel()
        #expect(model.state == .idle)
        #expect(model.progress == nil)
        await gate.open("A")
        #expect(await Self.eventually { await gate.finished.contains("A") })
        for _ in 0..<100 { await Task.yield() }
        #expect(model.state == .idle)
    }

    @MainActor @Test func cancellingReachesTheRun() async {
        let cancelled = Gate()
        let model = UseCaseViewModel<String, Field, String> { form in
            while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(1)) }
            await cancelled.finish(form)
            return .success("never shown")
        }
        model.onSubmit("A")
        model.onCancel()
        #expect(await Self.eventually { await cancelled.finished == ["A"] })
        #expect(model.state == .idle)
    }

    @MainActor @Test func progressLinesArriveWhileItRuns() async {
        let gate = Gate()
        let model = UseCaseViewModel<String, Field, String>(reporting: { form, report in
            report("step 1 of \(form)")
            await gate.wait("1")
            report("step 2 of \(form)")
            await gate.wait("2")
            return .success("done")
        })
        model.onSubmit("A")
        #expect(await Self.eventually { model.progress == "step 1 of A" })
        await gate.open("1")
        #expect(await Self.eventually { model.progress == "step 2 of A" })
        #expect(model.state == .loading)
        await gate.open("2")
        await model.waitUntilDone()
        #expect(model.state == .success("done"))
        #expect(model.progress == nil)
    }

    @MainActor @Test func aViewModelThatGoesAwayCancelsItsRun() async {
        let cancelled = Gate()
        var model: UseCaseViewModel<String, Field, String>? = UseCaseViewModel { form in
            while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(1)) }
            await cancelled.finish(form)
            return .success("never shown")
        }
        weak let watched = model
        model?.onSubmit("A")
        model = nil
        #expect(watched == nil)
        #expect(await Self.eventually { await cancelled.finished == ["A"] })
    }
}
