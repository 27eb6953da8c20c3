import Foundation
import RoutePlanner

/// The assignment of the booked cargo, as a value.
public struct AssignRoutesResponse: Sendable {
    /// The plan for the cargo that was assigned, in tracking id order.
    public let plan: AssignmentPlan
    /// Cargo already routed and on its way, kept as it is.
    public let keptRouted: Int

    /// A response for a plan, such as one kept from an earlier solve, to present or draw again.
    public init(plan: AssignmentPlan, keptRouted: Int) {
        self.plan = plan
        self.keptRouted = keptRouted
    }
}

/// Assigns every booked cargo that is not routed yet an itinerary under the capacities, through the
/// ``AssignmentSolver`` port, and stores the itineraries in one transaction.
///
/// Cargo already routed keeps its itinerary, and its TEU come off the capacity of the movements it rides
/// (``ScheduleNetwork/reducingCapacity(by:)``). Cargo is assigned when it has no itinerary, or one that no
/// longer fits its specification, and has not been loaded yet.
public struct AssignRoutesInteractor: UseCase {
    private let cargoRepository: any CargoRepository
    private let voyages: any VoyageRepository
    private let solver: any AssignmentSolver

    public init(cargo: any CargoRepository, voyages: any VoyageRepository, solver: any AssignmentSolver) {
        cargoRepository = cargo
        self.voyages = voyages
        self.solver = solver
    }

    public func execute(_ request: AssignRoutesRequest) async -> Result<AssignRoutesResponse, DomainError> {
        let cargo: [Cargo], network: ScheduleNetwork
        do {
            cargo = try await cargoRepository.allCargo()
            network = try await voyages.network()
        } catch {
            return .failure(.repository(error))
        }
        guard network.capacitiesAreKnown else { return .failure(.capacitiesUnknown) }
        let open = cargo.filter { $0.routingStatus != .routed && $0.delivery.transportStatus == .notReceived }
        let kept = cargo.filter { $0.routingStatus == .routed && $0.delivery.transportStatus != .claimed }
        guard !open.isEmpty else { return .failure(.invalidOperation("There are no bookings to assign: every cargo is routed or on its way.")) }
        let residual = network.reducingCapacity(by: kept.compactMap { each in each.itinerary.map { ($0, each.teu) } })
        let plan: AssignmentPlan
        do {
            plan = try solver.assign(open.map(\.booking), on: residual, options: request.options, progress: UseCaseProgress.report)
        } catch .unknownLocation(_, let code) {
            return .failure(.unknown(code, among: network.locations))
        } catch .cancelled {
            return .failure(.cancelled)
        } catch {
            return .failure(.invalidOperation(error.description))
        }
        do {
            var routed: [Cargo] = []
            for (var each, assignment) in zip(open, plan.assignments) {
                guard let found = assignment.itinerary else { continue }
                // The solver saw the capacities left over; the cargo keeps the schedule's own voyages.
                let legs = found.legs.compactMap { leg in
                    network.leg(voyage: leg.voyage.number, from: leg.loadLocation.code, departing: leg.loadTime, to: leg.unloadLocation.code, arriving: leg.unloadTime)
                }
                let itinerary = legs.count == found.legs.count ? (try? Itinerary(legs: legs)) ?? found : found
                try each.assign(to: itinerary)
                routed.append(each)
            }
            try await cargoRepository.save(routed)
        } catch {
            return .failure(.repository(error))
        }
        return .success(AssignRoutesResponse(plan: plan, keptRouted: kept.count))
    }
}
