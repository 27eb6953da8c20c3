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

    /// `/schedules/ports`: the form; with a port's code or name (`ScheduleNetwork.locations(named:)`), on to that
    /// port's schedule; a name several ports match lists them.
    func portLookup(_ query: FormData) -> DeskResponse {
        let text = query["code"].trimmingCharacters(in: .whitespaces)
        var errors: [String: String] = [:]
        if query.contains("code") {
            let found = network().locations(named: text)
            if let port = found.count == 1 ? found[0].code : found.isEmpty ? UnLocode(text.uppercased()) : nil {
                let from = query["from"].trimmingCharacters(in: .whitespaces)
                return .redirect(to: .portSchedule(port, FormData([("from", from.isEmpty ? DateText.day(now()) : from)])))
            }
            errors["code"] =
                text.isEmpty
                ? "Enter a port's name or UN/LOCODE, such as Rotterdam or NLRTM."
                : found.isEmpty
                    ? "No port is named \"\(text)\", and it is not a UN/LOCODE (2 letters and 3 letters or digits, such as NLRTM)."
                    : "\(found.count) ports match \"\(text)\": "
                        + Self.some(found.map { "\($0.name) (\($0.code))" }) + ". Enter one's code or whole name."
        }
        return lookupPage(query: query, errors: errors)
    }

    /// `/schedules/vessels`: the form; with a voyage number, or a vessel's name whose voyages are one
    /// (`ScheduleNetwork.voyages(named:)`), on to its schedule; a vessel of several voyages lists them.
    func vesselLookup(_ query: FormData) -> DeskResponse {
        let text = query["voyage"].trimmingCharacters(in: .whitespaces)
        var errors: [String: String] = [:]
        if query.contains("voyage") {
            let found = network().voyages(named: text)
            if let number = found.count == 1 ? found[0].number : found.isEmpty ? VoyageNumber(text) : nil {
                return .redirect(to: .vesselSchedule(number))
            }
            // Any text but a blank one may be a voyage number: one no voyage has leads to the schedule's "not found".
            errors["voyage"] =
                text.isEmpty
                ? "Enter a voyage number or a vessel's name, such as WS15-W09."
                : "\(found.count) voyages match \"\(text)\": " + Self.some(found.map { "\($0.number) (\($0.vessel ?? "no vessel named"))" })
                    + ". Enter one's voyage number."
        }
        return lookupPage(query: query, errors: errors)
    }

    /// The first ten of a list, joined, and how many more there are.
    private static func some(_ items: [String]) -> String {
        items.prefix(10).joined(separator: ", ") + (items.count > 10 ? " and \(items.count - 10) more" : "")
    }

    private func lookupPage(query: FormData, errors: [String: String]) -> DeskResponse {
        let model = ScheduleLookupViewModel(values: query, errors: errors, ports: DeskForm.Suggestion.ports(network().locations))
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
