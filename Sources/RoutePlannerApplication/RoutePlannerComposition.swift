import Foundation
import RoutePlanner

/// The one place that wires the application: the repositories, the use cases over them and their
/// coordinators.
///
/// Views (an app, the command line) take the coordinators they need from here. The adapters around the application are
/// given to it where the process starts: the repositories (a store, files), the reader of the planners' files
/// (``files``), and the solver, which the caller wires in (``assignRoutes(solver:progress:)``), so that the application
/// knows no file format and never needs GLPK.
///
/// Every use case acts for a ``principal``: the command line by default, and a user once a front end has
/// authenticated one (``acting(as:)``), whose role says which use cases run (``Principal/may(_:)``) and whose
/// cargo and customers the repositories hold (``Principal/sees(_:)``).
public struct RoutePlannerComposition: Sendable {
    /// What reads the bookings files and handling reports that planners import.
    public let files: any PlannerFileReader
    public let locations: any LocationRepository
    public let voyages: any VoyageRepository
    /// The cargo the ``principal`` may see, each change to it recorded as the principal's.
    public let cargo: any CargoRepository
    /// Every cargo as the schedule now sails, kept current for lists; one per composition, whoever it acts for.
    public let cargoIndex: CargoIndex
    /// The customers the ``principal`` may see.
    public let customers: any CustomerRepository
    /// The users, their tokens and sessions.
    public let accounts: any AccountRepository
    /// The assignment runs started in the background, with their progress and result.
    public let assignmentRuns: any AssignmentRunRepository
    /// The schedule that carriers' events move, when they are kept (in a store): the command line's `voyages` too; a
    /// server's `voyages` is its network of this schedule, prepared for many searches.
    public let liveSchedule: LiveScheduleRepository?
    /// Who the use cases act for.
    public let principal: Principal
    /// Failed logins, which slow and then refuse further ones; one per process that answers logins.
    public let loginThrottle: LoginThrottle
    /// What hashes the accounts' passwords and checks them.
    public let passwords: any PasswordHasher
    /// How every presenter writes dates, itineraries and errors.
    public let format: PlannerFormat
    /// Business time: the clock that new bookings' deadlines are checked against, and what is due; `--as-of` sets it.
    public let now: @Sendable () -> Date
    /// Security time, the real clock whatever ``now`` says: sessions and their idle expiry, tokens, login throttles,
    /// and the times changes and carriers' events are recorded at.
    public let realNow: @Sendable () -> Date

    /// Wires the application over repositories.
    ///
    /// - Parameters:
    ///   - files: What reads the bookings files and handling reports that planners import.
    ///   - passwords: What hashes the accounts' passwords and checks them.
    ///   - locations: The ports, with their names, time zones and transshipment times.
    ///   - voyages: The schedule.
    ///   - cargo: Where the booked cargo is stored.
    ///   - customers: The registered customers.
    ///   - accounts: The users, their tokens and sessions.
    ///   - assignmentRuns: The assignment runs started in the background, with their progress and result.
    ///   - liveSchedule: The schedule that carriers' events move, when they are kept.
    ///   - format: How every presenter writes dates, itineraries and errors.
    ///   - loginThrottle: The failed logins of the process so far.
    ///   - now: Business time: the system's clock by default; a planning date for what-if bookings on a schedule that
    ///     lies in the past or the future.
    ///   - realNow: Security time: the system's clock, which a test may move; never a planning date.
    public init(
        files: any PlannerFileReader, passwords: any PasswordHasher, locations: any LocationRepository, voyages: any VoyageRepository,
        cargo: any CargoRepository, customers: any CustomerRepository = InMemoryCustomerRepository(),
        accounts: any AccountRepository = InMemoryAccountRepository(), assignmentRuns: any AssignmentRunRepository = InMemoryAssignmentRunRepository(),
        liveSchedule: LiveScheduleRepository? = nil, format: PlannerFormat = PlannerFormat(), loginThrottle: LoginThrottle = LoginThrottle(),
        now: @escaping @Sendable () -> Date = { Date() }, realNow: @escaping @Sendable () -> Date = { Date() }
    ) {
        // The command line's changes are recorded as its own; `acting(as:)` records another principal's.
        let base = (cargo as? ScopedCargoRepository)?.base ?? cargo
        self.init(
            files: files, passwords: passwords, locations: locations, voyages: voyages,
            cargo: ScopedCargoRepository(base: base, principal: .commandLine, now: realNow, liveSchedule: liveSchedule),
            cargoIndex: CargoIndex(cargo: base, voyages: voyages),
            customers: customers, accounts: accounts, assignmentRuns: assignmentRuns, liveSchedule: liveSchedule, principal: .commandLine, format: format,
            loginThrottle: loginThrottle,
            now: now, realNow: realNow)
    }

