import ArgumentParser
import RoutePlannerApplication

/// `route-planner assign-route ID N`: assigns a cargo option N of its last route list.
struct AssignRouteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assign-route", abstract: "Assign a cargo one of the options `route ID` (or `reroute`) last listed for it.")

    @Argument(help: "The cargo's tracking id.") var trackingId: String
    @Argument(
        help: "The option's number in the list, from 1, or its reference (RP-…, the `reference` of --format json, the `routingReference` of --format dcsa).")
    var candidate: String
    @OptionGroup var schedule: ScheduleOptions
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let coordinator = try await schedule.composition(store: store).assignToRoute
        try await SentenceRendering<AssignToRouteInteractor, AssignToRoutePresenter>()
            .run(coordinator, AssignToRouteForm(trackingId: trackingId, candidate: candidate), as: .table)
    }
}
