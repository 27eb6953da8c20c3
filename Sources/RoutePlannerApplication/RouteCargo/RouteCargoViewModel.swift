import Observation

/// The state of a route search screen, for SwiftUI, UIKit or any other view to bind to.
///
/// Each search cancels the one before it; a cancelled search never changes the state.
@Observable @MainActor
public final class RouteCargoViewModel {
    /// What the view shows.
    public private(set) var state: RouteCargoViewState = .idle
    @ObservationIgnored private let search: @Sendable (RouteCargoForm) async -> RouteCargoViewState
    @ObservationIgnored private var task: Task<Void, Never>?

    /// Creates a view model that searches with a coordinator.
    public convenience init<Interactor>(coordinator: RouteCargoCoordinator<Interactor>) {
        self.init(search: { await coordinator.route($0) })
    }

    /// Creates a view model that searches with a function, such as a coordinator's `route(_:)`.
    public init(search: @escaping @Sendable (RouteCargoForm) async -> RouteCargoViewState) {
        self.search = search
    }

    /// Starts a search, cancelling any search still running.
    public func onSearch(_ form: RouteCargoForm) {
        task?.cancel()
        state = .loading
        task = Task { [search] in
            let result = await search(form)
            guard !Task.isCancelled else { return }
            self.state = result
        }
    }

    /// Cancels the running search and goes back to the idle state.
    public func onCancel() {
        task?.cancel()
        task = nil
        state = .idle
    }

    /// Waits for the running search, if any, to finish; for tests and command-line views.
    public func waitForSearch() async {
        await task?.value
    }
}
