import DCSACommercialSchedules
import Foundation
import RoutePlanner
import RoutePlannerApplication

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

    /// Adds a problem of a parameter, quoting its value as the request gave it.
    mutating func add(_ code: Code, _ property: String?, value: String?, _ message: String) {
        errors.append(
            Components.Schemas.DetailedError(
                errorCode: code.rawValue, property: property, value: value.map { String($0.prefix(500)) }, errorCodeText: code.text,
                errorCodeMessage: message))
    }

    /// Up to three known codes close to an unknown one, as the command line suggests them.
    static func closest(to code: UnLocode, among locations: [Location]) -> [UnLocode] {
        if case .schedule(.unknownLocation(_, let closest)) = DomainError.unknown(code, among: locations) { return closest }
        return []
    }
}
