import BundledData
import Foundation
import RoutePlanner

/// The one place that wires the application: real repositories, the use cases over them and their
/// coordinators.
///
/// Views (an app, the command line) take the coordinators they need from here.
public struct RoutePlannerComposition: Sendable {
    public let schedule: CSVScheduleRepository
    public let cargo: any CargoRepository
    public let routeCargo: RouteCargoCoordinator<RouteCargoInteractor>
    public let assignItinerary: AssignItineraryCoordinator<AssignItineraryInteractor>
    public let reRouteCargo: ReRouteCargoCoordinator<ReRouteCargoInteractor>

    /// Wires the application over CSV files, with a what-if scenario applied to the schedule; without a
    /// bookings file the cargo starts empty.
    public init(
        locations: URL, schedule: URL, bookings: URL? = nil, scenario: Scenario = Scenario(),
        presenter: RouteCargoPresenter = RouteCargoPresenter()
    ) {
        let scheduleRepository = CSVScheduleRepository(locations: locations, schedule: schedule, scenario: scenario)
        let cargoRepository: any CargoRepository = bookings.map { CSVCargoRepository(bookings: $0, schedule: scheduleRepository) }
            ?? InMemoryCargoRepository()
        self.schedule = scheduleRepository
        self.cargo = cargoRepository
        routeCargo = RouteCargoCoordinator(
            controller: RouteCargoController(useCase: RouteCargoInteractor(locations: scheduleRepository, voyages: scheduleRepository)), presenter: presenter)
        assignItinerary = AssignItineraryCoordinator(
            controller: AssignItineraryController(useCase: AssignItineraryInteractor(cargo: cargoRepository)),
            presenter: AssignItineraryPresenter(routes: presenter))
        reRouteCargo = ReRouteCargoCoordinator(
            controller: ReRouteCargoController(useCase: ReRouteCargoInteractor(cargo: cargoRepository, voyages: scheduleRepository)),
            presenter: presenter)
    }

    /// Wires the application over the bundled LINER-LIB WorldSmall schedule and its sample bookings.
    public static func bundled(scenario: Scenario = Scenario(), presenter: RouteCargoPresenter = RouteCargoPresenter()) -> RoutePlannerComposition {
        let directory = BundledData.worldSmallDirectory
        return RoutePlannerComposition(
            locations: directory.appendingPathComponent("locations.csv"), schedule: directory.appendingPathComponent("schedule.csv"),
            bookings: directory.appendingPathComponent("bookings.csv"), scenario: scenario, presenter: presenter)
    }
}
