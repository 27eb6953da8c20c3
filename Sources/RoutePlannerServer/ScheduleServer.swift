import DCSACommercialSchedules
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerBcrypt
import RoutePlannerDesk
import RoutePlannerFormats
import ServiceLifecycle
import Synchronization
import UnixSignals

/// An HTTP server of DCSA Commercial Schedules 1.0.3 over a schedule, on Hummingbird.
///
/// - `GET /v1/point-to-point-routes`, `GET /v1/port-schedules`, `GET /v1/vessel-schedules`: the standard's
///   operations (`CommercialSchedulesAPI`), each reading its query with one parser (`OperationQuery`) and
///   answering with the documents of the types generated from the specification;
/// - `/api/v1/…`: the lifecycle API for programs (`LifecycleAPI`), with the desk's store, as the user of a token;
/// - every other path: the planner's desk (`Desk`), the web application over the same schedule, when the server
///   is made with a ``DeskConfiguration``;
/// - `GET /health`: 200 with the schedule served, once it is loaded (the server starts only then);
/// - `GET /metrics`: the metrics in Prometheus's text format (`ServerMetrics`);
/// - `HEAD` wherever `GET` is served: the same status and headers, without the body;
/// - another method on one of these paths: 405, `Allow: GET, HEAD`.
///
/// The schedule is loaded, and prepared for many searches (`ScheduleNetwork.preparedForSearches()`),
/// before the server starts, and again on `SIGHUP` (``reload()``). Requests in flight finish on the schedule they
/// started with, and a schedule that fails to load, or has no voyages, leaves the old one serving. `SIGTERM` and
/// `SIGINT` stop the server gracefully: it stops accepting connections and finishes the requests in flight.
public final class ScheduleServer: Sendable {
    /// Reads the schedule: the network, or an error whose description says what is wrong with the files.
    public typealias Loader = @Sendable () async throws -> ScheduleNetwork

    public let configuration: ServerConfiguration
    private let source: String
    private let load: Loader
    private let logger: Logger
    private let now: @Sendable () -> Date
    private let holder: ScheduleHolder
    let metrics: ServerMetrics
    /// The process's one composition of the application, over the schedule served now: the DCSA API, the lifecycle API
    /// and the desk run their use cases through it, each request acting for its own user.
    private let application: RoutePlannerComposition
    let desk: Desk?
    private let lifecycle: LifecycleAPI?
    /// The version of the schedule a store's carriers' events made, which the server follows (`FollowScheduleVersion`).
    private let followsStore: (@Sendable () async throws -> Int)?

    /// Loads the schedule and makes a server for it; nothing listens yet.
    ///
    /// - Parameters:
    ///   - configuration: The address, the port and the limits the server keeps.
    ///   - source: What the loader reads, for the logs and `/health`: the files' names.
    ///   - logger: Where the requests and the reloads are logged.
    ///   - logWriter: The writer the logger's lines go through, whose dropped lines `/metrics` counts.
    ///   - now: The clock that the defaults of the date windows are taken from.
    ///   - desk: Where the desk keeps cargo and customers, and its solver; `nil` serves the API alone.
    ///   - scheduleVersion: The version of the store's live schedule, when the loader reads one: the server loads the
    ///     schedule again when another process moves it (it asks the store every 5 seconds: `FollowScheduleVersion`).
    ///   - load: Reads the schedule, now and on every reload.
    /// - Throws: The loader's error when the schedule cannot be loaded, and ``EmptySchedule`` when it has no voyages.
    public init(
        configuration: ServerConfiguration = ServerConfiguration(), source: String, logger: Logger, logWriter: LogWriter? = nil,
        now: @escaping @Sendable () -> Date = { Date() }, desk: DeskConfiguration? = nil,
        scheduleVersion: (@Sendable () async throws -> Int)? = nil, load: @escaping Loader
    ) async throws {
        self.configuration = configuration
        followsStore = scheduleVersion
        self.source = source
        self.load = load
        self.logger = logger
        self.now = now
        metrics = ServerMetrics(droppedLogLines: { logWriter?.droppedLines ?? 0 }, storeRoundTrips: desk?.storeRoundTrips)
        let network = try await Self.load(load)
        let holder = ScheduleHolder(ServedSchedule(network: network, source: source, loadedAt: now(), generation: 1))
        self.holder = holder
        let reloads = Reloads()
        // The process's one composition of the application, over the schedule served now, whichever reload it is at;
        // each request only says who acts (`acting(as:)`).
        let served = InMemoryScheduleRepository(serving: { holder.current.network })
        let application = RoutePlannerComposition(
            files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(), locations: served, voyages: served,
            cargo: desk?.cargo ?? InMemoryCargoRepository(), customers: desk?.customers ?? InMemoryCustomerRepository(),
            accounts: desk?.accounts ?? InMemoryAccountRepository(), assignmentRuns: desk?.assignmentRuns ?? InMemoryAssignmentRunRepository(),
            liveSchedule: desk?.liveSchedule, now: now)
        self.application = application
        self.desk =
            if let desk {
                Desk(
                    application: application, network: { holder.current.network }, solver: desk.solver,
                    servesCargo: ServerConfiguration.isLoopback(configuration.host), keepsCargo: desk.keepsCargo, searchBudget: configuration.searchBudget,
                    secureCookies: desk.secureCookies, logger: logger, scheduleChanged: { await reloads.reload() })
            } else {
                nil
            }
        lifecycle = desk.map { _ in LifecycleAPI(application: application, scheduleChanged: { await reloads.reload() }, budget: configuration.searchBudget) }
        logger.info(
            "schedule loaded", metadata: ["source": .string(source), "voyages": .stringConvertible(network.voyageCount), "generation": "1"])
        reloads.server = self
    }

