import Foundation
import Hummingbird
import Logging

/// Logs one line per request (its id, method, path, status and duration; at the debug level, one more when it
/// arrives), counts it in the metrics, and refuses
/// with a DCSA `ErrorResponse` a request whose target is longer than the server takes (400), or that carries a body
/// (413: every operation is a GET).
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics
    let maximumRequestBytes: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        context.logger.debug("request received", metadata: ["method": .string(request.method.rawValue), "path": .string(request.uri.path)])
        let response: Response
        if request.uri.string.utf8.count > maximumRequestBytes {
            response = Self.refusal(request, .badRequest, "The request's target (its path and query) is longer than \(maximumRequestBytes) bytes.")
        } else if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > 0 {
            response = Self.refusal(request, .contentTooLarge, "The operations take no request body.")
        } else {
            do {
                response = try await next(request, context)
            } catch let error as any HTTPResponseError {
                log(request, context: context, status: error.status.code, since: start)
                throw error
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

    /// A refusal of a request before it reaches an operation.
    private static func refusal(_ request: Request, _ status: HTTPResponse.Status, _ message: String) -> Response {
        var problems = QueryProblems()
        problems.add(.invalidValue, nil, value: nil, message)
        let document = ErrorDocument.$request.withValue((request.method, String(request.uri.path.prefix(1024)))) {
            ErrorDocument.response(status: status, message: message, problems.errors)
        }
        return Response(
            status: status, headers: ErrorDocument.headers(), body: ResponseBody(byteBuffer: ByteBuffer(bytes: ErrorDocument.encode(document))))
    }
}
