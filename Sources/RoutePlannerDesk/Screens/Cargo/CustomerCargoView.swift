import RoutePlannerPictures

/// A cargo's screen as its customer's user sees it: its own cargo (so its customer goes unnamed), and the changes a customer makes (its route, its
/// destination, its cancellation); handling events are the planners' to register.
struct CustomerCargoView {
    let model: CargoViewModel

    func page() -> DeskPage {
        let sections = CargoSections(model: model)
        var content = sections.notice() + [sections.progress(namingTheCustomer: false), sections.route()]
        if !model.isCancelled {
            content += [sections.options(), sections.destinationForm()]
        }
        content += sections.cancel() + [sections.events()] + sections.changes()
        return DeskPage(title: "Cargo \(model.tracking.trackingId)", section: .cargo, content)
    }
}
