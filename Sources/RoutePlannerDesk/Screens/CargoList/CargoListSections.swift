import RoutePlanner
import RoutePlannerApplication
import RoutePlannerPictures

/// The parts of the cargo list, each drawn from the view model: the planner's view and the customer's each take them
/// with the filters and columns they show.
struct CargoListSections {
    let model: CargoListViewModel

    /// The filter form: a search, the status, the standing, what is due, the order and, for a view that lists several
    /// customers' cargo, the customer.
    func filter(byCustomer: Bool) -> Markup {
        typealias Field = ListCargoForm.Field
        func choices(_ values: [String]) -> [(String, String)] {
            [("", "Any")] + values.map { (ListCargoRequest.formValue($0), $0.prefix(1).uppercased() + $0.dropFirst()) }
        }
        let due = [("", "Any time")] + [(1, "1 day"), (3, "3 days"), (7, "7 days"), (14, "14 days"), (28, "28 days")].map { (String($0.0), "Within \($0.1)") }
        let orders: [(String, String)] = [("", "Tracking id"), ("deadline", "Deadline"), ("slack", "Slack, least first"), ("eta", "ETA, earliest first")]
        return DeskForm(
            id: "filter", target: .screen(.cargoList(FormData())),
            fields: [
                .init(Field.search, "Search", hint: "Part of a tracking id, a booking reference, a voyage or a port."),
                .init(Field.status, "Status", kind: .choice(choices(ListCargoRequest.listedStatuses.map(\.rawValue)))),
                .init(Field.standing, "Against the deadline", kind: .choice(choices(DeadlineStanding.allCases.map(\.rawValue)))),
                .init(Field.due, "Due", kind: .choice(due)),
            ] + (byCustomer ? [.init(Field.customer, "Customer", hint: "A customer's id; blank for every customer.")] : [])
                + [.init(Field.sort, "Sort by", kind: .choice(orders))],
            values: model.filter, errors: model.errors, submit: "Show"
        ).markup()
    }

    /// The page of cargo, or what the page says when it lists none, the links to the pages around it, and the file.
    func list(withCustomers: Bool) -> [Markup] {
        if let failure = model.failure { return [DeskViews.failure(failure)] }
        if let empty = model.empty {
            return [DeskViews.empty(empty.message, action: empty.onBook ? DeskViews.link("Book a cargo", to: .book(FormData())) : nil)]
        }
        guard !model.rows.isEmpty else { return [] }
        var content = [
            DeskViews.table(
                caption: model.caption,
                ["Tracking id"] + (withCustomers ? ["Customer"] : []) + ["Size", "Route", "Due", "Status", "Against the deadline", "Where", "Next", "ETA"],
                model.rows.map { row in
                    [.link(row.trackingId, to: row.onCargo)] + (withCustomers ? [.text(row.customer)] : [])
                        + [
                            .text(row.size), .text(row.route), .text(row.due), .text(row.status), .text(row.standing), .text(row.location), .text(row.next),
                            .text(row.estimatedTimeOfArrival),
                        ]
                })
        ]
        if !model.pages.isEmpty {
            content.append(Markup("nav", [("aria-label", "Pages"), ("class", "pages")], model.pages.map { DeskViews.link($0.label, to: $0.route) }))
        }
        if let download = model.download { content.append(Markup("p", [], [DeskViews.link(download.label, to: download.route)])) }
        return content
    }
}
