import Foundation
import RoutePlanner

/// The raw fields of an acceptance of options for disrupted cargo: which cargo take which option, and whether to
/// write it or only see what would change.
public struct AcceptOptionsForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case choices, standing, confirm
    }

    /// Each cargo and the option it takes: `RP000001` for its best option from where it is, `RP000001=2` for option 2
    /// of the options it was last offered, `RP000001=RP-9b7b9e8e130ab9d2` for the option with that reference.
    public var choices: [String]
    /// `late`, `at-risk` or `fine`: every disrupted cargo that stands so against its deadline takes its best option,
    /// unless a choice names another; blank for none.
    public var standing: String
    /// Whether the options are assigned; otherwise the response says what would change, and nothing is written.
    public var confirm: Bool

    public init(choices: [String] = [], standing: String = "", confirm: Bool = false) {
        self.choices = choices
        self.standing = standing
        self.confirm = confirm
    }
}

/// A validated acceptance of options for disrupted cargo.
public struct AcceptOptionsRequest: FormRequest, Hashable {
    /// How a choice names the option a cargo takes.
    public enum Option: Hashable, Sendable, CustomStringConvertible {
        /// Its first option from where it is now.
        case best
        /// The option at this position (from 0) of the options it was last offered.
        case position(Int)
        /// The option with this reference (`Itinerary.reference`).
        case reference(String)

        /// "best", "option 2", "option RP-9b7b9e8e130ab9d2".
        public var description: String {
            switch self {
            case .best: "its best option"
            case .position(let position): "option \(position + 1)"
            case .reference(let reference): "option \(reference)"
            }
        }
    }

    /// The most choices in one request.
    public static let maximumChoices = 10_000

    /// The option each cargo chosen takes, by tracking id.
    public let choices: [TrackingId: Option]
    /// Every disrupted cargo of this standing takes its best option, unless ``choices`` names another.
    public let standing: DeadlineStanding?
    public let confirm: Bool

    public init(choices: [TrackingId: Option], standing: DeadlineStanding? = nil, confirm: Bool = false) {
        self.choices = choices
        self.standing = standing
        self.confirm = confirm
    }

    /// Validates the form, every field at once: each choice a tracking id, alone or with `=` and an option's number
    /// from 1 to 50 or its reference, each cargo chosen once, at most ``maximumChoices``; `standing` blank or one of
    /// `late`, `at-risk` and `fine`; a choice or a standing given.
    public static func create(_ form: AcceptOptionsForm) -> Result<AcceptOptionsRequest, ValidationError<AcceptOptionsForm.Field>> {
        var fields = FormFields<AcceptOptionsForm.Field>()
        var choices: [TrackingId: Option] = [:], wrong: [String] = [], twice: [String] = []
        let given = form.choices.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if given.count > maximumChoices { fields.fail(.choices, "Choose at most \(PlannerFormat.count(maximumChoices)) cargo at once.") }
        for choice in given.prefix(maximumChoices) {
            let parts = choice.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let option: Option? =
                if parts.count == 1 {
                    .best
                } else if Itinerary.isReference(parts[1]) {
                    .reference(parts[1])
                } else if let number = Int(parts[1]), (1...RouteCargoRequest.maximumLimit).contains(number) {
                    .position(number - 1)
                } else {
                    nil
                }
            guard let trackingId = TrackingId(parts[0]), trackingId.rawValue == parts[0], let option else {
                wrong.append("\"\(choice.prefix(40))\"")
                continue
            }
            if choices[trackingId] != nil { twice.append(trackingId.rawValue) }
            choices[trackingId] = option
        }
        if !wrong.isEmpty {
            fields.fail(
                .choices,
                "\(wrong.prefix(5).joined(separator: ", "))\(wrong.count > 5 ? " and \(wrong.count - 5) more" : "") "
                    + "\(wrong.count == 1 ? "is not a choice" : "are not choices"): write a tracking id alone for its best option, or with "
                    + "=N for option N (1 to \(RouteCargoRequest.maximumLimit)) or =RP-… for the option with that reference, such as RP000001=2.")
        } else if !twice.isEmpty {
            fields.fail(.choices, "Choose each cargo once: \(twice.sorted().joined(separator: ", ")) \(twice.count == 1 ? "is" : "are") chosen twice.")
        }
        let text = form.standing.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "-", with: " ")
        let standing = DeadlineStanding(rawValue: text)
        if !text.isEmpty && standing == nil {
            let choices = DeadlineStanding.allCases.map { ListCargoRequest.formValue($0.rawValue) }.joined(separator: ", ")
            fields.fail(.standing, "Enter one of \(choices), or nothing.")
        }
        if given.isEmpty && text.isEmpty { fields.fail(.choices, "Choose at least one cargo, or a standing whose cargo all take their best option.") }
        guard fields.errors.isEmpty else { return .failure(ValidationError(fields: fields.errors)) }
        return .success(AcceptOptionsRequest(choices: choices, standing: standing, confirm: form.confirm))
    }
}
