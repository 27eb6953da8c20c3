import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerFormats
import RoutePlannerPictures

extension Desk {
    /// `/cargo`: the booked cargo, searched, filtered and sorted, a page at a time: the planner's list, or the
    /// customer's of its own cargo.
    func cargoList(_ query: FormData) async -> DeskResponse {
        let given = query[ListCargoForm.Field.page].trimmingCharacters(in: .whitespaces), page = given.isEmpty ? "1" : given
        let (state, result) = await composition().listCargo.respond(Self.listForm(query, page: page))
        let model = CargoListPresenter(format: format).present(query: query, page: page, logged(state.named), response: try? result.get())
        let view = session.principal.customerId == nil ? CargoListView(model: model).page() : CustomerCargoListView(model: model).page()
        return .page(view, status: model.status)
    }

    /// `/cargo.csv`: every cargo the list with the same filters finds, on every page, in its order, as the command
    /// line's `cargo --format csv` writes them; the list's page when the filters have problems.
    func cargoListFile(_ query: FormData) async -> DeskResponse {
        let result = await composition().listCargo.controller.handle(Self.listForm(query, page: ""))
        guard case .success(let response) = result else { return await cargoList(query) }
        return .file(CargoDocument.csv(response.cargo, asOf: response.asOf), contentType: "text/csv; charset=utf-8", name: "cargo.csv")
    }

    /// The list's form from an address's query.
    private static func listForm(_ query: FormData, page: String) -> ListCargoForm {
        typealias Field = ListCargoForm.Field
        return ListCargoForm(
            search: query[Field.search], status: query[Field.status], customer: query[Field.customer], standing: query[Field.standing],
            due: query[Field.due], sort: query[Field.sort], page: page)
    }

    /// `/cargo/{id}`: the cargo's screen, the planner's or the customer's; after a change that was not made, the same
    /// with the form's problems.
    func cargo(_ trackingId: TrackingId, notice: String?, submitted: CargoViewModel.Submission? = nil) async -> DeskResponse {
        let (state, result) = await composition().trackCargo.respond(TrackCargoForm(trackingId: trackingId.rawValue))
        let presented = CargoPresenter(format: format).present(
            trackingId: trackingId, logged(state.named), response: try? result.get(), notice: notice, submitted: submitted)
        switch presented {
        case .screen(let model):
            let page = session.principal.customerId == nil ? CargoView(model: model).page() : CustomerCargoView(model: model).page()
            return .page(page, status: model.status)
        case .failure(let failure):
            return .page(FailureView(model: failure).page(), status: failure.status)
        }
    }

    /// `POST /cargo/{id}/options`: finds the options from where the cargo is now and keeps them as its offer.
    func findOptions(_ trackingId: TrackingId) async -> DeskResponse {
        guard let (state, _) = await search(RouteCargoForm(trackingId: trackingId.rawValue, limit: "5")) else {
            return await stopped(trackingId, form: "options")
        }
        return await changed(trackingId, form: "options", values: FormData(), state: state.described { _ in "" }, notice: "options")
    }

    /// `POST /cargo/{id}/route`: assigns the option whose reference the form gives.
    func assignRoute(_ trackingId: TrackingId, form: FormData) async -> DeskResponse {
        let state = await composition().assignToRoute(AssignToRouteForm(trackingId: trackingId.rawValue, candidate: form[AssignToRouteForm.Field.candidate]))
        return await changed(trackingId, form: "options", values: form, state: state.described { $0.lines.joined(separator: " ") }, notice: "routed")
    }

    /// `POST /cargo/{id}/events`: registers a handling event.
    func registerEvent(_ trackingId: TrackingId, form: FormData) async -> DeskResponse {
        typealias Field = RegisterHandlingEventForm.Field
        let state = await composition().registerHandlingEvent(
            RegisterHandlingEventForm(
                trackingId: trackingId.rawValue, event: form[Field.event], location: form[Field.location], voyage: form[Field.voyage],
                completionTime: form[Field.completionTime]))
        return await changed(trackingId, form: "event", values: form, state: state.described { $0.lines.joined(separator: " ") }, notice: "event")
    }

    /// `POST /cargo/{id}/destination`: changes the destination and, when given, the deadline.
    func changeDestination(_ trackingId: TrackingId, form: FormData) async -> DeskResponse {
        typealias Field = ChangeDestinationForm.Field
        let state = await composition().changeDestination(
            ChangeDestinationForm(trackingId: trackingId.rawValue, destination: form[Field.destination], deadline: form[Field.deadline]))
        return await changed(trackingId, form: "destination", values: form, state: state.described { $0.lines.joined(separator: " ") }, notice: "destination")
    }

    /// `POST /cargo/{id}/cancel`: cancels the cargo's booking, which the cargo's screen then shows.
    func cancelBooking(_ trackingId: TrackingId) async -> DeskResponse {
        let state = await composition().cancelBooking(CancelBookingForm(trackingId: trackingId.rawValue))
        return await changed(trackingId, form: "cancel", values: FormData(), state: state.described { $0.lines.joined(separator: " ") }, notice: "cancelled")
    }

    /// `POST /cargo/{id}/reroute`: finds new options for the cargo from where it is now.
    func reroute(_ trackingId: TrackingId) async -> DeskResponse {
        let coordinator = composition().reRouteCargo
        guard let state = await withinBudget({ await coordinator(ReRouteCargoForm(trackingId: trackingId.rawValue)) }) else {
            return await stopped(trackingId, form: "reroute")
        }
        let described: DeskState<String> =
            switch state.named {
            case .success(let views): views.first?.problem.map { .failure(ViewFailure(.rejected, $0)) } ?? .success("")
            case .failure(let failure): .failure(failure)
            case .validationFailure(let fields): .validationFailure(fields)
            case .idle, .loading: .idle
            }
        return await changed(trackingId, form: "reroute", values: FormData(), state: described, notice: "rerouted")
    }

    /// The cargo's screen again, saying that the search a form asked for ran past the budget (503).
    private func stopped(_ trackingId: TrackingId, form: String) async -> DeskResponse {
        await cargo(trackingId, notice: nil, submitted: CargoViewModel.Submission(form: form, values: FormData(), state: .failure(overBudget)))
    }

    /// On to the cargo's screen with a notice when the change is made; the screen again with the form's problems
    /// when it is not.
    private func changed(_ trackingId: TrackingId, form: String, values: FormData, state: DeskState<String>, notice: String) async -> DeskResponse {
        guard case .success = logged(state) else {
            return await cargo(trackingId, notice: nil, submitted: CargoViewModel.Submission(form: form, values: values, state: state))
        }
        return .redirect(to: .cargo(trackingId, FormData([("notice", notice)])))
    }
}
