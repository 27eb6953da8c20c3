import ArgumentParser
import RoutePlannerApplication

/// `route-planner customer ID NAME`: registers a customer who may book cargo.
struct CustomerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "customer", abstract: "Register a customer who may book cargo, or rename one.")

    @Argument(help: "The customer's id, such as ACME.") var id: String
    @Argument(help: "The customer's name.") var name: String
    @Flag(help: "Rename the customer registered under the id, if it has another name.") var rename = false
    @OptionGroup var schedule: ScheduleOptions
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let coordinator = try await schedule.composition(store: store, creating: true).registerCustomer
        try await SentenceRendering<RegisterCustomerInteractor, RegisterCustomerPresenter>()
            .run(coordinator, RegisterCustomerForm(id: id, name: name, renames: rename), as: .table)
    }
}

/// A use case whose content is its response described in words, such as a registered customer or an assigned route.
struct SentenceRendering<Interactor: UseCase, Presenter: RoutePlannerApplication.Presenter>: Rendering
where
    Interactor.Request: FormRequest, Interactor.Request.Field: CommandLineField, Presenter.Response == Interactor.Response,
    Presenter.Field == Interactor.Request.Field,
    Presenter.Content == Described<Interactor.Response>
{
    static var formats: [OutputFormat] { [.table] }
    static var subject: String { "the result" }

    func text(_ response: Interactor.Response, as format: OutputFormat, presenter: Presenter) async throws -> String {
        lines(presenter.content(for: response).lines)
    }
}
