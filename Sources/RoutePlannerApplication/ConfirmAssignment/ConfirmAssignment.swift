import Foundation
import RoutePlanner

/// The raw fields of an assignment's confirmation: the routes it proposed, as a front end kept them.
public struct ConfirmAssignmentForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case routes
    }

    public var proposal: AssignmentProposal

    public init(proposal: AssignmentProposal) {
        self.proposal = proposal
    }
}

/// A validated confirmation: the routes to write, each a cargo and its legs as the schedule names them.
public struct ConfirmAssignmentRequest: FormRequest, Hashable {
    /// A leg by its voyage, and where and when it loads and discharges.
    public struct Leg: Hashable, Sendable {
        public let voyage: VoyageNumber
        public let from: UnLocode
        public let departure: Date
        public let to: UnLocode
        public let arrival: Date
    }

    /// A cargo and the itinerary proposed for it.
    public struct Route: Hashable, Sendable {
        public let trackingId: TrackingId
        public let legs: [Leg]
    }

    public let routes: [Route]

    /// Validates the proposal: at least one route, each of a tracking id and at least one leg, each leg of a voyage
    /// number and two UN/LOCODEs, arriving after it departs.
    public static func create(_ form: ConfirmAssignmentForm) -> Result<ConfirmAssignmentRequest, ValidationError<ConfirmAssignmentForm.Field>> {
        var problems: [String] = []
        let routes = form.proposal.routes.compactMap { route -> Route? in
            let legs = route.legs.compactMap { leg -> Leg? in
                guard let voyage = VoyageNumber(leg.voyage), let from = UnLocode(leg.from), let to = UnLocode(leg.to), leg.departure < leg.arrival else {
                    return nil
                }
                return Leg(voyage: voyage, from: from, departure: leg.departure, to: to, arrival: leg.arrival)
            }
            guard !FormFields<ConfirmAssignmentForm.Field>.hasControlCharacters(route.trackingId), let trackingId = TrackingId(route.trackingId),
                !legs.isEmpty, legs.count == route.legs.count
            else {
                problems.append(route.trackingId)
                return nil
            }
            return Route(trackingId: trackingId, legs: legs)
        }
        if form.proposal.routes.isEmpty { return .failure(ValidationError(fields: [.routes: "The assignment proposes no routes to write."])) }
        guard problems.isEmpty else {
            let named = problems.prefix(5).map { "\"\($0)\"" }.joined(separator: ", ")
            return .failure(ValidationError(fields: [.routes: "These routes are not a tracking id with legs of a voyage between two UN/LOCODEs: \(named)."]))
        }
        return .success(ConfirmAssignmentRequest(routes: routes))
    }
}

/// What a confirmation wrote, and what it left as it was.
public struct ConfirmAssignmentResponse: Hashable, Sendable {
    /// Why a proposed route was not written.
    public enum Reason: Hashable, Sendable {
        /// No cargo has the tracking id.
        case notFound
        /// Its booking was cancelled.
        case cancelled
        /// It was routed, or handled, after the plan was made: it keeps that.
        case routedOrHandled
        /// The schedule no longer sails the route's legs as planned (a voyage, a call or a time changed, or a connection
        /// no longer leaves the transshipment time).
        case scheduleChanged
        /// The route no longer fits the cargo's booking, which changed: the reasons.
        case noLongerFits([String])
        /// The cargo routed take the room on these legs: "WS15-W09 CNSHA→MYTPP".
        case noRoom([String])
        /// Another request changed it while this was written: nothing was written for it.
        case changedMeanwhile

        /// `notFound`, `cancelled`, `routedOrHandled`, `scheduleChanged`, `noLongerFits`, `noRoom` or `changedMeanwhile`.
        public var code: String {
            switch self {
            case .notFound: "notFound"
            case .cancelled: "cancelled"
            case .routedOrHandled: "routedOrHandled"
            case .scheduleChanged: "scheduleChanged"
            case .noLongerFits: "noLongerFits"
            case .noRoom: "noRoom"
            case .changedMeanwhile: "changedMeanwhile"
            }
        }
    }

