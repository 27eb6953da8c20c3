import Foundation
import RoutePlanner

/// Finds the candidate itineraries for a cargo over the schedule in the repositories.
///
/// Every port of the request must be a location of the repository; an unknown one is reported with the
/// closest known codes.
public struct RouteCargoInteractor: UseCase {
    private let locations: any LocationRepository
    private let voyages: any VoyageRepository

    /// Creates the use case over a location and a voyage repository.
    public init(locations: any LocationRepository, voyages: any VoyageRepository) {
        self.locations = locations
        self.voyages = voyages
    }

    public func execute(_ request: RouteCargoRequest) async -> Result<RouteCargoResponse, DomainError> {
        let known: [Location], network: ScheduleNetwork
        do {
            known = try await locations.locations()
            network = try await voyages.network()
        } catch {
            return .failure(.repositoryFailure(String(describing: error)))
        }
        let specification = request.specification, options = request.options
        let codes = [specification.origin, specification.destination] + options.via + options.avoidedLocations.sorted()
        let knownCodes = Set(known.map(\.code))
        if let unknown = codes.first(where: { !knownCodes.contains($0) }) { return .failure(.unknown(unknown, among: known)) }
        return Self.candidates(for: specification, limit: request.limit, options: options, in: network)
            .map { RouteCargoResponse(specification: specification, itineraries: $0) }
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
            return .failure(.noRoute(specification, earliestPossibleArrival: earliestPossibleArrival(specification, options, network)))
        } catch .unknownVoyage(let number) {
            return .failure(.unknownVoyage(number))
        } catch {
            return .failure(.invalidOperation(error.description))
        }
    }

    /// The earliest arrival with the same options but no deadline to speak of.
    private static func earliestPossibleArrival(
        _ specification: RouteSpecification, _ options: RoutingOptions, _ network: ScheduleNetwork
    ) -> Date? {
        guard let relaxed = try? RouteSpecification(
            origin: specification.origin, destination: specification.destination, readyTime: specification.readyTime,
            arrivalDeadline: specification.readyTime + 5 * 365 * 86_400)
        else { return nil }
        return (try? network.earliestArrival(for: relaxed, options: options))?.arrivalTime
    }
}
