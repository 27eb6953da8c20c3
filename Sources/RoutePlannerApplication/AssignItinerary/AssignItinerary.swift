import RoutePlanner

/// A validated request to assign a chosen itinerary to a cargo (the DDD sample's "assign cargo to route").
public struct AssignItineraryRequest: Hashable, Sendable {
    public let trackingId: String
    public let itinerary: Itinerary

    /// Validates and makes the request: the tracking id must not be blank.
    public static func create(trackingId: String, itinerary: Itinerary?) -> Result<AssignItineraryRequest, ValidationError> {
        var fields = FormFields()
        let id = trackingId.trimmingCharacters(in: .whitespaces)
        if id.isEmpty { fields.fail("trackingId", "Enter a tracking id.") }
        if itinerary == nil { fields.fail("itinerary", "Choose an itinerary.") }
        guard fields.errors.isEmpty, let itinerary else { return .failure(ValidationError(fields: fields.errors)) }
        return .success(AssignItineraryRequest(trackingId: id, itinerary: itinerary))
    }
}

/// The cargo after the assignment.
public struct AssignItineraryResponse: Hashable, Sendable {
    public let cargo: CargoSummary
}

/// Assigns an itinerary to a cargo when it satisfies the cargo's specification.
public struct AssignItineraryInteractor: UseCase {
    private let cargoRepository: any CargoRepository

    public init(cargo: any CargoRepository) {
        cargoRepository = cargo
    }

    public func execute(_ request: AssignItineraryRequest) async -> Result<AssignItineraryResponse, DomainError> {
        do {
            guard var cargo = try await cargoRepository.cargo(request.trackingId) else {
                return .failure(.cargoNotFound(request.trackingId))
            }
            do {
                try cargo.assign(to: request.itinerary)
            } catch .itineraryDoesNotSatisfySpecification(let reasons) {
                return .failure(.itineraryDoesNotSatisfySpecification(trackingId: cargo.trackingId, reasons: reasons))
            }
            try await cargoRepository.save(cargo)
            return .success(AssignItineraryResponse(cargo: CargoSummary(cargo)))
        } catch {
            return .failure(.repositoryFailure(String(describing: error)))
        }
    }
}

/// Validates an assignment and runs the use case; returns the result as is.
public struct AssignItineraryController<Interactor: UseCase>: Sendable
where Interactor.Request == AssignItineraryRequest, Interactor.Response == AssignItineraryResponse {
    private let useCase: Interactor

    public init(useCase: Interactor) {
        self.useCase = useCase
    }

    public func assign(trackingId: String, itinerary: Itinerary?) async -> Result<AssignItineraryResponse, RequestFailure> {
        switch AssignItineraryRequest.create(trackingId: trackingId, itinerary: itinerary) {
        case .failure(let error): .failure(.validation(error))
        case .success(let request): await useCase.execute(request).mapError(RequestFailure.domain)
        }
    }
}

/// Writes the outcome of an assignment for a planner.
public struct AssignItineraryPresenter: Sendable {
    public var routes: RouteCargoPresenter

    public init(routes: RouteCargoPresenter = RouteCargoPresenter()) {
        self.routes = routes
    }

    public func present(_ result: Result<AssignItineraryResponse, RequestFailure>) -> ViewState<String> {
        switch result {
        case .success(let response):
            guard let itinerary = response.cargo.itinerary else { return .failure("Cargo \(response.cargo.trackingId) has no itinerary.") }
            let view = routes.itinerary(response.cargo.specification, itinerary)
            return .success("Cargo \(response.cargo.trackingId) is routed \(view.route), arriving \(view.arrival); it \(view.slack).")
        case .failure(.validation(let error)): return .validationFailure(error.fields)
        case .failure(.domain(let error)): return .failure(routes.message(for: error))
        }
    }
}

/// An assignment behind one call.
public struct AssignItineraryCoordinator<Interactor: UseCase>: Sendable
where Interactor.Request == AssignItineraryRequest, Interactor.Response == AssignItineraryResponse {
    public let controller: AssignItineraryController<Interactor>
    public let presenter: AssignItineraryPresenter

    public init(controller: AssignItineraryController<Interactor>, presenter: AssignItineraryPresenter = AssignItineraryPresenter()) {
        self.controller = controller
        self.presenter = presenter
    }

    public func assign(trackingId: String, itinerary: Itinerary?) async -> ViewState<String> {
        presenter.present(await controller.assign(trackingId: trackingId, itinerary: itinerary))
    }
}
