import RoutePlannerPictures

/// The cargo list as a customer's user sees it: its own cargo alone, filtered by status (a customer to filter by, or a
/// column of them, would say nothing).
struct CustomerCargoListView {
    let model: CargoListViewModel

    func page() -> DeskPage {
        let sections = CargoListSections(model: model)
        return DeskPage(title: "Cargo", section: .cargo, [sections.filter(byCustomer: false)] + sections.list(withCustomers: false))
    }
}
