import RoutePlannerApplication

/// What the booking screen shows: the form with its input, its problems, and the customers it books for.
struct BookingViewModel {
    /// The registered customers as a choice's values and labels: "ACME: Acme Shipping".
    let customers: [(value: String, label: String)]
    /// The form's input: what was sent, or the query's, with one TEU unless it says otherwise.
    let values: FormData
    /// Why a booking sent was not made.
    let problems: FormProblems

    /// Whether the form books on a route option (the routes screen's "Book" on an option), or was sent with one.
    var routesOnOption: Bool {
        !values[BookCargoForm.Field.option].trimmingCharacters(in: .whitespaces).isEmpty || problems.errors[BookCargoForm.Field.option.name] != nil
    }
}
