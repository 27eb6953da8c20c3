import RoutePlanner

/// The cargo after the assignment.
public struct AssignToRouteResponse: Hashable, Sendable {
    public let cargo: CargoSummary

    public init(cargo: CargoSummary) {
        self.cargo = cargo
    }
}

/// Assigns a cargo the itinerary it chose from its last offer (``RouteCargoInteractor`` makes the offer), by its
/// position or its reference.
///
/// When the offer was made from where the cargo had moved to (after a misdirection or a change of
/// destination), the cargo takes the offer's specification first; the itinerary must satisfy it.
public struct AssignToRouteInteractor: UseCase {
    private let cargoRepository: any CargoRepository

    public init(cargo: any CargoRepository) {
        cargoRepository = cargo
    }

    public func execute(_ request: AssignToRouteRequest) async -> Result<AssignToRouteResponse, DomainError> {
        do {
            guard var cargo = try await cargoRepository.cargo(typed: request.trackingId) else { return .failure(.cargoNotFound(request.trackingId)) }
            guard let offer = try await cargoRepository.offer(for: cargo.trackingId), !offer.itineraries.isEmpty else {
                return .failure(.invalidOperation("Cargo \(cargo.trackingId) has no options yet; route it first."))
            }
            let index: Int
            switch request.choice {
            case .position(let position):
                guard offer.itineraries.indices.contains(position) else {
                    return .failure(.invalidOperation(
                        "Cargo \(cargo.trackingId) was offered \(offer.itineraries.count) option\(offer.itineraries.count == 1 ? "" : "s"); choose 1 to \(offer.itineraries.count)."))
                }
                index = position
            case .reference(let reference):
                guard let position = offer.itineraries.firstIndex(where: { $0.reference == reference }) else {
                    return .failure(.invalidOperation(
                        "Cargo \(cargo.trackingId) was not offered option \(reference); its last list holds \(offer.itineraries.map(\.reference).joined(separator: ", "))."))
                }
                index = position
            }
            let booked = cargo.specification
            if offer.specification.destination != booked.destination || offer.specification.arrivalDeadline != booked.arrivalDeadline {
                return .failure(.invalidOperation("The destination of cargo \(cargo.trackingId) changed after these options; list them again."))
            }
            if offer.specification != booked { cargo.specifyNewRoute(offer.specification) }
            let reasons = cargo.problems(of: offer.itineraries[index])
            guard reasons.isEmpty else {
                return .failure(.itineraryDoesNotSatisfySpecification(trackingId: cargo.trackingId, reasons: reasons))
            }
            try cargo.assign(to: offer.itineraries[index])
            try await cargoRepository.save(cargo)
            return .success(AssignToRouteResponse(cargo: CargoSummary(cargo)))
        } catch {
            return .failure(.repository(error))
        }
    }
}
