import Foundation
import RoutePlanner

/// The raw fields of a re-routing: which cargo, where it is now and since when.
public struct ReRouteCargoForm: Hashable, Sendable {
    public var trackingId: String
    /// Where the cargo is now, a UN/LOCODE.
    public var location: String
    /// Since when, a date-time with a zone (or a date: its start, UTC).
    public var time: String
    public var limit: String
    /// Voyages not to use, such as a cancelled one.
    public var avoidVoyages: [String]

    public init(trackingId: String, location: String, time: String, limit: String = "5", avoidVoyages: [String] = []) {
        self.trackingId = trackingId
        self.location = location
        self.time = time
        self.limit = limit
        self.avoidVoyages = avoidVoyages
    }
}

/// A validated request to re-route a cargo from where it is now.
public struct ReRouteCargoRequest: Hashable, Sendable {
    public let trackingId: String
    public let location: UnLocode
    public let time: Date
    public let limit: Int
    public let avoidedVoyages: Set<VoyageNumber>

    /// Validates the form and makes the request.
    public static func create(_ form: ReRouteCargoForm) -> Result<ReRouteCargoRequest, ValidationError> {
        var fields = FormFields()
        let id = form.trackingId.trimmingCharacters(in: .whitespaces)
        if id.isEmpty { fields.fail("trackingId", "Enter a tracking id.") }
        let location = fields.code(form.location, field: "location")
        let time = fields.date(form.time, field: "time", endOfDay: false)
        let limit = fields.integer(form.limit, field: "limit", in: 1...RouteCargoRequest.maximumLimit, required: true)
        guard fields.errors.isEmpty, let location, let time, let limit = limit ?? nil else {
            return .failure(ValidationError(fields: fields.errors))
        }
        return .success(ReRouteCargoRequest(
            trackingId: id, location: location, time: time, limit: limit, avoidedVoyages: fields.voyages(form.avoidVoyages)))
    }
}

/// The cargo with its new specification, and the candidates from where it is.
public struct ReRouteCargoResponse: Hashable, Sendable {
    public let cargo: CargoSummary
    public let itineraries: [Itinerary]
}

/// Gives a cargo a new specification from where it is now to its destination by its deadline, and finds
/// the candidates; assigning one is ``AssignItineraryInteractor``'s job.
///
/// The cargo was discharged at the location at the given time, so the new specification is ready once the
/// location's transshipment time has passed.
public struct ReRouteCargoInteractor: UseCase {
    private let cargoRepository: any CargoRepository
    private let voyages: any VoyageRepository

    public init(cargo: any CargoRepository, voyages: any VoyageRepository) {
        cargoRepository = cargo
        self.voyages = voyages
    }

    public func execute(_ request: ReRouteCargoRequest) async -> Result<ReRouteCargoResponse, DomainError> {
        do {
            guard var cargo = try await cargoRepository.cargo(request.trackingId) else {
                return .failure(.cargoNotFound(request.trackingId))
            }
            let network = try await voyages.network()
            let old = cargo.specification
            if let unknown = network.unknownLocation(among: [request.location]) { return .failure(unknown) }
            guard request.location != old.destination else {
                return .failure(.invalidOperation("Cargo \(cargo.trackingId) is already at its destination, \(old.destination)."))
            }
            // Discharged cargo needs the port's transshipment time before it can be loaded again.
            let transshipment = network.location(request.location)!.transshipmentTime.components.seconds
            guard let specification = try? RouteSpecification(
                origin: request.location, destination: old.destination, readyTime: request.time + TimeInterval(transshipment),
                arrivalDeadline: old.arrivalDeadline)
            else {
                return .failure(.invalidOperation("The deadline of cargo \(cargo.trackingId) has passed."))
            }
            cargo.specifyNewRoute(specification)
            try await cargoRepository.save(cargo)
            let options = RoutingOptions(avoidedVoyages: request.avoidedVoyages)
            return RouteCargoInteractor.candidates(for: specification, limit: request.limit, options: options, in: network)
                .map { ReRouteCargoResponse(cargo: CargoSummary(cargo), itineraries: $0) }
        } catch {
            return .failure(.repositoryFailure(String(describing: error)))
        }
    }
}

/// Validates a re-routing and runs the use case; returns the result as is.
public struct ReRouteCargoController<Interactor: UseCase>: Sendable
where Interactor.Request == ReRouteCargoRequest, Interactor.Response == ReRouteCargoResponse {
    private let useCase: Interactor

    public init(useCase: Interactor) {
        self.useCase = useCase
    }

    public func reRoute(_ form: ReRouteCargoForm) async -> Result<ReRouteCargoResponse, RequestFailure> {
        switch ReRouteCargoRequest.create(form) {
        case .failure(let error): .failure(.validation(error))
        case .success(let request): await useCase.execute(request).mapError(RequestFailure.domain)
        }
    }
}

/// A re-routing behind one call; the candidates are presented as a route search's.
public struct ReRouteCargoCoordinator<Interactor: UseCase>: Sendable
where Interactor.Request == ReRouteCargoRequest, Interactor.Response == ReRouteCargoResponse {
    public let controller: ReRouteCargoController<Interactor>
    public let presenter: RouteCargoPresenter

    public init(controller: ReRouteCargoController<Interactor>, presenter: RouteCargoPresenter = RouteCargoPresenter()) {
        self.controller = controller
        self.presenter = presenter
    }

    public func reRoute(_ form: ReRouteCargoForm) async -> RouteCargoViewState {
        let result = await controller.reRoute(form)
        return presenter.present(result.map { RouteCargoResponse(specification: $0.cargo.specification, itineraries: $0.itineraries) })
    }
}
