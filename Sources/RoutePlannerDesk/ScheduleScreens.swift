import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerPictures

/// What a port's or a voyage's schedule shows: its calls, each a row.
struct ScheduleViewModel {
    let title: String
    let summary: String
    /// Each call: the voyage (with its link), the port (with its link), arrival, departure and cut-offs.
    let calls: [Call]

    struct Call {
        let voyage: String
        let onVoyage: DeskRoute
        let port: String
        let onPort: DeskRoute
        let arrival: String
        let departure: String
        let cutOffs: String
    }
}

extension Desk {
    /// The days a port schedule shows from its first date.
    static let portScheduleDays = 28

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
    func portSchedule(_ text: String, query: FormData) -> DeskResponse {
        let network = self.network()
        guard let code = UnLocode(text), let location = network.locations.first(where: { $0.code == code }) else {
            return unknownSchedule("No port \"\(text)\" in the schedule.", suggestion: UnLocode(text).map { DomainError.unknown($0, among: network.locations) })
        }
        var errors: [String: String] = [:]
        var start = Calendar.utc.startOfDay(for: now())
        if !query["from"].trimmingCharacters(in: .whitespaces).isEmpty {
            switch DateText.date(from: query["from"], endOfDay: false) {
            case .success(let date): start = date
            case .failure: errors["from"] = "Enter a date, such as 2026-03-02."
            }
        }
        let end = start + TimeInterval(Self.portScheduleDays * 86_400)
        let calls = network.voyages.flatMap { PortCall.calls(of: $0, in: network) }
            .filter { $0.location.code == code && $0.time >= start && $0.time < end }
            .sorted { $0.time < $1.time }
        let model = ScheduleViewModel(
            title: "\(location.name) (\(code))",
            summary: "\(calls.count) call\(calls.count == 1 ? "" : "s") from \(format.day(start)) to \(format.day(end - 1)), local times.",
            calls: calls.map(call))
        var page = ScheduleView(model: model).page()
        page.content.insert(
            DeskForm(
                id: "window", target: .screen(.portSchedule(code.description, FormData())),
                fields: [.init("from", "From", hint: "The first day shown (four weeks are).")],
                values: errors.isEmpty ? FormData([("from", String(DateText.timestamp(start).prefix(10)))]) : query, errors: errors, submit: "Show"
            ).markup(), at: 0)
        return .page(page, status: errors.isEmpty ? 200 : 422)
    }

    /// `/schedules/vessels/{voyage}`: a voyage's calls.
    func vesselSchedule(_ text: String) -> DeskResponse {
        let network = self.network()
        guard let number = VoyageNumber(text), let voyage = network.voyage(number) else {
            return unknownSchedule("No voyage \"\(text)\" in the schedule.", suggestion: nil)
        }
        let calls = PortCall.calls(of: voyage, in: network)
        var summary = "\(calls.count) calls, local times."
        if let vessel = voyage.vessel { summary = "\(vessel): " + summary }
        if let next = voyage.continuation { summary += " The vessel goes on as \(next)." }
        let model = ScheduleViewModel(title: "Voyage \(number)", summary: summary, calls: calls.map(call))
        var page = ScheduleView(model: model).page()
        if let next = voyage.continuation {
            page.content.append(DeskViews.link("The voyage it goes on as: \(next)", to: .vesselSchedule(next.description)))
        }
        return .page(page)
    }

    private func call(_ call: PortCall) -> ScheduleViewModel.Call {
        func local(_ time: Date?, _ offset: Int?) -> String {
            time.map { DateText.timestamp($0, utcOffset: offset).replacingOccurrences(of: "T", with: " ") } ?? "—"
        }
        return ScheduleViewModel.Call(
            voyage: call.voyage.number.description, onVoyage: .vesselSchedule(call.voyage.number.description),
            port: "\(call.location.name) (\(call.location.code))", onPort: .portSchedule(call.location.code.description, FormData()),
            arrival: local(call.arrival, call.arrivalUTCOffset), departure: local(call.departure, call.departureUTCOffset),
            cutOffs: call.cutOffTimes.isEmpty ? "—" : call.cutOffTimes.map { "\($0.code): \(format.dateTime($0.time))" }.joined(separator: "; "))
    }

    private func unknownSchedule(_ message: String, suggestion: DomainError?) -> DeskResponse {
        .page(
            DeskPage(
                title: "Schedule not found", section: .schedules,
                [
                    DeskViews.failure(suggestion.map { format.message(for: $0) } ?? message),
                    DeskViews.link("Look up another schedule", to: .portLookup(FormData())),
                ]), status: 404)
    }
}

/// A port's or a voyage's schedule.
struct ScheduleView {
    let model: ScheduleViewModel

    func page() -> DeskPage {
        guard !model.calls.isEmpty else { return DeskPage(title: model.title, section: .schedules, [DeskViews.empty(model.summary)]) }
        return DeskPage(
            title: model.title, section: .schedules,
            [
                DeskViews.table(
                    caption: model.summary, ["Voyage", "Port", "Arrives", "Leaves", "Cut-offs"],
                    model.calls.map { call in
                        [
                            .link(call.voyage, to: call.onVoyage), .link(call.port, to: call.onPort), .text(call.arrival), .text(call.departure),
                            .text(call.cutOffs),
                        ]
                    })
            ])
    }
}
