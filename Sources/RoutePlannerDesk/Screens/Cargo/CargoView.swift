import RoutePlannerPictures

/// A cargo's screen as a planner sees it: whose cargo it is, and every change a planner makes, handling events
/// included.
struct CargoView {
    let model: CargoViewModel

    func page() -> DeskPage {
        let sections = CargoSections(model: model)
        var content = sections.notice() + [sections.progress(namingTheCustomer: true), sections.route()]
        // A cancelled booking is a record: nothing more happens to its cargo.
        if !model.isCancelled {
            content += [sections.options(), sections.eventForm(), sections.destinationForm()]
        }
        content += sections.cancel() + [sections.events()] + sections.changes()
        return DeskPage(title: "Cargo \(model.tracking.trackingId)", section: .cargo, content)
    }
}
