import Foundation
import RoutePlanner

/// The booked cargo, with its new tracking id.
public struct BookCargoResponse: Hashable, Sendable {
    public let cargo: CargoSummary

    public init(cargo: CargoSummary) {
        self.cargo = cargo
    }
}

/// Books cargo for a registered customer between two ports of the network, under a new tracking id, with
/// a deadline still to come.
public struct BookCargoInteractor: UseCase {
    private let cargoRepository: any CargoRepository
    private let customers: any CustomerRepository
    private let locations: any LocationRepository
    private let now: @Sendable () -> Date

    /// Creates the use case over its repositories.
    ///
    /// - Parameters:
    ///   - cargo: Where the booked cargo is stored.
    ///   - customers: The registered customers a booking must name.
    ///   - locations: The ports the origin and destination must be.
    ///   - now: The clock the deadline is checked against: the system's, or a planning date.
    public init(
        cargo: any CargoRepository, customers: any CustomerRepository, locations: any LocationRepository,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        cargoRepository = cargo
        self.customers = customers
        self.locations = locations
        self.now = now
    }

    public func execute(_ request: BookCargoRequest) async -> Result<BookCargoResponse, DomainError> {
        do {
            let known = try await locations.locations()
            let codes = Set(known.map(\.code))
            for code in [request.specification.origin, request.specification.destination] where !codes.contains(code) {
                return .failure(.unknown(code, among: known))
            }
            // The customer's id as registered, whatever the case it was typed in.
            guard let customer = try await customers.customer(request.customerId) else { return .failure(.customerNotFound(request.customerId)) }
            let asOf = now()
            guard request.specification.arrivalDeadline > asOf else {
                return .failure(.deadlinePassed(request.specification.arrivalDeadline, asOf: asOf))
            }
            let cargo = try Cargo(
                trackingId: try await cargoRepository.nextTrackingId(), teu: request.teu, specification: request.specification,
                revenuePerTEU: request.revenuePerTEU, customerId: customer.id, weight: request.weight)
            try await cargoRepository.save(cargo)
            return .success(BookCargoResponse(cargo: CargoSummary(cargo)))
        } catch {
            return .failure(.repository(error))
        }
    }
}
