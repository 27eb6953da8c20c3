import ArgumentParser
import RoutePlannerApplication

/// `route-planner book`: books cargo for a customer and prints its tracking id.
struct BookCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "book", abstract: "Book cargo for a registered customer; prints its tracking id.",
        discussion: "Example: route-planner book --from CNSHA --to NLRTM --ready 2026-03-02 --deadline 2026-04-30 --teu 2 --customer ACME")

    @OptionGroup var schedule: ScheduleOptions
    @OptionGroup var store: StoreOptions
    @Option(help: "The origin port's UN/LOCODE.") var from: String
    @Option(help: "The destination port's UN/LOCODE.") var to: String
    @Option(help: "When the cargo is ready: a date (start of the day, UTC) or a date-time with a zone.") var ready: String
    @Option(help: "The arrival deadline, inclusive: a date (end of the day, UTC) or a date-time with a zone.") var deadline: String
    @Option(help: "The size in TEU, 1 to 100000.") var teu = "1"
    @Option(help: "The id of the registered customer who books.") var customer: String
    @Option(help: "Revenue per TEU, when known.") var revenue = ""
    @Flag(help: "Print only the tracking id, for scripts.") var quiet = false

    func run() async throws {
        let coordinator = try schedule.composition(store: store.store).bookCargo
        let form = BookCargoForm(origin: from, destination: to, ready: ready, deadline: deadline, teu: teu, customer: customer, revenue: revenue)
        let result = await coordinator.controller.handle(form)
        try show(coordinator.presenter.present(result), flags: ["origin": "from", "destination": "to"]) { text in
            if quiet, case .success(let response) = result { print(response.cargo.trackingId) } else { print(text) }
        }
    }
}
