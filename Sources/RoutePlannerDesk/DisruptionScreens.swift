import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerFormats
import RoutePlannerPictures

extension Desk {
    /// What a batch of events did, as the screen after it says, from the counts its address carries.
    static let appliedCounts = ["count", "applied", "appliedBefore", "handled", "refused", "setAside", "disrupted", "publishedVoyages", "republished"]

    /// `/disruptions`: the cargo the schedule as it now sails disrupts, each with its options to choose from on its
    /// screen; the carriers' last events and voyages published again; and the form that applies a file of them. After a
    /// batch, what it did.
    func disruptions(form: FormData, errors: [String: String], failure: String? = nil, applied: FormData = FormData()) async -> DeskResponse {
        var content: [Markup] = []
        if let summary = Self.appliedSummary(applied) { content.append(DeskViews.notice(summary)) }
        if let failure { content.append(DeskViews.failure(failure)) }
        let (state, _) = await composition().listDisruptions.respond(ListDisruptionsForm())
        switch state {
        case .success(let view):
            if view.cargo.isEmpty {
                content.append(DeskViews.empty("No cargo is disrupted: every routed cargo on track still arrives in time on the schedule as it now sails."))
            } else {
                content.append(
                    DeskViews.table(
                        caption: "\(view.cargo.count) cargo disrupted", ["Cargo", "Route", "What disrupts it", "Planned arrival", "Options"],
                        view.cargo.map { cargo in
                            let options = cargo.entry.offer?.itineraries.count ?? 0
                            return [
                                .link(cargo.tracking.trackingId.description, to: .cargo(cargo.tracking.trackingId.description, FormData())),
                                .text(cargo.tracking.route), .text(cargo.disruption), .text(cargo.plannedArrival),
                                .link(options == 0 ? "Find options" : "Choose among \(options)", to: .cargo(cargo.tracking.trackingId.description, FormData())),
                            ]
                        }))
            }
            content.append(
                DeskViews.section(
                    "The carriers' last events", id: "events",
                    view.events.isEmpty
                        ? [DeskViews.empty("No carrier's event has been applied: the schedule sails as published.")]
                        : [
                            Markup("p", text: "The last \(view.events.count) of \(view.response.eventCount), the oldest first:"),
                            Markup("ul", [], view.events.map { Markup("li", text: $0) }),
                        ]))
            if !view.publications.isEmpty {
                content.append(
                    DeskViews.section(
                        "Voyages published again", id: "publications",
                        [
                            Markup("p", text: "The last \(view.publications.count) of \(view.response.publicationCount), the oldest first:"),
                            Markup("ul", [], view.publications.map { Markup("li", text: $0) }),
                        ]))
            }
        case .failure(let failure): content.append(DeskViews.failure(shown(failure)))
        case .idle, .loading, .validationFailure: break
        }
        typealias Field = ApplyCarrierEventsForm.Field
        content.append(
            DeskForm(
                id: "apply-events", heading: "Apply carriers' events", target: .change(.applyEvents),
                fields: [
                    .init(
                        Field.events, "Events file",
                        hint: "A JSON array of DCSA Track & Trace 2.2 events, as a carrier's feed sends them, or a Commercial Schedules 1.0.3 "
                            + "vessel-schedules document that publishes voyages again (a call it no longer lists is omitted).",
                        kind: .file(accept: ".json,application/json"), required: true),
                    .init(Field.accept, "Assign each disrupted cargo its best option", kind: .checkbox),
                ],
                values: form, errors: errors, submit: "Apply the events"
            ).markup())
        let status = !errors.isEmpty ? 422 : failure != nil ? 409 : 200
        return .page(DeskPage(title: "Disruptions", section: .disruptions, content), status: status)
    }

    /// `POST /disruptions`: applies a file of events, then shows the disruptions with what the batch did.
    func applyEvents(_ form: FormData, file: (name: String, bytes: [UInt8])?) async -> DeskResponse {
        typealias Field = ApplyCarrierEventsForm.Field
        guard let file, !file.bytes.isEmpty else {
            return await disruptions(form: form, errors: [Field.events.name: "Choose a file of events."])
        }
        let (state, result) = await composition().applyCarrierEvents.respond(
            ApplyCarrierEventsForm(
                events: CarrierEventsDocument(reading: Data(file.bytes)), source: "\(file.name) at the desk by \(session.principal.name)",
                accept: form.isTicked(Field.accept) ? "best" : ""))
        switch (state.named, result) {
        case (.success, .success(let response)):
            if response.changedSchedule { await scheduleChanged() }
            let counts = [
                response.count, response.applied, response.duplicates, response.handled, response.refused.count, response.setAside.count,
                response.disrupted.count, response.publishedVoyages ?? 0, response.republished.count,
            ]
            return .redirect(to: .disruptions(FormData(zip(Self.appliedCounts, counts).map { ($0, String($1)) })))
        case (.validationFailure(let fields), _): return await disruptions(form: form, errors: fields)
        case (.failure(let failure), _): return await disruptions(form: form, errors: [:], failure: shown(failure))
        default: return await disruptions(form: form, errors: [:])
        }
    }

    /// "316 events: 312 applied to the schedule; 4 handlings registered; 1 cargo disrupted.", from the address's counts;
    /// `nil` when it carries none (or not whole numbers).
    static func appliedSummary(_ query: FormData) -> String? {
        var counts: [String: Int] = [:]
        for name in appliedCounts {
            guard let value = Int(query[name]), value >= 0 else { return nil }
            counts[name] = value
        }
        func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        var parts: [String]
        if counts["count"]! == 0 && counts["publishedVoyages"]! > 0 {
            // A vessel-schedules document, which publishes voyages again and has no events.
            parts = ["\(plural(counts["publishedVoyages"]!, "voyage")) published again: \(counts["republished"]!) changed the schedule"]
            if counts["appliedBefore"]! > 0 { parts.append("\(counts["appliedBefore"]!) as published before") }
        } else {
            parts = ["\(plural(counts["count"]!, "event")): \(counts["applied"]!) applied to the schedule"]
            if counts["appliedBefore"]! > 0 { parts.append("\(counts["appliedBefore"]!) applied before") }
        }
        if counts["handled"]! > 0 { parts.append("\(plural(counts["handled"]!, "handling")) registered") }
        if counts["refused"]! > 0 { parts.append("\(counts["refused"]!) refused (route-planner events apply names each)") }
        if counts["setAside"]! > 0 { parts.append("\(counts["setAside"]!) set aside") }
        return parts.joined(separator: "; ") + "; \(counts["disrupted"]!) cargo disrupted."
    }
}
