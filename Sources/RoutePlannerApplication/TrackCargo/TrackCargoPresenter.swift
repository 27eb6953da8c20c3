/// Writes a cargo's delivery progress.
public struct TrackCargoPresenter: Presenter {
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: TrackCargoResponse) -> CargoTrackingView { format.tracking(response.cargo) }
}

public typealias TrackCargoCoordinator = Coordinator<TrackCargoInteractor, TrackCargoPresenter>
public typealias TrackCargoViewModel = UseCaseViewModel<TrackCargoForm, CargoTrackingView>
