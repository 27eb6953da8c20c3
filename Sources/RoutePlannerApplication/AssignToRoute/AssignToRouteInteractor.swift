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
/// When the offer was made from where the cargo is on its itinerary (disrupted), the cargo is re-planned: its booking
/// stays, and so do the legs it has sailed and the one it is aboard (`Cargo.replan(onto:in:)`). When
/// the cargo is not where its itinerary says (after a misdirection or a change of destination), it takes the offer's
/// specification first; the itinerary must satisfy it.
public struct AssignToRouteInteractor: UseCase {
    private let cargoRepository: any CargoRepository
    private let voyages: (any VoyageRepository)?

    /// - Parameters:
    ///   - cargo: The booked cargo and their offers.
    ///   - voyages: The schedule as it now sails, whose times the legs kept in a re-plan take; without it, as planned.
    public init(cargo: any CargoRepository, voyages: (any VoyageRepository)? = nil) {
        cargoRepository = cargo
        self.voyages = voyages
    }

    public func execute(_ request: AssignToRouteRequest) async -> Result<AssignToRouteResponse, DomainError> {
        do {
            guard var cargo = try await cargoRepository.cargo(typed: request.trackingId) else { return .failure(.cargo(.notFound(request.trackingId))) }
            if let cancelled = cargo.cancellationTime { return .failure(.cargo(.cancelled(cargo.trackingId, at: cancelled))) }
            let offered = try await cargoRepository.offer(for: cargo.trackingId), network = try await voyages?.network()
            // The cargo's own route chosen again by its reference (a request sent twice), after its options were spent,
            // changes nothing while the route still serves the cargo.
            if offered == nil, case .reference(let reference) = request.choice, let route = cargo.itinerary, route.reference == reference,
                cargo.problems(of: route).isEmpty, !cargo.isMisdirected, network.map({ cargo.disruption(in: $0) == nil }) ?? true
            {
                return .success(AssignToRouteResponse(cargo: CargoSummary(cargo)))
            }
            guard let offer = offered, !offer.itineraries.isEmpty else {
                // A routed cargo's options were spent when its route was assigned (`CargoRepository.save(_:)`).
                return .failure(
                    .invalidOperation(
                        cargo.itinerary == nil
                            ? "Cargo \(cargo.trackingId) has no options yet; route it first."
                            : "Cargo \(cargo.trackingId) has no options: a cargo's options are spent once its route is assigned; route it again to find new ones."
                    ))
            }
            let index: Int
            switch request.choice {
            case .position(let position):
                guard offer.itineraries.indices.contains(position) else {
                    return .failure(
                        .invalidOperation(
                            "Cargo \(cargo.trackingId) was offered \(offer.itineraries.count) option\(offer.itineraries.count == 1 ? "" : "s"); choose 1 to \(offer.itineraries.count)."
                        ))
                }
                index = position
            case .reference(let reference):
                guard let position = offer.itineraries.firstIndex(where: { $0.reference == reference }) else {
                    return .failure(
                        .invalidOperation(
                            "Cargo \(cargo.trackingId) was not offered option \(reference); its last list holds \(offer.itineraries.map(\.reference).joined(separator: ", "))."
                        ))
                }
                index = position
            }
            let booked = cargo.specification
            if offer.specification.destination != booked.destination || offer.specification.arrivalDeadline != booked.arrivalDeadline {
                return .failure(.invalidOperation("The destination of cargo \(cargo.trackingId) changed after these options; list them again."))
            }
            // The option must still fit the specification it was found for (a stale offer's may not).
            let chosen = offer.itineraries[index]
            var respecified = cargo
            if offer.specification != booked { respecified.specifyNewRoute(offer.specification) }
            let reasons = respecified.problems(of: chosen)
            guard reasons.isEmpty else {
                return .failure(.cargo(.itineraryDoesNotFit(trackingId: cargo.trackingId, reasons: reasons)))
            }
            if !cargo.replan(onto: chosen, in: network) {
                try respecified.assign(to: chosen)
                cargo = respecified
            }
            try await cargoRepository.save(cargo)
            return .success(AssignToRouteResponse(cargo: CargoSummary(cargo)))
        } catch {
            return .failure(.repository(error))
        }
    }
}
