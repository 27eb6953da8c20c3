import Foundation
import RoutePlanner

/// The raw fields of a handling report for one cargo.
public struct RegisterHandlingEventForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case trackingId, event, location, voyage, completionTime, registrationTime
    }

    public var trackingId: String
    /// `receive`, `load`, `unload`, `customs` or `claim`.
    public var event: String
    public var location: String
    /// The voyage, for a load or an unload only.
    public var voyage: String
    /// When it happened: a date-time with a zone.
    public var completionTime: String
    /// When it was reported: a date-time with a zone; blank for now.
    public var registrationTime: String

    public init(trackingId: String, event: String, location: String, voyage: String = "", completionTime: String, registrationTime: String = "") {
        self.trackingId = trackingId
        self.event = event
        self.location = location
        self.voyage = voyage
        self.completionTime = completionTime
        self.registrationTime = registrationTime
    }
}

/// A validated handling report.
public struct RegisterHandlingEventRequest: FormRequest, Hashable {
    public let trackingId: TrackingId
    public let kind: HandlingEvent.Kind
    public let location: UnLocode
    public let voyage: VoyageNumber?
    public let completionTime: Date
    /// `nil` for the time the use case runs.
    public let registrationTime: Date?

    /// Validates the form: every field error at once, keyed by `trackingId`, `event`, `location`, `voyage`,
    /// `completionTime` and `registrationTime`.
    public static func create(_ form: RegisterHandlingEventForm) -> Result<RegisterHandlingEventRequest, ValidationError<RegisterHandlingEventForm.Field>> {
        var fields = FormFields<RegisterHandlingEventForm.Field>()
        let trackingId = fields.trackingId(form.trackingId, field: .trackingId)
        let kind = HandlingEvent.Kind(rawValue: form.event.trimmingCharacters(in: .whitespaces).lowercased())
        if kind == nil { fields.fail(.event, "Enter one of receive, load, unload, customs, claim.") }
        let location = fields.code(form.location, field: .location)
        let voyage = VoyageNumber(form.voyage)
        if let kind, kind.requiresVoyage, voyage == nil {
            fields.fail(.voyage, "Enter the voyage the cargo was \(kind == .load ? "loaded onto" : "discharged from").")
        }
        if let kind, !kind.requiresVoyage, voyage != nil { fields.fail(.voyage, "A \(kind) names no voyage; leave it blank.") }
        let completion = fields.dateTime(form.completionTime, field: .completionTime)
        let registration =
            form.registrationTime.trimmingCharacters(in: .whitespaces).isEmpty
            ? Date?.none : fields.dateTime(form.registrationTime, field: .registrationTime)
        if let completion, let registration, registration < completion {
            fields.fail(.completionTime, "The event cannot have happened after it was reported.")
        }
        guard fields.errors.isEmpty, let trackingId, let kind, let location, let completion else {
            return .failure(ValidationError(fields: fields.errors))
        }
        return .success(
            RegisterHandlingEventRequest(
                trackingId: trackingId, kind: kind, location: location, voyage: voyage, completionTime: completion, registrationTime: registration))
    }
}
