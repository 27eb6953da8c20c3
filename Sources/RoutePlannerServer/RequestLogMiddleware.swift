import Foundation
import Hummingbird
import Logging

/// Logs one line per request (its id, method, path, status and duration), counts it in the metrics, and refuses
/// a request whose target is longer than the server takes, or that carries a body (every operation is a GET).
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics
    let maximumRequestBytes: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response: Response
        if request.uri.string.utf8.count > maximumRequestBytes {
            response = Self.refusal(.uriTooLong, "The request's target is longer than \(maximumRequestBytes) bytes.")
        } else if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > 0 {
            response = Self.refusal(.contentTooLarge, "The operations take no request body.")
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

    /// A refusal as plain text: these requests reach no DCSA operation.
    private static func refusal(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: message + "\n")))
    }
}
