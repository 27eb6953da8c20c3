import RoutePlannerApplication

/// Why a form sent was not carried out: each field's problem by the desk's name, or the use case's refusal.
struct FormProblems {
    var errors: [String: String] = [:]
    var failure: ViewFailure?

    /// The status a page that shows them is answered with: 422 for the fields' problems, the refusal's by its kind,
    /// else 200.
    var status: Int { !errors.isEmpty ? 422 : failure.map { DeskResponse.statusCode(of: $0.kind) } ?? 200 }
}
