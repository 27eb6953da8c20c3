/// The booked cargo, in tracking id order.
public struct ListCargoResponse: Hashable, Sendable {
    public let cargo: [CargoSummary]
    /// The status shown only, or `nil` for all.
    public let status: String?
}

/// Lists the booked cargo with where each is on its way.
public struct ListCargoInteractor: UseCase {
    private let cargoRepository: any CargoRepository

    public init(cargo: any CargoRepository) {
        cargoRepository = cargo
    }

    public func execute(_ request: ListCargoRequest) async -> Result<ListCargoResponse, DomainError> {
        do {
            return .success(ListCargoResponse(cargo: try await cargoRepository.allCargo().map(CargoSummary.init), status: request.status))
        } catch {
            return .failure(.repository(error))
        }
    }
}
