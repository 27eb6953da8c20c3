import Foundation
import RoutePlanner

/// The raw fields of the cargo list: which cargo to show.
public struct ListCargoForm: Hashable, Sendable {
    /// Blank for every cargo, or a status to show only: `not-routed`, `on-track`, `misdirected`, `misrouted`
    /// or `claimed`.
    public var status: String
    /// Blank for every customer's cargo, or a customer's id (in any case) to show only theirs.
    public var customer: String

    public init(status: String = "", customer: String = "") {
        self.status = status
        self.customer = customer
    }
}

/// A validated request for the booked cargo.
public struct ListCargoRequest: FormRequest, Hashable {
    /// The status to show only, or `nil` for all.
    public let status: Delivery.Status?
    /// The customer whose cargo to show only, or `nil` for every customer's.
    public let customerId: CustomerId?

    public init(status: Delivery.Status?, customerId: CustomerId? = nil) {
        self.status = status
        self.customerId = customerId
    }

    static let statuses = Delivery.Status.allCases.map(\.rawValue)

    /// Validates the form: `status` is blank or one of the statuses.
    public static func create(_ form: ListCargoForm) -> Result<ListCargoRequest, ValidationError> {
        let text = form.status.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "-", with: " ")
        guard text.isEmpty || statuses.contains(text) else {
            return .failure(ValidationError(fields: [
                "status": "Enter one of \(statuses.map { $0.replacingOccurrences(of: " ", with: "-") }.joined(separator: ", ")), or nothing for all.",
            ]))
        }
        return .success(ListCargoRequest(status: Delivery.Status(rawValue: text), customerId: CustomerId(form.customer)))
    }
}

/// The booked cargo, in tracking id order: every one, or those with the status asked for.
public struct ListCargoResponse: Hashable, Sendable {
    public let cargo: [CargoSummary]
    /// The status asked for, or `nil` for all.
    public let status: Delivery.Status?

    public init(cargo: [CargoSummary], status: Delivery.Status?) {
        self.cargo = cargo
        self.status = status
    }
}

/// Lists the booked cargo with where each is on its way, every one or those with a status.
public struct ListCargoInteractor: UseCase {
    private let cargoRepository: any CargoRepository

    public init(cargo: any CargoRepository) {
        cargoRepository = cargo
    }

    public func execute(_ request: ListCargoRequest) async -> Result<ListCargoResponse, DomainError> {
        do {
            let cargo = try await cargoRepository.allCargo().map(CargoSummary.init)
            // Customer ids are matched in any case, as bookings are.
            let customer = request.customerId?.rawValue.lowercased()
            return .success(ListCargoResponse(
                cargo: cargo.filter {
                    (request.status == nil || $0.delivery.status == request.status) && (customer == nil || $0.customerId?.rawValue.lowercased() == customer)
                },
                status: request.status))
        } catch {
            return .failure(.repository(error))
        }
    }
}

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
