import ArgumentParser
import BundledData
import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerBcrypt
import RoutePlannerFormats
import RoutePlannerStore

/// The schedule files shared by every command; the bundled network without them.
struct ScheduleOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The schedule: a CSV file (voyage, from, to, departure, arrival[, capacity_teu, vessel, service, cut_off_…]) with --locations, or a DCSA Commercial Schedules vessel-schedules JSON document (the body of GET /v1/vessel-schedules).",
            valueName: "file"))
    var schedule: String?

    @Option(
        help: ArgumentHelp(
            "The locations CSV file (unlocode, name[, country, transshipment_hours, latitude, longitude, time_zone]); required with a CSV schedule, optional with a DCSA one (its ports are then named from the UN/LOCODE list and take 24 h to transship).",
            valueName: "file"))
    var locations: String?

    @Option(
        help: ArgumentHelp(
            "The capacities of a DCSA schedule's voyages, a CSV file (voyage or vessel_imo, capacity_teu[, mode: vessel, barge or rail]); assign needs it.",
            valueName: "file"))
    var capacities: String?

    @Option(
        help: ArgumentHelp(
            "The sea distances of a DCSA schedule's sailings, a CSV file (from, to, distance_nm; a pair serves both ways); without it, the ports' great-circle distance times 1.15.",
            valueName: "file"))
    var distances: String?

    @Option(
        help: ArgumentHelp(
            "Hauls by truck between the schedule's places, a CSV file (from, to[, hours, distance_km, cost_per_teu, co2e_kg_per_teu]; a row serves both ways), so that cargo goes from and to inland places.",
            valueName: "file"))
    var haulage: String?

    @Flag(
        help: ArgumentHelp(
            "Plan on the bundled network with its inland places: Yangtze barges from Chongqing to Shanghai, Rhine barges and trains from Rotterdam to Duisburg and Basel, and trucks to factories and warehouses (Data/README.md)."
        ))
    var inland = false

    @Option(
        help: ArgumentHelp(
            "The week the bundled schedule's 26 weeks start: the week (Monday to Sunday, UTC) of this date. Default: $ROUTE_PLANNER_FIRST_WEEK, else the current week; 2026-01-05 lays it out as its files hold it. A store keeps the week it was first used with.",
            valueName: "date"))
    var firstWeek: String?

    /// The environment variable that sets ``firstWeek``'s default, for a whole session (the examples of README.md).
    static let firstWeekVariable = "ROUTE_PLANNER_FIRST_WEEK"

    func validate() throws {
        if schedule != nil && firstWeek != nil {
            throw ValidationError("--first-week lays out the bundled schedule; a --schedule file keeps its own dates.")
        }
        if let firstWeek, Self.day(firstWeek) == nil {
            throw ValidationError("--first-week: Enter a date, such as 2026-01-05.")
        }
        if schedule == nil, firstWeek == nil, let text = ProcessInfo.processInfo.environment[Self.firstWeekVariable], Self.day(text) == nil {
            throw ValidationError("\(Self.firstWeekVariable)=\(text): Enter a date, such as 2026-01-05.")
        }
        if inland && schedule != nil {
            throw ValidationError("--inland plans on the bundled network; a --schedule file brings its own places.")
        }
        if inland && haulage != nil {
            throw ValidationError("--inland brings its own haulage table: leave out --haulage, or --inland to add yours to the bundled network.")
        }
        if schedule == nil && locations != nil {
            throw ValidationError("--locations goes with --schedule: give both, or neither for the bundled network.")
        }
        if schedule == nil && capacities != nil {
            throw ValidationError("--capacities goes with a DCSA --schedule.")
        }
        if schedule == nil && distances != nil {
            throw ValidationError("--distances goes with a DCSA --schedule.")
        }
    }

    /// The files, or the bundled ones.
    var files: (locations: URL?, schedule: URL, capacities: URL?, distances: URL?) {
        guard let schedule else {
            let bundled = inland ? BundledData.worldSmallInlandDirectory : BundledData.worldSmallDirectory
            return (bundled.appendingPathComponent("locations.csv"), bundled.appendingPathComponent("schedule.csv"), nil, nil)
        }
        return (
            locations.map { URL(fileURLWithPath: $0) }, URL(fileURLWithPath: schedule), capacities.map { URL(fileURLWithPath: $0) },
            distances.map { URL(fileURLWithPath: $0) }
        )
    }

    /// The week the bundled schedule starts, asked for by `--first-week` or the environment, if at all.
    private var requestedFirstWeek: Date? {
        (firstWeek ?? ProcessInfo.processInfo.environment[Self.firstWeekVariable]).flatMap(Self.day)
    }

    /// The weeks the bundled schedule and bookings move from the dates their files hold: to the week asked for, else
    /// the current week; none for a `--schedule` file.
    var weeksMoved: Int {
        schedule == nil ? BundledData.weeks(toWeekOf: requestedFirstWeek ?? Date()) : 0
    }

    /// The default ready date of a route: the Monday of the bundled schedule's ninth week, so that sailings run
    /// before and after it (2026-03-02 as the files hold it); that date for a `--schedule` file too.
    var defaultReady: String {
        DateText.day(BundledData.monday(weeksAfterFirst: weeksMoved + 8))
    }

    /// A date, `yyyy-MM-dd` or a date-time with a zone, or `nil`.
    private static func day(_ text: String) -> Date? {
        guard case .success(let date) = DateText.date(from: text, endOfDay: false) else { return nil }
        return date
    }

    /// The haulage table, if one is given, or the bundled inland network's.
    var haulageFile: URL? {
        inland ? BundledData.worldSmallInlandDirectory.appendingPathComponent("haulage.csv") : haulage.map { URL(fileURLWithPath: $0) }
    }

    /// What messages call the bundled network: with its inland places, or with the haulage table given.
    var bundledName: String {
        inland
            ? "the bundled WorldSmall schedule with its inland places"
            : "the bundled WorldSmall schedule" + (haulageFile.map { " with \($0.lastPathComponent)" } ?? "")
    }

    /// The files given besides the schedule, in the order the options list them.
    private var sideFiles: [URL] { [files.locations, files.capacities, files.distances, haulageFile].compactMap { $0 } }

    /// The application wired to the files, or to the bundled network and bookings, with the hauls of the haulage table
    /// and a what-if scenario.
    func composition(bookings: String? = nil, scenario: Scenario = Scenario()) -> RoutePlannerComposition {
        let bundledBookings = schedule == nil ? BundledData.worldSmallDirectory.appendingPathComponent("bookings.csv") : nil
        return RoutePlannerComposition(
            passwords: BcryptPasswordHasher(), locations: files.locations, schedule: files.schedule, capacities: files.capacities, distances: files.distances,
            haulage: haulageFile, bookings: bookings.map { URL(fileURLWithPath: $0) } ?? bundledBookings, scenario: scenario,
            importer: BundledData.scheduleImporter,
            movedByWeeks: weeksMoved)
    }

    /// The application wired to the store and the schedule, with a what-if scenario; warns on standard
    /// error when the schedule is not the one the store's cargo was planned against.
    ///
    /// - Parameter creating: Whether a missing store is created: only by the commands that record customers
    ///   or cargo (`customer`, `book`); the others need a store that exists.
    ///   - now: The clock new bookings are checked against.
    func composition(
        store path: String, creating: Bool = false, scenario: Scenario = Scenario(), now: @escaping @Sendable () -> Date = { Date() }
    ) async throws -> RoutePlannerComposition {
        let (store, schedule, _) = try await openStore(path, creating: creating, scenario: scenario)
        return RoutePlannerComposition(
            files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(), locations: schedule, voyages: schedule,
            cargo: store.cargoRepository(voyages: schedule), customers: store.customerRepository,
            accounts: store.accountRepository, liveSchedule: schedule, now: now)
    }

    /// The application wired to the store of the lifecycle commands, acting as its `--user` when one is given.
    func composition(
        store: StoreOptions, creating: Bool = false, scenario: Scenario = Scenario(), now: @escaping @Sendable () -> Date = { Date() }
    ) async throws -> RoutePlannerComposition {
        try await store.acting(await composition(store: store.store, creating: creating, scenario: scenario, now: now))
    }

    /// The store, the schedule its carriers' events moved (with the what-if scenario over it), and the weeks the schedule
    /// is moved by: the week the store keeps, which `serve` lays its schedule out from too. Warns on standard error when
    /// the schedule is not the one the store's cargo was planned against.
    func openStore(
        _ path: String, creating: Bool = false, scenario: Scenario = Scenario()
    ) async throws -> (store: any Store, schedule: LiveScheduleRepository, weeksMoved: Int) {
        let store = try await StoreOptions.open(path, creating: creating)
        let files = self.files, weeks = try await weeksMoved(in: store)
        let published = ScheduleFileRepository(
            locations: files.locations, schedule: files.schedule, capacities: files.capacities, distances: files.distances, haulage: haulageFile,
            importer: BundledData.scheduleImporter, movedByWeeks: weeks)
        // The schedule the store's carriers' events moved, with the what-if scenario over it.
        let schedule = LiveScheduleRepository(published: published, events: store.carrierEventRepository, scenario: scenario)
        let name =
            self.schedule == nil
            ? bundledName
            : ([files.schedule] + sideFiles).map(\.lastPathComponent).joined(separator: " and ")
        if let fingerprint = Self.fingerprint(of: [files.locations, files.schedule, files.capacities, files.distances, haulageFile].compactMap { $0 }),
            let warning = try? await store.noteSchedule(fingerprint: fingerprint, name: name)
        {
            printError("warning: " + warning)
        }
        return (store, schedule, weeks)
    }

    /// The weeks the bundled schedule moves for a store's cargo: to the week the store recorded when it was first
    /// used, so that its cargo finds the dates it was planned on; a `--first-week` that differs is refused.
    private func weeksMoved(in store: any Store) async throws -> Int {
        guard schedule == nil else { return 0 }
        let asked = DateText.day(BundledData.monday(weeksAfterFirst: weeksMoved))
        let recorded: String
        do {
            recorded = try await store.timetableWeek(proposing: asked)
        } catch {
            printError("error: --store \(error)")
            throw ExitCode.failure
        }
        guard let week = Self.day(recorded) else {
            printError("error: --store \(store.path): its bundled schedule's first week, '\(recorded)', is not a date")
            throw ExitCode.failure
        }
        if firstWeek != nil && recorded != asked {
            printError(
                "error: --first-week \(firstWeek!): the cargo in \(store.path) was planned on the bundled schedule from the week of \(recorded); give that week, or no --first-week"
            )
            throw ExitCode.failure
        }
        return BundledData.weeks(toWeekOf: week)
    }

    /// FNV-1a, 64 bits, over the files' bytes: enough to tell that a schedule changed.
    static func fingerprint(of files: [URL]) -> String? {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for file in files {
            guard let data = try? Data(contentsOf: file) else { return nil }
            for byte in data {
                hash ^= UInt64(byte)
                hash &*= 0x100_0000_01b3
            }
        }
        return String(hash, radix: 16)
    }
}

