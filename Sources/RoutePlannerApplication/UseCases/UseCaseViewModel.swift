import Observation

/// The state of one use case's screen, for SwiftUI, UIKit or any other view to bind to.
///
/// Each submission cancels the one before it, and a cancelled run never changes the state; cancelling
/// stops the work the run started (the router and the solver check for cancellation), and a view model
/// that goes away cancels its run. Long use cases (the assignment) report their steps in ``progress``, through the
/// handler ``init(reporting:)`` hands each run.
@Observable @MainActor
public final class UseCaseViewModel<Form: Sendable, Field: FormField, Content: Hashable & Sendable> {
    /// What the view shows.
    public private(set) var state: ViewState<Content, Field> = .idle
    /// The last step the running use case reported, while it runs.
    public private(set) var progress: String?
    @ObservationIgnored private let run: @Sendable (Form, _ report: @escaping @Sendable (String) -> Void) async -> ViewState<Content, Field>
    @ObservationIgnored private var task: Task<Void, Never>?

    /// Creates a view model that runs a function, such as a coordinator.
    public init(run: @escaping @Sendable (Form) async -> ViewState<Content, Field>) {
        self.run = { form, _ in await run(form) }
    }

    /// Creates a view model that runs a function that reports its steps to the handler it is given, such as a
    /// coordinator of the assignment made for each run:
    ///
    /// ```swift
    /// UseCaseViewModel(reporting: { form, report in await application.assignRoutes(solver: solver, progress: report)(form) })
    /// ```
    public init(reporting run: @escaping @Sendable (Form, _ report: @escaping @Sendable (String) -> Void) async -> ViewState<Content, Field>) {
        self.run = run
    }

    /// Creates a view model that runs a coordinator.
    public convenience init<Interactor, Presentation>(coordinator: Coordinator<Interactor, Presentation>)
    where Interactor.Request.Form == Form, Interactor.Request.Field == Field, Presentation.Content == Content {
        self.init(run: { await coordinator($0) })
    }

    isolated deinit {
        task?.cancel()
    }

    /// Runs the use case on a form, cancelling any run still going.
    public func onSubmit(_ form: Form) {
        task?.cancel()
        state = .loading
        progress = nil
        task = Task { [run, weak self] in
            let report: @Sendable (String) -> Void = { line in
                Task { @MainActor in
                    guard let self, self.state == .loading else { return }
                    self.progress = line
                }
            }
            let result = await run(form, report)
            guard !Task.isCancelled, let self else { return }
            self.state = result
            self.progress = nil
        }
    }

    /// Cancels the running use case and goes back to the idle state.
    public func onCancel() {
        task?.cancel()
        task = nil
        state = .idle
        progress = nil
    }

    /// Waits for the running use case, if any, to finish; for tests and command-line views.
    public func waitUntilDone() async {
        await task?.value
    }
}
