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
/// a deadline still to come and no more TEU, tonnes or reefer plugs than some voyage of the schedule carries
/// (`ScheduleNetwork.roomProblem(for:)`).
public struct BookCargoInteractor: UseCase {
    private let cargoRepository: any CargoRepository
    private let customers: any CustomerRepository
    private let locations: any LocationRepository
    private let voyages: (any VoyageRepository)?
    private let now: @Sendable () -> Date

    /// Creates the use case over its repositories.
    ///
    /// - Parameters:
    ///   - cargo: Where the booked cargo is stored.
    ///   - customers: The registered customers a booking must name.
    ///   - locations: The ports the origin and destination must be.
    ///   - voyages: The schedule whose voyages must have room for the cargo.
    ///   - now: The clock the deadline is checked against: the system's, or a planning date.
    public init(
        cargo: any CargoRepository, customers: any CustomerRepository, locations: any LocationRepository, voyages: (any VoyageRepository)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        cargoRepository = cargo
        self.customers = customers
        self.locations = locations
        self.voyages = voyages
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
            guard let customer = try await customers.customer(request.customerId) else { return .failure(.customer(.notFound(request.customerId))) }
            let asOf = now()
            guard request.specification.arrivalDeadline > asOf else {
                return .failure(.cargo(.deadlinePassed(request.specification.arrivalDeadline, asOf: asOf)))
            }
            let booking = try Booking(
                id: "new", teu: request.teu, specification: request.specification, revenuePerTEU: request.revenuePerTEU, weight: request.weight)
            if let problem = try await voyages?.network().roomProblem(for: CargoSpace(booking)) {
                return .failure(.invalidOperation("The cargo cannot be carried: \(problem). Book it as several cargo."))
            }
            // The tracking id is minted and the cargo stored in one transaction.
            let cargo = try await cargoRepository.saveNew { id in
                try Cargo(
                    trackingId: id, teu: request.teu, specification: request.specification, revenuePerTEU: request.revenuePerTEU,
                    customerId: customer.id, weight: request.weight)
            }
            return .success(BookCargoResponse(cargo: CargoSummary(cargo)))
        } catch {
            return .failure(.repository(error))
        }
    }
}
