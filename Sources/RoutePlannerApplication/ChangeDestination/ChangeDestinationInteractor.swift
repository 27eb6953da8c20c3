import RoutePlanner

/// The cargo with its new specification.
public struct ChangeDestinationResponse: Hashable, Sendable {
    public let cargo: CargoSummary

    public init(cargo: CargoSummary) {
        self.cargo = cargo
    }
}

/// Gives a cargo a new destination (and deadline); its itinerary stays until a new one is assigned, so the
/// cargo is misrouted until it is routed again (``RouteCargoInteractor`` routes it from where it is).
public struct ChangeDestinationInteractor: UseCase {
    private let cargoRepository: any CargoRepository
    private let locations: any LocationRepository

    public init(cargo: any CargoRepository, locations: any LocationRepository) {
        cargoRepository = cargo
        self.locations = locations
    }

    public func execute(_ request: ChangeDestinationRequest) async -> Result<ChangeDestinationResponse, DomainError> {
        do {
            let known = try await locations.locations()
            guard known.contains(where: { $0.code == request.destination }) else { return .failure(.unknown(request.destination, among: known)) }
            guard var cargo = try await cargoRepository.cargo(typed: request.trackingId) else { return .failure(.cargoNotFound(request.trackingId)) }
            if cargo.delivery.transportStatus == .claimed {
                return .failure(.invalidOperation("Cargo \(cargo.trackingId) was claimed; its destination cannot change."))
            }
            let old = cargo.specification
            guard request.destination != old.origin else {
                return .failure(.invalidOperation("\(request.destination) is where cargo \(cargo.trackingId) starts; choose another destination."))
            }
            guard let specification = try? old.replacing(
                destination: request.destination, arrivalDeadline: request.deadline ?? old.arrivalDeadline)
            else { return .failure(.invalidOperation("The new deadline is before cargo \(cargo.trackingId) is ready.")) }
            cargo.specifyNewRoute(specification)
            try await cargoRepository.save(cargo)
            return .success(ChangeDestinationResponse(cargo: CargoSummary(cargo)))
        } catch {
            return .failure(.repository(error))
        }
    }
}
