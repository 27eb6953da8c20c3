import Foundation
import RoutePlanner

/// The raw fields of an assignment of every booked cargo, as a form or a command line gives them.
public struct AssignRoutesForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case timeLimit, gap, modelFile, penalty
    }

    /// Seconds, such as `60`.
    public var timeLimit: String
    /// A relative gap, as a fraction (`0.005`) or a percentage (`0.5%`).
    public var gap: String
    /// A path to write the integer program to, in MPS, or blank.
    public var modelFile: String
    /// What each TEU left out costs, in the revenue's currency; blank for nothing.
    public var penalty: String
    /// Whether the plan is written at once; `false` for a preview, which writes nothing and proposes the routes
    /// (``AssignRoutesResponse/proposal``) to be written on confirmation (``ConfirmAssignmentInteractor``).
    public var writes: Bool

    public init(timeLimit: String = "60", gap: String = "0.01%", modelFile: String = "", penalty: String = "", writes: Bool = true) {
        self.timeLimit = timeLimit
        self.gap = gap
        self.modelFile = modelFile
        self.penalty = penalty
        self.writes = writes
    }
}

/// A validated request to assign every booked cargo an itinerary under the capacities.
public struct AssignRoutesRequest: FormRequest, Hashable {
    public let options: AssignmentOptions
    /// Whether the plan is written; `false` for a preview.
    public var writes = true

    /// Validates the options: a time limit from 1 second to 1 hour, a relative gap from 0 to 50% and a penalty
    /// per TEU left out from 0 to `Booking.maximumRevenuePerTEU`.
    ///
    /// The time limit counts from now: it is the wall time of the whole use case, the reading of the cargo and the
    /// schedule included.
    public static func create(
        timeLimit: Duration, relativeGap: Double, modelFile: URL? = nil, penaltyPerTEU: Double = 0
    ) -> Result<AssignRoutesRequest, ValidationError<AssignRoutesForm.Field>> {
        var fields: [AssignRoutesForm.Field: String] = [:]
        if !(Duration.seconds(1)...Duration.seconds(3600)).contains(timeLimit) {
            fields[.timeLimit] = "Enter a time limit from 1 to 3600 seconds."
        }
        if !(0...0.5).contains(relativeGap) { fields[.gap] = "Enter a gap from 0 to 50%." }
        if !(0...Booking.maximumRevenuePerTEU).contains(penaltyPerTEU) {
            fields[.penalty] = "Enter a penalty per TEU from 0 to \(Int(Booking.maximumRevenuePerTEU)), such as 1000."
        }
        guard fields.isEmpty else { return .failure(ValidationError(fields: fields)) }
        return .success(
            AssignRoutesRequest(
                options: AssignmentOptions(
                    timeLimit: timeLimit, relativeGap: relativeGap, modelFile: modelFile, penaltyPerTEU: penaltyPerTEU, started: .now)))
    }

    /// Validates the form: `timeLimit` in seconds, `gap` as a fraction or a percentage, `penalty` per TEU.
    public static func create(_ form: AssignRoutesForm) -> Result<AssignRoutesRequest, ValidationError<AssignRoutesForm.Field>> {
        var fields: [AssignRoutesForm.Field: String] = [:]
        let penaltyText = form.penalty.trimmingCharacters(in: .whitespaces)
        let penalty = penaltyText.isEmpty ? 0 : FormText.decimal(penaltyText)
        if penalty == nil || !(0...Booking.maximumRevenuePerTEU).contains(penalty!) {
            fields[.penalty] = "Enter a penalty per TEU from 0 to \(Int(Booking.maximumRevenuePerTEU)), such as 1000."
        }
        let seconds = FormText.decimal(form.timeLimit)
        if seconds == nil || !(1...3600).contains(seconds!) { fields[.timeLimit] = "Enter a time limit from 1 to 3600 seconds." }
        let gapText = form.gap.trimmingCharacters(in: .whitespaces)
        let relativeGap = gapText.hasSuffix("%") ? FormText.decimal(gapText.dropLast()).map { $0 / 100 } : FormText.decimal(gapText)
        if relativeGap == nil {
            fields[.gap] = "Enter a gap as a fraction (0.005) or a percentage (0.5%)."
        } else if !(0...0.5).contains(relativeGap!) {
            fields[.gap] = "Enter a gap from 0 to 50%."
        }
        guard fields.isEmpty, let seconds, let relativeGap, let penalty else { return .failure(ValidationError(fields: fields)) }
        let file = form.modelFile.trimmingCharacters(in: .whitespaces)
        return create(
            timeLimit: .milliseconds(Int64((seconds * 1000).rounded())), relativeGap: relativeGap,
            modelFile: file.isEmpty ? nil : URL(fileURLWithPath: file), penaltyPerTEU: penalty
        ).map { request in
            var request = request
            request.writes = form.writes
            return request
        }
    }
}