    /// The schedule being served.
    public var schedule: ServedSchedule { holder.current }

    /// A schedule that loads but has nothing to serve, such as a file cut short to its header.
    public struct EmptySchedule: Error, CustomStringConvertible {
        public var description: String { "the schedule has no voyages: a server of it would answer every query with nothing" }
    }

    /// The loader's network, prepared for many searches; a network without voyages is refused.
    ///
    /// The loader reads files and the preparation takes a while, so both run on the searches' threads, never on
    /// the cooperative pool that answers the requests.
    private static func load(_ load: @escaping Loader) async throws -> ScheduleNetwork {
        try await withTaskExecutorPreference(CommercialSchedulesAPI.searches) {
            let network = try await load()
            guard network.voyageCount > 0 else { throw EmptySchedule() }
            return network.preparedForSearches()
        }
    }

    /// Loads the schedule again and serves it from now on; when it fails to load, logs why and keeps serving the
    /// old one.
    ///
    /// - Returns: Whether the new schedule is served.
    @discardableResult
    public func reload() async -> Bool {
        do {
            let network = try await Self.load(load)
            let served = holder.replace(with: network, source: source, at: now())
            metrics.reloaded(true)
            logger.info(
                "schedule reloaded",
                metadata: [
                    "source": .string(source), "voyages": .stringConvertible(network.voyageCount),
                    "generation": .stringConvertible(served.generation),
                ])
            return true
        } catch {
            metrics.reloaded(false)
            logger.error(
                "schedule reload failed; still serving the schedule loaded before",
                metadata: ["source": .string(source), "generation": .stringConvertible(holder.current.generation), "reason": .string("\(error)")])
            return false
        }
    }

    /// The paths for operators: readiness and metrics.
    static let operationalPaths = ["/health", "/metrics"]

    /// Every path of the APIs, as their tables of operations declare them (``CommercialSchedulesAPI/operations``,
    /// ``LifecycleAPI/operations``) with the operators' paths: the desk leaves each path under one of their first
    /// segments to them.
    static var apiPaths: [String] {
        CommercialSchedulesAPI.operations.map(\.path) + LifecycleAPI.operations.map(\.path) + operationalPaths
    }

