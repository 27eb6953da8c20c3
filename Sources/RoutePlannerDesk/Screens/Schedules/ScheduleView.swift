import RoutePlannerApplication
import RoutePlannerPictures

/// A port's or a voyage's schedule: the form that moves a port's days, the calls as a table, the voyage the vessel
/// goes on as; or why it cannot be shown, with a way on.
struct ScheduleView {
    let model: ScheduleViewModel

    func page() -> DeskPage {
        if let failure = model.failure {
            return DeskPage(
                title: model.title, section: .schedules,
                [DeskViews.failure(failure.message), DeskViews.link("Look up another schedule", to: .portLookup(FormData()))])
        }
        var content: [Markup] = []
        if let window = model.window {
            content.append(
                DeskForm(
                    id: "window", target: .screen(window.target), fields: [.init("from", "From", hint: "The first day shown (four weeks are).")],
                    values: window.values, errors: window.errors, submit: "Show"
                ).markup())
        }
        if model.calls.isEmpty {
            if !model.summary.isEmpty { content.append(DeskViews.empty(model.summary)) }
        } else {
            content.append(
                model.showsVoyagesCalls
                    ? DeskViews.table(
                        caption: model.summary, ["Voyage", "Vessel", "From", "Arrives", "Leaves", "To", "Cut-offs"],
                        model.calls.map { call in
                            [
                                .link(call.voyage, to: call.onVoyage), .text(call.vessel), Self.port(call.previous), .text(call.arrival),
                                .text(call.departure), Self.port(call.next), .text(call.cutOffs),
                            ]
                        })
                    : DeskViews.table(
                        caption: model.summary, ["Voyage", "Port", "Arrives", "Leaves", "Cut-offs"],
                        model.calls.map { call in
                            [
                                .link(call.voyage, to: call.onVoyage), .link(call.port, to: call.onPort), .text(call.arrival), .text(call.departure),
                                .text(call.cutOffs),
                            ]
                        }))
        }
        if let continuation = model.continuation { content.append(DeskViews.link(continuation.text, to: continuation.route)) }
        return DeskPage(title: model.title, section: .schedules, content)
    }

    /// A port with its link, or "—" for none: a voyage's first call has no port before it.
    private static func port(_ port: (name: String, route: DeskRoute)?) -> DeskViews.Cell {
        port.map { .link($0.name, to: $0.route) } ?? .text("—")
    }
}