/// The cargo store of the lifecycle commands, and who acts on it.
struct StoreOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The store that keeps booked cargo: an SQLite file, or a PostgreSQL database as postgres://USER@HOST[:PORT]/DATABASE (its password in PGPASSWORD). Default: $ROUTE_PLANNER_STORE, else route-planner.sqlite in the current directory.",
            valueName: "store"))
    var store: String = ProcessInfo.processInfo.environment["ROUTE_PLANNER_STORE"] ?? "route-planner.sqlite"
    @Option(
        help: ArgumentHelp(
            "Act as this user of the store (`user add`): a customer user sees and changes its own cargo only. Default: a planner, as whoever can open the store's file may change it.",
            valueName: "name"))
    var user: String?

    /// The application acting as `--user`, or as the command line (a planner) without it.
    func acting(_ composition: RoutePlannerComposition) async throws -> RoutePlannerComposition {
        guard let user else { return composition }
        guard let account = try await composition.accounts.user(named: user)?.account else {
            printError("error: --user \(user): there is no such user in \(store); `route-planner user list --store \(store)` lists them")
            throw ExitCode.failure
        }
        return composition.acting(as: account.principal)
    }

    /// The application over the store alone, for the commands that keep its accounts: they read no schedule.
    func accounts(creating: Bool = false) async throws -> RoutePlannerComposition {
        let store = try await Self.open(self.store, creating: creating)
        return try await acting(
            RoutePlannerComposition(
                files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(), locations: NoSchedule(), voyages: NoSchedule(),
                cargo: store.cargoRepository(voyages: NoSchedule()), customers: store.customerRepository,
                accounts: store.accountRepository))
    }

    /// Opens a store, saying on standard error why it cannot be.
    static func open(_ path: String, creating: Bool) async throws -> any Store {
        do {
            return try await openStore(path, creating: creating, environment: ProcessInfo.processInfo.environment)
        } catch .missing {
            printError("error: --store \(path): no store there; `route-planner customer` or `route-planner book` creates one, or name another with --store")
            throw ExitCode.failure
        } catch .empty {
            printError(
                "error: --store \(path) is an empty file, not a store; `route-planner customer` or `route-planner book` makes it one, or name another with --store"
            )
            throw ExitCode.failure
        } catch {
            printError("error: --store \(error)")
            throw ExitCode.failure
        }
    }
}

