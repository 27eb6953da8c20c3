import Foundation
import RoutePlanner

/// Reads the raw text fields of a form or a command line, collecting one message per invalid field.
struct FormFields<Field: FormField> {
    private(set) var errors: [Field: String] = [:]

    mutating func fail(_ field: Field, _ message: String) {
        if errors[field] == nil { errors[field] = message }
    }

    /// A cargo type, `DRY` or `REEFER` in any case; blank is dry.
    mutating func cargoType(_ text: String, field: Field) -> CargoType? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .dry }
        guard let type = CargoType(rawValue: trimmed.uppercased()) else {
            fail(field, "Enter DRY or REEFER.")
            return nil
        }
        return type
    }

    /// A UN/LOCODE, normalised to upper case; `nil` (with a message) when blank or malformed.
    mutating func code(_ text: String, field: Field, required: Bool = true) -> UnLocode? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            if required { fail(field, "Enter a UN/LOCODE, such as NLRTM.") }
            return nil
        }
        guard let code = UnLocode(trimmed) else {
            fail(field, "\"\(trimmed)\" is not a UN/LOCODE: 2 letters for the country and 3 letters or digits for the place, such as NLRTM.")
            return nil
        }
        return code
    }

    /// Several UN/LOCODEs; blank entries are ignored.
    mutating func codes(_ texts: [String], field: Field) -> [UnLocode] {
        texts.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.compactMap { code($0, field: field) }
    }

    /// A date or a date-time with a zone.
    mutating func date(_ text: String, field: Field, endOfDay: Bool) -> Date? {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            fail(field, "Enter a date (2026-03-01) or a date-time with a zone (2026-03-01T08:00:00Z).")
            return nil
        }
        switch DateText.date(from: text, endOfDay: endOfDay) {
        case .success(let date) where RouteSpecification.supportedTimes.contains(date):
            return date
        case .success:
            fail(field, "Enter a date from 0001-01-01 to 9999-12-31.")
            return nil
        case .failure(let problem):
            fail(field, DateText.message(for: problem, value: text) + ".")
            return nil
        }
    }

    /// A date-time with a zone; a plain date is refused, since a handling happens at a time.
    mutating func dateTime(_ text: String, field: Field) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.count == 10, !trimmed.contains("T") {
            fail(field, "Enter a date-time with a zone, such as \(trimmed)T08:00:00Z.")
            return nil
        }
        return date(text, field: field, endOfDay: false)
    }

    /// A whole number in a range; `nil` when blank and not required.
    mutating func integer(_ text: String, field: Field, in range: ClosedRange<Int>, required: Bool) -> Int?? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty && !required { return .some(nil) }
        guard let value = Int(trimmed), range.contains(value) else {
            fail(field, "Enter a whole number from \(range.lowerBound) to \(range.upperBound).")
            return nil
        }
        return .some(value)
    }

    /// Voyage numbers; a blank entry is an error, since it names no voyage.
    mutating func voyages(_ texts: [String], field: Field) -> Set<VoyageNumber> {
        var numbers: Set<VoyageNumber> = []
        for text in texts {
            guard let number = VoyageNumber(text) else {
                fail(field, "Enter a voyage number, such as WS15-W09; an empty one names no voyage.")
                continue
            }
            numbers.insert(number)
        }
        return numbers
    }

    /// A tracking id, without surrounding spaces; `nil` (with a message) when blank.
    mutating func trackingId(_ text: String, field: Field) -> TrackingId? {
        guard !Self.hasControlCharacters(text), let trackingId = TrackingId(text) else {
            fail(field, "Enter a tracking id, such as RP000001.")
            return nil
        }
        return trackingId
    }

    /// A customer id, without surrounding white space; `nil` (with the message) when blank.
    mutating func customerId(_ text: String, field: Field, message: String) -> CustomerId? {
        guard !Self.hasControlCharacters(text) else {
            fail(field, "An id holds no control characters, such as a line break.")
            return nil
        }
        guard let id = CustomerId(text) else {
            fail(field, message)
            return nil
        }
        return id
    }

    /// Whether a text holds a control character (a line break, a tab, NUL), which no id or name holds.
    static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// A user name, in lower case (``UserAccount``).
    mutating func userName(_ text: String, field: Field) -> String? {
        let name = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard UserAccount.isName(name) else {
            fail(
                field,
                name.isEmpty
                    ? "Enter a user name, such as alice."
                    : "A user name is 1 to 64 letters, digits, \".\", \"_\", \"-\" or \"@\", starting with a letter or digit.")
            return nil
        }
        return name
    }

    /// A new password, as it was typed (``Credentials/problem(withPassword:)``).
    mutating func newPassword(_ text: String, field: Field) -> String? {
        if let problem = Credentials.problem(withPassword: text) {
            fail(field, problem)
            return nil
        }
        return text
    }

    /// Text that must not be blank, without surrounding spaces.
    mutating func text(_ text: String, field: Field, message: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { fail(field, message) }
        if Self.hasControlCharacters(trimmed) {
            fail(field, "Write it on one line, without control characters.")
            return nil
        }
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A maximum transit time from a number of days above 0 and up to 10 years (decimals allowed, to the second);
    /// `.some(nil)` when blank, `nil` when wrong.
    mutating func transitTime(_ text: String, field: Field) -> Duration?? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .some(nil) }
        guard let days = FormText.decimal(trimmed), days > 0, days <= Double(RouteCargoRequest.maximumTransitDays) else {
            fail(field, "Enter a number of days above 0 and up to \(RouteCargoRequest.maximumTransitDays), such as 35 or 35.5.")
            return nil
        }
        return .some(.seconds(Int64((days * 86_400).rounded())))
    }

    /// Extra criteria of route search: `cost` and `co2`, each text one or several comma-separated, any case.
    mutating func criteria(_ texts: [String], field: Field) -> Set<RoutingCriterion> {
        names(texts, field: field) { "Enter cost, co2 or both (cost,co2); \"\($0)\" is neither." }
    }

    /// Modes of transport, each text one or several comma-separated, any case; every mode when none is given.
    mutating func modes(_ texts: [String], field: Field) -> Set<TransportMode> {
        let modes: Set<TransportMode> = names(texts, field: field) {
            "Enter vessel, barge, rail or truck, or several (vessel,rail); \"\($0)\" is none of them."
        }
        return modes.isEmpty ? Set(TransportMode.allCases) : modes
    }

    /// The values named in `texts`, each one or several comma-separated, any case; `problem` says why a name is none.
    private mutating func names<Value: RawRepresentable & Hashable>(
        _ texts: [String], field: Field, problem: (String) -> String
    ) -> Set<Value> where Value.RawValue == String {
        var values: Set<Value> = []
        for part in texts.flatMap({ $0.split(separator: ",") }) {
            let name = part.trimmingCharacters(in: .whitespaces).lowercased()
            guard !name.isEmpty else { continue }
            if let value = Value(rawValue: name) { values.insert(value) } else { fail(field, problem(name)) }
        }
        return values
    }

    /// A decimal number from `minimum` to `maximum`; `nil` when blank and not required.
    mutating func number(_ text: String, field: Field, minimum: Double, maximum: Double = .infinity, required: Bool) -> Double?? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty && !required { return .some(nil) }
        guard let value = FormText.decimal(trimmed), value >= minimum, value <= maximum else {
            fail(
                field,
                maximum.isFinite
                    ? "Enter a number from \(minimum.formatted()) to \(Int(maximum)), such as 1250."
                    : "Enter a number of at least \(minimum.formatted()), such as 1250.")
            return nil
        }
        return .some(value)
    }
}

/// The reading of form text that is the same for every form.
enum FormText {
    /// A plain decimal number, such as `48`, `-12` or `0.5`: digits with an optional sign and fraction, nothing
    /// else (no hexadecimal, exponent, `inf` or `nan`, which `Double(_:)` would take).
    static func decimal(_ text: some StringProtocol) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.wholeMatch(of: /[+-]?[0-9]{1,15}(\.[0-9]{1,15})?/) != nil else { return nil }
        return Double(trimmed)
    }
}
