/// What the schedules screen shows: the two lookups, a port's and a voyage's, with their input and problems.
struct ScheduleLookupViewModel {
    let values: FormData
    let errors: [String: String]
    /// The ports, for the port field's suggestions.
    let ports: [DeskForm.Suggestion]

    var status: Int { errors.isEmpty ? 200 : 422 }
}