/// How results are written: for people (table), for programs (json, csv, dcsa), or as pictures (svg, html).
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, csv, dcsa, svg, html
}

/// Writes to standard error.
func printError(_ message: String, terminator: String = "\n") {
    FileHandle.standardError.write(Data((message + terminator).utf8))
}

/// Prints a view state: the content through `success`, field errors on standard error naming their flags
/// (exit 64), a failure's message on standard error (exit by its kind, ``ViewFailure/Kind/exitCode``).
func show<Content, Field: CommandLineField>(_ state: ViewState<Content, Field>, hint: String? = nil, success: (Content) throws -> Void) throws {
    switch state {
    case .success(let content):
        try success(content)
    case .validationFailure(let fields):
        if fields.isEmpty { printError("error: the values given do not make a valid request") }
        for (field, message) in fields.sorted(by: { $0.key < $1.key }) {
            printError("error: \(field.option): \(message)")
        }
        throw ExitCode(64)
    case .failure(let failure):
        // "…; register it first (route-planner customer ACME NAME)."
        let message = failure.message
        let hinted = hint.map { hint in message.hasSuffix(".") ? "\(message.dropLast()) (\(hint))." : "\(message) (\(hint))" } ?? message
        printError("error: \(hinted)")
        // The command line's user is the operator, who reads what the log would say.
        if let logged = failure.logged { printError(logged) }
        throw ExitCode(failure.kind.exitCode)
    case .idle, .loading:
        break
    }
}

extension ViewFailure.Kind {
    /// The exit status of a failure of the kind: the command line's one table of them. Scripts tell a command's
    /// failure (1) from a command written wrong (64, before anything runs); standard error says which failure it was.
    var exitCode: Int32 {
        switch self {
        case .notFound, .conflict, .forbidden, .unauthenticated, .throttled, .unavailable, .rejected: 1
        }
    }
}

/// The command that fixes a domain error, where one does: the command line's own hint, which the presenters,
/// shared with apps, do not write.
func commandHint<Response, Field>(for result: Result<Response, RequestFailure<Field>>) -> String? {
    guard case .failure(.domain(let error)) = result else { return nil }
    switch error {
    case .customer(.notFound(let id)): return "route-planner customer \(id) NAME"
    case .customer(.registered(let customer, let name)):
        return "route-planner customer \(customer.id) '\(name.replacing("'", with: #"'\''"#))' --rename"
    case .cargo(.deadlinePassed): return "--as-of DATE books as of an earlier date"
    default: return nil
    }
}

/// Where a long use case's progress lines go: standard error, when that is a terminal.
let terminalProgress: (@Sendable (String) -> Void)? = isatty(STDERR_FILENO) == 1 ? { @Sendable line in printError(line) } : nil
