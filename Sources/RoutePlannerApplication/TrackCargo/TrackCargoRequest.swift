import RoutePlanner

/// The raw field of a tracking screen: the tracking id.
public struct TrackCargoForm: Hashable, Sendable {
    public var trackingId: String

    public init(trackingId: String) {
        self.trackingId = trackingId
    }
}

/// A validated request for a cargo's delivery progress.
public struct TrackCargoRequest: FormRequest, Hashable {
    public let trackingId: TrackingId

    /// Validates the form: `trackingId` must not be blank.
    public static func create(_ form: TrackCargoForm) -> Result<TrackCargoRequest, ValidationError> {
        var fields = FormFields()
        guard let trackingId = fields.trackingId(form.trackingId) else { return .failure(ValidationError(fields: fields.errors)) }
        return .success(TrackCargoRequest(trackingId: trackingId))
    }
}
