import RoutePlanner
import RoutePlannerApplication
import RoutePlannerPictures

/// Draws a cargo's screen from the tracking use case's state and response: its progress, its route and options, the
/// forms that change it, and the problems of the one just sent; or why it cannot be shown. A pure function of its
/// input.
struct CargoPresenter {
    let format: PlannerFormat

    /// The screen, or the page that says why there is none.
    ///
    /// - Parameters:
    ///   - trackingId: The id the address gives.
    ///   - state: The tracking use case's state.
    ///   - response: Its response, when it has one.
    ///   - notice: The key of what the last change did (``DeskNotice``), from the address.
    ///   - submitted: The change sent from one of the screen's forms that was not made.
    func present(
        trackingId: TrackingId, _ state: DeskState<CargoTrackingView>, response: TrackCargoResponse?, notice: String?,
        submitted: CargoViewModel.Submission? = nil
    ) -> Presented<CargoViewModel> {
        guard case .success(let tracking) = state, let response else {
            let failure = if case .failure(let failure) = state { failure } else { ViewFailure(.notFound, "Enter a tracking id, such as RP000001.") }
            // An id that names no cargo is not found; a store that cannot be read now is the server's failure.
            return .failure(
                FailureViewModel(
                    title: failure.kind == .unavailable ? "The cargo cannot be read now" : "Cargo not found", message: failure.message,
                    status: DeskResponse.statusCode(of: failure.kind), wayOn: ("All cargo", .cargoList(FormData())), section: .cargo))
        }
        let options =
            response.offer.map { offer in
                offer.itineraries.map { (option: format.itinerary(offer.specification, $0), candidate: $0.reference) }
            } ?? []
        var expected = FormData()
        if let next = response.cargo.delivery.nextExpectedActivity {
            typealias Field = RegisterHandlingEventForm.Field
            expected = FormData([
                (Field.event.name, next.kind.rawValue), (Field.location.name, next.location.description), (Field.voyage.name, next.voyage?.description ?? ""),
            ])
            if let time = next.time { expected.append(Field.completionTime, DateText.timestamp(time)) }
        }
        return .screen(
            CargoViewModel(
                tracking: tracking, options: options, timeline: response.cargo.itinerary == nil ? nil : TrackingPictures.timeline(response),
                expected: expected, notice: DeskNotice.text(notice), submitted: submitted, onFindOptions: .findOptions(trackingId),
                onAssign: .assignRoute(trackingId), onRegisterEvent: .registerEvent(trackingId), onChangeDestination: .changeDestination(trackingId),
                onReroute: .reroute(trackingId), onCancel: response.cargo.isCancellable ? .cancelBooking(trackingId) : nil))
    }
}
