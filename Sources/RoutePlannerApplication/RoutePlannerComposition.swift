import Foundation
import RoutePlanner

/// The one place that wires the application: the repositories, the use cases over them and their
/// coordinators.
///
/// Views (an app, the command line) take the coordinators they need from here. The assignment needs a
/// solver, which the caller wires in (``assignRoutes(solver:)``), so that the application never needs GLPK.
public struct RoutePlannerComposition: Sendable {
    public let locations: any LocationRepository
    public let voyages: any VoyageRepository
    public let cargo: any CargoRepository
    public let customers: any CustomerRepository
    /// How every presenter writes dates, itineraries and errors.
    public let format: PlannerFormat
    /// The clock that new bookings' deadlines are checked against.
    public let now: @Sendable () -> Date

    /// Wires the application over repositories.
    ///
    /// - Parameters:
    ///   - locations: The ports, with their names, time zones and transshipment times.
    ///   - voyages: The schedule.
    ///   - cargo: Where the booked cargo is stored.
    ///   - customers: The registered customers.
    ///   - format: How every presenter writes dates, itineraries and errors.
    ///   - now: The clock: the system's by default; a planning date for what-if bookings on a schedule that lies
    ///     in the past or the future.
    public init(
        locations: any LocationRepository, voyages: any VoyageRepository, cargo: any CargoRepository,
        customers: any CustomerRepository = InMemoryCustomerRepository(), format: PlannerFormat = PlannerFormat(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.locations = locations
        self.voyages = voyages
        self.cargo = cargo
        self.customers = customers
        self.format = format
        self.now = now
    }

    /// Wires the application over files, with a what-if scenario applied to the schedule: a CSV schedule and
    /// its locations, or a DCSA vessel-schedules document with optional locations, capacity and distance files (its
    /// ports named by the importer's UN/LOCODE list, such as `BundledData.scheduleImporter`'s); without a
    /// bookings file the cargo starts empty. The schedule and the bookings move by `movedByWeeks`, to lay a
    /// weekly timetable out from another week.
    public init(
        locations: URL?, schedule: URL, capacities: URL? = nil, distances: URL? = nil, bookings: URL? = nil, scenario: Scenario = Scenario(),
        importer: ScheduleImporter = ScheduleImporter(), format: PlannerFormat = PlannerFormat(), movedByWeeks: Int = 0,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        let repository = ScheduleFileRepository(
            locations: locations, schedule: schedule, capacities: capacities, distances: distances, importer: importer, scenario: scenario,
            movedByWeeks: movedByWeeks)
        self.init(
            locations: repository, voyages: repository,
            cargo: bookings.map { CSVCargoRepository(bookings: $0, schedule: repository, movedByWeeks: movedByWeeks) } ?? InMemoryCargoRepository(),
            format: format, now: now)
    }

    public var registerCustomer: RegisterCustomerCoordinator {
        Coordinator(RegisterCustomerInteractor(customers: customers), presenter: RegisterCustomerPresenter(format: format))
    }

    public var bookCargo: BookCargoCoordinator {
        Coordinator(
            BookCargoInteractor(cargo: cargo, customers: customers, locations: locations, now: now), presenter: BookCargoPresenter(format: format))
    }

    public var importBookings: ImportBookingsCoordinator {
        Coordinator(
            ImportBookingsInteractor(cargo: cargo, customers: customers, voyages: voyages, now: now),
            presenter: ImportBookingsPresenter(format: format))
    }

    public var listCargo: ListCargoCoordinator {
        Coordinator(ListCargoInteractor(cargo: cargo), presenter: ListCargoPresenter(format: format))
    }

    public var listCustomers: ListCustomersCoordinator {
        Coordinator(ListCustomersInteractor(customers: customers), presenter: ListCustomersPresenter(format: format))
    }

    public var trackCargo: TrackCargoCoordinator {
        Coordinator(TrackCargoInteractor(cargo: cargo), presenter: TrackCargoPresenter(format: format))
    }

    public var routeCargo: RouteCargoCoordinator {
        Coordinator(
            controller: Controller(
                useCase: RouteCargoInteractor(locations: locations, voyages: voyages, cargo: cargo), check: RouteCargoRequest.scheduleCheck(voyages)),
            presenter: RouteCargoPresenter(format: format))
    }

    public var assignToRoute: AssignToRouteCoordinator {
        Coordinator(AssignToRouteInteractor(cargo: cargo), presenter: AssignToRoutePresenter(format: format))
    }

    public var registerHandlingEvent: RegisterHandlingEventCoordinator {
        Coordinator(RegisterHandlingEventInteractor(cargo: cargo, voyages: voyages), presenter: RegisterHandlingEventPresenter(format: format))
    }

    public var importHandlingReport: ImportHandlingReportCoordinator {
        Coordinator(ImportHandlingReportInteractor(cargo: cargo, voyages: voyages), presenter: ImportHandlingReportPresenter(format: format))
    }

    public var changeDestination: ChangeDestinationCoordinator {
        Coordinator(ChangeDestinationInteractor(cargo: cargo, locations: locations), presenter: ChangeDestinationPresenter(format: format))
    }

    public var reRouteCargo: ReRouteCargoCoordinator {
        Coordinator(ReRouteCargoInteractor(cargo: cargo, voyages: voyages), presenter: ReRouteCargoPresenter(format: format))
    }

    /// The capacity-constrained assignment of every booked cargo not yet routed, with a solver.
    public func assignRoutes(solver: any AssignmentSolver) -> AssignRoutesCoordinator {
        Coordinator(AssignRoutesInteractor(cargo: cargo, voyages: voyages, solver: solver), presenter: AssignRoutesPresenter(format: format))
    }
}
