import DCSACommercialSchedules
import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerDocuments

/// The problems of a request's query, one DCSA `DetailedError` each, collected so that a request is answered
/// with all of them at once.
///
/// The error codes are route-planner's own (DCSA leaves them to the implementer, from 7000 to 9999); docs/Server.md
/// lists them.
struct QueryProblems: Error {
    /// What kind of problem a parameter has.
    enum Code: Int32 {
        /// A value that is malformed or out of range.
        case invalidValue = 7001
        /// A port that the loaded schedule does not have.
        case unknownLocation = 7002
        /// A value the standard allows that route-planner does not offer.
        case notOffered = 7003
        /// A cursor that is not one this server gave for this query and this schedule.
        case invalidCursor = 7004
        /// A required parameter that is missing, or a combination the standard requires that is not given.
        case missing = 7005
        /// A search that ran past its time budget.
        case overBudget = 7010
        /// A failure of the server's own.
        case internalError = 7099

        var text: String {
            switch self {
            case .invalidValue, .unknownLocation, .notOffered, .invalidCursor, .missing: "invalidQuery"
            case .overBudget: "searchTimeout"
            case .internalError: "internalError"
            }
        }
    }

    private(set) var errors: [Components.Schemas.DetailedError] = []

    var isEmpty: Bool { errors.isEmpty }

    /// Adds a problem found elsewhere.
    mutating func append(_ error: Components.Schemas.DetailedError) { errors.append(error) }

    /// Adds a problem of a parameter, quoting its value as the request gave it.
    mutating func add(_ code: Code, _ property: String?, value: String?, _ message: String) {
        errors.append(Components.Schemas.DetailedError(
            errorCode: code.rawValue, property: property, value: value.map { String($0.prefix(500)) }, errorCodeText: code.text,
            errorCodeMessage: message))
    }

    /// Reads a port's code: five characters of DCSA's pattern (`^[A-Z]{2}[A-Z2-9]{3}$`) that the network knows.
    mutating func location(_ text: String?, _ property: String, in network: ScheduleNetwork, required: Bool = true) -> Location? {
        guard let text else {
            if required { add(.missing, property, value: nil, "\(property) is required: a UN/LOCODE such as NLRTM.") }
            return nil
        }
        guard DCSAText.isUNLocationCode(text), let code = UnLocode(text) else {
            add(.invalidValue, property, value: text, "\(property) must be a UN/LOCODE: two letters of the country and three of the place, such as NLRTM.")
            return nil
        }
        guard let location = network.location(code) else {
            let closest = Self.closest(to: code, among: network.locations)
            let suggestion = closest.isEmpty ? "" : " Closest known: " + closest.map(\.rawValue).joined(separator: ", ") + "."
            add(.unknownLocation, property, value: text, "\(text) is not a port of the loaded schedule.\(suggestion)")
            return nil
        }
        return location
    }

    /// Reads a date, `YYYY-MM-DD`, as the start of its day in UTC (or its end, for the end of a window).
    mutating func date(_ text: String?, _ property: String, endOfDay: Bool = false) -> Date? {
        guard let text else { return nil }
        let bytes = Array(text.utf8)
        let shape = bytes.count == 10 && bytes.enumerated().allSatisfy { index, byte in
            index == 4 || index == 7 ? byte == UInt8(ascii: "-") : (0x30...0x39).contains(byte)
        }
        guard shape, case .success(let date) = DateText.date(from: text, endOfDay: endOfDay) else {
            add(.invalidValue, property, value: text, "\(property) must be a date, YYYY-MM-DD, such as 2026-03-02.")
            return nil
        }
        return date
    }

    /// Checks that a window of dates does not end before it starts.
    mutating func window(_ start: (Date?, String), _ end: (Date?, String), value: String?) {
        if let from = start.0, let to = end.0, to < from {
            add(.invalidValue, end.1, value: value, "\(end.1) is before \(start.1): the window ends before it starts.")
        }
    }

    /// Checks the `API-Version` header: when given, the major version, 1.
    mutating func apiVersion(_ text: String?) {
        if let text, text.trimmingCharacters(in: .whitespaces) != "1" {
            add(.invalidValue, "API-Version", value: text, "API-Version must be the major version of the API, 1.")
        }
    }

    /// Reads the page size: from 1 to ``Page/maximumLimit``, ``Page/maximumLimit`` when not given.
    mutating func limit(_ value: Int32?) -> Int {
        guard let value else { return Page.maximumLimit }
        guard (1...Int32(Page.maximumLimit)).contains(value) else {
            add(.invalidValue, "limit", value: String(value), "limit must be from 1 to \(Page.maximumLimit).")
            return 1
        }
        return Int(value)
    }

    /// Up to three known codes close to an unknown one, as the command line suggests them.
    static func closest(to code: UnLocode, among locations: [Location]) -> [UnLocode] {
        if case .unknownLocation(_, let closest) = DomainError.unknown(code, among: locations) { return closest }
        return []
    }
}
