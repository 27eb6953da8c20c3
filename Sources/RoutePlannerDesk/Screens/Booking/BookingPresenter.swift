import RoutePlanner
import RoutePlannerApplication

/// Draws the booking screen from the customers' list and, after a booking that was not made, its state. A pure
/// function of its input.
struct BookingPresenter {
    /// The screen for the form's input.
    ///
    /// - Parameters:
    ///   - customers: The customers use case's state: those a booking may name.
    ///   - values: The form's input: what was sent, or the query's.
    ///   - problems: Why a booking sent was not made; none before one is sent.
    func present(customers: DeskState<[Described<Customer>]>, values: FormData, problems: FormProblems = FormProblems()) -> BookingViewModel {
        var values = values
        if !values.contains(BookCargoForm.Field.teu) { values.append(BookCargoForm.Field.teu, "1") }
        var choices: [(value: String, label: String)] = []
        if case .success(let customers) = customers { choices = customers.map { ($0.response.id.description, $0.lines.joined(separator: " ")) } }
        return BookingViewModel(customers: choices, values: values, problems: problems)
    }
}
