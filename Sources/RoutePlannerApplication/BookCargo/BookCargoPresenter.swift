import RoutePlanner

/// A booking as a view shows it: the new tracking id, for the screens that follow, and a sentence for people.
public struct BookingView: Hashable, Sendable, Encodable {
    /// The new cargo's tracking id.
    public let trackingId: TrackingId
    /// "Booked RP000001: 2 TEU for ACME, CNSHA → NLRTM, ready Mon 2 Mar 2026, 00:00 UTC, due …."
    public let message: String

    public init(trackingId: TrackingId, message: String) {
        self.trackingId = trackingId
        self.message = message
    }
}

/// Writes a booking: its tracking id, and "Booked RP000001: 2 TEU for ACME, CNSHA → NLRTM, ready …, due …."
public struct BookCargoPresenter: Presenter {
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: BookCargoResponse) -> BookingView {
        let cargo = response.cargo, specification = cargo.specification
        return BookingView(
            trackingId: cargo.trackingId,
            message: "Booked \(cargo.trackingId): \(cargo.teu) TEU for \(cargo.customerId?.rawValue ?? "no customer"), "
                + "\(specification.origin) → \(specification.destination), ready \(format.dateTime(specification.readyTime)), "
                + "due \(format.dateTime(specification.arrivalDeadline)).")
    }
}

public typealias BookCargoCoordinator = Coordinator<BookCargoInteractor, BookCargoPresenter>
public typealias BookCargoViewModel = UseCaseViewModel<BookCargoForm, BookingView>
