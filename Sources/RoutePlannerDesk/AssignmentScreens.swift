import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerPictures

extension Desk {
    /// `/assignments`: the form that runs an assignment, on the store's open cargo or on an uploaded bookings file.
    func assignments(form: FormData, errors: [String: String], failure: String? = nil) async -> DeskResponse {
        var content: [Markup] = [
            Markup("p", text: "The assignment gives each booking an itinerary under the voyages' capacities (TEU, weight, reefer plugs), most revenue less handling cost first, and says why each booking left out is left out."),
        ]
        guard solver != nil else {
            content.append(DeskViews.failure("This server has no solver: the assignment is not available here."))
            return .page(DeskPage(title: "Assignments", section: .assignments, content), status: 503)
        }
        if let failure { content.append(DeskViews.failure(failure)) }
        let (customers, _) = await composition().listCustomers.respond(ListCustomersForm())
        let known: [(String, String)] = if case .success(let list) = customers { list.map { ($0.response.id.description, $0.lines[0]) } } else { [] }
        var values = form
        if !values.contains("timeLimit") { values.append("timeLimit", "10") }
        if !values.contains("gap") { values.append("gap", "0.01%") }
        content.append(DeskForm(
            id: "assign", target: .change(.runAssignment),
            fields: [
                .init("source", "Bookings", kind: .choice([("store", "The store's open cargo (their routes are assigned)"), ("file", "An uploaded bookings file (nothing is stored)")])),
                .init("bookings", "Bookings file", hint: "For an upload: a CSV with booking, origin, destination, ready, deadline, teu and revenue_per_teu columns.", kind: .file),
                .init("customer", "Customer of the upload", hint: "For an upload whose rows name no customer.", kind: .choice([("", "The file's customer column")] + known)),
                .init("timeLimit", "Time limit", hint: "Seconds the whole run may take, such as 10.", required: true),
                .init("gap", "Gap", hint: "Stop once the plan is this close to the bound, such as 0.01%."),
            ],
            values: values, errors: errors, submit: "Run the assignment"
        ).markup())
        let status = !errors.isEmpty ? 422 : failure != nil ? 409 : 200
        return .page(DeskPage(title: "Assignments", section: .assignments, content), status: status)
    }

    /// `POST /assignments`: checks the form and the file, starts the run and goes on to its screen.
    func runAssignment(_ form: FormData, file: (name: String, text: String)?) async -> DeskResponse {
        guard let solver else { return await assignments(form: form, errors: [:]) }
        let assign = AssignRoutesForm(timeLimit: form["timeLimit"], gap: form["gap"].isEmpty ? "0.01%" : form["gap"])
        if case .failure(let error) = AssignRoutesRequest.create(assign) { return await assignments(form: form, errors: error.fields) }
        let network = self.network()
        let application: RoutePlannerComposition
        if form["source"] == "file" {
            guard let file, !file.text.isEmpty else { return await assignments(form: form, errors: ["bookings": "Choose a bookings CSV file to upload."]) }
            let schedule = InMemoryScheduleRepository(network: network)
            application = RoutePlannerComposition(
                locations: schedule, voyages: schedule, cargo: InMemoryCargoRepository(), customers: customers, format: format, now: now)
            let imported = await application.importBookings(ImportBookingsForm(file: file.name.isEmpty ? "bookings.csv" : file.name, customer: form["customer"], contents: file.text))
            switch imported {
            case .failure(let message): return await assignments(form: form, errors: ["bookings": message])
            case .validationFailure(let fields): return await assignments(form: form, errors: ["bookings": fields.values.sorted().joined(separator: " ")])
            case .success, .idle, .loading: break
            }
        } else {
            application = composition(network)
        }
        let coordinator = application.assignRoutes(solver: solver)
        let id = await runs.start {
            let (state, response) = await coordinator.respond(assign)
            return (state, response, network)
        }
        return .redirect(to: .assignmentRun(id))
    }

    /// `/assignments/{run}`: the run's progress while it works (the page reloads itself each second), then its plan.
    func assignmentRun(_ id: String) async -> DeskResponse {
        switch await runs.state(id) {
        case nil:
            return .page(DeskPage(title: "Assignment not found", section: .assignments, [
                DeskViews.failure("No assignment runs under this address: it may be from before the server started, or an older one no longer kept."),
                DeskViews.link("Run an assignment", to: .assignments),
            ]), status: 404)
        case .running(let progress)?:
            return .page(DeskPage(title: "Assignment running", section: .assignments, refresh: 1, [
                Markup("p", [("role", "status")], text: progress ?? "Starting…"),
                Markup("p", text: "This page reloads itself each second until the plan is ready."),
            ]))
        case .finished(let state, let response, let network)?:
            var content: [Markup] = []
            switch state {
            case .success(let report):
                content.append(DeskViews.section("Totals", id: "totals", [Markup("ul", [], report.totals.map { Markup("li", text: $0) })]))
                content.append(DeskViews.section("Downloads", id: "downloads", [Markup("ul", [], DeskRoute.PlanFile.allCases.map {
                    Markup("li", [], [DeskViews.link("The plan as \($0 == .csv ? "CSV" : "JSON")", to: .assignmentPlan(id, $0))])
                })]))
                if let plan = response?.plan {
                    content.append(DeskViews.section("Load on the busiest voyages", id: "heat-map", [
                        DeskViews.figure(AssignmentPictures.heatMap(plan, network: network), caption: "Each leg's load against its capacity."),
                    ]))
                }
                content.append(DeskViews.section("Busiest legs", id: "busiest", [Markup("ul", [], report.busiestLegs.map { Markup("li", text: $0) })]))
                content.append(DeskViews.section("Bookings", id: "bookings", report.bookings.isEmpty
                    ? [DeskViews.empty("No open cargo to assign.")]
                    : [Markup("ul", [("class", "lines")], report.bookings.map { Markup("li", text: $0) })]))
            case .failure(let message): content.append(DeskViews.failure(message))
            case .validationFailure(let fields): content.append(DeskViews.failure(fields.values.sorted().joined(separator: " ")))
            case .idle, .loading: break
            }
            content.append(DeskViews.link("Run another", to: .assignments))
            return .page(DeskPage(title: "Assignment", section: .assignments, content))
        }
    }

    /// `/assignments/{run}/plan.csv` and `plan.json`: a finished run's plan.
    func assignmentPlan(_ id: String, _ file: DeskRoute.PlanFile) async -> DeskResponse {
        guard case .finished(_, let response?, _)? = await runs.state(id) else {
            return .page(DeskPage(title: "Plan not found", section: .assignments, [
                DeskViews.failure("No finished assignment runs under this address."), DeskViews.link("Run an assignment", to: .assignments),
            ]), status: 404)
        }
        switch file {
        case .csv: return .file(AssignmentDocument.csv(response.plan), contentType: "text/csv; charset=utf-8", name: file.rawValue)
        case .json:
            return .file(AssignmentDocument.json(response.plan, notAssigned: response.leftOut), contentType: "application/json; charset=utf-8", name: file.rawValue)
        }
    }
}
