import Foundation
import RoutePlanner

/// The cargo after the report, and what the report did.
public struct RegisterHandlingEventResponse: Hashable, Sendable {
    public let event: HandlingEvent
    public let outcome: HandlingOutcome
    public let cargo: CargoSummary

    public init(event: HandlingEvent, outcome: HandlingOutcome, cargo: CargoSummary) {
        self.event = event
        self.outcome = outcome
        self.cargo = cargo
    }
}

/// Registers a handling event for a cargo, checked against the network (`ScheduleNetwork.handlingProblem(kind:location:voyage:time:planned:)`).
///
/// Reports arrive late and out of order: an event is placed by its completion time, and the response says
/// when it came out of order; an exact duplicate is acknowledged and changes nothing; an event after the
/// claim is refused.
public struct RegisterHandlingEventInteractor: UseCase {
    private let cargoRepository: any CargoRepository
    private let voyages: any VoyageRepository
    private let now: @Sendable () -> Date

    /// Creates the use case over its repositories.
    ///
    /// - Parameters:
    ///   - cargo: Where the cargo and its events are stored.
    ///   - voyages: The schedule the events are checked against.
    ///   - now: The registration time of reports that give none; the clock, rounded to the second.
    public init(cargo: any CargoRepository, voyages: any VoyageRepository, now: @escaping @Sendable () -> Date = { Date() }) {
        cargoRepository = cargo
        self.voyages = voyages
        self.now = now
    }

    public func execute(_ request: RegisterHandlingEventRequest) async -> Result<RegisterHandlingEventResponse, DomainError> {
        do {
            let network = try await voyages.network()
            guard var cargo = try await cargoRepository.cargo(typed: request.trackingId) else { return .failure(.cargo(.notFound(request.trackingId))) }
            if let problem = network.handlingProblem(
                kind: request.kind, location: request.location, voyage: request.voyage, time: request.completionTime, planned: cargo.itinerary)
            {
                return .failure(.invalidOperation(problem.message(among: network.locations)))
            }
            let registered = request.registrationTime ?? Date(timeIntervalSince1970: now().timeIntervalSince1970.rounded(.down))
            guard
                let event = try? HandlingEvent(
                    kind: request.kind, location: request.location, voyage: request.voyage, completionTime: request.completionTime,
                    registrationTime: registered)
            else { return .failure(.invalidOperation("The event cannot have happened after it was reported (\(DateText.timestamp(registered))).")) }
            let outcome: HandlingOutcome
            do {
                outcome = try cargo.register(event)
            } catch {
                return .failure(.invalidOperation("Cargo \(cargo.trackingId): \(error)."))
            }
            if outcome != .duplicate { try await cargoRepository.save(cargo) }
            return .success(RegisterHandlingEventResponse(event: event, outcome: outcome, cargo: CargoSummary(cargo, over: network)))
        } catch {
            return .failure(.repository(error))
        }
    }
}
