import DCSACommercialSchedules
import Foundation
import Hummingbird
import Logging

/// Logs one line per request (its id, method, path, status and duration; at the debug level, one more when it
/// arrives), counts it in the metrics, and refuses with a DCSA `ErrorResponse` (400) a request whose target is
/// longer than the server takes, or a GET or HEAD that carries a body.
///
/// An error that reaches it without a status of its own is answered 500 with a DCSA `ErrorResponse`, and its
/// cause is logged.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics
    let maximumRequestBytes: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        context.logger.debug("request received", metadata: ["method": .string(request.method.rawValue), "path": .string(request.uri.path)])
        let response: Response
        if request.uri.string.utf8.count > maximumRequestBytes {
            response = Self.refusal(request, .badRequest, "The request's target (its path and query) is longer than \(maximumRequestBytes) bytes.")
        } else if request.method == .get || request.method == .head, Self.hasBody(request) {
            response = Self.refusal(request, .badRequest, "A \(request.method.rawValue) request takes no body: give the parameters in the query.")
        } else {
            do {
                response = try await next(request, context)
            } catch let error as any HTTPResponseError {
                if error.status.code >= 500 { context.logger.error("request failed", metadata: ["reason": .string(String(describing: error))]) }
                log(request, context: context, status: error.status.code, since: start)
                throw error
            } catch {
                context.logger.error("request failed", metadata: ["reason": .string(String(describing: error))])
                response = Self.response(request, .internalServerError) { ErrorDocument.serverFailure() }
            }
        }
        log(request, context: context, status: response.status.code, since: start)
        return response
    }

    private func log(_ request: Request, context: Context, status: Int, since start: ContinuousClock.Instant) {
        let duration = ContinuousClock.now - start
        let route = context.endpointPath ?? "unmatched"
        metrics.requested(route: route, status: status, duration: duration)
        context.logger.info(
            "request",
            metadata: [
                "method": .string(request.method.rawValue), "path": .string(request.uri.path), "status": .stringConvertible(status),
                "duration_ms": .string(String(format: "%.3f", Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1e3)),
            ])
    }

    /// Whether a request carries a body: a length above zero, or a transfer coding.
    private static func hasBody(_ request: Request) -> Bool {
        if let length = request.headers[.contentLength], Int(length) != 0 { return true }
        return request.headers[.transferEncoding] != nil
    }

    /// A refusal of a request before it reaches an operation.
    private static func refusal(_ request: Request, _ status: HTTPResponse.Status, _ message: String) -> Response {
        var problems = QueryProblems()
        problems.add(.invalidValue, nil, value: nil, message)
        return response(request, status) { ErrorDocument.response(status: status, message: message, problems.errors) }
    }

    /// An error document for a request, outside the operations: `document` is made with the request named.
    private static func response(
        _ request: Request, _ status: HTTPResponse.Status, _ document: () -> Components.Schemas.ErrorResponse
    ) -> Response {
        let document = ErrorDocument.$request.withValue((request.method, String(request.uri.path.prefix(1024))), operation: document)
        return Response(
            status: status, headers: CommercialSchedulesAPI.headers(), body: ResponseBody(byteBuffer: ByteBuffer(bytes: ErrorDocument.encode(document))))
    }
}
