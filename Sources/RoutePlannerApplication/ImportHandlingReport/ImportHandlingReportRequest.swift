import Foundation

/// The raw field of a handling report import: the CSV file's path.
public struct ImportHandlingReportForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case file
    }

    public var file: String

    public init(file: String) {
        self.file = file
    }
}

/// A validated handling report import.
public struct ImportHandlingReportRequest: FormRequest, Hashable {
    public let file: URL

    /// Validates the form: `file` must not be blank.
    public static func create(_ form: ImportHandlingReportForm) -> Result<ImportHandlingReportRequest, ValidationError<ImportHandlingReportForm.Field>> {
        var fields = FormFields<ImportHandlingReportForm.Field>()
        guard let path = fields.text(form.file, field: .file, message: "Enter the path of a handling report CSV file.") else {
            return .failure(ValidationError(fields: fields.errors))
        }
        return .success(ImportHandlingReportRequest(file: URL(fileURLWithPath: path)))
    }
}
