import RoutePlanner

/// The raw fields of an assignment: the cargo and the option chosen, by its number in the route list or by its
/// reference.
public struct AssignToRouteForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case trackingId, candidate
    }

    public var trackingId: String
    /// The option's number in the last route list for the cargo, from 1, or its reference (`RP-…`, the
    /// `reference` of the JSON list and the `routingReference` of the DCSA one).
    public var candidate: String

    public init(trackingId: String, candidate: String) {
        self.trackingId = trackingId
        self.candidate = candidate
    }
}

/// A validated request to assign a cargo one of the itineraries it was offered (the DDD sample's "assign
/// cargo to route"), without the caller holding the itinerary.
public struct AssignToRouteRequest: FormRequest, Hashable {
    /// How the caller names the option it chose.
    public enum Choice: Hashable, Sendable {
        /// The option's position in the offer, from 0.
        case position(Int)
        /// The option's `Itinerary.reference`, which stays the same however the list is ordered.
        case reference(String)
    }

    public let trackingId: TrackingId
    /// The option chosen.
    public let choice: Choice

    public init(trackingId: TrackingId, choice: Choice) {
        self.trackingId = trackingId
        self.choice = choice
    }

    /// Validates the form: `trackingId` must not be blank and `candidate` is a whole number from 1 or an
    /// itinerary's reference.
    public static func create(_ form: AssignToRouteForm) -> Result<AssignToRouteRequest, ValidationError<AssignToRouteForm.Field>> {
        var fields = FormFields<AssignToRouteForm.Field>()
        let trackingId = fields.trackingId(form.trackingId, field: .trackingId)
        let text = form.candidate.trimmingCharacters(in: .whitespaces)
        let choice: Choice?
        if Itinerary.isReference(text) {
            choice = .reference(text)
        } else if let number = Int(text), (1...RouteCargoRequest.maximumLimit).contains(number) {
            choice = .position(number - 1)
        } else {
            fields.fail(.candidate, "Enter the option's number from 1 to \(RouteCargoRequest.maximumLimit) or its reference, such as RP-9b7b9e8e130ab9d2.")
            choice = nil
        }
        guard fields.errors.isEmpty, let trackingId, let choice else {
            return .failure(ValidationError(fields: fields.errors))
        }
        return .success(AssignToRouteRequest(trackingId: trackingId, choice: choice))
    }
}
