import Foundation
import RoutePlannerApplication

/// A request body of the lifecycle API read once: a JSON object whose members are a use case's form fields, by
/// their names (`origin`, `ready`, `dangerousGoods`), with every problem found in it.
///
/// A member's value is a string or a number (read as the text a form would hold: `2`, `24.5`) for a text field,
/// `true` or `false` (or the text `yes` or `no`) for a box to tick, an array of strings (or one string) for a
/// list, or `null` for a field left blank. A body that is not a JSON
/// object is one problem and nothing of it is read; each member the use case does not take, or of another type,
/// is a problem of its own.
struct APIBody<Field: FormField> {
    private var values: [Field: Value] = [:]
    /// The problems, each naming its member, or `nil` for the body as a whole.
    private(set) var problems: [APIProblem] = []

    private enum Value: Decodable {
        case text(String)
        /// A number, as the text a form would hold.
        case number(String)
        case flag(Bool)
        case list([String])
        case null

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let flag = try? container.decode(Bool.self) {
                self = .flag(flag)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number))
            } else if let text = try? container.decode(String.self) {
                self = .text(text)
            } else if let list = try? container.decode([String].self) {
                self = .list(list)
            } else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a string, number, boolean, array of strings or null")
            }
        }
    }

    /// A member of any JSON type, so that one of a type no field takes is a problem of its own.
    private struct Member: Decodable {
        let value: Value?

        init(from decoder: any Decoder) throws {
            value = try? Value(from: decoder)
        }
    }

    /// Reads a body whose members are the fields `accepted`; an empty body is an empty object.
    init(_ bytes: [UInt8], accepting accepted: [Field]) {
        guard !bytes.isEmpty else { return }
        guard JSONSyntax.isValid(bytes), let object = try? JSONDecoder().decode([String: Member].self, from: Data(bytes)) else {
            problems.append(
                APIProblem(field: nil, message: "The body is not a JSON object: send one whose members are the fields, such as {\"destination\": \"DEHAM\"}."))
            return
        }
        for (name, member) in object.sorted(by: { $0.key < $1.key }) {
            guard let field = Field(rawValue: name), accepted.contains(field) else {
                let names = accepted.map(\.rawValue).joined(separator: ", ")
                problems.append(APIProblem(field: name, message: "This operation takes no member \(name)" + (names.isEmpty ? "." : "; it takes \(names).")))
                continue
            }
            guard let value = member.value else {
                problems.append(APIProblem(field: name, message: "Give a string, a number, true or false, an array of strings, or null."))
                continue
            }
            values[field] = value
        }
    }

    /// A field's text: the string or number given, `""` when it is absent or `null`; a problem for a boolean or a list.
    mutating func text(_ field: Field) -> String {
        switch values[field] {
        case .text(let text), .number(let text): return text
        case .flag, .list: problems.append(APIProblem(field: field.rawValue, message: "Give a string."))
        case .null, nil: break
        }
        return ""
    }

    /// Whether a box is ticked: `true` or `false` (or the text `yes`, `true`, `on`, `no`, `false`, `off`, or none); a
    /// problem for anything else.
    mutating func flag(_ field: Field) -> Bool {
        switch values[field] {
        case .flag(let flag): return flag
        case .text(let text) where ["yes", "true", "on"].contains(text.lowercased()): return true
        case .text(let text) where ["no", "false", "off", ""].contains(text.lowercased()): return false
        case .text, .number, .list: problems.append(APIProblem(field: field.rawValue, message: "Give true or false."))
        case .null, nil: break
        }
        return false
    }

    /// A list's items: an array of strings, or one string for a list of one.
    mutating func list(_ field: Field) -> [String] {
        switch values[field] {
        case .list(let items): return items
        case .text(let text): return [text]
        case .number, .flag: problems.append(APIProblem(field: field.rawValue, message: "Give an array of strings."))
        case .null, nil: break
        }
        return []
    }
}
