/// Writes the cargo list, filtered by status when the request asks.
public struct ListCargoPresenter: Presenter {
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: ListCargoResponse) -> [CargoTrackingView] {
        response.cargo.map(format.tracking)
    }
}

public typealias ListCargoCoordinator = Coordinator<ListCargoInteractor, ListCargoPresenter>
public typealias ListCargoViewModel = UseCaseViewModel<ListCargoForm, [CargoTrackingView]>
