import RoutePlannerApplication

extension RoutePlannerComposition {
    /// The capacity-constrained assignment of every booked cargo, over the composition's repositories.
    ///
    /// It lives here, with GLPK, so that the rest of the application works without it.
    public var assignRoutes: AssignRoutesCoordinator<AssignRoutesInteractor> { assignRoutes(progress: nil) }

    /// The assignment, telling `progress` a line after each step of the solve.
    public func assignRoutes(progress: (@Sendable (String) -> Void)?) -> AssignRoutesCoordinator<AssignRoutesInteractor> {
        AssignRoutesCoordinator(
            controller: AssignRoutesController(useCase: AssignRoutesInteractor(cargo: cargo, voyages: schedule, progress: progress)),
            presenter: AssignRoutesPresenter(routes: routeCargo.presenter))
    }
}