    private init(
        files: any PlannerFileReader, passwords: any PasswordHasher, locations: any LocationRepository, voyages: any VoyageRepository,
        cargo: any CargoRepository, cargoIndex: CargoIndex, customers: any CustomerRepository,
        accounts: any AccountRepository, assignmentRuns: any AssignmentRunRepository, liveSchedule: LiveScheduleRepository?, principal: Principal,
        format: PlannerFormat,
        loginThrottle: LoginThrottle, now: @escaping @Sendable () -> Date, realNow: @escaping @Sendable () -> Date
    ) {
        self.files = files
        self.liveSchedule = liveSchedule
        self.locations = locations
        self.voyages = voyages
        self.cargo = cargo
        self.cargoIndex = cargoIndex
        self.customers = customers
        self.accounts = accounts
        self.assignmentRuns = assignmentRuns
        self.principal = principal
        self.format = format
        self.loginThrottle = loginThrottle
        self.passwords = passwords
        self.now = now
        self.realNow = realNow
    }

    /// The application acting for a principal: its use cases run only when the principal may run them, a
    /// customer user's repositories hold its own customer and cargo alone, so that another customer's cargo is
    /// not found, and each change to a cargo is recorded as the principal's (`Cargo.changes`).
    public func acting(as principal: Principal) -> RoutePlannerComposition {
        // The repositories as the composition was made with them, whoever it acted as before.
        let base = (self.cargo as? ScopedCargoRepository)?.base ?? self.cargo
        let customers = (self.customers as? ScopedCustomerRepository)?.base ?? self.customers
        return RoutePlannerComposition(
            files: files, passwords: passwords, locations: locations, voyages: voyages,
            cargo: ScopedCargoRepository(base: base, principal: principal, now: realNow, liveSchedule: liveSchedule), cargoIndex: cargoIndex,
            customers: principal.role == .planner ? customers : ScopedCustomerRepository(base: customers, principal: principal),
            accounts: accounts, assignmentRuns: assignmentRuns, liveSchedule: liveSchedule, principal: principal, format: format,
            loginThrottle: loginThrottle,
            now: now, realNow: realNow)
    }

    /// The application over another schedule, such as a what-if's, acting for the same principal; with `cargo`, over
    /// other cargo too (bookings read from a file, which the store never sees).
    public func scheduled(on network: ScheduleNetwork, cargo: (any CargoRepository)? = nil) -> RoutePlannerComposition {
        let schedule = InMemoryScheduleRepository(network: network)
        let base = cargo ?? (self.cargo as? ScopedCargoRepository)?.base ?? self.cargo
        return RoutePlannerComposition(
            files: files, passwords: passwords, locations: schedule, voyages: schedule,
            cargo: ScopedCargoRepository(base: base, principal: principal, now: realNow, liveSchedule: liveSchedule),
            cargoIndex: CargoIndex(cargo: base, voyages: schedule), customers: customers, accounts: accounts, assignmentRuns: assignmentRuns,
            liveSchedule: liveSchedule, principal: principal, format: format,
            loginThrottle: loginThrottle,
            now: now, realNow: realNow)
    }

    /// Who requests come from, by their sessions and tokens.
    public func authentication(idleExpiry: Duration = .seconds(1800)) -> Authentication {
        Authentication(accounts: accounts, idleExpiry: idleExpiry, now: realNow)
    }

    /// Why the ``principal`` may not run a use case, or `nil` when it may.
    private func refusal(_ permission: Permission) -> DomainError? {
        principal.may(permission) ? nil : .account(.notPermitted(permission))
    }

    /// A coordinator whose use case runs only when the ``principal`` may run it.
    private func coordinator<Interactor: UseCase, Presentation: Presenter>(
        _ permission: Permission, _ useCase: Interactor, presenter: Presentation,
        check: (@Sendable (Interactor.Request) async -> [Interactor.Request.Field: String])? = nil
    ) -> Coordinator<Interactor, Presentation> {
        Coordinator(controller: Controller(useCase: useCase, check: check, refusal: refusal(permission)), presenter: presenter)
    }

    public var registerCustomer: RegisterCustomerCoordinator {
        coordinator(.registerCustomer, RegisterCustomerInteractor(customers: customers), presenter: RegisterCustomerPresenter(format: format))
    }

