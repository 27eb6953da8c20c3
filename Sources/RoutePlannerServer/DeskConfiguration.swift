import RoutePlannerApplication

/// What the desk keeps and uses besides the schedule: the cargo and customers, the accounts, and the assignment's
/// solver.
public struct DeskConfiguration: Sendable {
    /// Where booked cargo is kept: a store file, or memory.
    public var cargo: any CargoRepository
    /// The registered customers.
    public var customers: any CustomerRepository
    /// The users and their sessions: once one exists, the desk asks for a login, on any address.
    public var accounts: any AccountRepository
    /// The assignment runs, with their progress and result: a store's, which every server over it shares.
    public var assignmentRuns: any AssignmentRunRepository
    /// Whether the session's cookie is marked `Secure`, for a desk reached over HTTPS (through a proxy).
    public var secureCookies: Bool
    /// The assignment's solver; `nil` leaves the assignment screen saying that it is not available.
    public var solver: (any AssignmentSolver)?
    /// Whether the cargo outlives the server (a store file); the desk says so when it does not.
    public var keepsCargo: Bool
    /// The schedule carriers' events move, when a store keeps them: `POST /v2/events` applies events to it.
    public var liveSchedule: LiveScheduleRepository?
    /// The store's round trips so far, by kind, for `/metrics` (`store_round_trips_total`); `nil` without a store.
    public var storeRoundTrips: (@Sendable () -> [(kind: String, count: Int)])?

    public init(
        cargo: any CargoRepository, customers: any CustomerRepository, accounts: any AccountRepository = InMemoryAccountRepository(),
        assignmentRuns: any AssignmentRunRepository = InMemoryAssignmentRunRepository(), solver: (any AssignmentSolver)?, keepsCargo: Bool,
        secureCookies: Bool = false, liveSchedule: LiveScheduleRepository? = nil,
        storeRoundTrips: (@Sendable () -> [(kind: String, count: Int)])? = nil
    ) {
        self.storeRoundTrips = storeRoundTrips
        self.liveSchedule = liveSchedule
        self.cargo = cargo
        self.customers = customers
        self.accounts = accounts
        self.assignmentRuns = assignmentRuns
        self.secureCookies = secureCookies
        self.solver = solver
        self.keepsCargo = keepsCargo
    }
}
