import Foundation
import RoutePlanner
import RoutePlannerApplication

/// A validated request to assign every booked cargo an itinerary under the capacities.
public struct AssignRoutesRequest: Hashable, Sendable {
    public let options: AssignmentOptions

    /// Validates the options: a time limit from 1 second to 1 hour and a relative gap from 0 to 50%.
    public static func create(timeLimit: Duration, relativeGap: Double, modelFile: URL? = nil) -> Result<AssignRoutesRequest, ValidationError> {
        var fields: [String: String] = [:]
        if !(Duration.seconds(1)...Duration.seconds(3600)).contains(timeLimit) {
            fields["timeLimit"] = "Enter a time limit from 1 to 3600 seconds."
        }
        if !(0...0.5).contains(relativeGap) { fields["gap"] = "Enter a gap from 0 to 50%." }
        guard fields.isEmpty else { return .failure(ValidationError(fields: fields)) }
        return .success(AssignRoutesRequest(options: AssignmentOptions(timeLimit: timeLimit, relativeGap: relativeGap, modelFile: modelFile)))
    }
}

/// The assignment of every booked cargo, as a value.
public struct AssignRoutesResponse: Sendable {
    public let plan: AssignmentPlan
}

/// Assigns every cargo in the repository an itinerary under the capacities, and stores the itineraries.
public struct AssignRoutesInteractor: UseCase {
    private let cargoRepository: any CargoRepository
    private let voyages: any VoyageRepository
    private let progress: (@Sendable (String) -> Void)?

    /// - Parameter progress: Called with a line after each step of a solve; see ``CapacityAssignment``.
    public init(cargo: any CargoRepository, voyages: any VoyageRepository, progress: (@Sendable (String) -> Void)? = nil) {
        cargoRepository = cargo
        self.voyages = voyages
        self.progress = progress
    }

    public func execute(_ request: AssignRoutesRequest) async -> Result<AssignRoutesResponse, DomainError> {
        let cargo: [Cargo], network: ScheduleNetwork
        do {
            cargo = try await cargoRepository.allCargo()
            network = try await voyages.network()
        } catch {
            return .failure(.repositoryFailure(String(describing: error)))
        }
        guard !cargo.isEmpty else { return .failure(.invalidOperation("There are no bookings to assign.")) }
        let plan: AssignmentPlan
        do {
            plan = try CapacityAssignment(network: network).assign(cargo.map(\.booking), options: request.options, progress: progress)
        } catch .unknownLocation(_, let code) {
            return .failure(.unknown(code, among: network.locations))
        } catch {
            return .failure(.invalidOperation(error.description))
        }
        do {
            for (var routed, assignment) in zip(cargo, plan.assignments) {
                guard let itinerary = assignment.itinerary else { continue }
                try routed.assign(to: itinerary)
                try await cargoRepository.save(routed)
            }
        } catch {
            return .failure(.repositoryFailure(String(describing: error)))
        }
        return .success(AssignRoutesResponse(plan: plan))
    }
}

/// Validates the options of an assignment as a form or a command line gives them, and runs the use case.
public struct AssignRoutesController<Interactor: UseCase>: Sendable
where Interactor.Request == AssignRoutesRequest, Interactor.Response == AssignRoutesResponse {
    private let useCase: Interactor

    public init(useCase: Interactor) {
        self.useCase = useCase
    }

    /// - Parameters:
    ///   - timeLimit: Seconds, such as `60`.
    ///   - gap: A relative gap, as a fraction (`0.005`) or a percentage (`0.5%`).
    ///   - modelFile: A path to write the integer program to, in MPS, or empty.
    public func assign(timeLimit: String, gap: String, modelFile: String = "") async -> Result<AssignRoutesResponse, RequestFailure> {
        var fields: [String: String] = [:]
        let seconds = Double(timeLimit.trimmingCharacters(in: .whitespaces))
        if seconds == nil { fields["timeLimit"] = "Enter a time limit in seconds, such as 60." }
        let gapText = gap.trimmingCharacters(in: .whitespaces)
        let relativeGap = gapText.hasSuffix("%") ? Double(gapText.dropLast()).map { $0 / 100 } : Double(gapText)
        if relativeGap == nil { fields["gap"] = "Enter a gap as a fraction (0.005) or a percentage (0.5%)." }
        guard fields.isEmpty, let seconds, let relativeGap, seconds.isFinite else {
            return .failure(.validation(ValidationError(fields: fields)))
        }
        let file = modelFile.trimmingCharacters(in: .whitespaces)
        switch AssignRoutesRequest.create(
            timeLimit: .milliseconds(Int64((seconds * 1000).rounded())), relativeGap: relativeGap,
            modelFile: file.isEmpty ? nil : URL(fileURLWithPath: file))
        {
        case .failure(let error): return .failure(.validation(error))
        case .success(let request): return await useCase.execute(request).mapError(RequestFailure.domain)
        }
    }
}

