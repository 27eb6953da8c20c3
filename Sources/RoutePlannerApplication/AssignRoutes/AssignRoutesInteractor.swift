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
    /// What writing the plan did: the cargo routed, and each route not written with why; `nil` for a preview, which
    /// wrote nothing.
    public let written: ConfirmAssignmentResponse?

    /// A response for a plan, such as one kept from an earlier solve, to present or draw again.
    public init(plan: AssignmentPlan, keptRouted: Int, leftOut: [LeftOut] = [], written: ConfirmAssignmentResponse? = nil) {
        self.plan = plan
        self.keptRouted = keptRouted
        self.leftOut = leftOut
        self.written = written
    }

    /// The routes the plan gives, to be written on confirmation after a preview.
    public var proposal: AssignmentProposal { AssignmentProposal(plan) }

    /// The cargo whose route from the plan was not written, because it changed while the solver ran (routed, handled,
    /// given another destination or deadline elsewhere) or cargo routed meanwhile took the room: so that no change is
    /// lost. Empty for a preview.
    public var changedMeanwhile: [TrackingId] { written?.notWritten.map(\.trackingId) ?? [] }
}

/// Assigns every booked cargo that is not routed yet an itinerary under the capacities, through the
/// ``AssignmentSolver`` port, and stores the itineraries in one transaction; or, for a preview
/// (``AssignRoutesRequest/writes`` false), writes nothing and proposes them (``AssignRoutesResponse/proposal``).
///
/// The solve may take minutes, in which planners go on working: the plan is written as a confirmation writes it
/// (``ConfirmAssignmentInteractor``), each route only where it still holds, and a cargo that changed meanwhile keeps
/// its change and gets no itinerary from the plan (``AssignRoutesResponse/changedMeanwhile``).
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
        guard request.writes else { return .success(AssignRoutesResponse(plan: plan, keptRouted: kept.count, leftOut: leftOut)) }
        // What changed while the solver ran is kept, and not routed by this plan.
        let proposal: ConfirmAssignmentRequest, proposed = AssignmentProposal(plan)
        switch ConfirmAssignmentRequest.create(ConfirmAssignmentForm(proposal: proposed)) {
        case .success(let request): proposal = request
        case .failure where proposed.routes.isEmpty:
            return .success(AssignRoutesResponse(plan: plan, keptRouted: kept.count, leftOut: leftOut, written: .init(written: [], notWritten: [])))
        case .failure(let error):
            // Routes the solver made from stored cargo always read back; if one does not, nothing is written, and why is said.
            return .failure(.invalidOperation("The plan cannot be written: " + error.fields.values.sorted().joined(separator: " ")))
        }
        do {
            let confirm = ConfirmAssignmentInteractor(cargo: cargoRepository, voyages: voyages)
            let all = try await cargoRepository.allCargo()
            let written = try await confirm.write(
                proposal.routes, over: all, on: try await voyages.network(), cancelled: try await confirm.cancelled(proposal.routes, among: all))
            return .success(AssignRoutesResponse(plan: plan, keptRouted: kept.count, leftOut: leftOut, written: written))
        } catch {
            return .failure(.repository(error))
        }
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
