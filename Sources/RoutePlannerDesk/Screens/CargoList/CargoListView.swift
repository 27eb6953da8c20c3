import RoutePlannerPictures

/// The cargo list as a planner sees it: every customer's cargo, filtered by status and by customer.
struct CargoListView {
    let model: CargoListViewModel

    func page() -> DeskPage {
        let sections = CargoListSections(model: model)
        return DeskPage(title: "Cargo", section: .cargo, [sections.filter(byCustomer: true)] + sections.list(withCustomers: true))
    }
}
