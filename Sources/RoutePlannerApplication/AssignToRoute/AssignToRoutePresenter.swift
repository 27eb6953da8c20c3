/// Writes an assignment: "Cargo RP000001 is routed CNSHA → NLRTM, arriving …; it arrives 3 days before the deadline."
public struct AssignToRoutePresenter: Presenter {
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: AssignToRouteResponse) -> String {
        guard let itinerary = response.cargo.itinerary else { return "Cargo \(response.cargo.trackingId) has no itinerary." }
        let view = format.itinerary(response.cargo.specification, itinerary)
        return "Cargo \(response.cargo.trackingId) is routed \(view.route), arriving \(view.arrival); it \(view.slack)."
    }
}

public typealias AssignToRouteCoordinator = Coordinator<AssignToRouteInteractor, AssignToRoutePresenter>
public typealias AssignToRouteViewModel = UseCaseViewModel<AssignToRouteForm, String>
