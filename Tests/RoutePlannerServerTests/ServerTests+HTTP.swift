import DCSACommercialSchedules
import Dispatch
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import RoutePlannerApplication
@testable import RoutePlannerServer
import RoutePlannerBcrypt
import RoutePlannerFormats
import RoutePlannerTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// HTTP itself: HEAD, HTTP/1.0, a GET with a body, a query that cannot be parsed, and a failure of the server's own.
extension ServerTests {
    @Test(arguments: [
        ("/v1/vessel-schedules?vesselName&UNLocationCode=CNSHA", "vesselName"),
        ("/v1/point-to-point-routes?placeOfReceipt=CNSHA&cargoType=&placeOfDelivery=NLRTM", "cargoType"),
        ("/v1/port-schedules?UNLocationCode=NLRTM&date&cursor", "date"),
    ])
    func aParameterWithoutAValueIsA400NamingIt(uri: String, parameter: String) async throws {
        let server = try await Self.server()
        let response = try await Self.get(uri, from: server, schema: "ErrorResponse")
        #expect(response.status == .badRequest, "\(response.body)")
        let document = try Self.decode(Components.Schemas.ErrorResponse.self, response.body)
        // One problem each, not "has no value" and "is required" too.
        #expect(document.errors.map(\.property) == [parameter] + (uri.hasSuffix("&cursor") ? ["cursor"] : []), "\(response.body)")
        #expect(document.errors.first?.errorCodeMessage == "\(parameter) has no value: give a parameter as \(parameter)=VALUE.")
    }

    @Test func aParameterTheOperationDoesNotHaveIsIgnored() async throws {
        let server = try await Self.server()
        let response = try await Self.get("/v1/port-schedules?UNLocationCode=NLRTM&date=2026-03-02&utm_source=&foo&foo=1", from: server, schema: "PortSchedule")
        #expect(response.status == .ok, "\(response.body)")
    }

    /// A query that is not form-encoded text is the client's fault too, and one problem: nothing of it is read.
    @Test(arguments: [
        "/v1/vessel-schedules?UNLocationCode=%ZZ", "/v1/port-schedules?UNLocationCode=NLRTM&date=2026-03-02&=x",
        "/v1/port-schedules?UNLocationCode=NLRTM&date=2026-03-02" + String(repeating: "&a=1", count: 200),
    ])
    func anUnreadableQueryIsA400(uri: String) async throws {
        let server = try await Self.server()
        let response = try await Self.get(uri, from: server, schema: "ErrorResponse")
        #expect(response.status == .badRequest, "\(uri): \(response.body)")
        let document = try Self.decode(Components.Schemas.ErrorResponse.self, response.body)
        #expect(document.errors.count == 1 && document.errors[0].property == nil, "\(response.body)")
    }

    @Test(arguments: [
        "/health", "/metrics", "/v1/port-schedules?UNLocationCode=NLRTM&date=2026-03-02",
        "/v1/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&departureStartDate=2026-03-02&limit=2",
        "/v1/point-to-point-routes?placeOfReceipt=CNSHX", "/nowhere",
    ])
    func headAnswersAsGetWithoutABody(uri: String) async throws {
        let server = try await Self.server()
        let (get, head) = try await server.application().test(.router) { client in
            (try await client.execute(uri: uri, method: .get) { $0 }, try await client.execute(uri: uri, method: .head) { $0 })
        }
        #expect(head.status == get.status)
        #expect(head.body.readableBytes == 0)
        // The metrics change with every request, and an error document names the request's method: their lengths
        // differ from the GET's.
        let sameLength = get.status == .ok && uri != "/metrics"
        /// The fields, without those that name the moment, or the length where it differs.
        func fields(_ headers: HTTPFields) -> [String] {
            headers.filter { $0.name != .date && (sameLength || $0.name != .contentLength) }.map { "\($0.name.canonicalName): \($0.value)" }.sorted()
        }
        #expect(fields(head.headers) == fields(get.headers))
        if sameLength { #expect(head.headers[.contentLength] == String(get.body.readableBytes)) }
    }

    @Test func aGetWithABodyIsA400() async throws {
        let server = try await Self.server()
        try await server.application().test(.router) { client in
            let bodies: [(HTTPFields, ByteBuffer)] = [([:], ByteBuffer(string: "{}")), ([.transferEncoding: "chunked"], ByteBuffer(string: "x"))]
            for (headers, body) in bodies {
                let response = try await client.execute(
                    uri: "/v1/port-schedules?UNLocationCode=NLRTM&date=2026-03-02", method: .get, headers: headers, body: body)
                #expect(response.status == .badRequest)
                let text = String(buffer: response.body)
                #expect(try JSONSchemas.problems([text], dcsa: "ErrorResponse").isEmpty, "\(text)")
                #expect(
                    try Self.decode(Components.Schemas.ErrorResponse.self, text).errors.first?.errorCodeMessage
                        == "A GET request takes no body: give the parameters in the query.")
            }
            // A POST is told which methods there are, body or not.
            #expect(try await client.execute(uri: "/health", method: .post, body: ByteBuffer(string: "{}")).status == .methodNotAllowed)
        }
    }

