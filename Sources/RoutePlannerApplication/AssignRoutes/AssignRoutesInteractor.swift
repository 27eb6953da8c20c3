import Foundation
import RoutePlanner

/// The assignment of the booked cargo, as a value.
public struct AssignRoutesResponse: Sendable {
    /// A cargo that is open (not claimed) but was not given to the solver, and why.
    public struct LeftOut: Hashable, Sendable {
        public let trackingId: TrackingId
        public let teu: Int
        /// Its last move: it was handled without an itinerary that fits, so it is routed from where it is
        /// (``RouteCargoInteractor``, ``ReRouteCargoInteractor``), not assigned from its booked origin.
        public let lastMove: HandlingEvent

        public init(trackingId: TrackingId, teu: Int, lastMove: HandlingEvent) {
            self.trackingId = trackingId
            self.teu = teu
            self.lastMove = lastMove
        }
    }

    /// The plan for the cargo that was assigned, in tracking id order.
    public let plan: AssignmentPlan
    /// Cargo already routed and on its way, kept as it is.
    public let keptRouted: Int
    /// The open cargo not assigned, in tracking id order: every open cargo is in the plan, kept, or here.
    public let leftOut: [LeftOut]
    /// Cargo the plan gives an itinerary that changed while the solver ran (routed, handled, given another
    /// destination or deadline elsewhere): its itinerary from the plan is not stored, so that no change is lost.
    public let changedMeanwhile: [TrackingId]

    /// A response for a plan, such as one kept from an earlier solve, to present or draw again.
    public init(plan: AssignmentPlan, keptRouted: Int, leftOut: [LeftOut] = [], changedMeanwhile: [TrackingId] = []) {
        self.plan = plan
        self.keptRouted = keptRouted
        self.leftOut = leftOut
        self.changedMeanwhile = changedMeanwhile
    }
}

/// Assigns every booked cargo that is not routed yet an itinerary under the capacities, through the
/// ``AssignmentSolver`` port, and stores the itineraries in one transaction.
///
/// The solve may take minutes, in which planners go on working: the plan is stored only on cargo still as it
/// was read (``CargoRepository/save(_:unlessChangedSince:)``), and a cargo that changed meanwhile keeps its
/// change and gets no itinerary from the plan (``AssignRoutesResponse/changedMeanwhile``).
///
/// The request's time limit counts from the request's validation: reading the cargo and the schedule, the
/// solve, and the time `writingTime(forBookings:within:)` leaves for storing and writing the plan all fit in it.
///
/// Cargo already routed keeps its itinerary, and its TEU come off the capacity of the movements it rides
/// (`ScheduleNetwork.reducingCapacity(by:)`). Cargo is assigned when it has no itinerary, or one that no
/// longer fits its specification, and has not been handled yet; such cargo that has been handled is named
/// in ``AssignRoutesResponse/leftOut``, so that no open cargo goes unmentioned. Claimed cargo is closed.
public struct AssignRoutesInteractor: UseCase {
    private let cargoRepository: any CargoRepository
    private let voyages: any VoyageRepository
    private let solver: any AssignmentSolver
    private let progress: (@Sendable (String) -> Void)?

    /// - Parameters:
    ///   - cargo: The cargo to assign, and where the plan is stored.
    ///   - voyages: The schedule.
    ///   - solver: The solver.
    ///   - progress: Where the solver's steps go, a line after each, such as a screen following the run; `nil` for
    ///     nowhere.
    public init(
        cargo: any CargoRepository, voyages: any VoyageRepository, solver: any AssignmentSolver, progress: (@Sendable (String) -> Void)? = nil
    ) {
        cargoRepository = cargo
        self.voyages = voyages
        self.solver = solver
        self.progress = progress
    }

    public func execute(_ request: AssignRoutesRequest) async -> Result<AssignRoutesResponse, DomainError> {
        let cargo: [Cargo], network: ScheduleNetwork
        do {
            cargo = try await cargoRepository.allCargo()
            network = try await voyages.network()
        } catch {
            return .failure(.repository(error))
        }
        guard network.capacitiesAreKnown else { return .failure(.schedule(.capacitiesUnknown)) }
        let open = cargo.filter { $0.routingStatus != .routed && $0.delivery.transportStatus == .notReceived }
        let kept = cargo.filter { $0.routingStatus == .routed && $0.delivery.transportStatus != .claimed }
        let leftOut = cargo.compactMap { each -> AssignRoutesResponse.LeftOut? in
            guard each.routingStatus != .routed, each.delivery.status != .claimed,
                let move = each.handlingEvents.last(where: { $0.kind != .customs }) ?? each.handlingEvents.last
            else { return nil }
            return .init(trackingId: each.trackingId, teu: each.teu, lastMove: move)
        }
        guard !open.isEmpty else {
            let handled = leftOut.map(\.trackingId.rawValue)
            return .failure(
                .invalidOperation(
                    "There are no bookings to assign: every cargo is routed or on its way"
                        + (handled.isEmpty
                            ? "."
                            : "; \(handled.joined(separator: ", ")) \(handled.count == 1 ? "is" : "are") handled without an itinerary: route \(handled.count == 1 ? "it" : "them") from where \(handled.count == 1 ? "it is" : "they are").")
                ))
        }
        let residual = network.reducingCapacity(byBookings: kept.compactMap { each in each.itinerary.map { ($0, each.booking) } })
        var options = request.options
        options.timeLimit -= Self.writingTime(forBookings: open.count, within: options.timeLimit)
        let plan: AssignmentPlan
        do {
            plan = try solver.assign(open.map(\.booking), on: residual, options: options, progress: progress)
        } catch .unknownLocation(_, let code) {
            return .failure(.unknown(code, among: network.locations))
        } catch .cancelled {
            return .failure(.cancelled)
        } catch {
            return .failure(.invalidOperation(error.description))
        }
        let changed: [TrackingId]
        do {
            var routed: [Cargo] = [], read: [Cargo] = []
            for (var each, assignment) in zip(open, plan.assignments) {
                guard let found = assignment.itinerary else { continue }
                read.append(each)
                // The solver saw the capacities left over; the cargo keeps the schedule's own voyages.
                let legs = found.legs.compactMap { leg in
                    network.leg(
                        voyage: leg.voyage.number, from: leg.loadLocation.code, departing: leg.loadTime, to: leg.unloadLocation.code, arriving: leg.unloadTime)
                }
                let itinerary = legs.count == found.legs.count ? (try? Itinerary(legs: legs)) ?? found : found
                try each.assign(to: itinerary)
                routed.append(each)
            }
            // What changed while the solver ran is kept, and not routed by this plan.
            changed = try await cargoRepository.save(routed, unlessChangedSince: read)
        } catch {
            return .failure(.repository(error))
        }
        return .success(AssignRoutesResponse(plan: plan, keptRouted: kept.count, leftOut: leftOut, changedMeanwhile: changed))
    }

    /// The part of a time limit that the solve leaves for what follows it: storing the itineraries and writing
    /// the plan, 40 µs a booking and at most half the limit.
    ///
    /// The request's time limit is the wall time of the whole use case, and writing a plan takes time in
    /// proportion to its bookings: measured in a release build on 20,000 bookings, 0.75 s as JSON (Foundation's
    /// encoder), 0.4 s as a table and 0.3 s as CSV.
    static func writingTime(forBookings count: Int, within limit: Duration) -> Duration {
        min(.microseconds(40) * count, limit / 2)
    }
}
