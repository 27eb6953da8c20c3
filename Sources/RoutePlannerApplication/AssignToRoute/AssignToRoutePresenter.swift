/// Writes an assignment: "Cargo RP000001 is routed CNSHA → NLRTM, arriving …; it arrives 3 days before the deadline."
public struct AssignToRoutePresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = AssignToRouteForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: AssignToRouteResponse) -> Described<AssignToRouteResponse> {
        guard let itinerary = response.cargo.itinerary else { return Described(response, "Cargo \(response.cargo.trackingId) has no itinerary.") }
        let view = format.itinerary(response.cargo.specification, itinerary)
        return Described(response, "Cargo \(response.cargo.trackingId) is routed \(view.route), arriving \(view.arrival); it \(view.slack).")
    }
}

public typealias AssignToRouteCoordinator = Coordinator<AssignToRouteInteractor, AssignToRoutePresenter>
