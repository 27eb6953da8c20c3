import Foundation
import RoutePlanner

/// The cargo that needs routing again, why, and its options from where it is.
public struct ReRouteCargoResponse: Hashable, Sendable {
    /// Why a cargo needs routing again.
    public typealias Reason = ReRoutingReason

    /// One cargo's re-routing.
    public struct Entry: Hashable, Sendable {
        public let cargo: CargoSummary
        /// Why it needs routing again; `nil` for a cargo asked for by id that is on track.
        public let reason: Reason?
        /// The specification searched, from where the cargo is.
        public let specification: RouteSpecification?
        /// The options, numbered from 1 for ``AssignToRouteInteractor``, or why there are none.
        public let options: Result<[Itinerary], DomainError>

        public init(cargo: CargoSummary, reason: Reason?, specification: RouteSpecification?, options: Result<[Itinerary], DomainError>) {
            self.cargo = cargo
            self.reason = reason
            self.specification = specification
            self.options = options
        }
    }

    /// The cargo, in tracking id order.
    public let entries: [Entry]
    /// The cargo not routed that a request for every cargo left out (``ReRouteCargoRequest/includesNotRouted``).
    public let notRoutedLeftOut: Int

    public init(entries: [Entry], notRoutedLeftOut: Int = 0) {
        self.entries = entries
        self.notRoutedLeftOut = notRoutedLeftOut
    }
}

/// Finds the cargo whose journey no longer works, on the schedule as the repository gives it (with any
/// what-if scenario applied), and its options from where it is: one cargo by tracking id, or every cargo
/// that is not routed (unless the request leaves them out, counting them), misdirected, misrouted, or disrupted: it
/// rides a leg the schedule no longer sails as planned (`ScheduleNetwork.disruptedLegs(of:)`), or, where it is, no
/// longer makes its itinerary in time (`Cargo.disruption(in:)`; `Cargo.reasonToReRoute(in:)`).
///
/// The options are stored as each cargo's offer; the cargo itself does not change until one is assigned
/// (``AssignToRouteInteractor``), so a what-if question changes nothing but the offers.
public struct ReRouteCargoInteractor: UseCase {
    private let cargoRepository: any CargoRepository
    private let voyages: any VoyageRepository

    public init(cargo: any CargoRepository, voyages: any VoyageRepository) {
        cargoRepository = cargo
        self.voyages = voyages
    }

    public func execute(_ request: ReRouteCargoRequest) async -> Result<ReRouteCargoResponse, DomainError> {
        do {
            let network = try await voyages.network()
            // A voyage to avoid that the schedule does not have is a mistake, as it is for a route search.
            if let unknown = request.avoidedVoyages.sorted().first(where: { network.voyage($0) == nil }) { return .failure(.schedule(.unknownVoyage(unknown))) }
            var entries: [ReRouteCargoResponse.Entry] = []
            var notRoutedLeftOut = 0
            let cargo: [Cargo]
            if let trackingId = request.trackingId {
                guard let one = try await cargoRepository.cargo(typed: trackingId) else { return .failure(.cargo(.notFound(trackingId))) }
                cargo = [one]
            } else {
                cargo = try await cargoRepository.allCargo()
            }
            // Each cargo's options under the room the other open cargo take.
            let all = request.trackingId == nil ? cargo : try await cargoRepository.allCargo()
            let taken = CapacityUse(takenBy: all, in: network)
            for each in cargo {
                if Task.isCancelled { return .failure(.cancelled) }
                let reason = each.reasonToReRoute(in: network)
                if let claim = each.handlingEvents.last, claim.kind == .claim {
                    // Closed: named only when asked for by id, never as on track.
                    if request.trackingId != nil {
                        entries.append(
                            .init(
                                cargo: CargoSummary(each, over: network), reason: reason, specification: nil,
                                options: .failure(.cargo(.closed(each.trackingId, claim: claim)))))
                    }
                    continue
                }
                guard reason != nil || request.trackingId != nil else { continue }
                if reason == .notRouted && request.trackingId == nil && !request.includesNotRouted {
                    notRoutedLeftOut += 1
                    continue
                }
                var specification: RouteSpecification?
                var options = each.specificationToRoute(in: network).flatMap { found in
                    specification = found
                    return RouteCargoInteractor.candidates(
                        for: found, limit: request.limit,
                        options: RoutingOptions(avoidedVoyages: request.avoidedVoyages).leavingRoom(for: each, under: taken, in: network),
                        in: network)
                }
                if case .failure(.cancelled) = options { return .failure(.cancelled) }
                if let specification, case .success(let itineraries) = options {
                    do {
                        try await cargoRepository.save(
                            RouteOffer(trackingId: each.trackingId, specification: specification, itineraries: itineraries), ifUnchangedSince: each)
                    } catch {
                        // In a list, a cargo changed while it was searched keeps no options and is named; the others go on.
                        guard request.trackingId == nil, case .storage(.conflict) = DomainError.repository(error) else { throw error }
                        options = .failure(.changedMeanwhile(each.trackingId))
                    }
                }
                entries.append(.init(cargo: CargoSummary(each, over: network), reason: reason, specification: specification, options: options))
            }
            return .success(ReRouteCargoResponse(entries: entries, notRoutedLeftOut: notRoutedLeftOut))
        } catch {
            return .failure(.repository(error))
        }
    }
}
