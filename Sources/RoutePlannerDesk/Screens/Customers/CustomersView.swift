import RoutePlannerApplication
import RoutePlannerPictures

/// The registered customers, each with a link to its cargo, and the form that registers one.
struct CustomersView {
    let model: CustomersViewModel

    func page() -> DeskPage {
        var content: [Markup] = []
        if let notice = model.notice { content.append(DeskViews.notice(notice)) }
        if let failure = model.listFailure {
            content.append(DeskViews.failure(failure))
        } else if model.customers.isEmpty {
            content.append(DeskViews.empty("No customer is registered yet."))
        } else {
            let count = model.customers.count
            content.append(
                DeskViews.table(
                    caption: "\(count) customer\(count == 1 ? "" : "s")", ["Id", "Name", "Cargo"],
                    model.customers.map { [.text($0.id), .text($0.name), .link("Their cargo", to: $0.onCargo)] }))
        }
        if let failure = model.problems.failure { content.append(DeskViews.failure(failure.message)) }
        typealias Field = RegisterCustomerForm.Field
        content.append(
            DeskForm(
                id: "customer", heading: "Register a customer", target: .change(.registerCustomer),
                fields: [
                    .init(Field.id, "Id", hint: "A short code that bookings name, such as ACME.", required: true),
                    .init(Field.name, "Name", hint: "The customer's name, such as Acme Shipping.", required: true),
                    .init(Field.renames, "Rename the customer registered under this id", kind: .checkbox),
                ],
                values: model.values, errors: model.problems.errors, submit: "Register"
            ).markup())
        return DeskPage(title: "Customers", section: .customers, content)
    }
}
