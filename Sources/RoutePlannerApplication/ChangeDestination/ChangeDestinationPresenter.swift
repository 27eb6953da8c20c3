/// Writes a change of destination and what to do next.
public struct ChangeDestinationPresenter: Presenter {
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: ChangeDestinationResponse) -> Described<ChangeDestinationResponse> {
        let cargo = response.cargo
        let next = cargo.routingStatus == .routed ? "its itinerary still fits." : "route it again."
        return Described(
            response, "Cargo \(cargo.trackingId) now goes to \(cargo.specification.destination) by "
                + "\(format.dateTime(cargo.specification.arrivalDeadline)); \(next)")
    }
}

public typealias ChangeDestinationCoordinator = Coordinator<ChangeDestinationInteractor, ChangeDestinationPresenter>
public typealias ChangeDestinationViewModel = UseCaseViewModel<ChangeDestinationForm, Described<ChangeDestinationResponse>>