    public var bookCargo: BookCargoCoordinator {
        let cargo = cargo, planner = principal.role == .planner
        let check: @Sendable (BookCargoRequest) async -> [BookCargoForm.Field: String] = { @Sendable request in
            var fields: [BookCargoForm.Field: String] = [:]
            // The revenue weighs a booking against every other in the assignment: a planner's to set.
            if !planner, request.revenuePerTEU != nil { fields[.revenue] = "A planner sets the revenue; leave it blank." }
            // A reference names one booking of its customer.
            if let reference = request.bookingReference,
                let booked = try? await cargo.trackingIds(bookingReferences: [reference], customerId: request.customerId)[reference]
            {
                fields[.bookingReference] = "\(reference) is already booked as cargo \(booked): give another reference, or none."
            }
            return fields
        }
        return coordinator(
            .bookCargo, BookCargoInteractor(cargo: cargo, customers: customers, locations: locations, voyages: voyages, index: cargoIndex, now: now),
            presenter: BookCargoPresenter(format: format), check: check)
    }

    public var importBookings: ImportBookingsCoordinator {
        coordinator(
            .importBookings, ImportBookingsInteractor(cargo: cargo, customers: customers, voyages: voyages, files: files, now: now),
            presenter: ImportBookingsPresenter(format: format))
    }

    public var listCargo: ListCargoCoordinator {
        coordinator(.listCargo, ListCargoInteractor(index: cargoIndex, principal: principal, now: now), presenter: ListCargoPresenter(format: format))
    }

    /// How many cargo the principal sees need a planner's eye, each count a list of `listCargo`.
    public var countCargo: CountCargoCoordinator {
        coordinator(.listCargo, CountCargoInteractor(index: cargoIndex, principal: principal, now: now), presenter: CountCargoPresenter(format: format))
    }

    public var listCustomers: ListCustomersCoordinator {
        coordinator(.listCustomers, ListCustomersInteractor(customers: customers), presenter: ListCustomersPresenter(format: format))
    }

    public var trackCargo: TrackCargoCoordinator {
        coordinator(.trackCargo, TrackCargoInteractor(cargo: cargo, liveSchedule: liveSchedule, now: now), presenter: TrackCargoPresenter(format: format))
    }

    public var routeCargo: RouteCargoCoordinator {
        coordinator(
            .routeCargo, RouteCargoInteractor(locations: locations, voyages: voyages, cargo: cargo), presenter: RouteCargoPresenter(format: format),
            check: RouteCargoRequest.scheduleCheck(voyages))
    }

    public var assignToRoute: AssignToRouteCoordinator {
        coordinator(.assignToRoute, AssignToRouteInteractor(cargo: cargo, voyages: voyages), presenter: AssignToRoutePresenter(format: format))
    }

    public var registerHandlingEvent: RegisterHandlingEventCoordinator {
        coordinator(
            .registerHandlingEvent, RegisterHandlingEventInteractor(cargo: cargo, voyages: voyages), presenter: RegisterHandlingEventPresenter(format: format))
    }

    public var importHandlingReport: ImportHandlingReportCoordinator {
        coordinator(
            .importHandlingReport, ImportHandlingReportInteractor(cargo: cargo, voyages: voyages, files: files),
            presenter: ImportHandlingReportPresenter(format: format))
    }

    public var changeDestination: ChangeDestinationCoordinator {
        coordinator(
            .changeDestination, ChangeDestinationInteractor(cargo: cargo, locations: locations), presenter: ChangeDestinationPresenter(format: format))
    }

    /// A booking's cancellation, by a planner or the customer whose cargo it is.
    public var cancelBooking: CancelBookingCoordinator {
        coordinator(.cancelBooking, CancelBookingInteractor(cargo: cargo, now: realNow), presenter: CancelBookingPresenter(format: format))
    }

    public var reRouteCargo: ReRouteCargoCoordinator {
        coordinator(.reRouteCargo, ReRouteCargoInteractor(cargo: cargo, voyages: voyages), presenter: ReRouteCargoPresenter(format: format))
    }

    /// Carriers' events applied to the live schedule, each change they make to a cargo recorded as the event feed's.
    public var applyCarrierEvents: ApplyCarrierEventsCoordinator {
        let base = (cargo as? ScopedCargoRepository)?.base ?? cargo
        return coordinator(
            .applyCarrierEvents,
            ApplyCarrierEventsInteractor(
                cargo: ScopedCargoRepository(base: base, principal: .eventFeed, now: realNow, liveSchedule: liveSchedule), schedule: liveSchedule,
                now: realNow),
            presenter: ApplyCarrierEventsPresenter(format: format))
    }

    /// The last carriers' events applied to the live schedule, the oldest of them first; planners only, since they name every
    /// customer's bookings.
    public var listCarrierEvents: ListCarrierEventsCoordinator {
        coordinator(
            .applyCarrierEvents, ListCarrierEventsInteractor(events: liveSchedule?.events), presenter: ListCarrierEventsPresenter(format: format))
    }

