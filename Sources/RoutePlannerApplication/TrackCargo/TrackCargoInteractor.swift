/// A cargo and where it is on its way.
public struct TrackCargoResponse: Hashable, Sendable {
    public let cargo: CargoSummary

    public init(cargo: CargoSummary) {
        self.cargo = cargo
    }
}

/// Tells where a cargo is on its way (the DDD sample's delivery progress): routing and transport status,
/// last known location and voyage, the next expected activity, misdirection and the ETA.
public struct TrackCargoInteractor: UseCase {
    private let cargoRepository: any CargoRepository

    public init(cargo: any CargoRepository) {
        cargoRepository = cargo
    }

    public func execute(_ request: TrackCargoRequest) async -> Result<TrackCargoResponse, DomainError> {
        do {
            guard let cargo = try await cargoRepository.cargo(typed: request.trackingId) else { return .failure(.cargoNotFound(request.trackingId)) }
            return .success(TrackCargoResponse(cargo: CargoSummary(cargo)))
        } catch {
            return .failure(.repository(error))
        }
    }
}
