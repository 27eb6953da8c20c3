import Foundation
import RoutePlanner

/// The raw fields of a bookings import: the CSV file's path and the customer of rows that name none.
public struct ImportBookingsForm: Hashable, Sendable {
    public var file: String
    /// The id of the registered customer who made the bookings whose row has no `customer`; blank when every
    /// row names its customer.
    public var customer: String

    public init(file: String, customer: String = "") {
        self.file = file
        self.customer = customer
    }
}

/// A validated bookings import.
public struct ImportBookingsRequest: FormRequest, Hashable {
    public let file: URL
    public let customerId: CustomerId?

    /// Validates the form: `file` must not be blank.
    public static func create(_ form: ImportBookingsForm) -> Result<ImportBookingsRequest, ValidationError> {
        var fields = FormFields()
        guard let path = fields.text(form.file, field: "file", message: "Enter the path of a bookings CSV file.") else {
            return .failure(ValidationError(fields: fields.errors))
        }
        return .success(ImportBookingsRequest(file: URL(fileURLWithPath: path), customerId: CustomerId(form.customer)))
    }
}
