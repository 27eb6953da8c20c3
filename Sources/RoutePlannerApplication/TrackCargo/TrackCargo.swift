import Foundation
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
    /// Over a schedule carriers' events moved: its version, and what it disrupts in the cargo's itinerary (`nil` when
    /// it still takes the cargo where it goes in time); `nil` over a schedule as published, or for a cargo not on its
    /// way on an itinerary.
    public let schedule: (version: Int, cause: DisruptionCause?)?
    /// Business time when it was tracked, which its standing against the deadline is read at; `nil` when not known.
    public let asOf: Date?

    public init(
        cargo: CargoSummary, offer: RouteOffer? = nil, schedule: (version: Int, cause: DisruptionCause?)? = nil, asOf: Date? = nil
    ) {
        self.cargo = cargo
        self.offer = offer
        self.schedule = schedule
        self.asOf = asOf
    }

    public static func == (lhs: TrackCargoResponse, rhs: TrackCargoResponse) -> Bool {
        lhs.cargo == rhs.cargo && lhs.offer == rhs.offer && lhs.schedule?.version == rhs.schedule?.version
            && lhs.schedule?.cause == rhs.schedule?.cause && lhs.asOf == rhs.asOf
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(cargo)
        hasher.combine(offer)
        hasher.combine(schedule?.version)
        hasher.combine(schedule?.cause)
        hasher.combine(asOf)
    }
}

/// Tells where a cargo is on its way (the DDD sample's delivery progress): routing and transport status,
/// last known location and voyage, the next expected activity, misdirection and the ETA; over a schedule carriers'
/// events moved, whether it still takes the cargo where it goes in time.
public struct TrackCargoInteractor: UseCase {
    private let cargoRepository: any CargoRepository
    private let liveSchedule: LiveScheduleRepository?
    private let now: (@Sendable () -> Date)?

    /// - Parameters:
    ///   - cargo: The booked cargo.
    ///   - liveSchedule: The schedule carriers' events move, over which the cargo is tracked when it is kept.
    ///   - now: Business time, which the cargo's standing against its deadline is read at; without it, none is told.
    public init(cargo: any CargoRepository, liveSchedule: LiveScheduleRepository? = nil, now: (@Sendable () -> Date)? = nil) {
        cargoRepository = cargo
        self.liveSchedule = liveSchedule
        self.now = now
    }

    public func execute(_ request: TrackCargoRequest) async -> Result<TrackCargoResponse, DomainError> {
        do {
            guard let cargo = try await cargoRepository.cargo(typed: request.trackingId) else { return .failure(.cargo(.notFound(request.trackingId))) }
            var schedule: (version: Int, cause: DisruptionCause?)?
            let live = try await liveSchedule?.version()
            if let live, live.number > 0, cargo.progress != nil {
                schedule = (live.number, cargo.disruptionCause(in: live.network))
            }
            return .success(
                TrackCargoResponse(
                    cargo: CargoSummary(cargo, over: live?.network), offer: try await cargoRepository.offer(for: cargo.trackingId), schedule: schedule,
                    asOf: now?()))
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

    public func content(for response: TrackCargoResponse) -> CargoTrackingView {
        var view = format.tracking(response.cargo, asOf: response.asOf)
        if let schedule = response.schedule {
            view.schedule =
                "version \(schedule.version), as the carriers changed it: "
                + (schedule.cause.map {
                    "its itinerary \(format.disruption($0))"
                } ?? "its itinerary still takes it there in time")
        }
        return view
    }
}

public typealias TrackCargoCoordinator = Coordinator<TrackCargoInteractor, TrackCargoPresenter>
