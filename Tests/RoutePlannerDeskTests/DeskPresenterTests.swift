import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerTestSupport
@testable import RoutePlannerDesk
import Testing

/// The desk's presenters and views by themselves, from fixtures (``DeskPreviews``): what each screen shows in each
/// state, and to whom.
@Suite struct DeskPresenterTests {
    /// A planner's cargo screen names the customer and registers handling events; the customer's does neither, and offers
    /// the changes a customer makes.
    @Test func plannersAndCustomersHaveCargoViewsOfTheirOwn() throws {
        let (state, response) = DeskPreviews.tracking()
        guard case .screen(let model) = CargoPresenter(format: DeskPreviews.format).present(trackingId: "RP000001", state, response: response, notice: nil)
        else {
            Issue.record("no screen")
            return
        }
        let planner = DeskResponse.page(CargoView(model: model).page()).body
        let customer = DeskResponse.page(CustomerCargoView(model: model).page()).body
        #expect(planner.contains("<dt>Customer</dt>") && planner.contains("action=\"/cargo/RP000001/events\""))
        #expect(!customer.contains("<dt>Customer</dt>") && !customer.contains("/events\""))
        for change in ["options", "destination", "cancel"] {
            #expect(customer.contains("action=\"/cargo/RP000001/\(change)\"") && planner.contains("action=\"/cargo/RP000001/\(change)\""), "\(change)")
        }
        // On its route: options are found again, the current route marked among them; no re-route is offered.
        #expect(!planner.contains("action=\"/cargo/RP000001/reroute\"") && planner.contains("Find options again"))
        #expect(planner.components(separatedBy: "<strong>Current route</strong>").count == 2 && planner.contains("<th scope=\"col\">Voyages</th>"))
        #expect(planner.components(separatedBy: "Assign option ").count == DeskPreviews.options.count, "the current route is not offered again")
    }

    /// A cargo whose route no longer serves it has one search for options, the re-route from where it is.
    @Test func aCargoItsRouteNoLongerServesIsReRoutedByItsOneSearch() throws {
        let (state, response) = DeskPreviews.tracking(misrouted: true)
        guard case .screen(let model) = CargoPresenter(format: DeskPreviews.format).present(trackingId: "RP000001", state, response: response, notice: nil)
        else {
            Issue.record("no screen")
            return
        }
        for page in [CargoView(model: model).page(), CustomerCargoView(model: model).page()] {
            let body = DeskResponse.page(page).body
            #expect(body.contains("action=\"/cargo/RP000001/reroute\"") && !body.contains("action=\"/cargo/RP000001/options\""))
            #expect(body.contains("re-route it to find options from where it is now"))
        }
    }

    /// A cancelled booking's screen is a record: no change is offered.
    @Test func aCancelledBookingOffersNoChange() throws {
        let (state, response) = DeskPreviews.tracking(routed: false, cancelled: true)
        guard case .screen(let model) = CargoPresenter(format: DeskPreviews.format).present(trackingId: "RP000001", state, response: response, notice: nil)
        else {
            Issue.record("no screen")
            return
        }
        #expect(model.onCancel == nil && model.isCancelled)
        #expect(!DeskResponse.page(CargoView(model: model).page()).body.contains("action=\"/cargo/RP000001/"))
    }

    /// The customer's list has neither a customer filter nor a customer column; the planner's has both, and links to the
    /// pages around the one shown.
    @Test func theCustomersListNamesNoCustomer() throws {
        guard case .success(let view) = DeskPreviews.tracking().0 else { return }
        let response = ListCargoResponse(cargo: [DeskPreviews.tracking().1.cargo], status: nil, total: 120, hasMore: true, asOf: SampleVoyages.day(3, 1))
        let model = CargoListPresenter(format: PlannerFormat()).present(query: FormData([("page", "2")]), page: "2", .success([view]), response: response)
        #expect(model.caption == "120 cargo; page 2 of 3" && model.pages.map(\.label) == ["Previous page", "Next page"])
        #expect(model.pages.map(\.route.url) == ["/cargo?page=1", "/cargo?page=3"])
        let planner = DeskResponse.page(CargoListView(model: model).page()).body
        let customer = DeskResponse.page(CustomerCargoListView(model: model).page()).body
        #expect(planner.contains("name=\"customer\"") && planner.contains("<th scope=\"col\">Customer</th>"))
        #expect(!customer.contains("name=\"customer\"") && !customer.contains("<th scope=\"col\">Customer</th>"))
    }

    /// A run is running while it says it is alive, interrupted once it has not for the alive window, and offers no stop
    /// once it was asked to.
    @Test func aRunsScreenFollowsWhereItIs() {
        let now = Date(timeIntervalSince1970: 1_800_000_000), window = Double(AssignmentRunRecord.aliveWindow.components.seconds)
        func stage(_ run: AssignmentRunRecord) -> AssignmentRunViewModel.Stage? {
            if case .screen(let model) = AssignmentRunPresenter().present(id: run.id, .success(run), at: now) { model.stage } else { nil }
        }
        guard case .running(_, let onCancel?)? = stage(AssignmentRunRecord(id: "r", startedAt: now - window)) else {
            Issue.record("not running with a stop")
            return
        }
        #expect(onCancel == .cancelAssignment("r"))
        guard case .running(_, nil)? = stage(AssignmentRunRecord(id: "r", startedAt: now, cancellationRequested: true)) else {
            Issue.record("a run asked to stop still offers the stop")
            return
        }
        guard case .interrupted? = stage(AssignmentRunRecord(id: "r", startedAt: now - window - 1)) else {
            Issue.record("a run no longer alive is not interrupted")
            return
        }
    }

    /// A port the schedule lacks is not found; days that are not a date are the form's problem, shown with the form.
    @Test func aPortSchedulesFailuresAreTheirKinds() {
        let presenter = PortSchedulePresenter(format: DeskPreviews.format)
        let unknown = presenter.present(port: "NLRTX", form: FormData(), .failure(ViewFailure(.rejected, "NLRTX is not a port of this network.")))
        #expect(unknown.status == 404 && unknown.failure?.message == "NLRTX is not a port of this network.")
        let problems = presenter.present(port: "NLRTM", form: FormData([("from", "soon")]), .validationFailure(["from": "Enter a date."]))
        #expect(problems.status == 422 && problems.window?.errors == ["from": "Enter a date."] && problems.failure == nil)
    }
}
