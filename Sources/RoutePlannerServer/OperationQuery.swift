import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerDesk
import RoutePlannerFormats

/// The query parameters of an operation, as the specification names them.
protocol QueryParameter: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {
    /// The operation's id in the specification, such as `get-v1-port-schedules`.
    static var operationID: String { get }
    /// The page size.
    static var limit: Self { get }
    /// The cursor of a page after the first.
    static var cursor: Self { get }
}

/// An operation's request read once: its query, by the one parser of form-encoded text that the desk reads its
/// queries and forms with (`FormData`), and its `API-Version` header, with every problem found in them.
///
/// The operations read their parameters through it and add the problems of their own checks, so that a request
/// is answered with all of them at once, each naming its parameter and quoting its value:
/// - `API-Version` other than the major version, 1;
/// - a parameter of the operation given more than once (the first value is read), or with no value;
/// - a required parameter missing, a value not of its type or outside its enumeration, from the readers below.
///
/// A query that is not form-encoded text (a malformed escape, bytes that are not UTF-8, a value without a name,
/// more than ``FormData/maximumItems`` pairs) is ``isUnreadable``: its one problem says why, and nothing of it is
/// read. A parameter the operation does not have is ignored. As in any form-encoded query, `+` is a space.
struct OperationQuery<Parameter: QueryParameter> {
    private var values: [Parameter: String] = [:]
    /// The parameters given with no value, each already a problem.
    private var blank: Set<Parameter> = []
    /// What is wrong with the request so far.
    private(set) var problems = QueryProblems()
    /// Whether the query is not form-encoded text, so that none of it was read.
    private(set) var isUnreadable = false

    /// Reads a request's query (the text after `?`) and its `API-Version` header.
    init(query: Substring, apiVersion: String?) {
        guard let data = FormData(encoded: query) else {
            isUnreadable = true
            let pairs = query.split(separator: "&").count
            problems.add(
                .invalidValue, nil, value: String(query.prefix(500)),
                pairs > FormData.maximumItems
                    ? "The query has \(pairs) parameters; an operation takes at most \(FormData.maximumItems)."
                    : "The query cannot be read: give NAME=VALUE pairs joined by &, each NAME and VALUE UTF-8 text with %XX escapes.")
            return
        }
        if let apiVersion, apiVersion.trimmingCharacters(in: .whitespaces) != "1" {
            problems.add(.invalidValue, "API-Version", value: apiVersion, "API-Version must be the major version of the API, 1.")
        }
        var given: [Parameter: Int] = [:]
        for (name, value) in data.items {
            guard let parameter = Parameter(rawValue: name) else { continue }
            given[parameter, default: 0] += 1
            if value.isEmpty {
                if blank.insert(parameter).inserted {
                    add(.invalidValue, parameter, "\(name) has no value: give a parameter as \(name)=VALUE.")
                }
            } else if values[parameter] == nil {
                values[parameter] = value
            }
        }
        for parameter in Parameter.allCases where given[parameter, default: 0] > 1 && !blank.contains(parameter) {
            problems.add(.invalidValue, parameter.rawValue, value: nil, "\(parameter.rawValue) is given more than once; give it once.")
        }
    }

    /// A parameter's value as the request gives it, or `nil`.
    subscript(_ parameter: Parameter) -> String? { values[parameter] }

    /// Adds a problem of a parameter, quoting its value, or of the request as a whole.
    mutating func add(_ code: QueryProblems.Code, _ parameter: Parameter?, _ message: String) {
        problems.add(code, parameter?.rawValue, value: parameter.flatMap { values[$0] }, message)
    }

    /// A required parameter's value; a problem when it is missing (one given with no value is a problem already).
    mutating func required(_ parameter: Parameter, _ example: String) -> String? {
        guard let value = values[parameter] else {
            if !blank.contains(parameter) { add(.missing, parameter, "\(parameter.rawValue) is required: \(example).") }
            return nil
        }
        return value
    }

