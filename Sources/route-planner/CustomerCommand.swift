import ArgumentParser
import RoutePlannerApplication

/// `route-planner customer ID NAME`: registers a customer who may book cargo.
struct CustomerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "customer", abstract: "Register a customer who may book cargo, or rename one.")

    @Argument(help: "The customer's id, such as ACME.") var id: String
    @Argument(help: "The customer's name.") var name: String
    @OptionGroup var schedule: ScheduleOptions
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let coordinator = try schedule.composition(store: store.store).registerCustomer
        try show(await coordinator(RegisterCustomerForm(id: id, name: name))) { print($0) }
    }
}
