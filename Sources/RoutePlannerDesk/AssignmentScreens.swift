import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerFormats
import RoutePlannerPictures

extension Desk {
    /// `/assignments`: the form that runs an assignment, on the store's open cargo or on an uploaded bookings file.
    func assignments(form: FormData, errors: [String: String], failure: String? = nil) async -> DeskResponse {
        typealias Field = AssignRoutesForm.Field
        typealias Upload = ImportBookingsForm.Field
        var content: [Markup] = [
            Markup(
                "p",
                text:
                    "The assignment gives each booking an itinerary under the voyages' capacities (TEU, weight, reefer plugs), most revenue less handling cost first, and says why each booking left out is left out."
            )
        ]
        guard solver != nil else {
            content.append(DeskViews.failure("This server has no solver: the assignment is not available here."))
            return .page(DeskPage(title: "Assignments", section: .assignments, content), status: 503)
        }
        if let failure { content.append(DeskViews.failure(failure)) }
        let known = await customerChoices()
        var values = form
        if !values.contains(Field.timeLimit) { values.append(Field.timeLimit, "10") }
        if !values.contains(Field.gap) { values.append(Field.gap, "0.01%") }
        content.append(
            DeskForm(
                id: "assign", target: .change(.runAssignment),
                fields: [
                    .init(
                        "source", "Bookings",
                        kind: .choice([
                            ("store", "The store's open cargo (their routes are assigned)"), ("file", "An uploaded bookings file (nothing is stored)"),
                        ]), required: true),
                    .init(
                        Upload.file, "Bookings file",
                        hint: "For an upload: a CSV with booking, origin, destination, ready, deadline, teu and revenue_per_teu columns.",
                        kind: .file(accept: ".csv,text/csv")),
                    .init(
                        Upload.customer, "Customer of the upload", hint: "For an upload whose rows name no customer.",
                        kind: .choice([("", "The file's customer column")] + known)),
                    .init(Field.timeLimit, "Time limit", hint: "Seconds the whole run may take, such as 10.", required: true),
                    .init(Field.gap, "Gap", hint: "Stop once the plan is this close to the bound, such as 0.01%."),
                ],
                values: values, errors: errors, submit: "Run the assignment"
            ).markup())
        let status = !errors.isEmpty ? 422 : failure != nil ? 409 : 200
        return .page(DeskPage(title: "Assignments", section: .assignments, content), status: status)
    }

    /// `POST /assignments`: checks the form and the file, starts the run and goes on to its screen.
    func runAssignment(_ form: FormData, file: (name: String, bytes: [UInt8])?) async -> DeskResponse {
        typealias Field = AssignRoutesForm.Field
        typealias Upload = ImportBookingsForm.Field
        guard let solver else { return await assignments(form: form, errors: [:]) }
        let assign = AssignRoutesForm(timeLimit: form[Field.timeLimit], gap: form[Field.gap].isEmpty ? "0.01%" : form[Field.gap])
        if case .failure(let error) = AssignRoutesRequest.create(assign) { return await assignments(form: form, errors: error.named) }
        let network = self.network()
        let application: RoutePlannerComposition
        if form["source"] == "file" {
            guard let file, !file.bytes.isEmpty else {
                return await assignments(form: form, errors: [Upload.file.name: "Choose a bookings CSV file to upload."])
            }
            guard let text = Self.text(file.bytes) else {
                return await assignments(form: form, errors: [Upload.file.name: "The file is not text in UTF-8 or UTF-16: save it as CSV (UTF-8)."])
            }
            // The file's bookings, which the store never sees, assigned on the schedule served now.
            application = composition().scheduled(on: network, cargo: InMemoryCargoRepository())
            let imported = await application.importBookings(
                ImportBookingsForm(file: file.name.isEmpty ? "bookings.csv" : file.name, customer: form[Upload.customer], contents: text))
            switch imported.named {
            case .failure(let failure): return await assignments(form: form, errors: [Upload.file.name: shown(failure)])
            case .validationFailure(let fields): return await assignments(form: form, errors: fields)
            case .success, .idle, .loading: break
            }
        } else {
            application = composition(network)
        }
        let started = await runs.start { report in
            let (state, result) = await application.assignRoutes(solver: solver, progress: report).respond(assign)
            return (state.named, try? result.get(), network)
        }
        guard let id = started else {
            return await assignments(form: form, errors: [:], failure: "Another assignment is running: wait for it to finish, then run this one.")
        }
        return .redirect(to: .assignmentRun(id))
    }

