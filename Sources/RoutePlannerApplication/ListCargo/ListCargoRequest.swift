import Foundation
import RoutePlanner

/// The raw fields of the cargo list: which cargo to show.
public struct ListCargoForm: Hashable, Sendable {
    /// Blank for every cargo, or a status to show only: `not-routed`, `on-track`, `misdirected`, `misrouted`
    /// or `claimed`.
    public var status: String

    public init(status: String = "") {
        self.status = status
    }
}

/// A validated request for the booked cargo.
public struct ListCargoRequest: FormRequest, Hashable {
    /// The status to show only, or `nil` for all.
    public let status: Delivery.Status?

    public init(status: Delivery.Status?) {
        self.status = status
    }

    static let statuses = Delivery.Status.allCases.map(\.rawValue)

    /// Validates the form: `status` is blank or one of the statuses.
    public static func create(_ form: ListCargoForm) -> Result<ListCargoRequest, ValidationError> {
        let text = form.status.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "-", with: " ")
        guard text.isEmpty || statuses.contains(text) else {
            return .failure(ValidationError(fields: [
                "status": "Enter one of \(statuses.map { $0.replacingOccurrences(of: " ", with: "-") }.joined(separator: ", ")), or nothing for all.",
            ]))
        }
        return .success(ListCargoRequest(status: Delivery.Status(rawValue: text)))
    }
}
