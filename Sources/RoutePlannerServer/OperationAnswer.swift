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
                let answer = read.isUnreadable ? .badRequest(read.problems) : try await operation(read)
                switch answer {
                case .ok(let document, let cursor):
                    var headers = Self.headers()
                    if let cursor { headers[HTTPField.Name("Next-Page-Cursor")!] = cursor }
                    return Self.response(.ok, headers: headers, try Self.json(document))
                case .badRequest(let problems):
                    return Self.response(.badRequest, headers: Self.headers(), ErrorDocument.encode(ErrorDocument.badRequest(problems)))
                }
            } catch let error as ErrorDocument.OverBudget {
                return Self.response(.serviceUnavailable, headers: Self.headers(), ErrorDocument.encode(ErrorDocument.overBudget(error.budget)))
            } catch {
                Logger.current.error(
                    "request failed", metadata: ["operation": .string(Parameter.operationID), "reason": .string(String(describing: error))])
                return Self.response(.internalServerError, headers: Self.headers(), ErrorDocument.encode(ErrorDocument.serverFailure()))
            }
        }
    }

    /// The headers of every answer of the API: JSON, and the version of the standard.
    static func headers() -> HTTPFields {
        var fields = HTTPFields()
        fields[.contentType] = "application/json; charset=utf-8"
        fields[HTTPField.Name("API-Version")!] = apiVersion
        return fields
    }

    /// A document as JSON, its keys sorted; a document that cannot be encoded (a number that is not finite) throws,
    /// and is answered 500.
    static func json(_ document: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(document)
    }

    private static func response(_ status: HTTPResponse.Status, headers: HTTPFields, _ body: Data) -> Response {
        Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
