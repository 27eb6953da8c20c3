import RoutePlanner

/// Writes a booking: "Booked RP000001: 2 TEU for ACME, CNSHA → NLRTM, ready …, due …."
public struct BookCargoPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = BookCargoForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: BookCargoResponse) -> Described<BookCargoResponse> {
        let cargo = response.cargo, specification = cargo.specification
        return Described(
            response,
            "Booked \(cargo.trackingId): \(cargo.teu) TEU for \(cargo.customerId?.rawValue ?? "no customer"), "
                + "\(specification.origin) → \(specification.destination), ready \(format.dateTime(specification.readyTime)), "
                + "due \(format.dateTime(specification.arrivalDeadline)).")
    }
}

public typealias BookCargoCoordinator = Coordinator<BookCargoInteractor, BookCargoPresenter>
