/// What the customers screen shows: the registered customers, and the form that registers one with its input and
/// problems.
struct CustomersViewModel {
    /// Each customer: its id, its name, and the link to its cargo.
    let customers: [(id: String, name: String, onCargo: DeskRoute)]
    /// Why the list cannot be shown; `nil` when it is.
    let listFailure: String?
    /// What the last change did.
    let notice: String?
    let values: FormData
    /// Why a registration sent was not made.
    let problems: FormProblems
}
