import RoutePlannerApplication
import RoutePlannerPictures

/// The assignments screen: what an assignment does, and the form that runs one on the store's open cargo or on an
/// uploaded bookings file.
struct AssignmentsView {
    let model: AssignmentsViewModel

    func page() -> DeskPage {
        typealias Field = AssignRoutesForm.Field
        typealias Upload = ImportBookingsForm.Field
        var content: [Markup] = [
            Markup(
                "p",
                text:
                    "The assignment gives each booking an itinerary under the voyages' capacities (TEU, weight, reefer plugs), most revenue less handling cost first, and says why each booking left out is left out."
            )
        ]
        guard model.isAvailable else {
            content.append(DeskViews.failure("This server has no solver: the assignment is not available here."))
            return DeskPage(title: "Assignments", section: .assignments, content)
        }
        if let failure = model.problems.failure { content.append(DeskViews.failure(failure.message)) }
        if let working = model.working { content.append(Markup("p", [], [DeskViews.link("The run that is working", to: working)])) }
        content.append(
            DeskForm(
                id: "assign", target: .change(.runAssignment),
                fields: [
                    .init(
                        "source", "Bookings",
                        kind: .choice([
                            ("store", "The store's open cargo (a preview: their routes are written when you confirm)"),
                            ("file", "An uploaded bookings file (nothing is stored)"),
                        ]), required: true),
                    .init(
                        Upload.file, "Bookings file",
                        hint: "For an upload: a CSV with booking, origin, destination, ready, deadline, teu and revenue_per_teu columns.",
                        kind: .file(accept: ".csv,text/csv")),
                    .init(
                        Upload.customer, "Customer of the upload", hint: "For an upload whose rows name no customer.",
                        kind: .choice([("", "The file's customer column")] + model.customers)),
                    .init(Field.timeLimit, "Time limit", hint: "Seconds the whole run may take, such as 10.", required: true),
                    .init(Field.gap, "Gap", hint: "Stop once the plan is this close to the bound, such as 0.01%."),
                ],
                values: model.values, errors: model.problems.errors, submit: "Run the assignment"
            ).markup())
        content.append(runs())
        return DeskPage(title: "Assignments", section: .assignments, content)
    }

    /// The runs kept, each with a link to its screen.
    private func runs() -> Markup {
        switch model.runs {
        case .success(let runs) where runs.isEmpty: return DeskViews.section("Runs", id: "runs", [DeskViews.empty("No run yet.")])
        case .success(let runs):
            return DeskViews.section(
                "Runs", id: "runs",
                [
                    DeskViews.table(
                        caption: "The last \(runs.count == 1 ? "run" : "\(runs.count) runs"), the last started first",
                        ["Started", "Status", "What it came to"],
                        runs.map { [.link($0.started, to: $0.route), .text($0.status), .text($0.summary)] })
                ])
        case .failure(let failure): return DeskViews.section("Runs", id: "runs", [DeskViews.failure(failure.message)])
        case .idle, .loading, .validationFailure: return DeskViews.section("Runs", id: "runs", [])
        }
    }
}
