import RoutePlanner
import RoutePlannerApplication

/// Draws the customers screen from the list's state and, after a registration that was not made, its state. A pure
/// function of its input.
struct CustomersPresenter {
    /// The screen.
    ///
    /// - Parameters:
    ///   - customers: The customers use case's state.
    ///   - notice: The key of what the last change did (``DeskNotice``), from the address.
    ///   - values: The registration form's input.
    ///   - problems: Why a registration sent was not made; none before one is sent.
    func present(
        customers: DeskState<[Described<Customer>]>, notice: String?, values: FormData, problems: FormProblems = FormProblems()
    ) -> CustomersViewModel {
        let listed =
            if case .success(let customers) = customers {
                customers.map { customer in
                    let id = customer.response.id.description
                    return (id, customer.response.name, DeskRoute.cargoList(FormData([(ListCargoForm.Field.customer.name, id)])))
                }
            } else { [(id: String, name: String, onCargo: DeskRoute)]() }
        let listFailure: String? = if case .failure(let failure) = customers { failure.message } else { nil }
        return CustomersViewModel(
            customers: listed, listFailure: listFailure, notice: DeskNotice.text(notice), values: values,
            problems: problems)
    }
}
