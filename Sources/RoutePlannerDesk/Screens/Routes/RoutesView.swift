import RoutePlanner
import RoutePlannerApplication
import RoutePlannerPictures

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
                            bookable: true, mark: model.baseline == nil ? nil : { model.new.contains($0) ? "new" : "also without the what-if" })
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
                .init(
                    Field.maxModeChanges, "Most changes of mode",
                    hint: "A truck to a barge, a barge to a vessel: 0 keeps to one mode; blank for any number."),
                .init(Field.modes, "Modes", hint: "vessel, barge, rail or truck, separated by commas, such as vessel, rail; blank for every mode."),
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

    /// The options' table; with `mark`, a column that tells each against the other schedule ("new", "gone"), the
    /// changed ones in bold.
    private func table(_ options: [ItineraryViewModel], caption: String, bookable: Bool, mark: ((Itinerary) -> String)? = nil) -> Markup {
        guard !options.isEmpty else { return DeskViews.empty("No option.") }
        return DeskViews.table(
            caption: caption,
            ["Option"] + (mark == nil ? [] : ["What-if"])
                + ["Route", "Voyages", "Departure", "Arrival", "Transit", "Transshipments", "Handling per TEU", "CO2e per TEU", "Deadline"]
                + (bookable ? ["Book"] : []),
            options.enumerated().map { index, option in
                let marked: [DeskViews.Cell] =
                    mark.map { mark in
                        let text = mark(option.itinerary)
                        return [text == "new" || text == "gone" ? .markup([Markup("strong", text: text)]) : .text(text)]
                    } ?? []
                return [.text(String(index + 1))] + marked + [
                    .text(option.route), .text(option.itinerary.legs.map(\.voyage.number.rawValue).joined(separator: ", ")), .text(option.departure),
                    .text(option.arrival), .text(option.transitTime),
                    .text(option.transshipments.isEmpty ? "none: direct" : option.transshipments.joined(separator: "; ")),
                    .text(option.handlingCost ?? "unknown"), .text(option.co2e ?? "unknown"), .text(option.slack),
                ]
                    + (bookable
                        ? [
                            .markup([
                                Markup("a", [("href", model.onBook(option).url), ("aria-label", "Book a cargo on option \(index + 1)")], text: "Book")
                            ])
                        ] : [])
            }, actionsLast: bookable)
    }

    private func comparison(_ baseline: DeskState<[ItineraryViewModel]>) -> Markup {
        var parts: [Markup] = [Markup("ul", [], model.changes.map { Markup("li", text: $0) })]
        switch baseline {
        case .success(let options):
            parts.append(
                table(
                    options, caption: "\(options.count) option\(options.count == 1 ? "" : "s") on the plain schedule", bookable: false,
                    mark: { model.gone.contains($0) ? "gone" : "kept with the what-if" }))
        case .failure(let failure): parts.append(DeskViews.failure("Without the what-if: " + failure.message))
        case .idle, .loading, .validationFailure: break
        }
        return DeskViews.section("Against the plain schedule", id: "comparison", parts)
    }
}
