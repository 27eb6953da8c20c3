import DCSACommercialSchedules
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import RoutePlanner
import RoutePlannerApplication

/// DCSA `ErrorResponse` documents: for a bad request (400), a search over its budget (503) and a failure of the
/// server's own (500), each naming the request it answers.
enum ErrorDocument {
    /// The request being answered, for the error documents: set for each operation by
    /// ``CommercialSchedulesAPI/answer(_:_:)``.
    @TaskLocal static var request: (method: HTTPRequest.Method, uri: String)?

    /// A 400 document with the problems.
    static func badRequest(_ problems: QueryProblems) -> Components.Schemas.ErrorResponse {
        response(
            status: .badRequest, message: "The request has \(problems.errors.count == 1 ? "a problem" : "\(problems.errors.count) problems").", problems.errors)
    }

    /// The error an operation throws for a search that ran past its budget: answered 503 with its document.
    struct OverBudget: Error {
        let budget: Duration
    }

    /// The document of a 503 answer: the search ran past its budget.
    static func overBudget(_ budget: Duration) -> Components.Schemas.ErrorResponse {
        var problems = QueryProblems()
        problems.add(
            .overBudget, nil, value: nil,
            "The search ran past its budget of \(TimeBudget.text(budget)); narrow the date windows or lower maxTranshipment, or try again later.")
        return response(status: .serviceUnavailable, message: "The search took too long.", problems.errors)
    }

    /// The document of a request the server failed to answer, whose cause the caller logs.
    static func serverFailure() -> Components.Schemas.ErrorResponse {
        var problems = QueryProblems()
        problems.add(.internalError, nil, value: nil, "The server failed to answer; the failure is logged with this request's reference.")
        return response(status: .internalServerError, message: "The server failed to answer.", problems.errors)
    }

    /// A response for a status and its problems.
    static func response(
        status: HTTPResponse.Status, message: String, _ errors: [Components.Schemas.DetailedError]
    ) -> Components.Schemas.ErrorResponse {
        let request = Self.request
        return Components.Schemas.ErrorResponse(
            httpMethod: request.flatMap { Components.Schemas.ErrorResponse.HttpMethodPayload(rawValue: $0.method.rawValue) } ?? .get,
            requestUri: String((request?.uri ?? "/").prefix(2048)), statusCode: Int32(status.code),
            statusCodeText: String(status.reasonPhrase.prefix(50)), statusCodeMessage: String(message.prefix(200)),
            providerCorrelationReference: Logger.current[metadataKey: "hb.request.id"].map { String($0.description.prefix(100)) },
            errorDateTime: DateText.timestamp(Date()), errors: errors)
    }

    /// The answer to a method other than GET or HEAD on a served path: 405, with the methods it allows.
    static func methodNotAllowed(_ request: Request) -> Response {
        var problems = QueryProblems()
        problems.add(.invalidValue, nil, value: nil, "\(request.uri.path) is read with GET (or HEAD) only.")
        let document = ErrorDocument.$request.withValue((request.method, request.uri.path)) {
            response(status: .methodNotAllowed, message: "Only GET and HEAD are allowed.", problems.errors)
        }
        var fields = CommercialSchedulesAPI.headers()
        fields[.allow] = "GET, HEAD"
        return Response(status: .methodNotAllowed, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: encode(document))))
    }

    /// An error document as JSON, its keys sorted.
    static func encode(_ document: Components.Schemas.ErrorResponse) -> Data {
        // Strings and integers only, which always encode.
        (try? CommercialSchedulesAPI.json(document)) ?? Data()
    }
}
