import RoutePlanner

/// The raw field of a tracking screen: the tracking id.
public struct TrackCargoForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case trackingId
    }

    public var trackingId: String

    public init(trackingId: String) {
        self.trackingId = trackingId
    }
}

/// A validated request for a cargo's delivery progress.
public struct TrackCargoRequest: FormRequest, Hashable {
    public let trackingId: TrackingId

    /// Validates the form: `trackingId` must not be blank.
    public static func create(_ form: TrackCargoForm) -> Result<TrackCargoRequest, ValidationError<TrackCargoForm.Field>> {
        var fields = FormFields<TrackCargoForm.Field>()
        guard let trackingId = fields.trackingId(form.trackingId, field: .trackingId) else { return .failure(ValidationError(fields: fields.errors)) }
        return .success(TrackCargoRequest(trackingId: trackingId))
    }
}

/// A cargo and where it is on its way.
public struct TrackCargoResponse: Hashable, Sendable {
    public let cargo: CargoSummary
    /// The options last found for the cargo (`route` for it, or a re-routing), which one may be assigned from;
    /// `nil` when none were found since it was booked or last routed.
    public let offer: RouteOffer?

    public init(cargo: CargoSummary, offer: RouteOffer? = nil) {
        self.cargo = cargo
        self.offer = offer
    }
}

/// Tells where a cargo is on its way (the DDD sample's delivery progress): routing and transport status,
/// last known location and voyage, the next expected activity, misdirection and the ETA.
public struct TrackCargoInteractor: UseCase {
    private let cargoRepository: any CargoRepository

    public init(cargo: any CargoRepository) {
        cargoRepository = cargo
    }

    public func execute(_ request: TrackCargoRequest) async -> Result<TrackCargoResponse, DomainError> {
        do {
            guard let cargo = try await cargoRepository.cargo(typed: request.trackingId) else { return .failure(.cargoNotFound(request.trackingId)) }
            return .success(TrackCargoResponse(cargo: CargoSummary(cargo), offer: try await cargoRepository.offer(for: cargo.trackingId)))
        } catch {
            return .failure(.repository(error))
        }
    }
}

/// Writes a cargo's delivery progress.
public struct TrackCargoPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = TrackCargoForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: TrackCargoResponse) -> CargoTrackingView { format.tracking(response.cargo) }
}

public typealias TrackCargoCoordinator = Coordinator<TrackCargoInteractor, TrackCargoPresenter>