    /// `/assignments/{run}`: the run's last step while it works, then its plan.
    func assignmentRun(_ id: String) async -> DeskResponse {
        switch await runs.state(id) {
        case nil:
            return .page(
                DeskPage(
                    title: "Assignment not found", section: .assignments,
                    [
                        DeskViews.failure("No assignment runs under this address: it may be from before the server started, or an older one no longer kept."),
                        DeskViews.link("Run an assignment", to: .assignments),
                    ]), status: 404)
        case .running(let progress)?:
            // No page that reloads itself (it would move a reader's place each time): the planner asks again.
            return .page(
                DeskPage(
                    title: "Assignment running", section: .assignments,
                    [
                        Markup("p", text: "Last step: " + (progress ?? "starting.")),
                        Markup("p", [], [DeskViews.link("Check again", to: .assignmentRun(id))]),
                    ]))
        case .finished(let state, let response, let network)?:
            var content: [Markup] = []
            switch state {
            case .success(let report):
                content.append(DeskViews.section("Totals", id: "totals", [Markup("ul", [], report.totals.map { Markup("li", text: $0) })]))
                content.append(
                    DeskViews.section(
                        "Downloads", id: "downloads",
                        [
                            Markup(
                                "ul", [],
                                DeskRoute.PlanFile.allCases.map {
                                    Markup("li", [], [DeskViews.link("The plan as \($0 == .csv ? "CSV" : "JSON")", to: .assignmentPlan(id, $0))])
                                })
                        ]))
                if let plan = response?.plan {
                    content.append(
                        DeskViews.section(
                            "Load on the busiest voyages", id: "heat-map",
                            [
                                DeskViews.figure(AssignmentPictures.heatMap(plan, network: network), caption: "Each leg's load against its capacity.")
                            ]))
                }
                content.append(DeskViews.section("Busiest legs", id: "busiest", [Markup("ul", [], report.busiestLegs.map { Markup("li", text: $0) })]))
                content.append(
                    DeskViews.section(
                        "Bookings", id: "bookings",
                        report.bookings.isEmpty
                            ? [DeskViews.empty("No open cargo to assign.")]
                            : [Markup("ul", [("class", "lines")], report.bookings.map { Markup("li", text: $0) })]))
            case .failure(let failure): content.append(DeskViews.failure(shown(failure)))
            case .validationFailure(let fields): content.append(DeskViews.failure(fields.values.sorted().joined(separator: " ")))
            case .idle, .loading: break
            }
            content.append(DeskViews.link("Run another", to: .assignments))
            return .page(DeskPage(title: "Assignment", section: .assignments, content))
        }
    }

    /// A file's text: UTF-8 (with or without a byte order mark) or UTF-16 with one, as spreadsheets save CSV.
    static func text(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return String(validating: bytes.dropFirst(3), as: UTF8.self) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return String(data: Data(bytes), encoding: .utf16) }
        return String(validating: bytes, as: UTF8.self)
    }

    /// `/assignments/{run}/plan.csv` and `plan.json`: a finished run's plan.
    func assignmentPlan(_ id: String, _ file: DeskRoute.PlanFile) async -> DeskResponse {
        guard case .finished(_, let response?, _)? = await runs.state(id) else {
            return .page(
                DeskPage(
                    title: "Plan not found", section: .assignments,
                    [
                        DeskViews.failure("No finished assignment runs under this address."), DeskViews.link("Run an assignment", to: .assignments),
                    ]), status: 404)
        }
        switch file {
        case .csv: return .file(AssignmentDocument.csv(response.plan), contentType: "text/csv; charset=utf-8", name: file.rawValue)
        case .json:
            return .file(
                AssignmentDocument.json(response.plan, notAssigned: response.leftOut, notStored: response.changedMeanwhile),
                contentType: "application/json; charset=utf-8", name: file.rawValue)
        }
    }
}

extension Desk {
    /// The registered customers as a choice's values and labels: "ACME: Acme Shipping".
    func customerChoices() async -> [(value: String, label: String)] {
        guard case .success(let customers) = await composition().listCustomers(ListCustomersForm()) else { return [] }
        return customers.map { ($0.response.id.description, $0.lines.joined(separator: " ")) }
    }
}
