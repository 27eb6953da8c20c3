import ArgumentParser
import RoutePlannerApplication

/// `route-planner cancel ID`: cancels a booking whose cargo is not yet loaded.
struct CancelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel", abstract: "Cancel a booking whose cargo is not yet loaded: its route is released, and its record stays.")

    @Argument(help: "The cargo's tracking id.") var trackingId: String
    @OptionGroup var schedule: ScheduleOptions
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let coordinator = try await schedule.composition(store: store).cancelBooking
        try await SentenceRendering<CancelBookingInteractor, CancelBookingPresenter>()
            .run(coordinator, CancelBookingForm(trackingId: trackingId), as: .table)
    }
}
