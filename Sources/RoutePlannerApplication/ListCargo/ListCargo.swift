import Foundation
import RoutePlanner

/// The raw fields of the cargo list: which cargo to show.
public struct ListCargoForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case status, customer, page
    }

    /// Blank for every cargo, or a status to show only: `not-routed`, `on-track`, `misdirected`, `misrouted`
    /// or `claimed`.
    public var status: String
    /// Blank for every customer's cargo, or a customer's id (in any case) to show only theirs.
    public var customer: String
    /// Blank for every cargo at once, or the page to show, from 1, of ``ListCargoRequest/pageSize`` cargo each.
    public var page: String

    public init(status: String = "", customer: String = "", page: String = "") {
        self.status = status
        self.customer = customer
        self.page = page
    }
}

/// A validated request for the booked cargo.
public struct ListCargoRequest: FormRequest, Hashable {
    /// The status to show only, or `nil` for all.
    public let status: Delivery.Status?
    /// The customer whose cargo to show only, or `nil` for every customer's.
    public let customerId: CustomerId?
    /// The page to show, from 1, or `nil` for every cargo at once.
    public let page: Int?

    /// The cargo a page holds.
    public static let pageSize = 50

    public init(status: Delivery.Status?, customerId: CustomerId? = nil, page: Int? = nil) {
        self.status = status
        self.customerId = customerId
        self.page = page
    }

    /// The statuses a list may show: every one but `cancelled`, since a cancelled booking is never listed.
    public static let listedStatuses = Delivery.Status.allCases.filter { $0 != .cancelled }

    static let statuses = listedStatuses.map(\.rawValue)

    /// Validates the form: `status` is blank or one of the statuses, `page` blank or a whole number from 1.
    public static func create(_ form: ListCargoForm) -> Result<ListCargoRequest, ValidationError<ListCargoForm.Field>> {
        var fields: [ListCargoForm.Field: String] = [:]
        let text = form.status.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "-", with: " ")
        if !(text.isEmpty || statuses.contains(text)) {
            fields[.status] = "Enter one of \(statuses.map { $0.replacingOccurrences(of: " ", with: "-") }.joined(separator: ", ")), or nothing for all."
        }
        let pageText = form.page.trimmingCharacters(in: .whitespaces)
        let page = Int(pageText)
        if !pageText.isEmpty, (page ?? 0) < 1 || (page ?? 0) > 1_000_000 { fields[.page] = "Enter a page from 1 to 1000000, or nothing for all." }
        guard fields.isEmpty else { return .failure(ValidationError(fields: fields)) }
        return .success(ListCargoRequest(status: Delivery.Status(rawValue: text), customerId: CustomerId(form.customer), page: page))
    }
}

/// The booked cargo, in tracking id order: every one, or those with the status asked for.
public struct ListCargoResponse: Hashable, Sendable {
    public let cargo: [CargoSummary]
    /// The status asked for, or `nil` for all.
    public let status: Delivery.Status?
    /// For a page: how many cargo match in all, when that is known without reading every cargo (no status asked
    /// for), and whether a page follows.
    public let total: Int?
    public let hasMore: Bool

    public init(cargo: [CargoSummary], status: Delivery.Status?, total: Int? = nil, hasMore: Bool = false) {
        self.cargo = cargo
        self.status = status
        self.total = total
        self.hasMore = hasMore
    }
}

/// Lists the booked cargo with where each is on its way as the schedule now sails (`Cargo.delivery(over:)`),
/// every one or those with a status.
public struct ListCargoInteractor: UseCase {
    private let cargoRepository: any CargoRepository
    private let voyages: (any VoyageRepository)?

    /// - Parameters:
    ///   - cargo: The booked cargo.
    ///   - voyages: The schedule as it now sails, which tells a disrupted cargo; without it, each as planned.
    public init(cargo: any CargoRepository, voyages: (any VoyageRepository)? = nil) {
        cargoRepository = cargo
        self.voyages = voyages
    }

    public func execute(_ request: ListCargoRequest) async -> Result<ListCargoResponse, DomainError> {
        do {
            let network = try await voyages?.network()
            guard let page = request.page else {
                // Customer ids are matched in any case, as bookings are.
                let customer = request.customerId?.rawValue.lowercased()
                let cargo = try await cargoRepository.allCargo().map { CargoSummary($0, over: network) }.filter {
                    (request.status == nil || $0.delivery.status == request.status) && (customer == nil || $0.customerId?.rawValue.lowercased() == customer)
                }
                return .success(ListCargoResponse(cargo: cargo, status: request.status))
            }
            let size = ListCargoRequest.pageSize, first = (page - 1) * size
            guard let status = request.status else {
                let (cargo, total) = try await cargoRepository.cargo(from: first, limit: size, customer: request.customerId)
                return .success(
                    ListCargoResponse(cargo: cargo.map { CargoSummary($0, over: network) }, status: nil, total: total, hasMore: first + size < total))
            }
            // A status is worked out from each cargo's route and events: the cargo are read a chunk at a time until
            // the page and one more are found, so that a status many cargo have is found early.
            var matching: [CargoSummary] = [], offset = 0, total = 0
            repeat {
                let chunk = try await cargoRepository.cargo(from: offset, limit: 500, customer: request.customerId)
                total = chunk.total
                offset += chunk.cargo.count
                matching += chunk.cargo.map { CargoSummary($0, over: network) }.filter { $0.delivery.status == status }
                if chunk.cargo.isEmpty { break }
            } while matching.count <= first + size && offset < total
            let shown = Array(matching.dropFirst(first).prefix(size))
            let exhausted = offset >= total
            return .success(
                ListCargoResponse(
                    cargo: shown, status: status, total: exhausted ? matching.count : nil, hasMore: matching.count > first + size))
        } catch {
            return .failure(.repository(error))
        }
    }
}

/// Writes the cargo list, filtered by status when the request asks.
public struct ListCargoPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = ListCargoForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: ListCargoResponse) -> [CargoTrackingView] {
        response.cargo.map(format.tracking)
    }
}

public typealias ListCargoCoordinator = Coordinator<ListCargoInteractor, ListCargoPresenter>
