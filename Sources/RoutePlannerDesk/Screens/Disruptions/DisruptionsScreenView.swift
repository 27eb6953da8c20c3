import RoutePlannerApplication
import RoutePlannerPictures

/// The disruptions screen, a planner's workbench: what accepting the options chosen would change (with the
/// confirmation) or changed, first; the cargo disrupted, each with what disrupts it, its ETA, delay and standing and its
/// options beside its current route to choose from; one cargo's route and options on the time line and the map; the
/// carriers' last events and voyages published again; and the form
/// that applies a file of them.
struct DisruptionsScreenView {
    let model: DisruptionsViewModel

    func page() -> DeskPage {
        var content: [Markup] = []
        if let applied = model.applied { content.append(DeskViews.notice(applied)) }
        if let failure = model.problems.failure { content.append(DeskViews.failure(failure.message)) }
        if let failure = model.listFailure { content.append(DeskViews.failure(failure)) }
        if let accept = model.accept { content.append(self.accept(accept)) }
        if let compared = model.compared { content.append(self.compared(compared)) }
        if let events = model.events {
            content.append(cargo())
            content.append(
                DeskViews.section(
                    "The carriers' last events", id: "events",
                    events.shown.isEmpty
                        ? [DeskViews.empty("No carrier's event has been applied: the schedule sails as published.")]
                        : [
                            Markup("p", text: "The last \(events.shown.count) of \(events.total), the oldest first:"),
                            Markup("ul", [], events.shown.map { Markup("li", text: $0) }),
                        ]))
        }
        if let publications = model.publications, !publications.shown.isEmpty {
            content.append(
                DeskViews.section(
                    "Voyages published again", id: "publications",
                    [
                        Markup("p", text: "The last \(publications.shown.count) of \(publications.total), the oldest first:"),
                        Markup("ul", [], publications.shown.map { Markup("li", text: $0) }),
                    ]))
        }
        content.append(form())
        return DeskPage(title: "Disruptions", section: .disruptions, content)
    }

    /// What accepting the options chosen would change, with the form that confirms it; or what it changed.
    private func accept(_ accept: DisruptionsViewModel.Accept) -> Markup {
        var parts: [Markup] = []
        if let failure = accept.failure {
            parts.append(DeskViews.failure(failure))
        } else {
            parts.append(Markup("p", [("role", "status")], text: accept.summary))
            parts.append(
                DeskViews.table(
                    caption: accept.heading, ["Cargo", "Option", "Route and change", "Against the deadline, or why not"],
                    accept.rows.map { $0.map(DeskViews.Cell.text) }))
        }
        if let confirm = accept.confirm {
            parts.append(
                Markup(
                    "form", [("method", "post"), ("action", DeskAction.acceptOptions.url)],
                    DeskSession.current.hiddenInput + confirm.map { Markup("input", [("type", "hidden"), ("name", "choice"), ("value", $0)]) }
                        + [Markup("button", [("type", "submit")], text: "Confirm: re-route these cargo")]))
        }
        return Markup(
            "section", [("id", "accept"), ("aria-labelledby", "accept-heading"), ("tabindex", "-1")],
            [Markup("h2", [("id", "accept-heading")], text: accept.heading)] + parts)
    }

    /// A cargo's route beside its options on the time line and the map, or why they cannot be drawn.
    private func compared(_ compared: DisruptionsViewModel.Compared) -> Markup {
        var parts: [Markup] = compared.note.map { [DeskViews.empty($0)] } ?? []
        parts += compared.figures.map { DeskViews.figure($0.picture, caption: $0.caption) }
        if let onCargo = compared.onCargo { parts.append(Markup("p", [], [DeskViews.link("\(compared.trackingId)'s screen", to: onCargo)])) }
        return DeskViews.section("\(compared.trackingId): its route and options", id: "compare", parts)
    }

