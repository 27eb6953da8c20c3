import Foundation
import RoutePlanner

/// The raw fields of a batch of carriers' events: a DCSA Track & Trace 2.2 document, or a Commercial Schedules 1.0.3
/// vessel-schedules document that publishes voyages again, and what to do with the cargo they disrupt.
public struct ApplyCarrierEventsForm: Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case events, accept, limit
    }

    /// The document as read (RoutePlannerFormats reads it from its bytes): a JSON array of events, or of service
    /// schedules.
    public var events: CarrierEventsDocument
    /// Where the events came from, as the schedule's versions record it: a file's name, or the API and the user.
    public var source: String
    /// `best` to assign each disrupted cargo its best option; blank to offer the options only.
    public var accept: String
    /// The most options per cargo, from 1 to 50.
    public var limit: String

    public init(events: CarrierEventsDocument, source: String, accept: String = "", limit: String = "3") {
        self.events = events
        self.source = source
        self.accept = accept
        self.limit = limit
    }
}

/// A validated batch of carriers' events.
public struct ApplyCarrierEventsRequest: FormRequest {
    /// The events read, with those set aside and the problems of those refused, each at its JSON path; none when the
    /// document is a publication.
    public let events: TrackAndTraceEvents
    /// The voyages published again, when the document is a vessel-schedules document.
    public let publication: SchedulePublication?
    public let source: String
    /// Whether each disrupted cargo is assigned its best option.
    public let acceptsBest: Bool
    public let limit: Int

    /// Validates the form: `events` a JSON array of events (a bad event in it is refused alone, when the batch is
    /// applied) or of service schedules (`SchedulePublication`), `accept` blank or `best`, `limit` from 1 to 50.
    public static func create(_ form: ApplyCarrierEventsForm) -> Result<ApplyCarrierEventsRequest, ValidationError<ApplyCarrierEventsForm.Field>> {
        var fields = FormFields<ApplyCarrierEventsForm.Field>()
        let (events, publication): (TrackAndTraceEvents, SchedulePublication?) =
            switch form.events {
            case .events(let events): (events, nil)
            case .publication(let publication): (TrackAndTraceEvents(), publication)
            }
        if let whole = events.problems.first(where: { $0.path == "$" }) {
            fields.fail(.events, "The events are not DCSA Track & Trace events: \(whole.message).")
        }
        let accept = form.accept.trimmingCharacters(in: .whitespaces)
        if !accept.isEmpty && accept != "best" { fields.fail(.accept, "Accept best, or leave it blank to offer the options only.") }
        let limit = fields.integer(form.limit, field: .limit, in: 1...RouteCargoRequest.maximumLimit, required: true)
        guard fields.errors.isEmpty, let limit = limit ?? nil else { return .failure(ValidationError(fields: fields.errors)) }
        return .success(ApplyCarrierEventsRequest(events: events, publication: publication, source: form.source, acceptsBest: accept == "best", limit: limit))
    }
}
