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
        let coordinator = try schedule.composition(store: store.store, creating: true).registerCustomer
        let result = await coordinator.controller.handle(RegisterCustomerForm(id: id, name: name, renames: rename))
        try show(coordinator.presenter.present(result), hint: commandHint(for: result)) { print($0) }
    }
}
