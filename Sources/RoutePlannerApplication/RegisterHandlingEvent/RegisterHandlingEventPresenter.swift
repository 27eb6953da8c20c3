/// Writes what a handling report did and where the cargo stands now.
public struct RegisterHandlingEventPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = RegisterHandlingEventForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: RegisterHandlingEventResponse) -> Described<RegisterHandlingEventResponse> {
        let cargo = format.tracking(response.cargo)
        let what = "\(response.event) at \(format.dateTime(response.event.completionTime))"
        let head =
            switch response.outcome {
            case .recorded: "Cargo \(cargo.trackingId): \(what) registered"
            case .recordedOutOfOrder:
                "Cargo \(cargo.trackingId): \(what) registered out of order (an earlier event than the last known; the cargo's state follows completion times)"
            case .duplicate: "Cargo \(cargo.trackingId): \(what) was already registered; nothing changed"
            }
        return Described(
            response, head + ". Now \(cargo.transportStatus), \(cargo.status)" + (cargo.nextExpectedActivity.map { "; next: \($0)" } ?? "") + ".")
    }
}

public typealias RegisterHandlingEventCoordinator = Coordinator<RegisterHandlingEventInteractor, RegisterHandlingEventPresenter>
