import Foundation
import RoutePlanner

/// The raw fields of a change of destination.
public struct ChangeDestinationForm: Hashable, Sendable {
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
    public static func create(_ form: ChangeDestinationForm) -> Result<ChangeDestinationRequest, ValidationError> {
        var fields = FormFields()
        let trackingId = fields.trackingId(form.trackingId)
        let destination = fields.code(form.destination, field: "destination")
        let blank = form.deadline.trimmingCharacters(in: .whitespaces).isEmpty
        let deadline = blank ? nil : fields.date(form.deadline, field: "deadline", endOfDay: true)
        guard fields.errors.isEmpty, let trackingId, let destination else { return .failure(ValidationError(fields: fields.errors)) }
        return .success(ChangeDestinationRequest(trackingId: trackingId, destination: destination, deadline: deadline))
    }
}
