import Foundation
import RoutePlanner

/// The raw fields of a re-routing: one cargo, or every cargo that needs it.
public struct ReRouteCargoForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case trackingId, limit, avoidVoyages, includesNotRouted
    }

    /// A tracking id, or blank for every cargo that needs routing again.
    public var trackingId: String
    /// The most options per cargo, from 1 to 50.
    public var limit: String
    /// Voyages not to use, such as a cancelled one.
    public var avoidVoyages: [String]
    /// Whether every cargo lists the cargo that is not routed too; a what-if question (which cargo loses its
    /// route?) leaves them out and counts them.
    public var includesNotRouted: Bool

    public init(trackingId: String = "", limit: String = "5", avoidVoyages: [String] = [], includesNotRouted: Bool = true) {
        self.trackingId = trackingId
        self.limit = limit
        self.avoidVoyages = avoidVoyages
        self.includesNotRouted = includesNotRouted
    }
}

/// A validated re-routing.
public struct ReRouteCargoRequest: FormRequest, Hashable {
    /// The cargo, or `nil` for every cargo that needs routing again.
    public let trackingId: TrackingId?
    public let limit: Int
    public let avoidedVoyages: Set<VoyageNumber>
    /// Whether every cargo lists the cargo not routed too (``ReRouteCargoForm/includesNotRouted``).
    public var includesNotRouted = true

    /// Validates the form: `limit` from 1 to 50.
    public static func create(_ form: ReRouteCargoForm) -> Result<ReRouteCargoRequest, ValidationError<ReRouteCargoForm.Field>> {
        var fields = FormFields<ReRouteCargoForm.Field>()
        let limit = fields.integer(form.limit, field: .limit, in: 1...RouteCargoRequest.maximumLimit, required: true)
        guard fields.errors.isEmpty, let limit = limit ?? nil else { return .failure(ValidationError(fields: fields.errors)) }
        return .success(
            ReRouteCargoRequest(
                trackingId: TrackingId(form.trackingId), limit: limit, avoidedVoyages: fields.voyages(form.avoidVoyages, field: .avoidVoyages),
                includesNotRouted: form.includesNotRouted))
    }
}