/// An assignment as a planner reads it: one line per booking, then the totals.
public struct AssignmentReportView: Hashable, Sendable {
    /// "K00012  12 TEU  CNSHA → SGSIN → NLRTM  arrives Tue 7 Apr 2026, 21:00 UTC", or why it is not carried.
    public let bookings: [String]
    /// "Carried: 873 of 1,000 bookings, 8,652 TEU", solver status, objective, bound, gap, time, greedy baseline.
    public let totals: [String]
    /// The busiest legs, "WS15-W09 CNSHA→MYTPP dep Mon 2 Mar 2026, 08:00 UTC: 1,200 of 1,200 TEU (100%)".
    public let busiestLegs: [String]
}

/// Writes an assignment for a planner.
public struct AssignRoutesPresenter: Sendable {
    public var routes: RouteCargoPresenter

    public init(routes: RouteCargoPresenter = RouteCargoPresenter()) {
        self.routes = routes
    }

    public func present(_ result: Result<AssignRoutesResponse, RequestFailure>) -> ViewState<AssignmentReportView> {
        switch result {
        case .failure(.validation(let error)): return .validationFailure(error.fields)
        case .failure(.domain(let error)): return .failure(routes.message(for: error))
        case .success(let response): return .success(report(response.plan))
        }
    }

    public func report(_ plan: AssignmentPlan) -> AssignmentReportView {
        func number(_ value: Double) -> String { value.formatted(.number.precision(.fractionLength(0)).locale(Locale(identifier: "en_US"))) }
        func leg(_ leg: LegUtilisation) -> String {
            let share = leg.capacity == 0 ? "" : " (\(Int((leg.utilisation * 100).rounded()))%)"
            return "\(leg.voyage) \(leg.from)→\(leg.to) departing \(routes.dateTime(leg.departure)): "
                + "\(number(Double(leg.load))) of \(number(Double(leg.capacity))) TEU\(share)"
        }
        let lines = plan.assignments.map { assignment -> String in
            let head = "\(assignment.booking.id)  \(assignment.booking.teu) TEU  "
            if let itinerary = assignment.itinerary {
                let view = routes.itinerary(assignment.booking.specification, itinerary)
                return head + "\(view.route)  arrives \(view.arrival); \(view.slack)"
            }
            switch assignment.reason {
            case .noItinerary?:
                return head + "not carried: no itinerary reaches \(assignment.booking.specification.destination) by the deadline"
            case .capacity(let legs)?:
                return head + "not carried: no room on " + legs.map { "\($0.voyage) \($0.from)→\($0.to) (\($0.load)/\($0.capacity) TEU)" }
                    .joined(separator: ", ")
            case nil:
                return head + "not carried"
            }
        }
        let carried = plan.carried
        let improvement = plan.greedyRevenue > 0 ? (plan.revenue - plan.greedyRevenue) / plan.greedyRevenue * 100 : 0
        let status = switch plan.status {
        case .optimal: "optimal"
        case .gapReached: "within the requested gap"
        case .optimalOverGeneratedItineraries: "optimal over the itineraries generated; the bound is the LP relaxation's"
        case .timeLimit: "stopped by the time limit"
        }
        let totals = [
            "Carried: \(number(Double(carried.count))) of \(number(Double(plan.assignments.count))) bookings, \(number(Double(plan.carriedTEU))) TEU",
            "Revenue: \(number(plan.revenue)); greedy baseline \(number(plan.greedyRevenue)) (\(improvement >= 0 ? "+" : "")\(String(format: "%.2f", improvement))%)",
            "Solver: \(status); objective \(String(format: "%.2f", plan.objective)), bound \(String(format: "%.2f", plan.bound)), gap \(String(format: "%.3f", plan.gap * 100))%, \(String(format: "%.1f", plan.duration / .seconds(1))) s",
            "Model: \(number(Double(plan.columnCount))) itineraries, \(number(Double(plan.rowCount))) rows, \(plan.pricingRounds) pricing rounds",
        ]
        return AssignmentReportView(bookings: lines, totals: totals, busiestLegs: plan.busiestLegs.prefix(5).map(leg))
    }
}

/// An assignment behind one call.
public struct AssignRoutesCoordinator<Interactor: UseCase>: Sendable
where Interactor.Request == AssignRoutesRequest, Interactor.Response == AssignRoutesResponse {
    public let controller: AssignRoutesController<Interactor>
    public let presenter: AssignRoutesPresenter

    public init(controller: AssignRoutesController<Interactor>, presenter: AssignRoutesPresenter = AssignRoutesPresenter()) {
        self.controller = controller
        self.presenter = presenter
    }

    public func assign(timeLimit: String, gap: String, modelFile: String = "") async -> ViewState<AssignmentReportView> {
        presenter.present(await controller.assign(timeLimit: timeLimit, gap: gap, modelFile: modelFile))
    }
}
