import ArgumentParser
import RoutePlannerApplication

/// `route-planner change-destination ID --to CODE`: re-specifies a cargo.
struct ChangeDestinationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "change-destination", abstract: "Send a cargo to another port (and deadline); route it again afterwards.")

    @Argument(help: "The cargo's tracking id.") var trackingId: String
    @OptionGroup var schedule: ScheduleOptions
    @OptionGroup var store: StoreOptions
    @Option(help: "The new destination's UN/LOCODE.") var to: String
    @Option(help: "The new deadline: a date (end of the day, UTC) or a date-time with a zone. Default: the one booked.") var deadline = ""

    func run() async throws {
        let coordinator = try await schedule.composition(store: store).changeDestination
        let form = ChangeDestinationForm(trackingId: trackingId, destination: to, deadline: deadline)
        try await SentenceRendering<ChangeDestinationInteractor, ChangeDestinationPresenter>()
            .run(coordinator, form, as: .table)
    }
}
