import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerPictures

extension Desk {
    /// `/`: what the desk offers, the schedule served, and the two schedule lookups.
    func home() async -> DeskResponse {
        var facts: [(String, String)] = []
        switch await composition().summarizeNetwork.respond(SummarizeNetworkForm()).result {
        case .success(let response):
            let summary = response.summary
            facts = [("Ports", String(summary.ports)), ("Voyages", String(summary.voyages))]
            if let span = summary.sailingSpan {
                facts.append(("Sailings", "from \(format.day(span.lowerBound)) to \(format.day(span.upperBound))"))
            }
        case .failure(.domain(let error)): facts = [("Schedule", shown(format.failure(error)))]
        case .failure(.validation): break
        }
        var content: [Markup] = [
            Markup("p", text: "Find routes over the voyage schedule, look up port and vessel schedules, book cargo and follow it to its destination."),
            DeskViews.section("The schedule", id: "schedule", [DeskViews.facts(facts)]),
            DeskViews.section(
                "Start", id: "start",
                [
                    Markup("ul", [], DeskPage.Section.permitted.map { Markup("li", [], [DeskViews.link($0.title, to: $0.route)]) })
                ]),
        ]
        if !keepsCargo && servesCargo {
            content.append(DeskViews.empty("Booked cargo is kept in memory until the server stops: start it with --store FILE to keep it."))
        }
        return .page(DeskPage(title: "The planner's desk", section: nil, content))
    }

    /// `/schedules/ports`: the form; with a code, on to that port's schedule.
    func portLookup(_ query: FormData) -> DeskResponse {
        let code = query["code"].trimmingCharacters(in: .whitespaces).uppercased()
        var errors: [String: String] = [:]
        if query.contains("code") {
            if UnLocode(code) == nil {
                errors["code"] =
                    code.isEmpty
                    ? "Enter a UN/LOCODE, such as NLRTM." : "\"\(query["code"])\" is not a UN/LOCODE: 2 letters and 3 letters or digits, such as NLRTM."
            } else {
                let from = query["from"].trimmingCharacters(in: .whitespaces)
                return .redirect(to: .portSchedule(code, FormData([("from", from.isEmpty ? String(DateText.timestamp(now()).prefix(10)) : from)])))
            }
        }
        return .page(lookupPage(query: query, errors: errors), status: errors.isEmpty ? 200 : 422)
    }

    /// `/schedules/vessels`: the form; with a voyage, on to its schedule.
    func vesselLookup(_ query: FormData) -> DeskResponse {
        let voyage = query["voyage"].trimmingCharacters(in: .whitespaces)
        var errors: [String: String] = [:]
        if query.contains("voyage") {
            if VoyageNumber(voyage) == nil {
                errors["voyage"] = "Enter a voyage number, such as WS15-W09."
            } else {
                return .redirect(to: .vesselSchedule(voyage))
            }
        }
        return .page(lookupPage(query: query, errors: errors), status: errors.isEmpty ? 200 : 422)
    }

    private func lookupPage(query: FormData, errors: [String: String]) -> DeskPage {
        let ports = network().locations.map { $0.code.description }.sorted()
        return DeskPage(
            title: "Schedules", section: .schedules,
            [
                DeskForm(
                    id: "port", heading: "A port's calls", target: .screen(.portLookup(FormData())),
                    fields: [
                        .init("code", "Port", hint: "A UN/LOCODE, such as SGSIN.", required: true, suggestions: ports),
                        .init("from", "From", hint: "The first day shown (four weeks are). Blank: today."),
                    ],
                    values: query, errors: errors.filter { $0.key == "code" }, submit: "Show the port's calls"
                ).markup(),
                DeskForm(
                    id: "vessel", heading: "A voyage's calls", target: .screen(.vesselLookup(FormData())),
                    fields: [.init("voyage", "Voyage", hint: "A voyage number, such as WS15-W09.", required: true)],
                    values: query, errors: errors.filter { $0.key == "voyage" }, submit: "Show the voyage's calls"
                ).markup(),
            ])
    }

    /// `/schedules/ports/{code}`: the calls at a port for four weeks from `from` (today by default).
    func portSchedule(_ code: String, query: FormData) async -> DeskResponse {
        typealias Field = ShowPortScheduleForm.Field
        let state = logged(await composition().showPortSchedule(ShowPortScheduleForm(port: code, from: query[Field.from])).named)
        let model = PortSchedulePresenter(format: format).present(port: code, form: query, state)
        return .page(ScheduleView(model: model).page(), status: model.status)
    }

    /// `/schedules/vessels/{voyage}`: a voyage's calls.
    func vesselSchedule(_ voyage: String) async -> DeskResponse {
        let state = logged(await composition().showVesselSchedules(ShowVesselSchedulesForm(voyage: voyage)).named)
        let model = VesselSchedulePresenter(format: format).present(voyage: voyage, state)
        return .page(ScheduleView(model: model).page(), status: model.status)
    }
}
