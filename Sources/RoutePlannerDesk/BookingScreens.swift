import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerPictures

extension Desk {
    /// The desk's names of the booking form's fields that differ from `BookCargoForm`'s.
    static let bookFormNames = ["origin": "from", "destination": "to"]

    /// `/book`: the booking form, filled from the query; after a booking with problems, the same with them.
    func book(form: FormData, errors: [String: String], failure: String? = nil) async -> DeskResponse {
        let known = await customerChoices()
        var content: [Markup] = []
        if known.isEmpty {
            content.append(DeskViews.empty("No customer is registered yet: register one before booking.", action: DeskViews.link("Register a customer", to: .customers(FormData()))))
        }
        if let failure { content.append(DeskViews.failure(failure)) }
        var values = form
        if !values.contains("teu") { values.append("teu", "1") }
        content.append(DeskForm(
            id: "book", target: .change(.book),
            fields: [
                .init("customer", "Customer", kind: .choice([("", "Choose a customer")] + known), required: true),
                .init("from", "From", hint: "The origin port's UN/LOCODE, such as CNSHA.", required: true),
                .init("to", "To", hint: "The destination port's UN/LOCODE, such as NLRTM.", required: true),
                .init("ready", "Ready", hint: "A date, or a date-time with a zone, such as 2026-03-02T08:00:00Z.", required: true),
                .init("deadline", "Deadline", hint: "The latest arrival, inclusive: a date or a date-time with a zone.", required: true),
                .init("teu", "TEU", hint: "Twenty-foot equivalent units, such as 2 for a forty-foot container.", required: true),
                .init("cargoType", "Cargo", kind: .choice([("DRY", "Dry"), ("REEFER", "Reefer")])),
                .init("dangerousGoods", "Dangerous goods", kind: .checkbox),
                .init("weight", "Weight", hint: "Tonnes, such as 24.5."),
                .init("revenue", "Revenue", hint: "What the booking earns, in USD, for the assignment."),
                .init("maxTransitDays", "Longest transit", hint: "Days, such as 45."),
            ],
            values: values, errors: errors, submit: "Book"
        ).markup())
        let status = !errors.isEmpty ? 422 : failure != nil ? 409 : 200
        return .page(DeskPage(title: "Book a cargo", section: .book, content), status: status)
    }

    /// The registered customers as a choice's values and labels: "ACME: Acme Shipping".
    func customerChoices() async -> [(value: String, label: String)] {
        guard case .success(let customers) = await composition().listCustomers(ListCustomersForm()) else { return [] }
        return customers.map { ($0.response.id.description, $0.lines.joined(separator: " ")) }
    }

    /// `POST /book`: books a cargo and goes on to its screen.
    func book(_ form: FormData) async -> DeskResponse {
        let state = await composition().bookCargo(BookCargoForm(
            origin: form["from"], destination: form["to"], ready: form["ready"], deadline: form["deadline"], teu: form["teu"], customer: form["customer"],
            revenue: form["revenue"], cargoType: form["cargoType"], dangerousGoods: form.isTicked("dangerousGoods"),
            maxTransitDays: form["maxTransitDays"], weight: form["weight"]))
        switch Self.renamed(state, Self.bookFormNames) {
        case .success(let booked): return .redirect(to: .cargo(booked.response.cargo.trackingId.description, FormData([("notice", "booked")])))
        case .validationFailure(let fields): return await book(form: form, errors: fields)
        case .failure(let message): return await book(form: form, errors: [:], failure: message)
        case .idle, .loading: return await book(form: form, errors: [:])
        }
    }

    /// `/customers`: the registered customers and the form that registers one.
    func customers(form: FormData, errors: [String: String], failure: String? = nil, notice: String? = nil) async -> DeskResponse {
        let (state, _) = await composition().listCustomers.respond(ListCustomersForm())
        var content: [Markup] = []
        if let notice = notice.flatMap({ Self.notices[$0] }) { content.append(DeskViews.notice(notice)) }
        switch state {
        case .success(let customers) where customers.isEmpty: content.append(DeskViews.empty("No customer is registered yet."))
        case .success(let customers):
            content.append(DeskViews.table(
                caption: "\(customers.count) customer\(customers.count == 1 ? "" : "s")", ["Id", "Name", "Cargo"],
                customers.map { customer in
                    [.text(customer.response.id.description), .text(customer.response.name),
                     .link("Their cargo", to: .cargoList(FormData([("customer", customer.response.id.description)])))]
                }))
        case .failure(let message): content.append(DeskViews.failure(message))
        case .idle, .loading, .validationFailure: break
        }
        if let failure { content.append(DeskViews.failure(failure)) }
        content.append(DeskForm(
            id: "customer", heading: "Register a customer", target: .change(.registerCustomer),
            fields: [
                .init("id", "Id", hint: "A short code that bookings name, such as ACME.", required: true),
                .init("name", "Name", hint: "The customer's name, such as Acme Shipping.", required: true),
                .init("renames", "Rename the customer registered under this id", kind: .checkbox),
            ],
            values: form, errors: errors, submit: "Register"
        ).markup())
        let status = !errors.isEmpty ? 422 : failure != nil ? 409 : 200
        return .page(DeskPage(title: "Customers", section: .customers, content), status: status)
    }

    /// `POST /customers`: registers a customer.
    func registerCustomer(_ form: FormData) async -> DeskResponse {
        let state = await composition().registerCustomer(RegisterCustomerForm(
            id: form["id"], name: form["name"], renames: form.isTicked("renames")))
        switch state {
        case .success: return .redirect(to: .customers(FormData([("notice", "registered")])))
        case .validationFailure(let fields): return await customers(form: form, errors: fields)
        case .failure(let message): return await customers(form: form, errors: [:], failure: message)
        case .idle, .loading: return await customers(form: form, errors: [:])
        }
    }
}