    /// The disrupted cargo, each with its options to choose from, in a form that previews what the choices change.
    private func cargo() -> Markup {
        var parts: [Markup] = []
        if let summary = model.summary { parts.append(Markup("p", text: summary)) }
        parts.append(
            Markup(
                "nav", [("aria-label", "Disrupted cargo by standing"), ("class", "pages")],
                model.filters.map { link in
                    Markup("a", [("href", link.route.url)] + (link.isCurrent ? [("aria-current", "page")] : []), text: link.label)
                }))
        // Why the choices were not previewed, first in the list, whether it lists any cargo or not.
        let problems = model.chooseErrors[AcceptOptionsForm.Field.choices.name].map { error in
            Markup(
                "div", [("class", "error-summary"), ("role", "alert"), ("id", "choose-problems"), ("tabindex", "-1")],
                [Markup("h3", text: "There is a problem"), Markup("p", text: error)])
        }
        guard !model.cargo.isEmpty else {
            if let problems { parts.append(problems) }
            parts.append(
                DeskViews.empty(
                    model.standing.isEmpty
                        ? "No cargo is disrupted: every routed cargo on track still arrives in time on the schedule as it now sails."
                        : "No disrupted cargo stands so against its deadline."))
            return DeskViews.section("Disrupted cargo", id: "disrupted", parts)
        }
        parts.append(Markup("ul", [("class", "actions")], model.quickChoices.map { Markup("li", [], [DeskViews.link($0.label, to: $0.route)]) }))
        var form: [Markup] = [
            Markup("input", [("type", "hidden"), ("name", "preview"), ("value", "yes")])
        ]
        if !model.standing.isEmpty { form.append(Markup("input", [("type", "hidden"), ("name", "standing"), ("value", model.standing)])) }
        if let problems { form.append(problems) }
        // Above the long list too: the first of the form's buttons is also the one the return key in a field presses.
        form.append(Markup("button", [("type", "submit")], text: "Preview the re-routing"))
        form.append(
            DeskViews.table(
                caption: "Disrupted cargo: choose an option for each to re-route",
                ["Cargo", "What disrupts it", "Planned arrival", "ETA now", "Delay", "Against the deadline", "Current route", "Choose"],
                model.cargo.map { cargo in
                    [
                        .markup(
                            [DeskViews.link(cargo.trackingId, to: cargo.onCargo)]
                                + (cargo.customer.isEmpty ? [] : [Markup("br", []), Markup("span", text: "for " + cargo.customer)])),
                        .text(cargo.disruption), .text(cargo.plannedArrival), .text(cargo.estimatedArrival), .text(cargo.delay), .text(cargo.standing),
                        .markup(
                            [Markup("span", text: cargo.current)]
                                + (cargo.canCompare ? [Markup("br", []), compareButton(cargo.trackingId)] : [])),
                        .markup([choice(cargo)]),
                    ]
                }, actionsLast: true))
        form.append(Markup("button", [("type", "submit")], text: "Preview the re-routing"))
        parts.append(Markup("form", [("method", "get"), ("action", "/disruptions"), ("id", "choose"), ("aria-label", "Choose options")], form))
        return DeskViews.section("Disrupted cargo", id: "disrupted", parts)
    }

    /// The button that shows the list again, its choices kept, with the cargo drawn beside its options above it.
    private func compareButton(_ trackingId: String) -> Markup {
        Markup(
            "button", [("type", "submit"), ("class", "quiet"), ("name", DisruptionsPresenter.compare), ("value", trackingId)],
            text: "Draw \(trackingId) beside its options")
    }

    /// A cargo's choice: leave it as it is, or one of its options; a link to its screen when it has none yet.
    private func choice(_ cargo: DisruptionsViewModel.Cargo) -> Markup {
        guard !cargo.options.isEmpty else {
            return Markup("p", [], [DeskViews.link("No options yet: find them", to: cargo.onCargo)])
        }
        let name = DisruptionsPresenter.choicePrefix + cargo.trackingId
        let choices = [(value: "", label: "Leave as it is")] + cargo.options
        return Markup(
            "fieldset", [("class", "choices")],
            [Markup("legend", [("class", "visually-hidden")], text: "Option for \(cargo.trackingId)")]
                + choices.enumerated().map { index, option in
                    let id = "\(name)-\(index)"
                    var attributes = [("type", "radio"), ("id", id), ("name", name), ("value", option.value)]
                    if option.value == cargo.chosen { attributes.append(("checked", "checked")) }
                    return Markup("div", [("class", "choice")], [Markup("input", attributes), Markup("label", [("for", id)], text: option.label)])
                })
    }

    private func form() -> Markup {
        typealias Field = ApplyCarrierEventsForm.Field
        return DeskForm(
            id: "apply-events", heading: "Apply carriers' events", target: .change(.applyEvents),
            fields: [
                .init(
                    Field.events, "Events file",
                    hint: "A JSON array of DCSA Track & Trace 2.2 events, as a carrier's feed sends them, or a Commercial Schedules 1.0.3 "
                        + "vessel-schedules document that publishes voyages again (a call it no longer lists is omitted).",
                    kind: .file(accept: ".json,application/json"), required: true),
                .init(
                    Field.accept, "Assign each cargo this batch disrupts its best option (cargo disrupted before it are left for you to choose)",
                    kind: .checkbox),
            ],
            values: model.values, errors: model.problems.errors, submit: "Apply the events"
        ).markup()
    }
}
