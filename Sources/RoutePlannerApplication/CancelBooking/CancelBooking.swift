import Foundation
import RoutePlanner

/// The raw fields of a booking's cancellation.
public struct CancelBookingForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case trackingId
    }

    public var trackingId: String

    public init(trackingId: String) {
        self.trackingId = trackingId
    }
}

/// A validated cancellation of the booking of a cargo.
public struct CancelBookingRequest: FormRequest, Hashable {
    public let trackingId: TrackingId

    /// Validates the form's `trackingId`.
    public static func create(_ form: CancelBookingForm) -> Result<CancelBookingRequest, ValidationError<CancelBookingForm.Field>> {
        var fields = FormFields<CancelBookingForm.Field>()
        let trackingId = fields.trackingId(form.trackingId, field: .trackingId)
        guard fields.errors.isEmpty, let trackingId else { return .failure(ValidationError(fields: fields.errors)) }
        return .success(CancelBookingRequest(trackingId: trackingId))
    }
}

/// The cancelled cargo, which keeps its record.
public struct CancelBookingResponse: Hashable, Sendable {
    public let cargo: CargoSummary
    /// The route the cancellation released, if the cargo had one.
    public let releasedItinerary: Itinerary?

    public init(cargo: CargoSummary, releasedItinerary: Itinerary?) {
        self.cargo = cargo
        self.releasedItinerary = releasedItinerary
    }
}

/// Cancels the booking of a cargo not yet loaded (`Cargo.cancel(at:)`): its itinerary is released, so that its room
/// goes back to the other cargo; it leaves the lists and the assignment, and its record stays, found by its tracking id.
///
/// The cancellation is written only over the cargo as it was read, so that a load registered meanwhile, by this process
/// or another, is never cancelled over (``StorageFailure/conflict(_:)``).
public struct CancelBookingInteractor: UseCase {
    private let cargoRepository: any CargoRepository
    private let now: @Sendable () -> Date

    /// Creates the use case.
    ///
    /// - Parameters:
    ///   - cargo: Where the cargo is kept.
    ///   - now: The real clock, which the cancellation is recorded at (a change's time, whatever business time says).
    public init(cargo: any CargoRepository, now: @escaping @Sendable () -> Date = { Date() }) {
        cargoRepository = cargo
        self.now = now
    }

    public func execute(_ request: CancelBookingRequest) async -> Result<CancelBookingResponse, DomainError> {
        do {
            guard let read = try await cargoRepository.cargo(typed: request.trackingId) else { return .failure(.cargo(.notFound(request.trackingId))) }
            var cargo = read
            do {
                try cargo.cancel(at: Date(timeIntervalSince1970: now().timeIntervalSince1970.rounded(.down)))
            } catch {
                switch error {
                case .cancelled(let time): return .failure(.cargo(.cancelled(cargo.trackingId, at: time)))
                case .loaded(let load): return .failure(.cargo(.loaded(cargo.trackingId, load: load)))
                default:
                    guard let claim = cargo.handlingEvents.last(where: { $0.kind == .claim }) else { return .failure(.invalidOperation("\(error).")) }
                    return .failure(.cargo(.closed(cargo.trackingId, claim: claim)))
                }
            }
            try await cargoRepository.save([cargo], ifUnchangedSince: [read])
            return .success(CancelBookingResponse(cargo: CargoSummary(cargo), releasedItinerary: read.itinerary))
        } catch {
            return .failure(.repository(error))
        }
    }
}

/// Writes a cancellation and what it released.
public struct CancelBookingPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = CancelBookingForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: CancelBookingResponse) -> Described<CancelBookingResponse> {
        let cargo = response.cargo
        let released = response.releasedItinerary.map { " Its route on \($0.legs.map(\.voyage.number.rawValue).joined(separator: ", ")) was released." } ?? ""
        return Described(response, "The booking of cargo \(cargo.trackingId) is cancelled.\(released) Its record stays; it is no longer listed.")
    }
}

public typealias CancelBookingCoordinator = Coordinator<CancelBookingInteractor, CancelBookingPresenter>