    /// The chosen disrupted cargo's options assigned, or what that would change; planners only, like the disruptions.
    public var acceptOptions: AcceptOptionsCoordinator {
        coordinator(
            .applyCarrierEvents,
            AcceptOptionsInteractor(
                index: cargoIndex, principal: principal, cargo: cargo, offers: (cargo as? ScopedCargoRepository)?.base ?? cargo, voyages: voyages, now: now),
            presenter: AcceptOptionsPresenter(format: format))
    }

    /// The cargo the schedule as it now sails disrupts, with their last options, and the carriers' last events.
    public var listDisruptions: ListDisruptionsCoordinator {
        coordinator(
            .applyCarrierEvents,
            // The index decides which cargo the principal sees; their offers are read as the index reads the cargo.
            ListDisruptionsInteractor(
                index: cargoIndex, principal: principal, offers: (cargo as? ScopedCargoRepository)?.base ?? cargo, events: liveSchedule?.events, now: now),
            presenter: ListDisruptionsPresenter(format: format))
    }

    /// The capacity-constrained assignment of every booked cargo not yet routed, with a solver.
    ///
    /// - Parameters:
    ///   - solver: The solver, such as the GLPK one the command line wires in.
    ///   - progress: Where the solver's steps go, a line after each; `nil` for nowhere.
    public func assignRoutes(solver: any AssignmentSolver, progress: (@Sendable (String) -> Void)? = nil) -> AssignRoutesCoordinator {
        coordinator(
            .assignRoutes, AssignRoutesInteractor(cargo: cargo, voyages: voyages, solver: solver, progress: progress),
            presenter: AssignRoutesPresenter(format: format))
    }

    /// The routes an assignment's preview proposed, written where they still hold.
    public var confirmAssignment: ConfirmAssignmentCoordinator {
        coordinator(.assignRoutes, ConfirmAssignmentInteractor(cargo: cargo, voyages: voyages), presenter: ConfirmAssignmentPresenter(format: format))
    }

    public var addUser: AddUserCoordinator {
        coordinator(
            .keepAccounts, AddUserInteractor(accounts: accounts, customers: customers, passwords: passwords), presenter: AddUserPresenter(format: format))
    }

    public var listUsers: ListUsersCoordinator {
        coordinator(.keepAccounts, ListUsersInteractor(accounts: accounts), presenter: ListUsersPresenter(format: format))
    }

    public var removeUser: RemoveUserCoordinator {
        coordinator(.keepAccounts, RemoveUserInteractor(accounts: accounts), presenter: RemoveUserPresenter(format: format))
    }

    public var changePassword: ChangePasswordCoordinator {
        coordinator(.keepAccounts, ChangePasswordInteractor(accounts: accounts, passwords: passwords), presenter: ChangePasswordPresenter(format: format))
    }

    public var createToken: CreateTokenCoordinator {
        coordinator(.keepAccounts, CreateTokenInteractor(accounts: accounts, now: realNow), presenter: CreateTokenPresenter(format: format))
    }

    public var listTokens: ListTokensCoordinator {
        coordinator(.keepAccounts, ListTokensInteractor(accounts: accounts), presenter: ListTokensPresenter(format: format))
    }

    public var revokeToken: RevokeTokenCoordinator {
        coordinator(.keepAccounts, RevokeTokenInteractor(accounts: accounts), presenter: RevokeTokenPresenter(format: format))
    }

    /// The schedule's summary: anyone may ask, as anyone may ask for the schedules.
    public var summarizeNetwork: SummarizeNetworkCoordinator {
        Coordinator(SummarizeNetworkInteractor(voyages: voyages), presenter: SummarizeNetworkPresenter(format: format))
    }

    /// A port's calls on some days: anyone may ask.
    public var showPortSchedule: ShowPortScheduleCoordinator {
        Coordinator(ShowPortScheduleInteractor(voyages: voyages, now: now), presenter: ShowPortSchedulePresenter(format: format))
    }

    /// The voyages a vessel-schedule search finds, with their calls: anyone may ask.
    public var showVesselSchedules: ShowVesselSchedulesCoordinator {
        Coordinator(ShowVesselSchedulesInteractor(voyages: voyages), presenter: ShowVesselSchedulesPresenter(format: format))
    }

    /// A login at the desk: anyone may try.
    public var logIn: LogInCoordinator {
        Coordinator(LogInInteractor(accounts: accounts, throttle: loginThrottle, passwords: passwords, now: realNow), presenter: LogInPresenter(format: format))
    }
}
