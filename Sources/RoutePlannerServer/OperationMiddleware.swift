import DCSACommercialSchedules
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// The outermost middleware of the DCSA operations: it names the request for the error documents, and answers
/// every error of an operation with a DCSA `ErrorResponse`, never an empty body.
///
/// A query the generated code cannot read (a parameter of the wrong type, a value outside an enumeration, a
/// required parameter missing) is a 400 naming the parameter; anything else is a 500.
struct OperationMiddleware: ServerMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        try await ErrorDocument.$request.withValue((request.method, request.path ?? "/")) {
            do {
                return try await next(request, body, metadata)
            } catch let error as ServerError where error.operationInput == nil && (400..<500).contains(error.httpStatus.code) {
                var problems = QueryProblems()
                let (property, message) = Self.explain(error)
                problems.add(.invalidValue, property, value: property.flatMap { Self.queryValue($0, in: request.path) }, message)
                return (
                    HTTPResponse(status: .badRequest, headerFields: ErrorDocument.headers()),
                    HTTPBody(ErrorDocument.encode(ErrorDocument.badRequest(problems))))
            } catch {
                var problems = QueryProblems()
                problems.add(.internalError, nil, value: nil, "The server failed to answer; the failure is logged with this request's reference.")
                let document = ErrorDocument.response(status: .internalServerError, message: "The server failed to answer.", problems.errors)
                return (HTTPResponse(status: .internalServerError, headerFields: ErrorDocument.headers()), HTTPBody(ErrorDocument.encode(document)))
            }
        }
    }

    /// The parameter a decoding failure names, and a message for it.
    static func explain(_ error: ServerError) -> (property: String?, message: String) {
        if let decoding = error.underlyingError as? DecodingError {
            let path: [any CodingKey]
            switch decoding {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context): path = context.codingPath
            case .keyNotFound(let key, let context): path = context.codingPath + [key]
            @unknown default: path = []
            }
            if let name = path.last?.stringValue {
                return (name, "\(name) has a value of the wrong kind: see the specification for its type and values.")
            }
        }
        let cause = "\(error.underlyingError)"
        if let range = cause.range(of: #"named: '?[A-Za-z-]+"#, options: .regularExpression) {
            let name = cause[range].dropFirst("named: ".count).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
            return (name, "\(name) is required.")
        }
        return (nil, "The request cannot be read: \(error.causeDescription)")
    }

    /// The first value of a query parameter in a request's path, percent-decoded.
    static func queryValue(_ name: String, in path: String?) -> String? {
        guard let path, let components = URLComponents(string: path) else { return nil }
        return components.queryItems?.first { $0.name == name }?.value
    }
}
