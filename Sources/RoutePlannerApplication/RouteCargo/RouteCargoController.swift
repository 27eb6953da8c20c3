/// Turns the raw fields of a route search into a validated request and runs the use case.
///
/// Every invalid field is reported at once, keyed by the form's field names (`origin`, `destination`,
/// `ready`, `deadline`, `limit`, `maxTransshipments`, `via`, `avoid`). A well-formed code that the network
/// lacks is not a validation error but the use case's domain error. The result is returned as is.
public struct RouteCargoController<Interactor: UseCase>: Sendable
where Interactor.Request == RouteCargoRequest, Interactor.Response == RouteCargoResponse {
    private let useCase: Interactor

    public init(useCase: Interactor) {
        self.useCase = useCase
    }

    public func route(_ form: RouteCargoForm) async -> Result<RouteCargoResponse, RequestFailure> {
        switch Self.request(from: form) {
        case .failure(let error): return .failure(.validation(error))
        case .success(let request): return await useCase.execute(request).mapError(RequestFailure.domain)
        }
    }

    /// Validates the form and makes the request.
    public static func request(from form: RouteCargoForm) -> Result<RouteCargoRequest, ValidationError> {
        var fields = FormFields()
        let origin = fields.code(form.origin, field: "origin")
        let destination = fields.code(form.destination, field: "destination")
        let ready = fields.date(form.ready, field: "ready", endOfDay: false)
        let deadline = fields.date(form.deadline, field: "deadline", endOfDay: true)
        let limit = fields.integer(form.limit, field: "limit", in: 1...RouteCargoRequest.maximumLimit, required: true)
        let maxTransshipments = fields.integer(
            form.maxTransshipments, field: "maxTransshipments", in: 0...RouteCargoRequest.maximumTransshipments, required: false)
        let via = fields.codes(form.via, field: "via")
        let avoid = Set(fields.codes(form.avoid, field: "avoid"))
        RouteCargoRequest.validate(
            origin: origin, destination: destination, readyTime: ready, arrivalDeadline: deadline, limit: nil,
            maxTransshipments: nil, via: via, avoiding: avoid, into: &fields)
        guard fields.errors.isEmpty, let origin, let destination, let ready, let deadline, let limit = limit ?? nil,
              let maxTransshipments
        else { return .failure(ValidationError(fields: fields.errors)) }
        return RouteCargoRequest.create(
            origin: origin, destination: destination, readyTime: ready, arrivalDeadline: deadline, limit: limit,
            maxTransshipments: maxTransshipments, via: via, avoiding: avoid, avoidingVoyages: fields.voyages(form.avoidVoyages))
    }
}
