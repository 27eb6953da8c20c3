import RoutePlanner

/// Writes a booking: "Booked RP000001: 2 TEU for ACME, CNSHA → NLRTM, ready …, due …."; the route it was booked on;
/// and, when no sailing meets its deadline, the earliest arrival there is.
public struct BookCargoPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = BookCargoForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: BookCargoResponse) -> Described<BookCargoResponse> {
        let cargo = response.cargo, specification = cargo.specification
        var lines = [
            "Booked \(cargo.trackingId): \(cargo.teu) TEU for \(cargo.customerId?.rawValue ?? "no customer"), "
                + "\(specification.origin) → \(specification.destination), ready \(format.dateTime(specification.readyTime)), "
                + "due \(format.dateTime(specification.arrivalDeadline))" + (cargo.bookingReference.map { ", booking \($0)" } ?? "") + "."
        ]
        if let itinerary = cargo.itinerary {
            let view = format.itinerary(specification, itinerary)
            lines.append("Routed \(view.route), arriving \(view.arrival); it \(view.slack).")
        }
        if !response.meetsDeadline {
            lines.append(
                response.earliestPossibleArrival.map {
                    "No sailing reaches \(specification.destination) by its deadline: the earliest possible arrival is \(format.dateTime($0))."
                } ?? "No sailing connects \(specification.origin) to \(specification.destination) after it is ready in this schedule.")
        }
        return Described(response, lines: lines)
    }
}

public typealias BookCargoCoordinator = Coordinator<BookCargoInteractor, BookCargoPresenter>
