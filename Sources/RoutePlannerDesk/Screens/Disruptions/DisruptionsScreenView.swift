import RoutePlannerApplication
import RoutePlannerPictures

/// The disruptions screen: the cargo disrupted, each leading to its options; the carriers' last events and voyages
/// published again; and the form that applies a file of them.
struct DisruptionsScreenView {
    let model: DisruptionsViewModel

    func page() -> DeskPage {
        var content: [Markup] = []
        if let applied = model.applied { content.append(DeskViews.notice(applied)) }
        if let failure = model.problems.failure { content.append(DeskViews.failure(failure.message)) }
        if let failure = model.listFailure { content.append(DeskViews.failure(failure)) }
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

    private func cargo() -> Markup {
        guard !model.cargo.isEmpty else {
            return DeskViews.empty("No cargo is disrupted: every routed cargo on track still arrives in time on the schedule as it now sails.")
        }
        return DeskViews.table(
            caption: "\(model.cargo.count) cargo disrupted", ["Cargo", "Route", "What disrupts it", "Planned arrival", "Options"],
            model.cargo.map { cargo in
                [
                    .link(cargo.trackingId, to: cargo.onCargo), .text(cargo.route), .text(cargo.disruption), .text(cargo.plannedArrival),
                    .link(cargo.options == 0 ? "Find options" : "Choose among \(cargo.options)", to: cargo.onCargo),
                ]
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
                .init(Field.accept, "Assign each disrupted cargo its best option", kind: .checkbox),
            ],
            values: model.values, errors: model.problems.errors, submit: "Apply the events"
        ).markup()
    }
}
