/// A use case behind one call: validates the form, runs the use case and returns the view state.
public struct Coordinator<Interactor: UseCase, Presentation: Presenter>: Sendable
where Interactor.Request: FormRequest, Presentation.Response == Interactor.Response, Presentation.Field == Interactor.Request.Field {
    public let controller: Controller<Interactor>
    public let presenter: Presentation

    public init(controller: Controller<Interactor>, presenter: Presentation) {
        self.controller = controller
        self.presenter = presenter
    }

    /// Creates the coordinator of a use case.
    public init(_ useCase: Interactor, presenter: Presentation) {
        self.init(controller: Controller(useCase: useCase), presenter: presenter)
    }

    /// The view state for a form.
    public func callAsFunction(_ form: Interactor.Request.Form) async -> ViewState<Presentation.Content, Interactor.Request.Field> {
        presenter.present(await controller.handle(form))
    }

    /// The view state for a form, with the use case's result as it is, for a view that also writes or draws from
    /// the values themselves (a document, a map of the itineraries, a heat map of the plan, a comparison).
    public func respond(
        _ form: Interactor.Request.Form
    ) async -> (
        state: ViewState<Presentation.Content, Interactor.Request.Field>, result: Result<Interactor.Response, RequestFailure<Interactor.Request.Field>>
    ) {
        let result = await controller.handle(form)
        return (presenter.present(result), result)
    }
}
