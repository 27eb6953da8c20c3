import RoutePlannerPictures

/// A run's screen: its last step and the button that stops it while it works, how it ended, or its plan.
struct AssignmentRunView {
    let model: AssignmentRunViewModel

    func page() -> DeskPage {
        var content: [Markup] = []
        switch model.stage {
        case .running(let progress, let onCancel):
            // No page that reloads itself (it would move a reader's place each time): the planner asks again.
            content.append(Markup("p", text: "Last step: " + progress))
            content.append(Markup("p", [], [DeskViews.link("Check again", to: model.onCheck)]))
            if let onCancel {
                content.append(ActionButton(action: onCancel, label: "Stop the run").markup())
            } else {
                content.append(DeskViews.notice("The run was asked to stop: it stops within a few seconds."))
            }
        case .interrupted:
            content.append(
                DeskViews.failure("The server that ran it stopped before the run ended, so it has no plan and assigned nothing: run it again."))
        case .cancelled(let reason): content.append(DeskViews.failure("The run was stopped before its end; nothing was assigned. " + reason))
        case .failed(let reason): content.append(DeskViews.failure(reason))
        case .finished(let result, let downloads, let onConfirm):
            if let failure = result.failure { content.append(DeskViews.failure(failure)) }
            if let onConfirm, let routes = result.proposal?.routes.count {
                let count = routes == 1 ? "1 route" : "\(routes) routes"
                content.append(
                    DeskViews.section(
                        "Confirm", id: "confirm",
                        [
                            Markup(
                                "p",
                                text:
                                    "This is a preview: nothing is written until you confirm. Confirming gives \(count) to the cargo below, each only where it still holds (the cargo still open, its voyages still sailing, room still left); every route not written is named with why."
                            ),
                            ActionButton(action: onConfirm, label: "Write the \(count)").markup(),
                        ]))
            }
            if let written = result.written {
                content.append(
                    DeskViews.section(
                        "Written", id: "written",
                        [DeskViews.notice(written.first ?? "")]
                            + (written.count > 1 ? [Markup("ul", [("class", "lines")], written.dropFirst().map { Markup("li", text: $0) })] : [])))
            }
            content.append(DeskViews.section("Totals", id: "totals", [Markup("ul", [], result.totals.map { Markup("li", text: $0) })]))
            if !downloads.isEmpty {
                content.append(
                    DeskViews.section(
                        "Downloads", id: "downloads", [Markup("ul", [], downloads.map { Markup("li", [], [DeskViews.link($0.label, to: $0.route)]) })]))
            }
            if let heatMap = result.heatMap {
                content.append(
                    DeskViews.section(
                        "Load on the busiest voyages", id: "heat-map", [DeskViews.figure(inlineSVG: heatMap, caption: "Each leg's load against its capacity.")])
                )
            }
            content.append(DeskViews.section("Busiest legs", id: "busiest", [Markup("ul", [], result.busiestLegs.map { Markup("li", text: $0) })]))
            content.append(
                DeskViews.section(
                    "Bookings", id: "bookings",
                    result.bookings.isEmpty
                        ? [DeskViews.empty("No open cargo to assign.")]
                        : [Markup("ul", [("class", "lines")], result.bookings.map { Markup("li", text: $0) })]))
        }
        content.append(Markup("p", [], [DeskViews.link("Run another", to: .assignments)]))
        return DeskPage(title: model.title, section: .assignments, content)
    }
}
