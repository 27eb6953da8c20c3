import RoutePlanner
import RoutePlannerApplication
import RoutePlannerPictures

/// The parts of the cargo list, each drawn from the view model: the planner's view and the customer's each take them
/// with the filters and columns they show.
struct CargoListSections {
    let model: CargoListViewModel

    /// The filter form, by status and, for a view that lists several customers' cargo, by customer.
    func filter(byCustomer: Bool) -> Markup {
        typealias Field = ListCargoForm.Field
        let statuses = [("", "Any")] + ListCargoRequest.listedStatuses.map { ($0.rawValue.replacingOccurrences(of: " ", with: "-"), $0.rawValue.capitalized) }
        return DeskForm(
            id: "filter", target: .screen(.cargoList(FormData())),
            fields: [.init(Field.status, "Status", kind: .choice(statuses))]
                + (byCustomer ? [.init(Field.customer, "Customer", hint: "A customer's id; blank for every customer.")] : []),
            values: model.filter, errors: model.errors, submit: "Filter"
        ).markup()
    }

    /// The page of cargo, or what the page says when it lists none, and the links to the pages around it.
    func list(withCustomers: Bool) -> [Markup] {
        if let failure = model.failure { return [DeskViews.failure(failure)] }
        if let empty = model.empty {
            return [DeskViews.empty(empty.message, action: empty.onBook ? DeskViews.link("Book a cargo", to: .book(FormData())) : nil)]
        }
        guard !model.rows.isEmpty else { return [] }
        var content = [
            DeskViews.table(
                caption: model.caption, ["Tracking id"] + (withCustomers ? ["Customer"] : []) + ["Size", "Route", "Window", "Status", "ETA"],
                model.rows.map { row in
                    [.link(row.trackingId, to: row.onCargo)] + (withCustomers ? [.text(row.customer)] : [])
                        + [.text(row.size), .text(row.route), .text(row.window), .text(row.status), .text(row.estimatedTimeOfArrival)]
                })
        ]
        if !model.pages.isEmpty {
            content.append(Markup("nav", [("aria-label", "Pages"), ("class", "pages")], model.pages.map { DeskViews.link($0.label, to: $0.route) }))
        }
        return content
    }
}
