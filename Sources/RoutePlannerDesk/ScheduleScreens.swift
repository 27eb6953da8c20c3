import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerPictures

extension Desk {
    /// `/`: the desk's clock, the cargo that need a planner's eye, what the desk offers and the schedule served.
    func home() async -> DeskResponse {
        let app = composition(), sections = DeskPage.Section.permitted
        let state = logged(await app.summarizeNetwork(SummarizeNetworkForm()).named)
        let counts = showsCargo && sections.contains(.cargo) ? logged(await app.countCargo(CountCargoForm()).named) : nil
        let model = HomePresenter(format: format).present(
            state, counts: counts, asOf: now(), sections: sections, keepsCargoInMemory: !keepsCargo && servesCargo)
        return .page(HomeView(model: model).page())
    }

    /// `/schedules/ports`: the form; with a code, on to that port's schedule.
    func portLookup(_ query: FormData) -> DeskResponse {
        let code = query["code"].trimmingCharacters(in: .whitespaces).uppercased()
        var errors: [String: String] = [:]
        if query.contains("code") {
            if let port = UnLocode(code) {
                let from = query["from"].trimmingCharacters(in: .whitespaces)
                return .redirect(to: .portSchedule(port, FormData([("from", from.isEmpty ? DateText.day(now()) : from)])))
            }
            errors["code"] =
                code.isEmpty
                ? "Enter a UN/LOCODE, such as NLRTM." : "\"\(query["code"])\" is not a UN/LOCODE: 2 letters and 3 letters or digits, such as NLRTM."
        }
        return lookupPage(query: query, errors: errors)
    }

    /// `/schedules/vessels`: the form; with a voyage, on to its schedule.
    func vesselLookup(_ query: FormData) -> DeskResponse {
        let voyage = query["voyage"].trimmingCharacters(in: .whitespaces)
        var errors: [String: String] = [:]
        if query.contains("voyage") {
            guard let number = VoyageNumber(voyage) else {
                errors["voyage"] = "Enter a voyage number, such as WS15-W09."
                return lookupPage(query: query, errors: errors)
            }
            return .redirect(to: .vesselSchedule(number))
        }
        return lookupPage(query: query, errors: errors)
    }

    private func lookupPage(query: FormData, errors: [String: String]) -> DeskResponse {
        let model = ScheduleLookupViewModel(values: query, errors: errors, ports: network().locations.map { $0.code.description }.sorted())
        return .page(ScheduleLookupView(model: model).page(), status: model.status)
    }

    /// `/schedules/ports/{code}`: the calls at a port for four weeks from `from` (today by default).
    func portSchedule(_ code: UnLocode, query: FormData) async -> DeskResponse {
        typealias Field = ShowPortScheduleForm.Field
        let state = logged(await composition().showPortSchedule(ShowPortScheduleForm(port: code.rawValue, from: query[Field.from])).named)
        let model = PortSchedulePresenter(format: format).present(port: code, form: query, state)
        return .page(ScheduleView(model: model).page(), status: model.status)
    }

    /// `/schedules/vessels/{voyage}`: a voyage's calls.
    func vesselSchedule(_ voyage: VoyageNumber) async -> DeskResponse {
        let state = logged(await composition().showVesselSchedules(ShowVesselSchedulesForm(voyage: voyage.rawValue)).named)
        let model = VesselSchedulePresenter(format: format).present(voyage: voyage, state)
        return .page(ScheduleView(model: model).page(), status: model.status)
    }
}
