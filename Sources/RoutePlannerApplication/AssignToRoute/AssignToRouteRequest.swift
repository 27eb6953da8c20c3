/// The raw fields of an assignment: the cargo and the number of the option chosen, as the route list shows it.
public struct AssignToRouteForm: Hashable, Sendable {
    public var trackingId: String
    /// The option's number in the last route list for the cargo, from 1.
    public var candidate: String

    public init(trackingId: String, candidate: String) {
        self.trackingId = trackingId
        self.candidate = candidate
    }
}

/// A validated request to assign a cargo one of the itineraries it was offered (the DDD sample's "assign
/// cargo to route"), without the caller holding the itinerary.
public struct AssignToRouteRequest: FormRequest, Hashable {
    public let trackingId: String
    /// The option's position in the offer, from 0.
    public let candidateIndex: Int

    /// Validates the form: `trackingId` must not be blank and `candidate` is a whole number from 1.
    public static func create(_ form: AssignToRouteForm) -> Result<AssignToRouteRequest, ValidationError> {
        var fields = FormFields()
        let trackingId = fields.trackingId(form.trackingId)
        let candidate = fields.integer(form.candidate, field: "candidate", in: 1...RouteCargoRequest.maximumLimit, required: true)
        guard fields.errors.isEmpty, let trackingId, let candidate = candidate ?? nil else {
            return .failure(ValidationError(fields: fields.errors))
        }
        return .success(AssignToRouteRequest(trackingId: trackingId, candidateIndex: candidate - 1))
    }
}
