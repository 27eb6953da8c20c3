import ArgumentParser
import BundledData
import Foundation
import Logging
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerFormats
import RoutePlannerServer
import RoutePlannerStore

/// `route-planner serve`: DCSA Commercial Schedules 1.0.3 over HTTP, on the schedule given or the bundled one.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the planner's desk and DCSA Commercial Schedules 1.0.3 over HTTP.",
        discussion: """
            The desk: open / in a browser (routes, schedules, cargo, booking, customers, assignments; see docs/Desk.md). \
            Without users in the store (route-planner user add), the cargo screens answer only when the server listens on a \
            loopback address; with them, every screen asks for a login, on any address. With --store, the lifecycle API \
            answers under /api/v1/ to programs' tokens (route-planner token create; docs/API.md). \
            The DCSA API: GET /v1/point-to-point-routes, /v1/port-schedules and /v1/vessel-schedules as docs/dcsa/CS_v1.0.3.yaml \
            defines them; GET /health and GET /metrics (Prometheus). SIGHUP reloads the schedule files (a schedule \
            that fails to load leaves the old one serving); SIGTERM or SIGINT stops the server once the requests in \
            flight are answered. One line per request is logged on standard error; a reader of it that does not keep up \
            loses lines (counted in /metrics), never answers. See docs/Server.md.
            """)

    @OptionGroup var schedule: ScheduleOptions

    @Option(
        help: ArgumentHelp(
            "The store the desk and the lifecycle API keep cargo, customers and users in: an SQLite file (created when missing), or a PostgreSQL database as postgres://USER@HOST[:PORT]/DATABASE (its password in PGPASSWORD), which several servers may share. Default: none, and the desk keeps them in memory until the server stops.",
            valueName: "store"))
    var store: String?

    @Option(
        help: ArgumentHelp(
            "The desk's clock stands at this date (the start of the day, UTC) or date-time with a zone, not now: for a rehearsal on a schedule laid out from another week (--first-week). Bookings' deadlines are checked against it, and the API's default date windows start from it.",
            valueName: "date"))
    var asOf: String?

    @Option(
        help: ArgumentHelp(
            "The address to listen on. Without users in the store (`route-planner user add`), the cargo screens answer on a loopback address only; with them, on any address, to users who log in.",
            valueName: "address"))
    var host = "127.0.0.1"

    @Flag(help: "Mark the session's cookie Secure, so that browsers send it over HTTPS only: for a desk reached through a proxy that ends TLS.")
    var secureCookies = false

    @Option(
        help: ArgumentHelp(
            "The address of a proxy in front of the server (repeat for several): its X-Forwarded-For names the client, whose address failed logins are counted under.",
            valueName: "address"))
    var trustedProxy: [String] = []

    @Option(help: ArgumentHelp("The port to listen on, from 0 (any free port) to 65535.", valueName: "port"))
    var port = 8080

    @Option(
        help: ArgumentHelp(
            "The longest a route search may run, in milliseconds, from 1 to 600000: the API's point-to-point search is answered 503 past it, and the desk's says it was stopped.",
            valueName: "ms"))
    var searchBudget = 2_000

    @Option(help: ArgumentHelp("The least level logged: trace, debug, info, notice, warning, error or critical.", valueName: "level"))
    var logLevel = "info"

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port \(port): give a port from 0 to 65535.") }
        guard (1...600_000).contains(searchBudget) else {
            throw ValidationError("--search-budget \(searchBudget): give a number of milliseconds from 1 to 600000.")
        }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level \(logLevel): give trace, debug, info, notice, warning, error or critical.")
        }
        guard !host.isEmpty else { throw ValidationError("--host: give an address, such as 127.0.0.1.") }
        try BookCommand.check(asOf: asOf)
    }

    func run() async throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        // Logging queues its lines for a thread of their own, so that a reader that stops reading costs lines, not
        // answers; a reader that is gone costs lines too, not the process.
        signal(SIGPIPE, SIG_IGN)
        let writer = LogWriter()
        LoggingSystem.bootstrap { label in writer.handler(label: label, level: level) }
        defer { writer.flush() }
        let logger = Logger(label: "route-planner")
        let files = schedule.files, haulage = schedule.haulageFile
        let source =
            self.schedule.schedule == nil
            ? schedule.bundledName
            : [files.schedule, files.locations, files.capacities, files.distances, haulage].compactMap { $0?.lastPathComponent }.joined(separator: ", ")
        let server: ScheduleServer, desk: DeskConfiguration, weeks: Int
        var events: (any CarrierEventRepository)? = nil
        let asOf = self.asOf.flatMap(BookCommand.date)
        let now: @Sendable () -> Date = { asOf ?? Date() }
        if let store {
            // The schedule is laid out from the week the store's cargo was planned on.
            // The server composes the application over these, once.
            let (opened, live, moved) = try await schedule.openStore(store, creating: true)
            weeks = moved
            let roundTrips = opened.roundTrips
            desk = DeskConfiguration(
                cargo: opened.cargoRepository(voyages: live), customers: opened.customerRepository, accounts: opened.accountRepository,
                assignmentRuns: opened.assignmentRunRepository, solver: GLPKAssignmentSolver(), keepsCargo: true, secureCookies: secureCookies,
                liveSchedule: live,
                storeRoundTrips: { StoreRoundTrips.Kind.allCases.map { ($0.rawValue, roundTrips[$0]) } })
            events = live.events
        } else {
            weeks = schedule.weeksMoved
            desk = DeskConfiguration(
                cargo: InMemoryCargoRepository(), customers: InMemoryCustomerRepository(), solver: GLPKAssignmentSolver(), keepsCargo: false,
                secureCookies: secureCookies)
        }
        let store = events
        let load: ScheduleServer.Loader = {
            let published = try await ScheduleFileRepository(
                locations: files.locations, schedule: files.schedule, capacities: files.capacities, distances: files.distances, haulage: haulage,
                importer: BundledData.scheduleImporter, movedByWeeks: weeks
            ).network()
            // The schedule the store's carriers' events moved.
            guard let store else { return published }
            return try await store.scheduleChanges().liveSchedule(over: published).network()
        }
        var version: (@Sendable () async throws -> Int)?
        if let store { version = { try await store.scheduleVersion() } }
        do {
            server = try await ScheduleServer(
                configuration: ServerConfiguration(
                    host: host, port: port, searchBudget: .milliseconds(searchBudget), trustedProxies: Set(trustedProxy)), source: source, logger: logger,
                logWriter: writer, now: now, desk: desk, scheduleVersion: version, load: load)
        } catch {
            writer.flush()
            printError(String(describing: error))
            throw ExitCode.failure
        }
        let host = self.host
        do {
            try await server.run { port in
                writer.write(
                    "route-planner serve: listening on http://\(host):\(port) (the desk at /; GET /v1/point-to-point-routes, /v1/port-schedules, /v1/vessel-schedules, /health, /metrics)\n"
                )
            }
        } catch {
            writer.flush()
            printError("error: --host \(host) --port \(port): the server could not run: \(error)")
            throw ExitCode.failure
        }
    }
}
