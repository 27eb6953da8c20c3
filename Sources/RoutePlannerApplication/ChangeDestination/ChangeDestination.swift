import Foundation
import RoutePlanner

/// The raw fields of a change of destination.
public struct ChangeDestinationForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case trackingId, destination, deadline
    }

    public var trackingId: String
    public var destination: String
    /// The new deadline; blank to keep the one booked.
    public var deadline: String

    public init(trackingId: String, destination: String, deadline: String = "") {
        self.trackingId = trackingId
        self.destination = destination
        self.deadline = deadline
    }
}

/// A validated change of a cargo's destination (and deadline).
public struct ChangeDestinationRequest: FormRequest, Hashable {
    public let trackingId: TrackingId
    public let destination: UnLocode
    public let deadline: Date?

    /// Validates the form: `trackingId`, `destination` and, when given, `deadline`.
    public static func create(_ form: ChangeDestinationForm) -> Result<ChangeDestinationRequest, ValidationError<ChangeDestinationForm.Field>> {
        var fields = FormFields<ChangeDestinationForm.Field>()
        let trackingId = fields.trackingId(form.trackingId, field: .trackingId)
        let destination = fields.code(form.destination, field: .destination)
        let blank = form.deadline.trimmingCharacters(in: .whitespaces).isEmpty
        let deadline = blank ? nil : fields.date(form.deadline, field: .deadline, endOfDay: true)
        guard fields.errors.isEmpty, let trackingId, let destination else { return .failure(ValidationError(fields: fields.errors)) }
        return .success(ChangeDestinationRequest(trackingId: trackingId, destination: destination, deadline: deadline))
    }
}

/// The cargo with its new specification.
public struct ChangeDestinationResponse: Hashable, Sendable {
    public let cargo: CargoSummary

    public init(cargo: CargoSummary) {
        self.cargo = cargo
    }
}

/// Gives a cargo a new destination (and deadline); its itinerary stays until a new one is assigned, so the
/// cargo is misrouted until it is routed again (``RouteCargoInteractor`` routes it from where it is).
public struct ChangeDestinationInteractor: UseCase {
    private let cargoRepository: any CargoRepository
    private let locations: any LocationRepository

    public init(cargo: any CargoRepository, locations: any LocationRepository) {
        cargoRepository = cargo
        self.locations = locations
    }

    public func execute(_ request: ChangeDestinationRequest) async -> Result<ChangeDestinationResponse, DomainError> {
        do {
            let known = try await locations.locations()
            guard known.contains(where: { $0.code == request.destination }) else { return .failure(.unknown(request.destination, among: known)) }
            guard var cargo = try await cargoRepository.cargo(typed: request.trackingId) else { return .failure(.cargo(.notFound(request.trackingId))) }
            if let claim = cargo.handlingEvents.last, claim.kind == .claim {
                return .failure(.cargo(.closed(cargo.trackingId, claim: claim)))
            }
            if let cancelled = cargo.cancellationTime { return .failure(.cargo(.cancelled(cargo.trackingId, at: cancelled))) }
            let old = cargo.specification
            guard request.destination != old.origin else {
                return .failure(.invalidOperation("\(request.destination) is where cargo \(cargo.trackingId) starts; choose another destination."))
            }
            guard
                let specification = try? old.replacing(
                    destination: request.destination, arrivalDeadline: request.deadline ?? old.arrivalDeadline)
            else { return .failure(.invalidOperation("The new deadline is before cargo \(cargo.trackingId) is ready.")) }
            cargo.specifyNewRoute(specification)
            try await cargoRepository.save(cargo)
            return .success(ChangeDestinationResponse(cargo: CargoSummary(cargo)))
        } catch {
            return .failure(.repository(error))
        }
    }
}

/// Writes a change of destination and what to do next.
public struct ChangeDestinationPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = ChangeDestinationForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: ChangeDestinationResponse) -> Described<ChangeDestinationResponse> {
        let cargo = response.cargo
        let next = cargo.routingStatus == .routed ? "its itinerary still fits." : "route it again."
        return Described(
            response,
            "Cargo \(cargo.trackingId) now goes to \(cargo.specification.destination) by "
                + "\(format.dateTime(cargo.specification.arrivalDeadline)); \(next)")
    }
}

public typealias ChangeDestinationCoordinator = Coordinator<ChangeDestinationInteractor, ChangeDestinationPresenter>
