import DCSACommercialSchedules
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// The outermost middleware of the DCSA operations: it names the request for the error documents, and answers
/// every error of an operation with a DCSA `ErrorResponse`, never an empty body.
///
/// A query the generated code cannot read (a parameter of the wrong type, a value outside an enumeration, a
/// required parameter missing) is a 400 naming every such parameter; anything else is a 500.
struct OperationMiddleware: ServerMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        try await ErrorDocument.$request.withValue((request.method, request.path ?? "/")) {
            do {
                return try await next(request, body, metadata)
            } catch let error as ServerError where error.operationInput == nil && (400..<500).contains(error.httpStatus.code) {
                let problems = Self.diagnose(operationID, query: request.path.flatMap { URLComponents(string: $0)?.queryItems } ?? [], error)
                return (
                    HTTPResponse(status: .badRequest, headerFields: ErrorDocument.headers()),
                    HTTPBody(ErrorDocument.encode(ErrorDocument.badRequest(problems))))
            } catch let error as ServerError where error.underlyingError is ErrorDocument.OverBudget {
                return (HTTPResponse(status: error.httpStatus, headerFields: error.httpHeaderFields), error.httpBody)
            } catch {
                var problems = QueryProblems()
                problems.add(.internalError, nil, value: nil, "The server failed to answer; the failure is logged with this request's reference.")
                let document = ErrorDocument.response(status: .internalServerError, message: "The server failed to answer.", problems.errors)
                return (HTTPResponse(status: .internalServerError, headerFields: ErrorDocument.headers()), HTTPBody(ErrorDocument.encode(document)))
            }
        }
    }

    /// A parameter the generated code reads strictly: a query it cannot read fails before the handler runs.
    enum Strict {
        case required, integer, oneOf([String])
    }

    /// The strict parameters of each operation, as the specification declares them: required, `int32`, or an
    /// enumeration.
    static let strictParameters: [String: [(name: String, kind: Strict)]] = [
        "get-v1-point-to-point": [
            ("placeOfReceipt", .required), ("placeOfDelivery", .required), ("maxTranshipment", .integer),
            ("receiptTypeAtOrigin", .oneOf(["CY", "SD", "CFS"])), ("deliveryTypeAtDestination", .oneOf(["CY", "SD", "CFS"])),
            ("limit", .integer),
        ],
        "get-v1-port-schedules": [("UNLocationCode", .required), ("date", .required), ("limit", .integer)],
        "get-v1-vessel-schedule": [("limit", .integer)],
    ]

    /// Every strict parameter of the operation that the query gives wrongly, or, when none is found, the
    /// generated code's own account of the failure.
    static func diagnose(_ operationID: String, query: [URLQueryItem], _ error: ServerError) -> QueryProblems {
        var problems = QueryProblems()
        for (name, kind) in strictParameters[operationID] ?? [] {
            let value = query.first { $0.name == name }?.value
            switch kind {
            case .required where value == nil || value == "":
                problems.add(.missing, name, value: value, "\(name) is required.")
            case .integer where value.map { Int32($0) == nil } ?? false:
                problems.add(.invalidValue, name, value: value, "\(name) must be a whole number.")
            case .oneOf(let values) where value.map { !values.contains($0) } ?? false:
                problems.add(.invalidValue, name, value: value, "\(name) must be one of \(values.joined(separator: ", ")).")
            default: break
            }
        }
        if problems.isEmpty { problems.add(.invalidValue, nil, value: nil, "The request cannot be read: \(error.causeDescription)") }
        return problems
    }
}
