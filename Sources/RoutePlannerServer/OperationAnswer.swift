import DCSACommercialSchedules
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// What an operation answers: its document, or the problems of the request.
enum OperationAnswer {
    /// 200: the document, and the cursor of the next page when there is one.
    case ok(any Encodable & Sendable, nextPageCursor: String?)
    /// 400: every problem of the request.
    case badRequest(QueryProblems)
}

extension CommercialSchedulesAPI {
    /// Answers a request with an operation, never with an empty body: reads the request (``OperationQuery``),
    /// runs the operation, and writes its document as JSON with the standard's headers (`API-Version`, and
    /// `Next-Page-Cursor` when there is a next page). Every failure is a DCSA `ErrorResponse` naming the request:
    /// the problems of the request, 400, all of them; a search over its budget, 503; anything else, 500, whose
    /// cause is logged with the request's id.
    func answer<Parameter: QueryParameter>(
        _ request: Request, _ operation: (OperationQuery<Parameter>) async throws -> OperationAnswer
    ) async -> Response {
        let target = request.uri.string
        return await ErrorDocument.$request.withValue((request.method, target)) {
            let query = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first ?? ""
            let read = OperationQuery<Parameter>(query: query, apiVersion: request.headers[HTTPField.Name("API-Version")!])
            do {
                switch try await operation(read) {
                case .ok(let document, let cursor):
                    var headers = ErrorDocument.headers()
                    if let cursor { headers[HTTPField.Name("Next-Page-Cursor")!] = cursor }
                    return Self.response(.ok, headers: headers, ErrorDocument.encode(document))
                case .badRequest(let problems):
                    return Self.response(.badRequest, headers: ErrorDocument.headers(), ErrorDocument.encode(ErrorDocument.badRequest(problems)))
                }
            } catch let error as ErrorDocument.OverBudget {
                return Self.response(.serviceUnavailable, headers: ErrorDocument.headers(), ErrorDocument.overBudget(error.budget))
            } catch {
                Logger.current.error(
                    "request failed", metadata: ["operation": .string(Parameter.operationID), "reason": .string(String(describing: error))])
                return Self.response(.internalServerError, headers: ErrorDocument.headers(), ErrorDocument.encode(ErrorDocument.serverFailure()))
            }
        }
    }

    private static func response(_ status: HTTPResponse.Status, headers: HTTPFields, _ body: Data) -> Response {
        Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