    /// A whole number of the specification's `int32`; a problem when it is another value.
    mutating func integer(_ parameter: Parameter) -> Int32? {
        guard let text = values[parameter] else { return nil }
        guard let value = Int32(text) else {
            add(.invalidValue, parameter, "\(parameter.rawValue) must be a whole number from \(Int32.min) to \(Int32.max).")
            return nil
        }
        return value
    }

    /// One of an enumeration's values; a problem when it is another.
    mutating func oneOf(_ parameter: Parameter, _ allowed: [String]) -> String? {
        guard let value = values[parameter] else { return nil }
        guard allowed.contains(value) else {
            add(.invalidValue, parameter, "\(parameter.rawValue) must be one of \(allowed.joined(separator: ", ")).")
            return nil
        }
        return value
    }

    /// A port: five characters of DCSA's pattern (`^[A-Z]{2}[A-Z2-9]{3}$`) that the network knows.
    mutating func location(_ parameter: Parameter, in network: ScheduleNetwork, required: Bool = true) -> Location? {
        guard let text = required ? self.required(parameter, "a UN/LOCODE such as NLRTM") : values[parameter] else { return nil }
        guard DCSAText.isUNLocationCode(text), let code = UnLocode(text) else {
            add(.invalidValue, parameter, "\(parameter.rawValue) must be a UN/LOCODE: two letters of the country and three of the place, such as NLRTM.")
            return nil
        }
        guard let location = network.location(code) else {
            let closest = QueryProblems.closest(to: code, among: network.locations)
            let suggestion = closest.isEmpty ? "" : " Closest known: " + closest.map(\.rawValue).joined(separator: ", ") + "."
            add(.unknownLocation, parameter, "\(text) is not a port of the loaded schedule.\(suggestion)")
            return nil
        }
        return location
    }

    /// A date, `YYYY-MM-DD`, as the start of its day in UTC (or its end, for the end of a window).
    mutating func date(_ parameter: Parameter, endOfDay: Bool = false, required: Bool = false) -> Date? {
        guard let text = required ? self.required(parameter, "a date, YYYY-MM-DD, such as 2026-03-02") : values[parameter] else { return nil }
        let bytes = Array(text.utf8)
        let shape =
            bytes.count == 10
            && bytes.enumerated().allSatisfy { index, byte in
                index == 4 || index == 7 ? byte == UInt8(ascii: "-") : (0x30...0x39).contains(byte)
            }
        guard shape, case .success(let date) = DateText.date(from: text, endOfDay: endOfDay) else {
            add(.invalidValue, parameter, "\(parameter.rawValue) must be a date, YYYY-MM-DD, such as 2026-03-02.")
            return nil
        }
        return date
    }

    /// Checks that a window of dates does not end before it starts.
    mutating func window(_ start: (Date?, Parameter), _ end: (Date?, Parameter)) {
        if let from = start.0, let to = end.0, to < from {
            add(.invalidValue, end.1, "\(end.1.rawValue) is before \(start.1.rawValue): the window ends before it starts.")
        }
    }

    /// The page asked for: `limit` from 1 to ``Page/maximumLimit`` (the most when not given), and a `cursor` this
    /// server gave for the same filters and schedule; `nil`, with the problems, when either is wrong.
    mutating func page(generation: Int, filters: [String?]) -> Page? {
        var limit = Page.maximumLimit
        if let value = integer(Parameter.limit) {
            if (1...Int32(Page.maximumLimit)).contains(value) {
                limit = Int(value)
            } else {
                add(.invalidValue, Parameter.limit, "\(Parameter.limit.rawValue) must be from 1 to \(Page.maximumLimit).")
            }
        }
        guard let page = Page(cursor: values[Parameter.cursor], limit: limit, generation: generation, filters: filters) else {
            add(.invalidCursor, Parameter.cursor, CommercialSchedulesAPI.cursorMessage)
            return nil
        }
        return page
    }
}
