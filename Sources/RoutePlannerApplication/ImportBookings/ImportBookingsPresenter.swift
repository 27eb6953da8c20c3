/// Writes what an import booked: a count, then each booking with its tracking id.
public struct ImportBookingsPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = ImportBookingsForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: ImportBookingsResponse) -> Described<ImportBookingsResponse> {
        let teu = response.cargo.reduce(0) { $0 + $1.teu }
        let head = "Booked \(response.cargo.count) cargo\(response.cargo.isEmpty ? "" : ", \(teu) TEU")."
        return Described(
            response,
            lines: [head]
                + response.cargo.map { cargo in
                    "\(cargo.bookingReference ?? "-") → \(cargo.trackingId): \(cargo.teu) TEU for \(cargo.customerId ?? "no customer"), "
                        + "\(cargo.specification.origin) → \(cargo.specification.destination), due \(format.dateTime(cargo.specification.arrivalDeadline))"
                })
    }
}

public typealias ImportBookingsCoordinator = Coordinator<ImportBookingsInteractor, ImportBookingsPresenter>
