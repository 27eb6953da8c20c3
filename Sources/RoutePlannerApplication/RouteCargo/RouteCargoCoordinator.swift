/// A route search behind one call: validates the form, runs the use case and returns the view state.
public struct RouteCargoCoordinator<Interactor: UseCase>: Sendable
where Interactor.Request == RouteCargoRequest, Interactor.Response == RouteCargoResponse {
    public let controller: RouteCargoController<Interactor>
    public let presenter: RouteCargoPresenter

    public init(controller: RouteCargoController<Interactor>, presenter: RouteCargoPresenter = RouteCargoPresenter()) {
        self.controller = controller
        self.presenter = presenter
    }

    public func route(_ form: RouteCargoForm) async -> RouteCargoViewState {
        presenter.present(await controller.route(form))
    }
}
