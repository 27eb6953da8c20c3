import Foundation
import RoutePlanner
import RoutePlannerApplication

extension Desk {
    /// `/routes`: idle until a port is given; then the options, the field errors, or why there are none.
    func routes(_ given: FormData) async -> DeskResponse {
        let network = self.network()
        let ports = DeskForm.Suggestion.ports(network.locations)
        typealias Field = RouteCargoForm.Field
        typealias WhatIf = ScenarioForm.Field
        typealias Booking = BookCargoForm.Field
        // Today's date (the desk's business clock) for a ready time the query does not give: the blank form's default,
        // and a link from another system or a bookmark with a route but no date.
        var query = given
        if !given.contains(Field.ready) { query.append(Field.ready, DateText.day(now())) }
        guard query.contains(Field.origin) || query.contains(Field.destination) else {
            // The form, with what the query gives and the defaults for what it does not.
            if !query.contains(Field.limit) { query.append(Field.limit, "5") }
            return Self.routesPage(RoutesPresenter(query: query, ports: ports, onBook: .book(FormData()), format: format).idle())
        }
        // Ports given by their names: the search goes on at the link with their codes, which the router alone makes.
        let coded = Self.portCodes(query, [Field.origin.name, Field.destination.name], in: network)
        if coded.errors.isEmpty, coded.query != query { return .redirect(to: .routes(coded.query)) }
        let ready = query[Field.ready].trimmingCharacters(in: .whitespaces)
        let deadline = query[Field.deadline]
        let form = RouteCargoForm(
            origin: query[Field.origin], destination: query[Field.destination], ready: ready,
            deadline: deadline.trimmingCharacters(in: .whitespaces).isEmpty ? RouteCargoForm.defaultDeadline(after: ready) : deadline,
            limit: query[Field.limit].isEmpty ? "5" : query[Field.limit], maxTransshipments: query[Field.maxTransshipments],
            maxModeChanges: query[Field.maxModeChanges],
            cargoType: query[Field.cargoType], order: query[Field.order], criteria: query.all(Field.criteria), modes: query.all(Field.modes))
        let scenarioForm = ScenarioForm(
            cancelVoyages: Self.entries(query, WhatIf.cancelVoyages), closePorts: Self.entries(query, WhatIf.closePorts),
            delays: Self.entries(query, WhatIf.delays), capacities: Self.entries(query, WhatIf.capacities))
        let presenter = RoutesPresenter(
            query: query, ports: ports,
            onBook: .book(
                FormData([
                    (Booking.origin.name, query[Field.origin]), (Booking.destination.name, query[Field.destination]), (Booking.ready.name, ready),
                    (Booking.deadline.name, form.deadline), (Booking.cargoType.name, query[Field.cargoType]),
                ])), format: format)
        var problems = coded.errors
        let created = Scenario.create(scenarioForm)
        if case .failure(let error) = created { problems.merge(error.named) { first, _ in first } }
        guard problems.isEmpty, case .success(let scenario) = created else {
            // The ports' names', the what-if's and the search's problems are shown together.
            if case .failure(let searchErrors) = RouteCargoRequest.create(form) { problems.merge(searchErrors.named) { first, _ in first } }
            return Self.routesPage(presenter.problems(problems))
        }
        let whatIf = scenarioForm != ScenarioForm()
        let changed: ScheduleNetwork
        do {
            changed = whatIf ? try network.applying(scenario) : network
        } catch {
            return Self.routesPage(presenter.failure(ViewFailure(.rejected, "The what-if cannot be applied: \(error).")))
        }
        let found = await search(form, on: changed).map { (state: logged($0.state.named), result: $0.result) }
        var baseline: RoutesPresenter.Search?
        // A what-if is compared with the plain schedule, unless its form has problems (the same on both).
        if whatIf, let found, !found.state.isValidationFailure {
            baseline = .some(await search(form, on: network).map { (state: $0.state.named, result: $0.result) })
        }
        return Self.routesPage(presenter.present(found, baseline: baseline, locations: changed.locations, overBudget: overBudget))
    }

    /// The routes screen for its view model.
    private static func routesPage(_ model: RoutesViewModel) -> DeskResponse {
        .page(RoutesView(model: model).page(), status: model.status)
    }

    /// The entries of a list field: each value split at commas and white space, blanks left out.
    static func entries(_ query: FormData, _ field: some DeskField) -> [String] {
        query.all(field).flatMap { $0.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init) }
    }
}
