import Foundation
import RoutePlanner

/// The booked cargo, with its new tracking id, and whether a sailing meets its deadline.
public struct BookCargoResponse: Hashable, Sendable {
    public let cargo: CargoSummary
    /// Whether the schedule has a route by the deadline: always when booked on an option; else `false` flags a
    /// booking no sailing can deliver in time, which is booked all the same for the planner to settle.
    public let meetsDeadline: Bool
    /// For a booking no sailing delivers in time, the earliest arrival the schedule offers; `nil` when none reaches
    /// the destination at all, or when the deadline is met.
    public let earliestPossibleArrival: Date?

    public init(cargo: CargoSummary, meetsDeadline: Bool = true, earliestPossibleArrival: Date? = nil) {
        self.cargo = cargo
        self.meetsDeadline = meetsDeadline
        self.earliestPossibleArrival = earliestPossibleArrival
    }
}

/// Books cargo for a registered customer between two ports of the network, under a new tracking id, with
/// a deadline still to come and no more TEU, tonnes or reefer plugs than some voyage of the schedule carries
/// (`ScheduleNetwork.roomProblem(for:)`).
///
/// Booked on a route option (``BookCargoRequest/option``), the cargo is routed on it in the same write: the option
/// must still be one of the candidates the schedule offers for the booking under the room the other open cargo
/// take (as ``RouteCargoInteractor`` searches). Booked alone, it is flagged when no sailing meets its deadline, with
/// the earliest arrival there is.
public struct BookCargoInteractor: UseCase {
    private let cargoRepository: any CargoRepository
    private let customers: any CustomerRepository
    private let locations: any LocationRepository
    private let voyages: (any VoyageRepository)?
    private let index: CargoIndex?
    private let now: @Sendable () -> Date

    /// Creates the use case over its repositories.
    ///
    /// - Parameters:
    ///   - cargo: Where the booked cargo is stored.
    ///   - customers: The registered customers a booking must name.
    ///   - locations: The ports the origin and destination must be.
    ///   - voyages: The schedule whose voyages must have room for the cargo.
    ///   - index: Every open cargo, whose routes take room an option must leave; without it, they are read.
    ///   - now: The clock the deadline is checked against: the system's, or a planning date.
    public init(
        cargo: any CargoRepository, customers: any CustomerRepository, locations: any LocationRepository, voyages: (any VoyageRepository)? = nil,
        index: CargoIndex? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        cargoRepository = cargo
        self.customers = customers
        self.locations = locations
        self.voyages = voyages
        self.index = index
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
            let network = try await voyages?.network()
            if let problem = network?.roomProblem(for: CargoSpace(booking)) {
                return .failure(.invalidOperation("The cargo cannot be carried: \(problem). Book it as several cargo."))
            }
            let customerId = customer.id
            @Sendable func make(_ id: TrackingId) throws -> Cargo {
                try Cargo(
                    trackingId: id, teu: request.teu, specification: request.specification, revenuePerTEU: request.revenuePerTEU,
                    customerId: customerId, bookingReference: request.bookingReference, weight: request.weight)
            }
            guard let network else { return .success(BookCargoResponse(cargo: CargoSummary(try await cargoRepository.saveNew(make)))) }
            guard let option = request.option else {
                // Booked all the same when no sailing is in time, and flagged with the earliest there is.
                let route = RouteCargoInteractor.candidates(for: request.specification, limit: 1, options: RoutingOptions(), in: network)
                let cargo = try await cargoRepository.saveNew(make)
                guard case .failure(.schedule(.noRoute(_, let earliest))) = route else { return .success(BookCargoResponse(cargo: CargoSummary(cargo))) }
                return .success(BookCargoResponse(cargo: CargoSummary(cargo), meetsDeadline: false, earliestPossibleArrival: earliest))
            }
            // The option as the schedule offers it now, under the room the other open cargo take.
            let provisional = try make("BOOKING")
            var options = RoutingOptions()
            if network.countsRoom {
                let open: [Cargo] = if let index { try await index.openCargo() } else { try await cargoRepository.allCargo() }
                options = options.leavingRoom(for: provisional, under: CapacityUse(takenBy: open, in: network), in: network)
            }
            let candidates = RouteCargoInteractor.candidates(
                for: request.specification, limit: RouteCargoRequest.maximumLimit, options: options, in: network)
            guard case .success(let found) = candidates, let itinerary = found.first(where: { $0.reference == option }) else {
                return .failure(
                    .invalidOperation(
                        "Option \(option) is not one the schedule offers this booking now (its sailings changed, or the others took their room): find the routes again."
                    ))
            }
            // Booked and routed in one write.
            let cargo = try await cargoRepository.saveNew { id in
                var cargo = try make(id)
                try cargo.assign(to: itinerary)
                return cargo
            }
            return .success(BookCargoResponse(cargo: CargoSummary(cargo, over: network)))
        } catch {
            return .failure(.repository(error))
        }
    }
}
