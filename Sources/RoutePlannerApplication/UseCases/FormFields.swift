import Foundation
import RoutePlanner

/// Reads the raw text fields of a form or a command line, collecting one message per invalid field.
struct FormFields {
    private(set) var errors: [String: String] = [:]

    mutating func fail(_ field: String, _ message: String) {
        if errors[field] == nil { errors[field] = message }
    }

    /// A UN/LOCODE, normalised to upper case; `nil` (with a message) when blank or malformed.
    mutating func code(_ text: String, field: String, required: Bool = true) -> UnLocode? {
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
    mutating func codes(_ texts: [String], field: String) -> [UnLocode] {
        texts.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.compactMap { code($0, field: field) }
    }

    /// A date or a date-time with a zone.
    mutating func date(_ text: String, field: String, endOfDay: Bool) -> Date? {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            fail(field, "Enter a date (2026-03-01) or a date-time with a zone (2026-03-01T08:00:00Z).")
            return nil
        }
        switch DateText.date(from: text, endOfDay: endOfDay) {
        case .success(let date): return date
        case .failure(let problem):
            let message = DateText.message(for: problem, value: text, field: field)
            fail(field, message.prefix(1).uppercased() + message.dropFirst() + ".")
            return nil
        }
    }

    /// A whole number in a range; `nil` when blank and not required.
    mutating func integer(_ text: String, field: String, in range: ClosedRange<Int>, required: Bool) -> Int?? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty && !required { return .some(nil) }
        guard let value = Int(trimmed), range.contains(value) else {
            fail(field, "Enter a whole number from \(range.lowerBound) to \(range.upperBound).")
            return nil
        }
        return .some(value)
    }

    /// Voyage numbers; blank entries are ignored.
    func voyages(_ texts: [String]) -> Set<VoyageNumber> {
        Set(texts.compactMap { VoyageNumber($0) })
    }
}
