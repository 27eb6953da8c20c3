import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerPictures

/// What the routes screen shows: the search form, and once it is filled, the options (with the what-if's
/// comparison against the plain schedule when one is asked).
struct RoutesViewModel {
    /// The form's input, as sent.
    let query: FormData
    /// What the search came to.
    let state: DeskState<[ItineraryViewModel]>
    /// The options without the what-if, when one is asked; and what it changed.
    let baseline: DeskState<[ItineraryViewModel]>?
    let changes: [String]
    /// The pictures of the options: their time line and their map.
    let pictures: [(Picture, String)]
    /// Where each option's "Book" leads: the booking form filled with the search.
    let onBook: DeskRoute
    /// The ports, for the form's suggestions.
    let ports: [String]
}

extension Desk {
    /// `/routes`: idle until a port is given; then the options, the field errors, or why there are none.
    func routes(_ given: FormData) async -> DeskResponse {
        let network = self.network()
        let ports = network.locations.map { $0.code.description }.sorted()
        typealias Field = RouteCargoForm.Field
        typealias WhatIf = ScenarioForm.Field
        // Today's date (the desk's business clock) for a ready time the query does not give: the blank form's default,
        // and a link from another system or a bookmark with a route but no date.
        var query = given
        if !given.contains(Field.ready) { query.append(Field.ready, String(DateText.timestamp(now()).prefix(10))) }
        guard query.contains(Field.origin) || query.contains(Field.destination) else {
            // The form, with what the query gives and the defaults for what it does not.
            var defaults = query
            if !query.contains(Field.limit) { defaults.append(Field.limit, "5") }
            let model = RoutesViewModel(query: defaults, state: .idle, baseline: nil, changes: [], pictures: [], onBook: .book(FormData()), ports: ports)
            return .page(RoutesView(model: model).page())
        }
        let ready = query[Field.ready].trimmingCharacters(in: .whitespaces)
        let deadline = query[Field.deadline]
        let form = RouteCargoForm(
            origin: query[Field.origin], destination: query[Field.destination], ready: ready,
            deadline: deadline.trimmingCharacters(in: .whitespaces).isEmpty ? RouteCargoForm.defaultDeadline(after: ready) : deadline,
            limit: query[Field.limit].isEmpty ? "5" : query[Field.limit], maxTransshipments: query[Field.maxTransshipments],
            cargoType: query[Field.cargoType], order: query[Field.order], criteria: query.all(Field.criteria))
        let scenarioForm = ScenarioForm(
            cancelVoyages: Self.entries(query, WhatIf.cancelVoyages), closePorts: Self.entries(query, WhatIf.closePorts),
            delays: Self.entries(query, WhatIf.delays), capacities: Self.entries(query, WhatIf.capacities))
        typealias Booking = BookCargoForm.Field
        let onBook = DeskRoute.book(
            FormData([
                (Booking.origin.name, query[Field.origin]), (Booking.destination.name, query[Field.destination]), (Booking.ready.name, ready),
                (Booking.deadline.name, deadline), (Booking.cargoType.name, query[Field.cargoType]),
            ]))
        var model: RoutesViewModel
        var overBudget = false
        let whatIf = scenarioForm != ScenarioForm()
        switch Scenario.create(scenarioForm) {
        case .failure(let error):
            // The what-if's problems and the search's are shown together.
            var fields = error.named
            if case .failure(let searchErrors) = RouteCargoRequest.create(form) { fields.merge(searchErrors.named) { first, _ in first } }
            model = RoutesViewModel(query: query, state: .validationFailure(fields), baseline: nil, changes: [], pictures: [], onBook: onBook, ports: ports)
        case .success(let scenario):
            let changed: ScheduleNetwork
            do {
                changed = whatIf ? try network.applying(scenario) : network
            } catch {
                let state = DeskState<[ItineraryViewModel]>.failure(ViewFailure(.rejected, "The what-if cannot be applied: \(error)."))
                model = RoutesViewModel(query: query, state: state, baseline: nil, changes: [], pictures: [], onBook: onBook, ports: ports)
                break
            }
            guard let (state, result) = await search(form, on: changed) else {
                overBudget = true
                model = RoutesViewModel(query: query, state: .failure(self.overBudget), baseline: nil, changes: [], pictures: [], onBook: onBook, ports: ports)
                break
            }
            var baseline: DeskState<[ItineraryViewModel]>?
            var changes: [String] = []
            // A what-if is compared with the plain schedule, unless its form has problems (the same on both).
            let comparable =
                switch result {
                case .success, .failure(.domain): true
                case .failure(.validation): false
                }
            if whatIf && comparable {
                if let before = await search(form, on: network) {
                    baseline = before.state.named
                    changes = RouteComparison.changes(baseline: before.result, scenario: result)
                } else {
                    changes = ["Without the what-if: " + self.overBudget.message]
                }
            }
            var pictures: [(Picture, String)] = []
            if case .success(let response) = result, !response.itineraries.isEmpty {
                pictures = [
                    (RoutePictures.timeline(response), "The options on a time line: each leg's sailing, and the waits between them."),
                    (RoutePictures.map(response, locations: changed.locations), "The options on a map of their ports."),
                ]
            }
            model = RoutesViewModel(
                query: query, state: state.named, baseline: baseline, changes: changes, pictures: pictures,
                onBook: onBook, ports: ports)
        }
        if case .failure(let failure) = model.state { _ = shown(failure) }
        let status = if overBudget { 503 } else if case .validationFailure = model.state { 422 } else { 200 }
        return .page(RoutesView(model: model).page(), status: status)
    }

