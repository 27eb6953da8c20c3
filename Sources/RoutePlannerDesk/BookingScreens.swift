import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerPictures

extension Desk {
    /// `/book`: the booking form, filled from the query; after a booking with problems, the same with them.
    func book(form: FormData, errors: [String: String], failure: String? = nil) async -> DeskResponse {
        typealias Field = BookCargoForm.Field
        let known = await customerChoices()
        var content: [Markup] = []
        if known.isEmpty {
            content.append(
                DeskViews.empty(
                    "No customer is registered yet: register one before booking.", action: DeskViews.link("Register a customer", to: .customers(FormData()))))
        }
        if let failure { content.append(DeskViews.failure(failure)) }
        var values = form
        if !values.contains(Field.teu) { values.append(Field.teu, "1") }
        content.append(
            DeskForm(
                id: "book", target: .change(.book),
                fields: [
                    .init(Field.customer, "Customer", kind: .choice([("", "Choose a customer")] + known), required: true),
                    .init(Field.origin, "From", hint: "The origin port's UN/LOCODE, such as CNSHA.", required: true),
                    .init(Field.destination, "To", hint: "The destination port's UN/LOCODE, such as NLRTM.", required: true),
                    .init(Field.ready, "Ready", hint: "A date, or a date-time with a zone, such as 2026-03-02T08:00:00Z.", required: true),
                    .init(Field.deadline, "Deadline", hint: "The latest arrival, inclusive: a date or a date-time with a zone.", required: true),
                    .init(Field.teu, "TEU", hint: "Twenty-foot equivalent units, such as 2 for a forty-foot container.", required: true),
                    .init(Field.cargoType, "Cargo", kind: .choice([("DRY", "Dry"), ("REEFER", "Reefer")])),
                    .init(Field.dangerousGoods, "Dangerous goods", kind: .checkbox),
                    .init(Field.weight, "Weight", hint: "Tonnes, such as 24.5."),
                    .init(Field.revenue, "Revenue", hint: "What the booking earns, in USD, for the assignment."),
                    .init(Field.maxTransitDays, "Longest transit", hint: "Days, such as 45."),
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
        typealias Field = BookCargoForm.Field
        let state = await composition().bookCargo(
            BookCargoForm(
                origin: form[Field.origin], destination: form[Field.destination], ready: form[Field.ready], deadline: form[Field.deadline],
                teu: form[Field.teu], customer: form[Field.customer], revenue: form[Field.revenue], cargoType: form[Field.cargoType],
                dangerousGoods: form.isTicked(Field.dangerousGoods), maxTransitDays: form[Field.maxTransitDays], weight: form[Field.weight]))
        switch state.named {
        case .success(let booked): return .redirect(to: .cargo(booked.response.cargo.trackingId.description, FormData([("notice", "booked")])))
        case .validationFailure(let fields): return await book(form: form, errors: fields)
        case .failure(let failure): return await book(form: form, errors: [:], failure: shown(failure))
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
            content.append(
                DeskViews.table(
                    caption: "\(customers.count) customer\(customers.count == 1 ? "" : "s")", ["Id", "Name", "Cargo"],
                    customers.map { customer in
                        [
                            .text(customer.response.id.description), .text(customer.response.name),
                            .link("Their cargo", to: .cargoList(FormData([(ListCargoForm.Field.customer.name, customer.response.id.description)]))),
                        ]
                    }))
        case .failure(let failure): content.append(DeskViews.failure(shown(failure)))
        case .idle, .loading, .validationFailure: break
        }
        if let failure { content.append(DeskViews.failure(failure)) }
        typealias Customer = RegisterCustomerForm.Field
        content.append(
            DeskForm(
                id: "customer", heading: "Register a customer", target: .change(.registerCustomer),
                fields: [
                    .init(Customer.id, "Id", hint: "A short code that bookings name, such as ACME.", required: true),
                    .init(Customer.name, "Name", hint: "The customer's name, such as Acme Shipping.", required: true),
                    .init(Customer.renames, "Rename the customer registered under this id", kind: .checkbox),
                ],
                values: form, errors: errors, submit: "Register"
            ).markup())
        let status = !errors.isEmpty ? 422 : failure != nil ? 409 : 200
        return .page(DeskPage(title: "Customers", section: .customers, content), status: status)
    }

    /// `POST /customers`: registers a customer.
    func registerCustomer(_ form: FormData) async -> DeskResponse {
        typealias Field = RegisterCustomerForm.Field
        let state = await composition().registerCustomer(
            RegisterCustomerForm(
                id: form[Field.id], name: form[Field.name], renames: form.isTicked(Field.renames)))
        switch state.named {
        case .success: return .redirect(to: .customers(FormData([("notice", "registered")])))
        case .validationFailure(let fields): return await customers(form: form, errors: fields)
        case .failure(let failure): return await customers(form: form, errors: [:], failure: shown(failure))
        case .idle, .loading: return await customers(form: form, errors: [:])
        }
    }
}
