import RoutePlannerApplication

extension RoutePlannerComposition {
    /// The capacity-constrained assignment of every booked cargo, over the composition's repositories.
    ///
    /// It lives here, with GLPK, so that the rest of the application works without it.
    public var assignRoutes: AssignRoutesCoordinator<AssignRoutesInteractor> {
        AssignRoutesCoordinator(
            controller: AssignRoutesController(useCase: AssignRoutesInteractor(cargo: cargo, voyages: schedule)),
            presenter: AssignRoutesPresenter(routes: routeCargo.presenter))
    }
}
