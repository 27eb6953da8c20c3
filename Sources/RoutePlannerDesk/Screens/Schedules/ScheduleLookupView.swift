import RoutePlannerPictures

/// The schedules screen: the form that shows a port's calls, and the one that shows a voyage's.
struct ScheduleLookupView {
    let model: ScheduleLookupViewModel

    func page() -> DeskPage {
        DeskPage(
            title: "Schedules", section: .schedules,
            [
                DeskForm(
                    id: "port", heading: "A port's calls", target: .screen(.portLookup(FormData())),
                    fields: [
                        .init("code", "Port", hint: "A port's name or UN/LOCODE, such as Singapore or SGSIN.", required: true, suggestions: model.ports),
                        .init("from", "From", hint: "The first day shown (four weeks are). Blank: today."),
                    ],
                    values: model.values, errors: model.errors.filter { $0.key == "code" }, submit: "Show the port's calls"
                ).markup(),
                DeskForm(
                    id: "vessel", heading: "A voyage's calls", target: .screen(.vesselLookup(FormData())),
                    fields: [.init("voyage", "Voyage", hint: "A voyage number, such as WS15-W09, or a vessel's name.", required: true)],
                    values: model.values, errors: model.errors.filter { $0.key == "voyage" }, submit: "Show the voyage's calls"
                ).markup(),
            ])
    }
}