    /// The Hummingbird application: the routes, the middleware and the bounds of ``configuration``.
    ///
    /// - Parameter onServerRunning: Called with the port listened on, once it listens.
    public func application(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) throws -> some ApplicationProtocol {
        // HEAD is answered wherever GET is, with the same status and headers and no body.
        let router = Router(context: ServerRequestContext.self, options: .autoGenerateHeadEndpoints)
        // Middleware applies to the routes added after it.
        router.add(middleware: RequestLogMiddleware(metrics: metrics, maximumRequestBytes: configuration.maximumRequestBytes))
        // The desk answers every path that is not the APIs', the unmatched ones included (with its 404 page).
        if let desk { router.add(middleware: DeskMiddleware(desk: desk, apiPaths: Self.apiPaths, trustedProxies: configuration.trustedProxies)) }
        router.get(RouterPath(Self.operationalPaths[0])) { _, _ in self.health() }
        router.get(RouterPath(Self.operationalPaths[1])) { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: self.metrics.exposition())))
        }
        let api = CommercialSchedulesAPI(application: application, schedules: holder, budget: configuration.searchBudget, metrics: metrics, now: now)
        for operation in CommercialSchedulesAPI.operations {
            router.get(RouterPath(operation.path)) { request, _ in await operation.answer(api, request) }
        }
        lifecycle?.add(to: router)
        // Every path is read only: another method is told so, with the one it allows.
        for path in CommercialSchedulesAPI.operations.map(\.path) + Self.operationalPaths {
            for method in [HTTPRequest.Method.post, .put, .patch, .delete] {
                router.on(RouterPath(path), method: method) { request, _ in ErrorDocument.methodNotAllowed(request) }
            }
        }
        let bytes = configuration.maximumRequestBytes
        return Application(
            router: router,
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [ConnectionCloseHandler.Installer()],
                    idleTimeout: TimeAmount.nanoseconds(
                        Int64(configuration.idleTimeout.components.seconds) * 1_000_000_000
                            + configuration.idleTimeout.components.attoseconds / 1_000_000_000),
                    // Room beyond the bound, so that the middleware answers an over-long target with a document.
                    httpDecoderConfiguration: .init(maxHeaderFieldSize: 8 * bytes, maxHeaderListSize: 8 * bytes, maxHeaderFieldCount: 100))),
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port), serverName: "route-planner"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
            logger: logger)
    }

    /// Runs the server until `SIGTERM` or `SIGINT`, reloading the schedule on `SIGHUP`.
    ///
    /// - Parameter onServerRunning: Called with the port listened on, once it listens.
    public func run(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let application = try application(onServerRunning: onServerRunning)
        // Services shut down in reverse order: the server first (it drains its requests), then the reloader, then the
        // desk's assignment runs, which stop and record that they were cancelled.
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: (desk.map { [CancelRunsOnShutdown(desk: $0)] } ?? []) + [ReloadOnHangUp(server: self)]
                    + (followsStore.map { [FollowScheduleVersion(server: self, version: $0)] } ?? []) + [application],
                gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
        logger.info("stopped")
    }

    /// The readiness document: the schedule served.
    private func health() -> Response {
        struct Health: Encodable {
            let status = "ready"
            let source: String
            let loadedAt: String
            let generation: Int
            let ports, voyages, movements: Int
        }
        let schedule = holder.current
        let health = Health(
            source: schedule.source, loadedAt: String(ISO8601DateFormatter().string(from: schedule.loadedAt)), generation: schedule.generation,
            ports: schedule.network.locations.count, voyages: schedule.network.voyageCount, movements: schedule.network.movementCount)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(health)) ?? Data()
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// Waits for the server to shut down, then cancels the desk's assignment runs that work in this process and waits until
/// the store says so: a run is never left running by a server that stopped.
struct CancelRunsOnShutdown: Service {
    let desk: Desk

    func run() async throws {
        try? await gracefulShutdown()
        await desk.shutDown()
    }
}

/// Reloads the schedule at each `SIGHUP`, until the server shuts down.
struct ReloadOnHangUp: Service {
    let server: ScheduleServer

    func run() async throws {
        for await _ in await UnixSignalsSequence(trapping: .sighup).cancelOnGracefulShutdown() {
            await server.reload()
        }
    }
}

/// Loads the schedule again whenever the store's live schedule has another version: a batch of carriers' events
/// applied by another process over the same store (this server's own batches reload it at once).
struct FollowScheduleVersion: Service {
    let server: ScheduleServer
    let version: @Sendable () async throws -> Int
    /// How often the store is asked: every 5 seconds.
    var interval = Duration.seconds(5)

    func run() async throws {
        let (server, version, interval) = (server, version, interval)
        await cancelWhenGracefulShutdown {
            var known = try? await version()
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled, let now = try? await version(), now != known else { continue }
                if await server.reload() { known = now }
            }
        }
    }
}

/// The server that the desk and the lifecycle API ask to load the schedule again after they applied carriers' events:
/// known once the server is made, which they are made before (held weakly, since the server holds them).
final class Reloads: Sendable {
    private struct Weak {
        weak var server: ScheduleServer?
    }

    private let state = Mutex(Weak())

    var server: ScheduleServer? {
        get { state.withLock { $0.server } }
        set { state.withLock { $0.server = newValue } }
    }

    func reload() async {
        _ = await server?.reload()
    }
}
