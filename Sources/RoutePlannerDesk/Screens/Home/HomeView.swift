import RoutePlannerPictures

/// The home screen: the desk's clock, the cargo that need a planner's eye, what the desk offers, the schedule it
/// plans on, and where to start.
struct HomeView {
    let model: HomeViewModel

    func page() -> DeskPage {
        var content: [Markup] = [
            Markup("p", text: "Find routes over the voyage schedule, look up port and vessel schedules, book cargo and follow it to its destination."),
            Markup("p", [("class", "clock")], [Markup("strong", text: "The desk plans as of "), Markup("time", text: model.clock)]),
        ]
        if let failure = model.countsFailure {
            content.append(DeskViews.section("Cargo to look at", id: "attention", [DeskViews.failure(failure)]))
        } else if let counts = model.counts {
            // Each count is a link to the list that shows those cargo.
            content.append(
                DeskViews.section(
                    "Cargo to look at", id: "attention",
                    [
                        Markup(
                            "ul", [("class", "counts")],
                            counts.map { count in
                                Markup("li", [], [DeskViews.link("\(count.name): \(count.count)", to: count.route)])
                            })
                    ]))
        }
        content += [
            DeskViews.section("The schedule", id: "schedule", [DeskViews.facts(model.facts.map { ($0.name, $0.value) })]),
            DeskViews.section("Start", id: "start", [Markup("ul", [], model.sections.map { Markup("li", [], [DeskViews.link($0.title, to: $0.route)]) })]),
        ]
        if model.keepsCargoInMemory {
            content.append(DeskViews.empty("Booked cargo is kept in memory until the server stops: start it with --store FILE to keep it."))
        }
        return DeskPage(title: "The planner's desk", section: nil, content)
    }
}
