import Foundation
import RoutePlanner

/// The raw field of the list of carriers' events applied: how many of the last ones.
public struct ListCarrierEventsForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case limit
    }

    /// The most events, from 1 to 1,000; blank for 100.
    public var limit: String

    public init(limit: String = "") {
        self.limit = limit
    }
}

/// A validated request for the carriers' events applied.
public struct ListCarrierEventsRequest: FormRequest, Hashable {
    public let limit: Int

    /// The most events one request lists.
    public static let maximumLimit = 1_000

    /// Validates the form: `limit` from 1 to 1,000, or blank for 100.
    public static func create(_ form: ListCarrierEventsForm) -> Result<ListCarrierEventsRequest, ValidationError<ListCarrierEventsForm.Field>> {
        var fields = FormFields<ListCarrierEventsForm.Field>()
        let limit = fields.integer(form.limit, field: .limit, in: 1...maximumLimit, required: false)
        guard fields.errors.isEmpty, let limit else { return .failure(ValidationError(fields: fields.errors)) }
        return .success(ListCarrierEventsRequest(limit: limit ?? 100))
    }
}

/// The last carriers' events applied, the oldest of them first, and how many were applied in all.
public struct ListCarrierEventsResponse: Hashable, Sendable {
    public let events: [CarrierEvent]
    public let total: Int

    public init(events: [CarrierEvent], total: Int) {
        self.events = events
        self.total = total
    }
}

/// Lists the carriers' events applied to the store (``ApplyCarrierEventsInteractor``): each transport event that
/// moved or confirmed a call's time, and each equipment event registered as a cargo's handling.
public struct ListCarrierEventsInteractor: UseCase {
    private let events: (any CarrierEventRepository)?

    /// - Parameter events: Where the events are kept; without a store, none are.
    public init(events: (any CarrierEventRepository)?) {
        self.events = events
    }

    public func execute(_ request: ListCarrierEventsRequest) async -> Result<ListCarrierEventsResponse, DomainError> {
        guard let events else { return .success(ListCarrierEventsResponse(events: [], total: 0)) }
        do {
            let recorded = try await events.recordedEvents(limit: request.limit)
            return .success(ListCarrierEventsResponse(events: recorded.events, total: recorded.total))
        } catch {
            return .failure(.repository(error))
        }
    }
}

/// Writes each event: "ACT arrival of WS15-W09 at MYTPP, 2026-03-08T11:00:00Z", "load of booking ACME-0001 at CNSHA on WS29-W09, 2026-03-05T08:00:00Z".
public struct ListCarrierEventsPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = ListCarrierEventsForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: ListCarrierEventsResponse) -> [Described<CarrierEvent>] {
        response.events.map { event in
            switch event {
            case .vesselCall(let call):
                Described(event, "\(call.classifier.rawValue) \(call.kind == .arrival ? "arrival of" : "departure of") \(call.call), \(format.dateTime(call.time))")
            case .equipment(let handling):
                Described(
                    event, "\(handling.kind.handling) of booking \(handling.bookingReference) at \(handling.port)"
                        + (handling.voyage.map { " on \($0)" } ?? "") + ", \(format.dateTime(handling.time))")
            }
        }
    }
}

public typealias ListCarrierEventsCoordinator = Coordinator<ListCarrierEventsInteractor, ListCarrierEventsPresenter>
