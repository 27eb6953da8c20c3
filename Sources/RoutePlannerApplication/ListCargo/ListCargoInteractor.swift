import RoutePlanner

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
            return .success(ListCargoResponse(cargo: cargo.filter { request.status == nil || $0.delivery.status == request.status }, status: request.status))
        } catch {
            return .failure(.repository(error))
        }
    }
}