    /// A route not written, and why.
    public struct NotWritten: Hashable, Sendable {
        public let trackingId: TrackingId
        public let reason: Reason

        public init(trackingId: TrackingId, reason: Reason) {
            self.trackingId = trackingId
            self.reason = reason
        }
    }

    /// The cargo routed, after the write, in the proposal's order.
    public let written: [CargoSummary]
    /// The routes not written, in the proposal's order.
    public let notWritten: [NotWritten]

    public init(written: [CargoSummary], notWritten: [NotWritten]) {
        self.written = written
        self.notWritten = notWritten
    }
}

/// Writes the routes an assignment proposed, each only where it still holds: the assignment's confirmation, after its
/// preview, and the last step of an assignment that writes at once (``AssignRoutesInteractor``).
///
/// A route is written when its cargo is still open as the plan took it (not cancelled, not routed, not handled), the
/// schedule still sails its legs as planned with their connections, it still fits the cargo's booking, and every
/// movement it rides still has room for the cargo under what the cargo routed take (as the assignment counts them: a
/// misrouted itinerary takes none); in the proposal's order, each route written holding its room before the next is
/// checked. Every route left out is named with its reason. The routes are written in one transaction, each only while
/// its cargo is still as it was read (`CargoRepository.save(_:unlessChangedSince:)`).
public struct ConfirmAssignmentInteractor: UseCase {
    private let cargoRepository: any CargoRepository
    private let voyages: any VoyageRepository

    /// - Parameters:
    ///   - cargo: The booked cargo, where the routes are written.
    ///   - voyages: The schedule as it now sails.
    public init(cargo: any CargoRepository, voyages: any VoyageRepository) {
        cargoRepository = cargo
        self.voyages = voyages
    }

    public func execute(_ request: ConfirmAssignmentRequest) async -> Result<ConfirmAssignmentResponse, DomainError> {
        do {
            let all = try await cargoRepository.allCargo()
            let network = try await voyages.network()
            return .success(try await write(request.routes, over: all, on: network, cancelled: try await cancelled(request.routes, among: all)))
        } catch {
            return .failure(.repository(error))
        }
    }

    /// The cargo of routes that the lists leave out because their booking was cancelled.
    func cancelled(_ routes: [ConfirmAssignmentRequest.Route], among all: [Cargo]) async throws -> Set<TrackingId> {
        let listed = Set(all.map(\.trackingId))
        var cancelled: Set<TrackingId> = []
        for route in routes where !listed.contains(route.trackingId) {
            if try await cargoRepository.cargo(route.trackingId)?.cancellationTime != nil { cancelled.insert(route.trackingId) }
        }
        return cancelled
    }

