import Foundation
import RoutePlanner

/// The candidate itineraries for a specification, best first, and the cargo they are for.
public struct RouteCargoResponse: Hashable, Sendable {
    /// The booked cargo routed, or `nil` for a free-standing specification.
    public let trackingId: TrackingId?
    /// The specification searched: a booked cargo's from where it is now.
    public let specification: RouteSpecification
    /// The itineraries in the router's documented order: earliest arrival first.
    public let itineraries: [Itinerary]

    public init(trackingId: TrackingId? = nil, specification: RouteSpecification, itineraries: [Itinerary]) {
        self.trackingId = trackingId
        self.specification = specification
        self.itineraries = itineraries
    }
}

/// Finds the candidate itineraries for a specification, or for a booked cargo from where it is now; a
/// cargo's candidates are stored as its offer, for ``AssignToRouteInteractor`` to pick from.
///
/// Every port of the request must be a location of the repository; an unknown one is reported with the
/// closest known codes.
public struct RouteCargoInteractor: UseCase {
    private let locations: any LocationRepository
    private let voyages: any VoyageRepository
    private let cargoRepository: (any CargoRepository)?

    /// Creates the use case over a location and a voyage repository, and the cargo repository for booked cargo.
    public init(locations: any LocationRepository, voyages: any VoyageRepository, cargo: (any CargoRepository)? = nil) {
        self.locations = locations
        self.voyages = voyages
        cargoRepository = cargo
    }

    public func execute(_ request: RouteCargoRequest) async -> Result<RouteCargoResponse, DomainError> {
        do {
            let known = try await locations.locations(), network = try await voyages.network()
            let options = request.options
            switch request.target {
            case .specification(let specification):
                let codes = [specification.origin, specification.destination] + options.via + options.avoidedLocations.sorted()
                let knownCodes = Set(known.map(\.code))
                if let unknown = codes.first(where: { !knownCodes.contains($0) }) { return .failure(.unknown(unknown, among: known)) }
                return Self.candidates(for: specification, limit: request.limit, options: options, in: network)
                    .map { RouteCargoResponse(specification: specification, itineraries: request.order.sorted($0)) }
            case .cargo(let trackingId):
                guard let cargoRepository, let cargo = try await cargoRepository.cargo(typed: trackingId) else {
                    return .failure(.cargo(.notFound(trackingId)))
                }
                let specification: RouteSpecification
                switch cargo.specificationToRoute(in: network) {
                case .success(let found): specification = found
                case .failure(let error): return .failure(error)
                }
                // Under the room the other open cargo take.
                let taken = network.countsRoom ? CapacityUse(takenBy: try await cargoRepository.allCargo(), in: network) : nil
                let searched = taken.map { options.leavingRoom(for: cargo, under: $0, in: network) } ?? options
                let itineraries: [Itinerary]
                switch Self.candidates(for: specification, limit: request.limit, options: searched, in: network) {
                case .success(let found): itineraries = request.order.sorted(found)
                case .failure(let error): return .failure(error)
                }
                // A search stopped past its budget is answered as stopped: it leaves no offer behind.
                if Task.isCancelled { return .failure(.cancelled) }
                // Kept only while the cargo is as it was read: a route assigned meanwhile has spent its options.
                try await cargoRepository.save(
                    RouteOffer(trackingId: cargo.trackingId, specification: specification, itineraries: itineraries), ifUnchangedSince: cargo)
                return .success(RouteCargoResponse(trackingId: cargo.trackingId, specification: specification, itineraries: itineraries))
            }
        } catch {
            return .failure(.repository(error))
        }
    }

    /// The candidates, or the domain error that explains why there are none.
    static func candidates(
        for specification: RouteSpecification, limit: Int, options: RoutingOptions, in network: ScheduleNetwork
    ) -> Result<[Itinerary], DomainError> {
        let codes = [specification.origin, specification.destination] + options.via + options.avoidedLocations.sorted()
        if let unknown = network.unknownLocation(among: codes) { return .failure(unknown) }
        do {
            return .success(try network.candidates(for: specification, limit: limit, options: options))
        } catch .noRoute {
            return .failure(.schedule(.noRoute(specification, earliestPossibleArrival: earliestPossibleArrival(specification, options, network))))
        } catch .unknownVoyage(let number) {
            return .failure(.schedule(.unknownVoyage(number)))
        } catch .cancelled {
            return .failure(.cancelled)
        } catch {
            return .failure(.invalidOperation(error.description))
        }
    }

    /// The earliest arrival with the same options and the deadline moved to the schedule's last arrival.
    private static func earliestPossibleArrival(
        _ specification: RouteSpecification, _ options: RoutingOptions, _ network: ScheduleNetwork
    ) -> Date? {
        guard let lastArrival = network.lastArrival, lastArrival > specification.arrivalDeadline,
            let relaxed = try? specification.replacing(arrivalDeadline: lastArrival)
        else { return nil }
        return (try? network.earliestArrival(for: relaxed, options: options))?.arrivalTime
    }
}