    /// The entries of a list field: each value split at commas and white space, blanks left out.
    static func entries(_ query: FormData, _ field: some DeskField) -> [String] {
        query.all(field).flatMap { $0.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init) }
    }
}

/// The routes screen's view.
struct RoutesView {
    let model: RoutesViewModel

    func page() -> DeskPage {
        var content: [Markup] = [form()]
        switch model.state {
        case .idle:
            content.append(
                DeskViews.empty(
                    "Give an origin and a destination to see the options. The ready date is today unless you change it; the deadline is 60 days after it unless you give one."
                ))
        case .loading: break
        case .validationFailure: break
        case .failure(let failure):
            content.append(DeskViews.failure(failure.message))
            if let baseline = model.baseline { content.append(comparison(baseline)) }
        case .success(let options):
            if let baseline = model.baseline { content.append(comparison(baseline)) }
            content.append(
                DeskViews.section(
                    model.baseline == nil ? "Options" : "Options with the what-if", id: "options",
                    [
                        table(
                            options,
                            caption:
                                "\(options.count) option\(options.count == 1 ? "" : "s")\(model.baseline == nil ? "" : " with the what-if"), in the order asked for",
                            bookable: true)
                    ]))
            if !model.pictures.isEmpty {
                content.append(DeskViews.section("Time line and map", id: "pictures", model.pictures.map { DeskViews.figure($0.0, caption: $0.1) }))
            }
        }
        return DeskPage(title: "Routes", section: .routes, content)
    }

    private func form() -> Markup {
        typealias Field = RouteCargoForm.Field
        typealias WhatIf = ScenarioForm.Field
        let errors: [String: String] = if case .validationFailure(let fields) = model.state { fields } else { [:] }
        var form = DeskForm(
            id: "search", target: .screen(.routes(FormData())),
            fields: [
                .init(Field.origin, "From", hint: "The origin port's UN/LOCODE, such as CNSHA.", required: true, suggestions: model.ports),
                .init(Field.destination, "To", hint: "The destination port's UN/LOCODE, such as NLRTM.", required: true, suggestions: model.ports),
                .init(
                    Field.ready, "Ready", hint: "A date (from the start of the day, UTC) or a date-time with a zone, such as 2026-03-02T08:00:00Z.",
                    required: true),
                .init(Field.deadline, "Deadline", hint: "The latest arrival, inclusive. Blank: 60 days after ready."),
                .init(Field.cargoType, "Cargo", kind: .choice([("DRY", "Dry"), ("REEFER", "Reefer (needs a plug on every leg)")])),
                .init(
                    Field.order, "Order",
                    kind: .choice([("arrival", "Earliest arrival first"), ("cost", "Cheapest handling first"), ("co2", "Least CO2e first")])),
                .init(Field.limit, "Options", hint: "How many to show, 1 to 50."),
                .init(Field.maxTransshipments, "Most transshipments", hint: "0 for direct sailings only; blank for any number."),
            ],
            values: model.query, errors: errors, submit: "Find routes")
        form.groups = [
            (
                legend: "What if",
                fields: [
                    .init(WhatIf.cancelVoyages, "Cancel voyages", hint: "Voyage numbers, separated by commas, such as WS15-W09."),
                    .init(WhatIf.closePorts, "Close ports", hint: "CODE, or CODE@FROM..TO, such as SGSIN@2026-03-01..2026-03-07."),
                    .init(WhatIf.delays, "Delay voyages", hint: "VOYAGE:HOURS or VOYAGE:HOURS@PORT, such as WS15-W09:48@MYTPP; negative hours are early."),
                    .init(WhatIf.capacities, "Capacities", hint: "VOYAGE=TEU, such as WS15-W09=500."),
                ]
            )
        ]
        return form.markup()
    }

    private func table(_ options: [ItineraryViewModel], caption: String, bookable: Bool) -> Markup {
        guard !options.isEmpty else { return DeskViews.empty("No option.") }
        return DeskViews.table(
            caption: caption,
            ["Option", "Route", "Departure", "Arrival", "Transit", "Transshipments", "Handling per TEU", "CO2e per TEU", "Deadline"]
                + (bookable ? ["Book"] : []),
            options.enumerated().map { index, option in
                [
                    .text(String(index + 1)), .text(option.route), .text(option.departure), .text(option.arrival), .text(option.transitTime),
                    .text(option.transshipments.isEmpty ? "none: direct" : option.transshipments.joined(separator: "; ")),
                    .text(option.handlingCost ?? "unknown"), .text(option.co2e ?? "unknown"), .text(option.slack),
                ]
                    + (bookable
                        ? [
                            .markup([
                                Markup("a", [("href", model.onBook.url), ("aria-label", "Book a cargo on this search (option \(index + 1))")], text: "Book")
                            ])
                        ] : [])
            })
    }

    private func comparison(_ baseline: DeskState<[ItineraryViewModel]>) -> Markup {
        var parts: [Markup] = [Markup("ul", [], model.changes.map { Markup("li", text: $0) })]
        switch baseline {
        case .success(let options):
            parts.append(table(options, caption: "\(options.count) option\(options.count == 1 ? "" : "s") on the plain schedule", bookable: false))
        case .failure(let failure): parts.append(DeskViews.failure("Without the what-if: " + failure.message))
        case .idle, .loading, .validationFailure: break
        }
        return DeskViews.section("Against the plain schedule", id: "comparison", parts)
    }
}
