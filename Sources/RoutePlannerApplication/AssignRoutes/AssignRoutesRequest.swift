import Foundation
import RoutePlanner

/// The raw fields of an assignment of every booked cargo, as a form or a command line gives them.
public struct AssignRoutesForm: Hashable, Sendable {
    /// Seconds, such as `60`.
    public var timeLimit: String
    /// A relative gap, as a fraction (`0.005`) or a percentage (`0.5%`).
    public var gap: String
    /// A path to write the integer program to, in MPS, or blank.
    public var modelFile: String

    public init(timeLimit: String = "60", gap: String = "0.01%", modelFile: String = "") {
        self.timeLimit = timeLimit
        self.gap = gap
        self.modelFile = modelFile
    }
}

/// A validated request to assign every booked cargo an itinerary under the capacities.
public struct AssignRoutesRequest: FormRequest, Hashable {
    public let options: AssignmentOptions

    /// Validates the options: a time limit from 1 second to 1 hour and a relative gap from 0 to 50%.
    public static func create(timeLimit: Duration, relativeGap: Double, modelFile: URL? = nil) -> Result<AssignRoutesRequest, ValidationError> {
        var fields: [String: String] = [:]
        if !(Duration.seconds(1)...Duration.seconds(3600)).contains(timeLimit) {
            fields["timeLimit"] = "Enter a time limit from 1 to 3600 seconds."
        }
        if !(0...0.5).contains(relativeGap) { fields["gap"] = "Enter a gap from 0 to 50%." }
        guard fields.isEmpty else { return .failure(ValidationError(fields: fields)) }
        return .success(AssignRoutesRequest(options: AssignmentOptions(timeLimit: timeLimit, relativeGap: relativeGap, modelFile: modelFile)))
    }

    /// Validates the form: `timeLimit` in seconds, `gap` as a fraction or a percentage.
    public static func create(_ form: AssignRoutesForm) -> Result<AssignRoutesRequest, ValidationError> {
        var fields: [String: String] = [:]
        let seconds = FormFields.decimal(form.timeLimit)
        if seconds == nil || !(1...3600).contains(seconds!) { fields["timeLimit"] = "Enter a time limit from 1 to 3600 seconds." }
        let gapText = form.gap.trimmingCharacters(in: .whitespaces)
        let relativeGap = gapText.hasSuffix("%") ? FormFields.decimal(gapText.dropLast()).map { $0 / 100 } : FormFields.decimal(gapText)
        if relativeGap == nil { fields["gap"] = "Enter a gap as a fraction (0.005) or a percentage (0.5%)." }
        else if !(0...0.5).contains(relativeGap!) { fields["gap"] = "Enter a gap from 0 to 50%." }
        guard fields.isEmpty, let seconds, let relativeGap else { return .failure(ValidationError(fields: fields)) }
        let file = form.modelFile.trimmingCharacters(in: .whitespaces)
        return create(
            timeLimit: .milliseconds(Int64((seconds * 1000).rounded())), relativeGap: relativeGap,
            modelFile: file.isEmpty ? nil : URL(fileURLWithPath: file))
    }
}
