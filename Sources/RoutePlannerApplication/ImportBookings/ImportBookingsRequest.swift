import Foundation
import RoutePlanner

/// The raw fields of a bookings import: the CSV file's path and the customer of rows that name none.
public struct ImportBookingsForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case file, customer
    }

    public var file: String
    public var customer: String
    /// The file's text when it was uploaded rather than named by its path; `file` is then its name.
    public var contents: String?

    public init(file: String, customer: String = "", contents: String? = nil) {
        self.file = file
        self.customer = customer
        self.contents = contents
    }
}

/// A validated bookings import.
public struct ImportBookingsRequest: FormRequest, Hashable {
    public let file: URL
    public let customerId: CustomerId?
    /// The file's text when it was uploaded; `nil` when it is read from `file`.
    public let contents: String?

    public init(file: URL, customerId: CustomerId?, contents: String? = nil) {
        self.file = file
        self.customerId = customerId
        self.contents = contents
    }

    /// Validates the form: `file` must not be blank.
    public static func create(_ form: ImportBookingsForm) -> Result<ImportBookingsRequest, ValidationError<ImportBookingsForm.Field>> {
        var fields = FormFields<ImportBookingsForm.Field>()
        guard let path = fields.text(form.file, field: .file, message: "Enter the path of a bookings CSV file.") else {
            return .failure(ValidationError(fields: fields.errors))
        }
        return .success(ImportBookingsRequest(file: URL(fileURLWithPath: path), customerId: CustomerId(form.customer), contents: form.contents))
    }
}