    /// HTTP/1.0 closes the connection after the answer unless the request asks to keep it alive; HTTP/1.1 keeps it
    /// unless the request says `Connection: close`. Spoken over a socket, as the testing client speaks HTTP/1.1 only.
    @Test func http10ClosesTheConnectionAfterTheAnswer() async throws {
        let server = try await Self.server()
        try await server.application().test(.live) { client in
            let port = try #require(client.port)
            let closed = try await Self.exchange("GET /health HTTP/1.0\r\n\r\n", port: port)
            #expect(closed.closed && closed.text.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(closed.text)")
            #expect(closed.text.lowercased().contains("\r\nconnection: close\r\n"))
            #expect(closed.text.contains(#""status":"ready""#))
            let spelt = try await Self.exchange("HEAD /health HTTP/1.1\r\nHost: localhost\r\nConnection: Close\r\n\r\n", port: port)
            #expect(spelt.closed && spelt.text.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(spelt.text)")
            for request in ["GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n", "GET /health HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"] {
                let open = try await Self.exchange(request, port: port)
                #expect(!open.closed && open.text.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(request): \(open.text)")
                #expect(!open.text.lowercased().contains("connection: close"))
            }
        }
    }

    /// Sends a request over a new connection, reads its whole answer, and then whether the server closes the
    /// connection within a second.
    ///
    /// The answer is awaited for up to a minute, as a machine busy with the other tests may be slow to give it; the
    /// close follows the answer at once, so a second tells an open connection from a closed one.
    ///
    /// - Returns: What was read, and whether the server closed the connection.
    static func exchange(_ request: String, port: Int) async throws -> (text: String, closed: Bool) {
        struct SocketError: Error { let call: String, errno: Int32 }
        return try await withCheckedThrowingContinuation { continuation in
            // Blocking calls, on a thread of their own rather than on the pool that answers the request.
            DispatchQueue.global().async {
                let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                defer { close(descriptor) }
                func receiveTimeout(seconds: Int) {
                    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
                    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                }
                var address = sockaddr_in()
                address.sin_family = sa_family_t(AF_INET)
                address.sin_port = in_port_t(UInt16(port).bigEndian)
                address.sin_addr.s_addr = inet_addr("127.0.0.1")
                let connected = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
                }
                guard connected == 0 else { return continuation.resume(throwing: SocketError(call: "connect", errno: errno)) }
                let bytes = Array(request.utf8)
                guard send(descriptor, bytes, bytes.count, 0) == bytes.count else {
                    return continuation.resume(throwing: SocketError(call: "send", errno: errno))
                }
                /// Whether `received` holds a whole answer: its head, and as many bytes of body as it announces (none
                /// for HEAD).
                func isComplete(_ received: [UInt8]) -> Bool {
                    let text = String(decoding: received, as: UTF8.self)
                    guard let end = text.range(of: "\r\n\r\n") else { return false }
                    if request.hasPrefix("HEAD ") { return true }
                    let length =
                        text[..<end.lowerBound].split(separator: "\r\n")
                        .first { $0.lowercased().hasPrefix("content-length:") }
                        .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                    return text.utf8.count - text.utf8.distance(from: text.startIndex, to: end.upperBound) >= length
                }
                var received: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 65_536)
                receiveTimeout(seconds: 60)
                while true {
                    if isComplete(received) { receiveTimeout(seconds: 1) }
                    let count = recv(descriptor, &buffer, buffer.count, 0)
                    if count > 0 { received += buffer[..<count]; continue }
                    if count < 0 && errno == EINTR { continue }
                    return continuation.resume(returning: (String(decoding: received, as: UTF8.self), count == 0))
                }
            }
        }
    }

    // MARK: Failures of the server's own

    /// A stream that keeps what is written to it.
    final class LogLines: TextOutputStream, Sendable {
        let text = Mutex("")
        func write(_ string: String) { text.withLock { $0 += string } }
    }

    @Test func aFailureOfAnOperationIsA500WhoseCauseIsLogged() async throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "the disk caught fire" } }
        let lines = LogLines()
        let logger = Logger(label: "test") { StreamLogHandler(label: $0, stream: lines, metadataProvider: nil) }
        let api = try await Self.api()
        let router = Router()
        router.get("/v1/port-schedules") { request, _ in
            await api.answer(request) { (_: OperationQuery<PortScheduleParameter>) async throws -> OperationAnswer in throw Broken() }
        }
        let response = try await withLogger(logger) { _ in
            try await Application(router: router, logger: logger).test(.router) { client in
                try await client.execute(uri: "/v1/port-schedules?UNLocationCode=NLRTM&date=2026-03-02", method: .get) { $0 }
            }
        }
        #expect(response.status == .internalServerError)
        let text = String(buffer: response.body)
        #expect(try JSONSchemas.problems([text], dcsa: "ErrorResponse").isEmpty, "\(text)")
        let log = lines.text.withLock { $0 }
        #expect(log.contains("request failed") && log.contains("reason=the disk caught fire"), "\(log)")
    }

    /// A document that cannot be written (a number that is not finite) is a 500 with a body, never an empty 200.
    @Test func aDocumentThatCannotBeWrittenIsA500() async throws {
        let api = try await Self.api()
        let router = Router()
        router.get("/v1/port-schedules") { request, _ in
            await api.answer(request) { (_: OperationQuery<PortScheduleParameter>) async throws -> OperationAnswer in
                .ok([Double.infinity], nextPageCursor: nil)
            }
        }
        let response = try await Application(router: router, logger: Self.logger).test(.router) { client in
            try await client.execute(uri: "/v1/port-schedules?UNLocationCode=NLRTM&date=2026-03-02", method: .get) { $0 }
        }
        #expect(response.status == .internalServerError)
        #expect(try JSONSchemas.problems([String(buffer: response.body)], dcsa: "ErrorResponse").isEmpty)
    }

    /// An unreadable query is its one problem, whatever else the request has; a parameter given blank and again is
    /// one problem too.
    @Test func anUnreadableQueryIsOneProblemAndABlankParameterOne() async throws {
        let server = try await Self.server()
        var headers = HTTPFields()
        headers[HTTPField.Name("API-Version")!] = "2"
        let unreadable = try await Self.get("/v1/port-schedules?UNLocationCode=%ZZ", from: server, schema: "ErrorResponse", headers: headers)
        #expect(try Self.decode(Components.Schemas.ErrorResponse.self, unreadable.body).errors.count == 1)
        let twice = try await Self.get("/v1/port-schedules?UNLocationCode=NLRTM&date=2026-03-02&limit=&limit=5", from: server, schema: "ErrorResponse")
        #expect(try Self.decode(Components.Schemas.ErrorResponse.self, twice.body).errors.map(\.property) == ["limit"])
    }

    @Test func anErrorWithoutAStatusIsA500WhoseCauseIsLogged() async throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "the disk caught fire" } }
        let lines = LogLines()
        let router = Router()
        router.add(middleware: RequestLogMiddleware(metrics: ServerMetrics(), maximumRequestBytes: 8_192))
        router.get("/broken") { _, _ -> Response in throw Broken() }
        let application = Application(router: router, logger: Logger(label: "test") { StreamLogHandler(label: $0, stream: lines, metadataProvider: nil) })
        let response = try await application.test(.router) { client in try await client.execute(uri: "/broken", method: .get) { $0 } }
        #expect(response.status == .internalServerError)
        let text = String(buffer: response.body)
        #expect(try JSONSchemas.problems([text], dcsa: "ErrorResponse").isEmpty, "\(text)")
        let log = lines.text.withLock { $0 }
        #expect(log.contains("request failed") && log.contains("reason=the disk caught fire"), "\(log)")
        #expect(log.contains("status=500"))
    }

    /// The operations over the bundled network, as ``server(budget:)`` serves them.
    static func api() async throws -> CommercialSchedulesAPI {
        let server = try await Self.server()
        let schedule = InMemoryScheduleRepository(network: server.schedule.network)
        let now: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_772_323_200) }
        return CommercialSchedulesAPI(
            application: RoutePlannerComposition(
                files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(), locations: schedule, voyages: schedule, cargo: InMemoryCargoRepository(),
                now: now),
            schedules: ScheduleHolder(server.schedule), budget: .seconds(300), metrics: ServerMetrics(), now: now)
    }
}
