import Foundation
import RoutePlanner
import RoutePlannerApplication

extension Desk {
    /// `/book`: the booking form, filled from the query; after a booking that was not made, the same with its
    /// problems.
    func book(form: FormData, problems: FormProblems = FormProblems()) async -> DeskResponse {
        let customers = logged(await composition().listCustomers(ListCustomersForm()).named)
        let model = BookingPresenter().present(customers: customers, values: form, problems: problems)
        return .page(BookingView(model: model).page(), status: model.problems.status)
    }

    /// `POST /book`: books a cargo and goes on to its screen.
    func book(_ form: FormData) async -> DeskResponse {
        typealias Field = BookCargoForm.Field
        // Ports given by their names are booked by their codes; a name of no port, or of several, is its field's problem,
        // shown with every other.
        let (values, names) = Self.portCodes(form, [Field.origin.name, Field.destination.name], in: network())
        let booking = BookCargoForm(
            origin: values[Field.origin], destination: values[Field.destination], ready: form[Field.ready], deadline: form[Field.deadline],
            teu: form[Field.teu], customer: form[Field.customer], revenue: form[Field.revenue], cargoType: form[Field.cargoType],
            dangerousGoods: form.isTicked(Field.dangerousGoods), maxTransitDays: form[Field.maxTransitDays], weight: form[Field.weight],
            bookingReference: form[Field.bookingReference], option: form[Field.option])
        if !names.isEmpty {
            var errors = names
            if case .failure(let fields) = BookCargoRequest.create(booking) { errors.merge(fields.named) { name, _ in name } }
            return await book(form: form, problems: FormProblems(errors: errors))
        }
        let state = await composition().bookCargo(booking)
        guard case .success(let booked) = state else { return await book(form: form, problems: logged(state.named).problems) }
        let response = booked.response
        let notice = !response.meetsDeadline ? "booked-late" : response.cargo.itinerary == nil ? "booked" : "booked-routed"
        return .redirect(to: .cargo(response.cargo.trackingId, FormData([("notice", notice)])))
    }

    /// `/customers`: the registered customers and the form that registers one; after a registration that was not made,
    /// the same with its problems.
    func customers(form: FormData, notice: String? = nil, problems: FormProblems = FormProblems()) async -> DeskResponse {
        let customers = logged(await composition().listCustomers(ListCustomersForm()).named)
        let model = CustomersPresenter().present(customers: customers, notice: notice, values: form, problems: problems)
        return .page(CustomersView(model: model).page(), status: model.problems.status)
    }

    /// `POST /customers`: registers a customer.
    func registerCustomer(_ form: FormData) async -> DeskResponse {
        typealias Field = RegisterCustomerForm.Field
        let state = await composition().registerCustomer(
            RegisterCustomerForm(id: form[Field.id], name: form[Field.name], renames: form.isTicked(Field.renames)))
        guard case .success = state else { return await customers(form: form, problems: logged(state.named).problems) }
        return .redirect(to: .customers(FormData([("notice", "registered")])))
    }
}