    /// Writes the routes that still hold over the cargo as read (`all`, the cargo listed, and `cancelled`, those whose
    /// booking was cancelled) and the network, as ``execute(_:)`` does.
    func write(
        _ routes: [ConfirmAssignmentRequest.Route], over all: [Cargo], on network: ScheduleNetwork, cancelled: Set<TrackingId>
    ) async throws -> ConfirmAssignmentResponse {
        let byId = Dictionary(all.map { ($0.trackingId, $0) }, uniquingKeysWith: { first, _ in first })
        // The room the assignment counts as taken: that of the cargo routed (a misrouted itinerary holds none).
        var taken = CapacityUse(takenBy: all.filter { $0.routingStatus == .routed }, in: network)
        var read: [Cargo] = [], routed: [Cargo] = []
        var reasons: [TrackingId: ConfirmAssignmentResponse.Reason] = [:]
        for route in routes {
            guard var cargo = byId[route.trackingId] else {
                reasons[route.trackingId] = cancelled.contains(route.trackingId) ? .cancelled : .notFound
                continue
            }
            guard cargo.cancellationTime == nil else {
                reasons[route.trackingId] = .cancelled
                continue
            }
            guard cargo.routingStatus != .routed, cargo.delivery.transportStatus == .notReceived else {
                reasons[route.trackingId] = .routedOrHandled
                continue
            }
            let legs = route.legs.compactMap { network.leg(voyage: $0.voyage, from: $0.from, departing: $0.departure, to: $0.to, arriving: $0.arrival) }
            guard legs.count == route.legs.count, let itinerary = try? Itinerary(legs: legs), network.disruptedLegs(of: itinerary).isEmpty else {
                reasons[route.trackingId] = .scheduleChanged
                continue
            }
            let problems = cargo.problems(of: itinerary)
            guard problems.isEmpty else {
                reasons[route.trackingId] = .noLongerFits(problems)
                continue
            }
            let space = CargoSpace(cargo.booking)
            let full = taken.legsWithoutRoom(for: space, on: itinerary, in: network)
            guard full.isEmpty else {
                reasons[route.trackingId] = .noRoom(
                    full.map { leg in
                        "\(leg.voyage.number) \(leg.loadLocation.code)→\(leg.unloadLocation.code)" + (network.haulDay(of: leg).map { " on \($0.date)" } ?? "")
                    })
                continue
            }
            let before = cargo
            guard (try? cargo.assign(to: itinerary)) != nil else {
                reasons[route.trackingId] = .noLongerFits([])
                continue
            }
            read.append(before)
            routed.append(cargo)
            taken.add(space, on: itinerary, in: network)
        }
        let changed = Set(try await cargoRepository.save(routed, unlessChangedSince: read))
        for id in changed { reasons[id] = .changedMeanwhile }
        return ConfirmAssignmentResponse(
            written: routed.filter { !changed.contains($0.trackingId) }.map { CargoSummary($0, over: network) },
            notWritten: routes.compactMap { route in reasons[route.trackingId].map { .init(trackingId: route.trackingId, reason: $0) } })
    }
}

/// What a confirmation wrote, as a planner reads it.
public struct AssignmentConfirmationView: Hashable, Sendable {
    /// "Written: 12 of 14 routes; 2 not written, each with why below."
    public let summary: String
    /// "K00012  not written: no room left for it on WS15-W09 CNSHA→MYTPP under the cargo routed", one per route
    /// not written.
    public let notWritten: [String]

    public init(summary: String, notWritten: [String]) {
        self.summary = summary
        self.notWritten = notWritten
    }
}

/// Writes a confirmation for a planner.
public struct ConfirmAssignmentPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = ConfirmAssignmentForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: ConfirmAssignmentResponse) -> AssignmentConfirmationView {
        let total = response.written.count + response.notWritten.count
        let left = response.notWritten.isEmpty ? "" : "; \(response.notWritten.count) not written, each with why below"
        return AssignmentConfirmationView(
            summary: "Written: \(response.written.count) of \(PlannerFormat.plural(total, "route"))\(left).",
            notWritten: response.notWritten.map { "\($0.trackingId)  not written: \(text($0.reason))" })
    }

    /// Why a route was not written: "its booking was cancelled".
    public func text(_ reason: ConfirmAssignmentResponse.Reason) -> String {
        switch reason {
        case .notFound: "no cargo has this tracking id"
        case .cancelled: "its booking was cancelled"
        case .routedOrHandled: "it was routed or handled after the plan was made, and keeps that"
        case .scheduleChanged: "the schedule no longer sails this route as planned: route it again"
        case .noLongerFits(let problems):
            "the route no longer fits its booking" + (problems.isEmpty ? "" : ": " + problems.joined(separator: "; "))
        case .noRoom(let legs): "no room left for it on \(legs.joined(separator: ", ")) under the cargo routed"
        case .changedMeanwhile: "it changed while the routes were written, and keeps its change: assign again or route it"
        }
    }
}

public typealias ConfirmAssignmentCoordinator = Coordinator<ConfirmAssignmentInteractor, ConfirmAssignmentPresenter>
